import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quoteSchema, quoteTermsText, type Quote } from '@portal/domain';
import { DEFAULT_SELLER } from '@/config/seller';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { renderWithProviders } from '@/testing/render';
import { QuotePage } from './components/quote-page';
import { buildDocumentPdf } from './lib/document-pdf';
import { quoteContent } from './lib/quote-content';

const SENT = new Date('2025-03-04T18:00:00Z');
const EXPIRES = new Date('2025-03-11T18:00:00Z');
const SHIP_TO = {
  name: 'Sam Rivera',
  phone: '+14155550123',
  address: {
    line1: '500 Market St',
    line2: 'Suite 2',
    city: 'San Francisco',
    state: 'CA',
    postal_code: '94105',
    country: 'US' as const,
  },
};

/** Blue Coast Syrup at the catalog's price, and cups (cases of 20) overridden from $2.49 to $1.99. */
const LINES = [
  {
    product_id: 'blue-coast',
    name: 'Blue Coast Syrup',
    sku: 'SYR-BLUE',
    case_pack: 1,
    quantity: 6,
    catalog_unit_amount: 2599,
    unit_amount: 2599,
    override_reason: '',
    line_total: 15_594,
  },
  {
    product_id: 'cups',
    name: 'Cups 16 oz',
    sku: 'CUP-16',
    case_pack: 20,
    quantity: 60,
    catalog_unit_amount: 249,
    unit_amount: 199,
    override_reason: 'Matched the trade show price',
    line_total: 11_940,
  },
];

function quoteData(fields: Record<string, unknown> = {}) {
  const at = (date: Date) => Timestamp.fromDate(date);
  return {
    state: 'sent',
    delivery: 'quote',
    number: 'Q-000123',
    company_id: 'buyer-1',
    company_name: 'Cloud Nine Smokeshop',
    location_id: 'loc-1',
    location_name: 'Downtown',
    ship_to: SHIP_TO,
    lines: LINES,
    shipping_amount: 1500,
    goods_amount: 27_534,
    amount: 29_034,
    note_to_buyer: 'Thanks for stopping by our booth.',
    valid_days: 7,
    net_days: 30,
    sent_at: at(SENT),
    expires_at: at(EXPIRES),
    order_id: null,
    accepted_by: null,
    decline_reason: '',
    checkout: null,
    created_by: 'manager-1',
    created_by_name: 'Morgan Manager',
    created_at: at(SENT),
    updated_at: at(SENT),
    history: [],
    ...fields,
  };
}

/** The quote as the browser reads it (the domain's schema, its times as Dates). */
function parsedQuote(fields: Record<string, unknown> = {}): Quote {
  const data = quoteData(fields);
  const plain = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      value instanceof Timestamp ? value.toDate() : value,
    ]),
  );
  return { ...quoteSchema.parse(plain), id: 'q1' };
}

function renderQuote(quoteId = 'q1') {
  return renderWithProviders(
    <QuotePage
      quoteId={quoteId}
      backTo={{ href: '/portal/my-account', label: 'Back to My Account' }}
    />,
    { route: `/portal/quotes/${quoteId}`, path: '/portal/quotes/:quoteId' },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('QuotePage', () => {
  it('shows the number, the dates, the company and ship-to, the lines at the final prices, the total, the note and the terms', async () => {
    fakeDb.seed('quotes/q1', quoteData());
    renderQuote();
    const quote = within(await screen.findByRole('article', { name: 'Quote Q-000123' }));
    expect(quote.getByText(DEFAULT_SELLER.name)).toBeInTheDocument();
    const facts = quote.getAllByRole('definition').map((dd) => dd.previousSibling?.textContent);
    expect(facts).toEqual(['Quote number', 'Date', 'Valid until', 'Status', 'Prepared by']);
    expect(quote.getByText('Q-000123')).toBeInTheDocument();
    expect(quote.getByText('March 4, 2025')).toBeInTheDocument();
    expect(quote.getByText('March 11, 2025')).toBeInTheDocument();
    expect(quote.getByText('Morgan Manager')).toBeInTheDocument();
    const quoteFor = within(quote.getByRole('region', { name: 'Quote for' }));
    expect(quoteFor.getByText('Cloud Nine Smokeshop')).toBeInTheDocument();
    expect(quoteFor.getByText('Downtown')).toBeInTheDocument();
    expect(
      within(quote.getByRole('region', { name: 'Ship to' })).getByText('500 Market St'),
    ).toBeInTheDocument();
    const rows = quote.getAllByRole('row').map((row) => row.textContent);
    // SKU, product, quantity (in cases), the price quoted, line total.
    expect(rows).toContain('SYR-BLUEBlue Coast Syrup6$25.99$155.94');
    expect(rows).toContain('CUP-16Cups 16 oz3 cases × 20 = 60$1.99$119.40');
    expect(rows).toContain('Subtotal$275.34');
    expect(rows).toContain('Shipping$15.00');
    expect(rows).toContain('Sales taxAdded at checkout');
    expect(rows).toContain('Total$290.34');
    // The override is its final price only: not the catalog's, not the manager's reason.
    expect(quote.queryByText(/\$2\.49/)).not.toBeInTheDocument();
    expect(quote.queryByText(/trade show/)).not.toBeInTheDocument();
    expect(
      within(quote.getByRole('region', { name: 'Note' })).getByText(
        'Thanks for stopping by our booth.',
      ),
    ).toBeInTheDocument();
    expect(quote.getByRole('region', { name: 'Terms' })).toHaveTextContent(
      `Terms${quoteTermsText(30)} Prices are valid until March 11, 2025. Sales tax is added at checkout.`,
    );
    expect(screen.getByRole('button', { name: /Print/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Account' })).toHaveAttribute(
      'href',
      '/portal/my-account',
    );
  });

  it("dates a quote sent in the evening by the business's day, as its mail does", async () => {
    // Sent at 7 pm on March 4 in California, valid for 7 days: the mail says "valid until
    // Mar 11, 2025" (businessDayText), and so does the document, wherever it is opened.
    fakeDb.seed(
      'quotes/q1',
      quoteData({
        sent_at: Timestamp.fromDate(new Date('2025-03-05T03:00:00Z')),
        expires_at: Timestamp.fromDate(new Date('2025-03-12T03:00:00Z')),
      }),
    );
    renderQuote();
    const quote = within(await screen.findByRole('article', { name: 'Quote Q-000123' }));
    const facts = Object.fromEntries(
      quote
        .getAllByRole('definition')
        .map((dd) => [dd.previousSibling?.textContent, dd.textContent]),
    );
    expect(facts.Date).toBe('March 4, 2025');
    expect(facts['Valid until']).toBe('March 11, 2025');
  });

  it('downloads the PDF named after the quote, loading the PDF builder only then', async () => {
    fakeDb.seed('quotes/q1', quoteData());
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:quote');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    renderQuote();
    await userEvent.click(await screen.findByRole('button', { name: /Download PDF/ }));
    await waitFor(() => expect(clicks).toEqual(['Q-000123.pdf']));
    const blob = created.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('application/pdf');
  });

  it('shows a draft, to a manager, as not sent: no number, its validity in days', async () => {
    fakeDb.seed(
      'quotes/q1',
      quoteData({ state: 'draft', delivery: null, number: null, sent_at: null, expires_at: null }),
    );
    renderQuote();
    const draft = within(await screen.findByRole('article', { name: 'Draft — not sent' }));
    // The heading, and where the number would be.
    expect(draft.getByRole('heading', { level: 1 })).toHaveTextContent('Draft — not sent');
    expect(draft.getAllByText('Draft — not sent')).toHaveLength(2);
    expect(draft.getByText('7 days once sent')).toBeInTheDocument();
    expect(draft.queryByText('Status')).not.toBeInTheDocument();
    expect(draft.getByText(/valid for 7 days once the quote is sent/)).toBeInTheDocument();
  });

  it('says a quote is not found (another company’s, refused by the rules) and when it cannot be read', async () => {
    fakeDb.fail(
      'getDoc',
      'quotes/other',
      Object.assign(new Error('Missing or insufficient permissions.'), {
        code: 'permission-denied',
      }),
    );
    const first = renderQuote('other');
    expect(await screen.findByRole('heading', { name: 'Quote not found.' })).toBeInTheDocument();
    first.unmount();

    fakeDb.fail('getDoc', 'quotes/broken', new Error('unavailable'));
    renderQuote('broken');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The quote could not be loaded. Try again in a moment.',
    );
    expect(screen.getByRole('link', { name: 'Back to My Account' })).toBeInTheDocument();
  });
});

describe('the quote PDF', () => {
  it('is a letter-size PDF with the note and terms, continuing on more pages for a long quote', async () => {
    const short = await PDFDocument.load(
      await buildDocumentPdf(quoteContent(parsedQuote(), DEFAULT_SELLER)),
    );
    expect(short.getPageCount()).toBe(1);
    expect(short.getTitle()).toBe('Quote Q-000123');
    expect(short.getPage(0).getSize()).toEqual({ width: 612, height: 792 });

    const many = Array.from({ length: 80 }, (_, index) => ({
      ...LINES[0]!,
      product_id: `p${index}`,
      name: `Syrup ${index}`,
    }));
    const long = quoteContent(
      parsedQuote({ lines: many, note_to_buyer: 'A long note. '.repeat(200) }),
      DEFAULT_SELLER,
    );
    expect((await PDFDocument.load(await buildDocumentPdf(long))).getPageCount()).toBeGreaterThan(
      1,
    );
  });

  it('names the payment link’s terms as by card, whatever the company’s terms', () => {
    const content = quoteContent(parsedQuote({ delivery: 'payment_link' }), DEFAULT_SELLER);
    expect(content.remarks.at(-1)?.text).toContain(quoteTermsText(null));
  });
});
