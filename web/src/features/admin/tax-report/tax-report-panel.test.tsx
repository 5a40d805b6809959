import type { GetTaxReportResponse } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { TaxReportPanel } from './tax-report-panel';
import { defaultTaxReportRange, taxReportFileName } from './tax-report-data';

const callables = vi.hoisted(() => ({ callGetTaxReport: vi.fn() }));
vi.mock('@/lib/manager-callables', () => callables);
const download = vi.hoisted(() => ({ downloadTextFile: vi.fn() }));
vi.mock('@/components/table/download-file', () => download);

vi.setConfig({ testTimeout: 30_000 });
const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

const report: GetTaxReportResponse = {
  from: '2026-01',
  to: '2026-03',
  rows: [
    {
      month: '2026-01',
      state: 'CA',
      orders: 3,
      taxableSales: 120_000,
      taxCollected: 8_700,
      exemptSales: 0,
    },
    {
      month: '2026-03',
      state: 'NV',
      orders: 2,
      taxableSales: 40_000,
      taxCollected: 3_300,
      exemptSales: 55_050,
    },
  ],
  totals: { orders: 5, taxableSales: 160_000, taxCollected: 12_000, exemptSales: 55_050 },
};

const empty = (from: string, to: string): GetTaxReportResponse => ({
  from,
  to,
  rows: [],
  totals: { orders: 0, taxableSales: 0, taxCollected: 0, exemptSales: 0 },
});

beforeEach(() => {
  // 2026-04-01 01:00 UTC is still March 31st in California: this month is March.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-04-01T01:00:00Z'));
  callables.callGetTaxReport.mockReset().mockResolvedValue(report);
  download.downloadTextFile.mockReset();
});
afterEach(() => vi.useRealTimers());

const renderPanel = () => renderWithProviders(<TaxReportPanel />);
const table = () => screen.getByRole('table', { name: 'Tax report' });

describe('the Tax tab', () => {
  it('asks for the last 3 months through this month (Pacific) and shows rows and totals', async () => {
    renderPanel();
    await screen.findByRole('cell', { name: 'Jan 2026' });
    expect(callables.callGetTaxReport).toHaveBeenCalledWith({ from: '2026-01', to: '2026-03' });
    expect(screen.getByLabelText('From')).toHaveValue('2026-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-03');
    expect(
      screen.getByText(
        'Tax collected as charged on orders (refunds not deducted). Orders from before sales tax are not included.',
      ),
    ).toBeInTheDocument();

    const headers = within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Month',
      'State',
      'Orders',
      'Taxable sales',
      'Tax collected',
      'Exempt sales',
    ]);
    const rows = within(table()).getAllByRole('row');
    // Header, two rows, totals.
    expect(rows).toHaveLength(4);
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(cells(rows[1]!)).toEqual(['Jan 2026', 'CA', '3', '$1,200.00', '$87.00', '$0.00']);
    expect(cells(rows[2]!)).toEqual(['Mar 2026', 'NV', '2', '$400.00', '$33.00', '$550.50']);
    expect(cells(rows[3]!)).toEqual(['Total', '', '5', '$1,600.00', '$120.00', '$550.50']);
    expect(within(rows[3]!).getByRole('rowheader')).toHaveTextContent('Total');
  });

  it('downloads the report as CSV under the months it covers', async () => {
    renderPanel();
    await screen.findByRole('cell', { name: 'Jan 2026' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(download.downloadTextFile).toHaveBeenCalledTimes(1);
    const [fileName, text] = download.downloadTextFile.mock.calls[0] as [string, string];
    expect(fileName).toBe('tax-report-2026-01-to-2026-03.csv');
    expect(text).toBe(
      'Month,State,Orders,Taxable sales (USD),Tax collected (USD),Exempt sales (USD)\r\n' +
        '2026-01,CA,3,1200.00,87.00,0.00\r\n' +
        '2026-03,NV,2,400.00,33.00,550.50\r\n' +
        'Total,,5,1600.00,120.00,550.50\r\n',
    );
  });

  it('says so when the months have no taxed or exempt sales', async () => {
    callables.callGetTaxReport.mockResolvedValue(empty('2026-01', '2026-03'));
    renderPanel();
    expect(await screen.findByText('No taxed or exempt sales in these months.')).toBeVisible();
    // No totals row without rows.
    expect(within(table()).queryByText('Total')).not.toBeInTheDocument();
  });

  it('asks again for the months chosen, and refuses a range that runs backwards', async () => {
    renderPanel();
    await screen.findByRole('cell', { name: 'Jan 2026' });
    callables.callGetTaxReport.mockResolvedValue(empty('2025-11', '2026-03'));
    await user.selectOptions(screen.getByLabelText('From'), 'Nov 2025');
    await waitFor(() =>
      expect(callables.callGetTaxReport).toHaveBeenLastCalledWith({
        from: '2025-11',
        to: '2026-03',
      }),
    );
    expect(await screen.findByText('No taxed or exempt sales in these months.')).toBeVisible();

    const calls = callables.callGetTaxReport.mock.calls.length;
    await user.selectOptions(screen.getByLabelText('To'), 'Oct 2025');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The first month comes before the last.',
    );
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(callables.callGetTaxReport).toHaveBeenCalledTimes(calls);
  });

  it('shows an error with Retry when the report cannot be loaded', async () => {
    callables.callGetTaxReport.mockRejectedValueOnce(new Error('offline'));
    renderPanel();
    expect(await screen.findByText('Could not load the tax report')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'Jan 2026' })).toBeVisible();
  });

  it('shows the loading state while the report is read', async () => {
    let resolve: (value: GetTaxReportResponse) => void = () => undefined;
    callables.callGetTaxReport.mockReturnValue(
      new Promise<GetTaxReportResponse>((r) => {
        resolve = r;
      }),
    );
    renderPanel();
    await waitFor(() => expect(callables.callGetTaxReport).toHaveBeenCalled());
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('No taxed or exempt sales in these months.')).toBeNull();
    resolve(report);
    expect(await screen.findByRole('cell', { name: 'Jan 2026' })).toBeVisible();
  });
});

describe('the Tax tab’s months', () => {
  it('defaults to three months, and names the file', () => {
    expect(defaultTaxReportRange('2026-02')).toEqual({ from: '2025-12', to: '2026-02' });
    expect(taxReportFileName('2025-12', '2026-02')).toBe('tax-report-2025-12-to-2026-02.csv');
  });
});
