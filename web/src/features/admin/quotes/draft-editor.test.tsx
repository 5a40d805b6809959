import { QUOTE_MESSAGES, type Quote } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { renderWithProviders } from '@/testing/render';
import { useAllProducts } from '@/entities/catalog';
import { makeQuote, makeQuoteLine } from '../testing/quote-stubs';
import { makeCompanyDetails, makeCompanyRow, page } from '../testing/search-stubs';
import { loaded, makeProduct, stub } from '../testing/stubs';
import { DraftEditor } from './draft-editor';

const callables = vi.hoisted(() => ({
  callSearchCompanies: vi.fn(),
  callSearchOrders: vi.fn(),
  callGetCompanyDetails: vi.fn(),
  callSaveDraftOrder: vi.fn(),
  callDeleteDraftOrder: vi.fn(),
  callSendDraftOrder: vi.fn(),
}));
vi.mock('@/lib/manager-callables', () => callables);
vi.mock('@/entities/catalog', { spy: true });

// Drawer forms are heavy in the test DOM; give them room on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const onClose = vi.fn();
const onSent = vi.fn();

/** Types by pasting: one change event instead of one per key. */
async function fill(input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const syrup = makeProduct({ id: 'prod-1', price_retailer: 2999, price_wholesaler: 2499 });
const lids = makeProduct({
  id: 'prod-2',
  name: 'Dome Lids',
  sku: 'LID-DOME',
  price_retailer: 1500,
  price_wholesaler: 1200,
  case_pack: 50,
  min_quantity: 50,
});
const cloudRow = makeCompanyRow({
  id: 'company-cloud',
  name: 'Cloud Nine Smoke',
  businessType: 'wholesaler',
  status: 'approved',
});
const cloud = makeCompanyDetails({ company: { ...cloudRow, applicantUid: 'uid-owner' } });

/** Stores a quote as the functions write it (the editor reads the saved one back). */
function seed(quote: Quote) {
  const { id, ...data } = quote;
  fakeDb.seed(`quotes/${id}`, data);
}

const draft = makeQuote({
  id: 'quote-1',
  lines: [makeQuoteLine({ quantity: 10, catalog_unit_amount: 2499, unit_amount: 2499 })],
});

beforeEach(() => {
  onClose.mockReset();
  onSent.mockReset();
  Object.values(callables).forEach((call) => call.mockReset());
  callables.callSearchCompanies.mockResolvedValue(page([cloudRow]));
  callables.callGetCompanyDetails.mockResolvedValue(cloud);
  vi.mocked(useAllProducts).mockReturnValue(stub<typeof useAllProducts>(loaded([syrup, lids])));
});

async function open(quote: Quote | null) {
  renderWithProviders(<DraftEditor draft={quote} onClose={onClose} onSent={onSent} />);
  return within(
    await screen.findByRole('dialog', {
      name: quote ? `Draft order for ${quote.company_name}` : 'New draft order',
    }),
  );
}

const lineOf = (dialog: ReturnType<typeof within>, name: string) =>
  within(dialog.getByRole('group', { name }));

const clickSave = (dialog: ReturnType<typeof within>) =>
  user.click(dialog.getByRole('button', { name: 'Save draft' }));

describe('the draft editor', () => {
  it('asks for a reason beside an overridden price, and saves it in cents with the reason', async () => {
    seed(draft);
    callables.callSaveDraftOrder.mockImplementation(() => {
      // The server prices the draft: the company's price, and the override quoted.
      seed({
        ...draft,
        lines: [
          makeQuoteLine({
            quantity: 10,
            catalog_unit_amount: 2499,
            unit_amount: 1999,
            override_reason: 'Trade show price',
          }),
        ],
        goods_amount: 19990,
        amount: 19990,
      });
      return Promise.resolve({ quoteId: 'quote-1' });
    });
    const dialog = await open(draft);
    const line = lineOf(dialog, 'Purple Dream Syrup');
    // The company buys at wholesale: its price at 10 units.
    expect(await line.findByText(/Company price/)).toHaveTextContent(
      'Company price $24.99 each · 10 × $24.99 = $249.90',
    );
    await user.click(line.getByRole('checkbox', { name: 'Override price' }));
    await fill(line.getByLabelText('Quoted price (USD)'), '19.99');
    await clickSave(dialog);
    const reason = line.getByLabelText('Reason for the price');
    expect(
      await line.findByText(QUOTE_MESSAGES.overrideReason('Purple Dream Syrup')),
    ).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(callables.callSaveDraftOrder).not.toHaveBeenCalled();

    await fill(reason, 'Trade show price');
    await clickSave(dialog);
    await waitFor(() => expect(callables.callSaveDraftOrder).toHaveBeenCalledTimes(1));
    expect(callables.callSaveDraftOrder).toHaveBeenCalledWith({
      quoteId: 'quote-1',
      companyId: 'company-cloud',
      locationId: 'main',
      lines: [
        {
          productId: 'prod-1',
          quantity: 10,
          unitAmount: 1999,
          overrideReason: 'Trade show price',
        },
      ],
      shippingAmount: 0,
      noteToBuyer: '',
      validDays: 7,
    });
    // The saved lines are the server's: the company's price beside the price quoted.
    const saved = within(dialog.getByRole('table', { name: 'Saved lines' }));
    await waitFor(() =>
      expect(
        Array.from(
          saved.getAllByRole('row')[1]!.querySelectorAll('td'),
          (cell) => cell.textContent,
        ),
      ).toEqual([
        'Purple Dream SyrupSYR-PURPLEOverride: Trade show price',
        '10',
        '$24.99',
        '$19.99',
        '$199.90',
      ]),
    );
    expect(dialog.getByRole('button', { name: 'Send…' })).toBeEnabled();
  });

  it('refuses a draft without a company or products before any call', async () => {
    const dialog = await open(null);
    await clickSave(dialog);
    expect(await dialog.findByText('Choose a company.')).toBeVisible();
    expect(dialog.getByText(QUOTE_MESSAGES.noLines)).toBeVisible();
    expect(callables.callSaveDraftOrder).not.toHaveBeenCalled();
    expect(dialog.getByRole('button', { name: 'Send…' })).toBeDisabled();
    expect(dialog.getByText('Save the draft before sending it.')).toBeVisible();
  });

  it('writes a new draft: a company found by name, its location, a product and a shipping charge', async () => {
    callables.callSaveDraftOrder.mockImplementation(() => {
      seed(makeQuote({ id: 'quote-new', lines: [makeQuoteLine({ product_id: 'prod-2' })] }));
      return Promise.resolve({ quoteId: 'quote-new' });
    });
    // A price list of the company lowers the lids' price.
    fakeDb.seed('companies/company-cloud/price_lists/show', {
      name: 'Trade show',
      valid_from: null,
      valid_to: null,
      entries: { 'prod-2': { kind: 'fixed', unit_amount: 1100, breaks: [] } },
    });
    const dialog = await open(null);
    await user.click(dialog.getByLabelText('Company'));
    await user.paste('cloud');
    await waitFor(() =>
      expect(callables.callSearchCompanies).toHaveBeenLastCalledWith({
        q: 'cloud',
        status: 'approved',
        sort: 'name',
        direction: 'asc',
        pageSize: 20,
      }),
    );
    await user.click(await screen.findByTitle('Cloud Nine Smoke'));
    // Its first location is chosen.
    await waitFor(() => expect(dialog.getByLabelText('Location')).toHaveValue('main'));
    expect(callables.callGetCompanyDetails).toHaveBeenCalledWith({ companyId: 'company-cloud' });

    await user.click(dialog.getByLabelText('Add a product'));
    await user.click(await screen.findByTitle('Dome Lids · LID-DOME'));
    const line = lineOf(dialog, 'Dome Lids');
    // A case pack of 50: the smallest quantity that can be ordered.
    expect(line.getByLabelText('Quantity')).toHaveValue('50');
    await waitFor(() =>
      expect(line.getByText(/Company price/)).toHaveTextContent(
        'Company price $11.00 each (Trade show) · 50 × $11.00 = $550.00',
      ),
    );
    await fill(dialog.getByLabelText('Shipping charge (USD)'), '12.5');
    await fill(dialog.getByLabelText('Note to the buyer'), 'Thanks for stopping by our booth.');
    expect(dialog.getByText(/Estimated total before tax/)).toHaveTextContent('$562.50');

    await clickSave(dialog);
    await waitFor(() => expect(callables.callSaveDraftOrder).toHaveBeenCalledTimes(1));
    expect(callables.callSaveDraftOrder).toHaveBeenCalledWith({
      companyId: 'company-cloud',
      locationId: 'main',
      lines: [{ productId: 'prod-2', quantity: 50, overrideReason: '' }],
      shippingAmount: 1250,
      noteToBuyer: 'Thanks for stopping by our booth.',
      validDays: 7,
    });
    // Saved: named by its company, ready to send or delete.
    expect(
      await screen.findByRole('dialog', { name: 'Draft order for Cloud Nine Smoke' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Send…' })).toBeEnabled());
    expect(dialog.getByRole('button', { name: 'Delete draft' })).toBeInTheDocument();
  });

  it('sends a saved draft only once its changes are saved', async () => {
    seed(draft);
    const dialog = await open(draft);
    const sendButton = dialog.getByRole('button', { name: 'Send…' });
    await waitFor(() => expect(sendButton).toBeEnabled());
    await user.clear(lineOf(dialog, 'Purple Dream Syrup').getByLabelText('Quantity'));
    await fill(lineOf(dialog, 'Purple Dream Syrup').getByLabelText('Quantity'), '12');
    expect(sendButton).toBeDisabled();
    expect(dialog.getByText('Save your changes before sending the draft.')).toBeVisible();
  });

  it('opens the Send dialog for a saved draft', async () => {
    seed(draft);
    const dialog = await open(draft);
    const sendButton = dialog.getByRole('button', { name: 'Send…' });
    await waitFor(() => expect(sendButton).toBeEnabled());
    await user.click(sendButton);
    // antd names every dialog of a test "test-id": the Send dialog is the last one opened.
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
    const send = within(screen.getAllByRole('dialog').at(-1)!);
    expect(send.getByText('Send draft order')).toBeInTheDocument();
    expect(send.getByRole('radio', { name: 'Quote' })).toBeChecked();
    expect(send.getByRole('table', { name: 'Lines to send' })).toBeInTheDocument();
  });

  it('deletes a draft once confirmed', async () => {
    seed(draft);
    callables.callDeleteDraftOrder.mockResolvedValue({ quoteId: 'quote-1', state: 'draft' });
    const dialog = await open(draft);
    await user.click(dialog.getByRole('button', { name: 'Delete draft' }));
    const confirm = within(
      await screen.findByRole('alertdialog', { name: 'Delete this draft order?' }),
    );
    await user.click(confirm.getByRole('button', { name: 'Delete draft' }));
    await waitFor(() =>
      expect(callables.callDeleteDraftOrder).toHaveBeenCalledWith({ quoteId: 'quote-1' }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
