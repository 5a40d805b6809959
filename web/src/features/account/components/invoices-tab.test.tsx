import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PDFDocument } from 'pdf-lib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_CREDIT, type Order } from '@portal/domain';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { BUYER_UID, seedCompany, seedProfile, signedInSession } from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { buildStatementPdf } from '../lib/statement-pdf';
import { statementContent } from '../lib/statement-content';
import { AccountPage } from './account-page';

vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));
vi.mock('@/lib/callables', () => ({}));

const at = (iso: string) => Timestamp.fromDate(new Date(iso));

function seedCredit(fields: Record<string, unknown> = {}) {
  fakeDb.seed(`company_credit/${BUYER_UID}`, {
    net_days: 30,
    credit_limit: 50_000,
    open_balance: 16_998,
    overdue_orders: [],
    ...fields,
  });
}

function terms(fields: Record<string, unknown>) {
  return {
    net_days: 30,
    state: 'open',
    invoice_id: 'in_1',
    invoice_number: 'A1B2-0001',
    hosted_invoice_url: 'https://invoice.stripe.test/i/1',
    invoice_pdf: 'https://invoice.stripe.test/i/1/pdf',
    due_at: at('2025-04-03T18:00:00Z'),
    ...fields,
  };
}

function seedOrder(id: string, fields: Record<string, unknown>) {
  fakeDb.seed(`orders/${id}`, {
    user_id: BUYER_UID,
    company_id: BUYER_UID,
    store_name: 'Cloud Nine Smokeshop',
    items: [
      {
        product_id: 'blue-coast',
        name: 'Blue Coast Syrup',
        description: '',
        image_url: '/b.svg',
        unit_amount: 3499,
        quantity: 2,
        line_total: 6998,
      },
    ],
    amount: 6998,
    currency: 'usd',
    payment_type: 'one_time',
    status: 'awaiting_payment',
    stripe_session_id: null,
    created_at: at('2025-03-04T18:00:00Z'),
    paid_at: null,
    status_history: [],
    ...fields,
  });
}

/** An open invoice, an overdue one, a paid one, and a card order. */
function seedInvoices() {
  seedOrder('open0001', { payment_method: 'terms', po_number: 'PO-7781', terms: terms({}) });
  seedOrder('late0001', {
    payment_method: 'terms',
    amount: 10_000,
    created_at: at('2025-01-02T18:00:00Z'),
    terms: terms({
      invoice_number: 'A1B2-0000',
      hosted_invoice_url: 'https://invoice.stripe.test/i/0',
      invoice_pdf: null,
      due_at: at('2025-02-01T18:00:00Z'),
      overdue: true,
    }),
  });
  seedOrder('paid0001', {
    payment_method: 'terms',
    status: 'processing',
    created_at: at('2024-12-01T18:00:00Z'),
    terms: terms({
      invoice_number: 'A1B2-PAID',
      state: 'paid',
      hosted_invoice_url: 'https://invoice.stripe.test/i/p',
      invoice_pdf: 'https://invoice.stripe.test/i/p/pdf',
      due_at: at('2024-12-31T18:00:00Z'),
    }),
  });
  seedOrder('card0001', { status: 'processing', stripe_session_id: 'cs_1' });
}

function renderAccount(route = '/portal/my-account?tab=invoices') {
  return renderWithProviders(<AccountPage />, { route, path: '/portal/my-account' });
}

async function invoiceRows() {
  const table = await screen.findByRole('table', { name: 'Invoices' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
}

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('My Account: Invoices', () => {
  it('has no Invoices tab for a company without terms or orders on terms', async () => {
    seedProfile('retailer');
    seedOrder('card0001', { status: 'processing', stripe_session_id: 'cs_1' });
    renderWithProviders(<AccountPage />, {
      route: '/portal/my-account',
      path: '/portal/my-account',
    });
    expect(await screen.findByRole('list', { name: 'Order history' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Invoices' })).not.toBeInTheDocument();
  });

  it('shows the terms and lists the open invoices with Pay now, PDF and the overdue tag', async () => {
    seedProfile('retailer');
    seedCredit();
    seedInvoices();
    renderAccount();
    expect(await screen.findByRole('tab', { name: 'Invoices' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const summary = within(await screen.findByRole('region', { name: 'Payment terms' }));
    expect(summary.getByText('Net 30')).toBeInTheDocument();
    expect(summary.getByText('$500.00')).toBeInTheDocument();
    expect(summary.getByText('$169.98')).toBeInTheDocument();
    expect(summary.getByText('$330.02')).toBeInTheDocument();
    expect(summary.queryByText(/credit hold/)).not.toBeInTheDocument();

    // Open (the default): both unpaid invoices, not the paid one nor the card order.
    expect(await invoiceRows()).toEqual([
      'A1B2-0001PO-7781Mar 4, 2025Apr 3, 2025$69.98OpenPay nowPDF',
      'A1B2-0000—Jan 2, 2025Feb 1, 2025Overdue$100.00OpenPay now',
    ]);
    const pay = screen.getByRole('link', { name: 'Pay now A1B2-0001 (opens in a new tab)' });
    expect(pay).toHaveAttribute('href', 'https://invoice.stripe.test/i/1');
    expect(pay).toHaveAttribute('target', '_blank');
    expect(
      screen.getByRole('link', { name: 'PDF of A1B2-0001 (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://invoice.stripe.test/i/1/pdf');
  });

  it('filters Open, Paid and All', async () => {
    seedProfile('retailer');
    seedCredit();
    seedInvoices();
    const user = userEvent.setup();
    renderAccount();
    await invoiceRows();
    await user.click(screen.getByRole('radio', { name: 'Paid' }));
    const paid = await invoiceRows();
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatch(/^A1B2-PAID.*Paid/);
    expect(paid[0]).not.toMatch(/Pay now/);
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(await invoiceRows()).toHaveLength(3);
  });

  it('says so when there is no invoice yet, and warns of a credit hold', async () => {
    seedProfile('retailer');
    seedCredit({ overdue_orders: ['late0001'] });
    renderAccount();
    expect(
      await screen.findByText('Your company is on credit hold: an invoice is past due.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No open invoices' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Invoices' })).not.toBeInTheDocument();
  });

  it('marks the invoice the cart sent the buyer to', async () => {
    seedProfile('retailer');
    seedCredit();
    seedInvoices();
    renderAccount('/portal/my-account?tab=invoices&invoice=open0001');
    await invoiceRows();
    const marked = screen
      .getAllByRole('row')
      .filter((row) => row.getAttribute('aria-current') === 'true');
    expect(marked.map((row) => row.textContent)).toEqual([expect.stringMatching(/^A1B2-0001/)]);
  });

  it('downloads a statement of the open invoices as a PDF, loading the PDF builder only then', async () => {
    seedProfile('retailer');
    seedCompany({ name: 'Cloud Nine Holdings' });
    seedCredit();
    seedInvoices();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:statement');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    renderAccount();
    await invoiceRows();
    await userEvent.click(screen.getByRole('button', { name: /Download statement/ }));
    await waitFor(() => expect(clicks).toEqual([expect.stringMatching(/^statement-.*\.pdf$/)]));
    const blob = created.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('application/pdf');
  });
});

describe('My Account: orders on terms', () => {
  it('shows the PO number, when the invoice is due and Pay invoice while it is open', async () => {
    seedProfile('retailer');
    seedCredit();
    seedInvoices();
    renderAccount('/portal/my-account');
    const open = within(await screen.findByRole('listitem', { name: 'Order #open0001' }));
    expect(open.getByText('Awaiting payment')).toBeInTheDocument();
    expect(open.getByText('PO number: PO-7781')).toBeInTheDocument();
    expect(open.getByText('Invoice due Apr 3, 2025')).toBeInTheDocument();
    expect(
      open.getByRole('link', { name: 'Pay invoice of order #open0001 (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://invoice.stripe.test/i/1');
    const late = within(screen.getByRole('listitem', { name: 'Order #late0001' }));
    expect(late.getByText('Invoice due Feb 1, 2025 (overdue)')).toBeInTheDocument();
    const paid = within(screen.getByRole('listitem', { name: 'Order #paid0001' }));
    expect(paid.queryByText(/Invoice due/)).not.toBeInTheDocument();
    expect(paid.queryByRole('link', { name: /Pay invoice/ })).not.toBeInTheDocument();
  });
});

describe('the statement', () => {
  const order = (id: string, fields: Partial<Order>): Order =>
    ({
      id,
      amount: 5000,
      created_at: new Date('2025-03-01T12:00:00Z'),
      po_number: '',
      payment_method: 'terms',
      terms: null,
      ...fields,
    }) as Order;
  const openTerms = (due: string, state = 'open') =>
    ({
      net_days: 30,
      state,
      invoice_number: `N-${due}`,
      due_at: new Date(due),
      overdue: false,
    }) as unknown as Order['terms'];

  it('lists the open invoices, oldest due first, with days past due, the total and the credit left', () => {
    const content = statementContent(
      'Cloud Nine Holdings',
      [
        order('a', { terms: openTerms('2025-03-31T12:00:00Z'), po_number: 'PO-1' }),
        order('b', { terms: openTerms('2025-03-01T12:00:00Z'), amount: 2500 }),
        order('c', { terms: openTerms('2025-02-01T12:00:00Z', 'paid') }),
        order('d', { payment_method: 'card' }),
      ],
      { ...NO_CREDIT, net_days: 30, credit_limit: 20_000, open_balance: 7_500 },
      new Date('2025-03-11T12:00:00Z'),
    );
    expect(content.company).toBe('Cloud Nine Holdings');
    expect(content.date).toBe('Mar 11, 2025');
    expect(content.rows).toEqual([
      {
        number: 'N-2025-03-01T12:00:00Z',
        po: '—',
        issued: 'Mar 1, 2025',
        due: 'Mar 1, 2025',
        amount: '$25.00',
        daysPastDue: '10',
      },
      {
        number: 'N-2025-03-31T12:00:00Z',
        po: 'PO-1',
        issued: 'Mar 1, 2025',
        due: 'Mar 31, 2025',
        amount: '$50.00',
        daysPastDue: '0',
      },
    ]);
    expect(content.totals).toEqual([
      ['Total open', '$75.00'],
      ['Available credit', '$125.00'],
    ]);
    expect(content.fileName).toBe('statement-2025-03-11.pdf');
  });

  it("dates a statement made in the evening by the business's day, its file name too", () => {
    // 7 pm on Mar 11 in California is Mar 12 in UTC; the invoice was due at 5 pm on Mar 1 there.
    const content = statementContent(
      'Cloud Nine Holdings',
      [order('b', { terms: openTerms('2025-03-02T01:00:00Z'), amount: 2500 })],
      { ...NO_CREDIT, net_days: 30, credit_limit: 20_000, open_balance: 2_500 },
      new Date('2025-03-12T03:00:00Z'),
    );
    expect(content.date).toBe('Mar 11, 2025');
    expect(content.rows[0]?.due).toBe('Mar 1, 2025');
    expect(content.fileName).toBe('statement-2025-03-11.pdf');
  });

  it('is a letter-size PDF that continues on more pages for many invoices', async () => {
    const many = Array.from({ length: 80 }, (_, index) =>
      order(`o${index}`, { terms: openTerms('2025-03-01T12:00:00Z') }),
    );
    const content = statementContent('Cloud Nine 🌴', many, NO_CREDIT, new Date());
    const bytes = await buildStatementPdf(content);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  });
});
