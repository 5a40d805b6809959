import type { GetReceivablesResponse, ReceivableInvoice } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { ReceivablesPanel } from './receivables-panel';
import {
  buildReceivablesCsv,
  filterInvoices,
  NO_FILTER,
  receivablesFileName,
} from './receivables-data';

const callables = vi.hoisted(() => ({
  callGetReceivables: vi.fn(),
  callSendInvoiceReminder: vi.fn(),
  callCloseTermsInvoice: vi.fn(),
}));
vi.mock('@/lib/manager-callables', () => callables);
const download = vi.hoisted(() => ({ downloadTextFile: vi.fn() }));
vi.mock('@/components/table/download-file', () => download);

vi.setConfig({ testTimeout: 30_000 });
const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

const zero = { current: 0, '1-30': 0, '31-60': 0, '61-90': 0, 'over-90': 0 };

function invoice(overrides: Partial<ReceivableInvoice>): ReceivableInvoice {
  return {
    orderId: 'order1',
    companyId: 'c1',
    companyName: 'Cloud Nine',
    invoiceNumber: 'INV-0001',
    poNumber: 'PO-77',
    amount: 120_000,
    issuedAt: '2026-02-01T18:00:00.000Z',
    dueAt: '2026-03-03T18:00:00.000Z',
    state: 'open',
    daysPastDue: 12,
    bucket: '1-30',
    invoiceUrl: 'https://invoice.stripe.test/i/1',
    ...overrides,
  };
}

const response: GetReceivablesResponse = {
  asOf: '2026-03-15T18:00:00.000Z',
  companies: [
    {
      companyId: 'c1',
      companyName: 'Cloud Nine',
      netDays: 30,
      creditLimit: 500_000,
      openBalance: 170_000,
      available: 330_000,
      onHold: true,
      aging: { ...zero, current: 50_000, '1-30': 120_000 },
    },
    {
      companyId: 'c2',
      companyName: 'Smoke City',
      netDays: 15,
      creditLimit: 100_000,
      openBalance: 25_050,
      available: 74_950,
      onHold: false,
      aging: { ...zero, current: 25_050 },
    },
  ],
  invoices: [
    invoice({}),
    invoice({
      orderId: 'order2',
      invoiceNumber: 'INV-0002',
      poNumber: '',
      amount: 50_000,
      dueAt: '2026-04-01T18:00:00.000Z',
      daysPastDue: 0,
      bucket: 'current',
    }),
    invoice({
      orderId: 'order3',
      companyId: 'c2',
      companyName: 'Smoke City',
      invoiceNumber: 'INV-0003',
      poNumber: 'Smoke, "rush"',
      amount: 25_050,
      dueAt: '2026-03-20T18:00:00.000Z',
      daysPastDue: 0,
      bucket: 'current',
      state: 'issuing',
    }),
  ],
  totals: { ...zero, current: 75_050, '1-30': 120_000, open: 195_050 },
};

beforeEach(() => {
  callables.callGetReceivables.mockReset().mockResolvedValue(response);
  callables.callSendInvoiceReminder.mockReset().mockResolvedValue({ orderId: 'order1' });
  callables.callCloseTermsInvoice.mockReset();
  download.downloadTextFile.mockReset();
});

const renderPanel = () => renderWithProviders(<ReceivablesPanel />);

function bodyRows(name: string) {
  return within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);
}

async function loaded() {
  await screen.findByText('INV-0001');
}

describe('the Receivables tab', () => {
  it('shows the totals, the companies and the invoices from getReceivables', async () => {
    renderPanel();
    await loaded();
    expect(callables.callGetReceivables).toHaveBeenCalledWith({});
    const open = screen.getByText('Open receivables').parentElement!;
    expect(open).toHaveTextContent('$1,950.50');
    expect(
      screen.getByText('1 to 30 days', { selector: '.admin-stat__title' }).parentElement,
    ).toHaveTextContent('$1,200.00');

    const companies = bodyRows('Companies on terms');
    expect(companies).toHaveLength(2);
    expect(companies[0]).toHaveTextContent('Cloud Nine');
    expect(companies[0]).toHaveTextContent('Net 30');
    expect(companies[0]).toHaveTextContent('$5,000.00');
    expect(companies[0]).toHaveTextContent('$3,300.00');
    expect(within(companies[0]).getByText('Credit hold')).toHaveClass('tag--red');
    expect(within(companies[1]).queryByText('Credit hold')).not.toBeInTheDocument();

    const invoices = bodyRows('Open invoices');
    expect(invoices).toHaveLength(3);
    expect(invoices[0]).toHaveTextContent('PO-77');
    expect(invoices[0]).toHaveTextContent('$1,200.00');
    expect(within(invoices[0]).getByText('Open')).toBeInTheDocument();
    expect(within(invoices[0]).getByText('12')).toHaveClass('receivables__past-due');
    expect(within(invoices[2]).getByText('Being issued')).toBeInTheDocument();
    // Only open invoices can be reminded, voided or written off.
    expect(within(invoices[2]).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(invoices[0]).getByRole('button', { name: 'Send reminder now for invoice INV-0001' }),
    ).toBeInTheDocument();
  });

  it('filters by company name, aging bucket and overdue only', async () => {
    renderPanel();
    await loaded();
    await user.type(screen.getByLabelText('Company'), 'smoke');
    expect(bodyRows('Open invoices')).toHaveLength(1);
    expect(bodyRows('Companies on terms')).toHaveLength(1);
    await user.clear(screen.getByLabelText('Company'));

    await user.selectOptions(screen.getByLabelText('Aging'), '1 to 30 days');
    expect(bodyRows('Open invoices')).toHaveLength(1);
    expect(bodyRows('Open invoices')[0]).toHaveTextContent('INV-0001');
    await user.selectOptions(screen.getByLabelText('Aging'), 'Over 90 days');
    expect(screen.getByText('No invoices match these filters.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Aging'), 'All ages');

    await user.click(screen.getByRole('switch', { name: 'Overdue only' }));
    expect(bodyRows('Open invoices')).toHaveLength(1);
    expect(bodyRows('Companies on terms')).toHaveLength(1);
    expect(bodyRows('Companies on terms')[0]).toHaveTextContent('Cloud Nine');
  });

  it('says when nothing is owed', async () => {
    callables.callGetReceivables.mockResolvedValue({
      ...response,
      companies: [],
      invoices: [],
      totals: { ...zero, open: 0 },
    });
    renderPanel();
    expect(await screen.findByText('No open invoices.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('says when the receivables could not be loaded, and tries again', async () => {
    callables.callGetReceivables.mockRejectedValueOnce(new Error('internal'));
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load receivables');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await loaded();
  });

  it('exports the invoices shown as CSV', async () => {
    renderPanel();
    await loaded();
    await user.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(download.downloadTextFile).toHaveBeenCalledTimes(1);
    const [fileName, text] = download.downloadTextFile.mock.calls[0] as [string, string];
    expect(fileName).toBe('receivables-2026-03-15-overdue.csv');
    expect(text.replace('\uFEFF', '').split('\r\n')).toEqual([
      '"Company","Invoice number","PO number","Issued","Due","Days past due","Aging","Amount","State","Order id"',
      '"Cloud Nine","INV-0001","PO-77","2026-02-01","2026-03-03","12","1 to 30 days","1200.00","Open","order1"',
      '',
    ]);
    await expectToast('Exported 1 invoice.', '');
  });

  it('sends a reminder now and reads the receivables again', async () => {
    renderPanel();
    await loaded();
    await user.click(
      screen.getByRole('button', { name: 'Send reminder now for invoice INV-0001' }),
    );
    await waitFor(() =>
      expect(callables.callSendInvoiceReminder).toHaveBeenCalledWith({ orderId: 'order1' }),
    );
    await expectToast('Reminder sent.', '');
    await waitFor(() => expect(callables.callGetReceivables).toHaveBeenCalledTimes(2));
  });

  it('voids an invoice with a reason, after a warning', async () => {
    callables.callCloseTermsInvoice.mockResolvedValue({ orderId: 'order1', state: 'void' });
    renderPanel();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Void invoice INV-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void invoice INV-0001' });
    expect(dialog).toHaveTextContent('Voiding cancels the order and returns its stock.');
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Enter a reason (up to 500 characters).',
    );
    expect(callables.callCloseTermsInvoice).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Reason'), 'Ordered by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    await waitFor(() =>
      expect(callables.callCloseTermsInvoice).toHaveBeenCalledWith({
        orderId: 'order1',
        action: 'void',
        reason: 'Ordered by mistake',
      }),
    );
    await expectToast('Invoice voided.', '');
    await waitFor(() => expect(callables.callGetReceivables).toHaveBeenCalledTimes(2));
  });

  it('marks an invoice uncollectible with a reason, and shows a refusal', async () => {
    callables.callCloseTermsInvoice.mockRejectedValueOnce(
      Object.assign(new Error('This invoice is no longer open.'), {
        code: 'functions/failed-precondition',
      }),
    );
    renderPanel();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Mark invoice INV-0001 uncollectible' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Mark invoice INV-0001 uncollectible',
    });
    await user.type(within(dialog).getByLabelText('Reason'), 'Company closed');
    await user.click(within(dialog).getByRole('button', { name: 'Mark uncollectible' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This invoice is no longer open.',
    );
    expect(callables.callCloseTermsInvoice).toHaveBeenCalledWith({
      orderId: 'order1',
      action: 'uncollectible',
      reason: 'Company closed',
    });
  });
});

describe('the receivables CSV', () => {
  it("writes the business's days, as the table does: an evening in California is that day", () => {
    // Issued at 6 pm on Feb 1 and due at 6 pm on Mar 3 in California (the next days in UTC).
    const csv = buildReceivablesCsv([
      invoice({ issuedAt: '2026-02-02T02:00:00.000Z', dueAt: '2026-03-04T02:00:00.000Z' }),
    ]);
    expect(csv.split('\r\n')[1]).toContain('"2026-02-01","2026-03-03"');
    expect(receivablesFileName('2026-03-16T04:00:00.000Z', NO_FILTER)).toBe(
      'receivables-2026-03-15.csv',
    );
  });

  it('quotes every cell, doubles quotes and writes dollars with two decimals', () => {
    const csv = buildReceivablesCsv(
      filterInvoices(response.invoices, { ...NO_FILTER, q: 'smoke' }),
    );
    expect(csv.split('\r\n')[1]).toBe(
      '"Smoke City","INV-0003","Smoke, ""rush""","2026-02-01","2026-03-20","0","Current","250.50","Being issued","order3"',
    );
  });
});
