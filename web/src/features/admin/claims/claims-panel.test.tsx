import { CLAIM_MESSAGES, type Order } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { makeOrder } from '../testing/stubs';
import { ClaimsPanel } from './claims-panel';

const callables = vi.hoisted(() => ({
  callAskClaimQuestion: vi.fn(),
  callRejectClaim: vi.fn(),
  callSettleClaim: vi.fn(),
}));
vi.mock('@/lib/manager-callables', () => callables);
const storage = vi.hoisted(() => ({
  ref: vi.fn((_storage: unknown, path: string) => ({ fullPath: path })),
  getDownloadURL: vi.fn(),
}));
vi.mock('firebase/storage', () => storage);
vi.mock('@/lib/storage', () => ({ storage: { fake: true } }));

vi.setConfig({ testTimeout: 30_000 });
const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

const DAY = 24 * 60 * 60 * 1000;
const reportedAt = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY - 60_000);

function seedClaim(id: string, overrides: Record<string, unknown> = {}) {
  const created = (overrides.created_at as Date | undefined) ?? reportedAt(2);
  fakeDb.seed(`claims/${id}`, {
    order_id: 'order0001abcdef',
    company_id: 'cloud9',
    location_id: null,
    user_id: 'buyer-1',
    reporter_name: 'Dana Buyer',
    store_name: 'Cloud Nine Smokeshop',
    invoice_number: 'INV-000042',
    kind: 'damaged',
    lines: [
      {
        product_id: 'syrup-purple',
        name: 'Purple Dream Syrup',
        sku: 'SYR-PURPLE',
        quantity: 2,
        unit_amount: 2500,
      },
    ],
    note: 'Two jugs leaked in the box.',
    photos: [],
    status: 'new',
    value: 5000,
    settlement: null,
    rejection_reason: '',
    timeline: [
      {
        kind: 'reported',
        at: created,
        by: 'buyer-1',
        by_name: 'Dana Buyer',
        by_role: 'buyer',
        text: 'Two jugs leaked in the box.',
      },
    ],
    created_at: created,
    updated_at: created,
    ...overrides,
  });
}

function seedOrder(overrides: Partial<Order> = {}) {
  const order = makeOrder({ status: 'delivered', ...overrides });
  const { id, ...data } = order;
  fakeDb.seed(`orders/${id}`, data);
}

beforeEach(() => {
  for (const fn of Object.values(callables)) fn.mockReset();
  storage.ref.mockClear();
  storage.getDownloadURL
    .mockReset()
    .mockImplementation(
      async ({ fullPath }: { fullPath: string }) => `https://files.test/${fullPath}`,
    );
});

const renderPanel = () => renderWithProviders(<ClaimsPanel />, { route: '/admin', path: '/admin' });

function rows() {
  return within(screen.getByRole('table', { name: 'Claims' }))
    .getAllByRole('row')
    .slice(1);
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function openClaim(name: RegExp) {
  await user.click(await screen.findByRole('button', { name }));
  return within(await screen.findByRole('dialog', { name: /^Claim on / }));
}

/** A dialog of antd's (their ids are all 'test-id' under test) found by its form's name. */
async function dialogOf(formName: string) {
  const form = await screen.findByRole('form', { name: formName });
  return within(form.closest('[role=dialog]') as HTMLElement);
}

describe('the Claims queue', () => {
  it('lists the new claims, newest first, with the store, order, kind, items, value, status and age; the filter counts each status', async () => {
    seedClaim('old', { invoice_number: 'INV-000007', created_at: reportedAt(9) });
    seedClaim('fresh', {
      invoice_number: '',
      order_id: 'ebluQw4SxYz0123456AB',
      kind: 'missing',
      store_name: 'Smoke City',
      company_id: 'smoke',
      created_at: reportedAt(1),
      value: 12_345,
      lines: [
        { product_id: 'a', name: 'Blue Coast Syrup', sku: '', quantity: 1, unit_amount: 4000 },
        { product_id: 'b', name: 'Cups', sku: '', quantity: 3, unit_amount: 100 },
      ],
    });
    seedClaim('waiting', { status: 'awaiting_buyer' });
    seedClaim('done', { status: 'settled' });
    renderPanel();
    await screen.findByText('Smoke City');
    expect(rows().map(cellTexts)).toEqual([
      [
        expect.any(String),
        'Smoke City' + 'Dana Buyer',
        '#ebluQw4S',
        'Missing',
        'Blue Coast Syrup × 1 and 1 more item (4 units)',
        '$123.45',
        'New',
        '1 day',
        'Review',
      ],
      [
        expect.any(String),
        'Cloud Nine Smokeshop' + 'Dana Buyer',
        'INV-000007',
        'Damaged',
        'Purple Dream Syrup × 2',
        '$50.00',
        'New',
        '9 days',
        'Review',
      ],
    ]);
    const first = within(rows()[0]!);
    expect(first.getByRole('link', { name: 'Smoke City' })).toHaveAttribute(
      'href',
      '/admin/companies/smoke',
    );
    expect(first.getByRole('link', { name: /^Order #ebluQw4S/ })).toHaveAttribute(
      'href',
      '/admin?tab=orders&order=ebluQw4SxYz0123456AB',
    );
    const read = fakeDb.calls.find((call) => call.op === 'getDocs' && call.path === 'claims');
    expect(read?.constraints).toEqual([
      { type: 'where', field: 'status', op: '==', value: 'new' },
      { type: 'orderBy', field: 'created_at', direction: 'desc' },
      { type: 'limit', count: 300 },
    ]);
    expect(await screen.findByRole('radio', { name: 'New (2)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Awaiting buyer (1)' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Settled (1)' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Rejected (0)' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All (4)' })).toBeInTheDocument();
  });

  it('filters by status, and All reads every claim newest first', async () => {
    seedClaim('n1', { invoice_number: 'INV-000001', created_at: reportedAt(3) });
    seedClaim('a1', {
      invoice_number: 'INV-000002',
      status: 'awaiting_buyer',
      created_at: reportedAt(2),
    });
    seedClaim('r1', {
      invoice_number: 'INV-000003',
      status: 'rejected',
      created_at: reportedAt(1),
    });
    renderPanel();
    await screen.findByText('INV-000001');
    await user.click(screen.getByRole('radio', { name: /^Awaiting buyer/ }));
    await screen.findByText('INV-000002');
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getByText('Awaiting buyer')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Rejected/ }));
    await screen.findByText('INV-000003');
    expect(within(rows()[0]!).getByRole('button', { name: /^View the claim/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^All/ }));
    await waitFor(() =>
      expect(rows().map((row) => cellTexts(row)[2])).toEqual([
        'INV-000003',
        'INV-000002',
        'INV-000001',
      ]),
    );
    const all = fakeDb.calls
      .filter((call) => call.op === 'getDocs' && call.path === 'claims')
      .at(-1);
    expect(all?.constraints).toEqual([
      { type: 'orderBy', field: 'created_at', direction: 'desc' },
      { type: 'limit', count: 300 },
    ]);
    await user.click(screen.getByRole('radio', { name: /^Settled/ }));
    expect(await screen.findByText('No settled claims.')).toBeInTheDocument();
  });

  it('says when no claim is new, and when the claims cannot be read (with Retry)', async () => {
    renderPanel();
    expect(await screen.findByText('No new claims.')).toBeInTheDocument();
    fakeDb.fail('getDocs', 'claims', new Error('unavailable'), true);
    await user.click(screen.getByRole('radio', { name: /^All/ }));
    expect(await screen.findByText('Could not load the claims')).toBeInTheDocument();
    seedClaim('c1');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('INV-000042')).toBeInTheDocument();
  });
});

describe('the claim drawer', () => {
  it('shows the order, reporter, lines with units and unit price, value, note, photos and timeline', async () => {
    seedClaim('c1', {
      photos: [
        { id: 'p1', content_type: 'image/jpeg', size: 1000, name: 'box.jpg' },
        { id: 'p2', content_type: 'image/png', size: 1000, name: 'jug.png' },
      ],
      lines: [
        {
          product_id: 'syrup-purple',
          name: 'Purple Dream Syrup',
          sku: 'SYR-PURPLE',
          quantity: 2,
          unit_amount: 2500,
        },
      ],
      value: 5413,
    });
    storage.getDownloadURL.mockImplementation(async ({ fullPath }: { fullPath: string }) => {
      if (fullPath.endsWith('/p2')) throw new Error('storage/unauthorized');
      return `https://files.test/${fullPath}`;
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel();
    const drawer = await openClaim(/^Review the claim on INV-000042 of Cloud Nine Smokeshop/);
    expect(drawer.getByRole('link', { name: 'Open order INV-000042' })).toHaveAttribute(
      'href',
      '/admin?tab=orders&order=order0001abcdef',
    );
    expect(
      drawer.getByRole('link', { name: 'Invoice INV-000042 (opens in a new tab)' }),
    ).toHaveAttribute('href', '/admin/orders/order0001abcdef/invoice');
    expect(drawer.getAllByText('Dana Buyer').length).toBeGreaterThan(0);
    const lines = within(drawer.getByRole('table', { name: 'Items of the claim on INV-000042' }));
    const line = lines.getAllByRole('row')[1]!;
    expect(cellTexts(line)).toEqual(['Purple Dream SyrupSYR-PURPLE', '2', '$25.00', '$50.00']);
    expect(lines.getByText('$54.13')).toBeInTheDocument();
    expect(drawer.getAllByText('Two jugs leaked in the box.')).toHaveLength(2);
    const photo = await drawer.findByRole('img', { name: 'Photo 1 of 2: box.jpg' });
    expect(photo).toHaveAttribute('src', 'https://files.test/claim-photos/cloud9/c1/p1');
    expect(storage.ref).toHaveBeenCalledWith({ fake: true }, 'claim-photos/cloud9/c1/p1');
    expect(drawer.getByRole('img', { name: 'Photo 2 of 2: jug.png' })).toHaveTextContent(
      'Could not load this photo.',
    );
    expect(drawer.getByText('Reported', { selector: 'strong' }).parentElement).toHaveTextContent(
      /^Reported · .+ · Dana Buyer \(buyer\)$/,
    );
    expect(drawer.getByRole('button', { name: 'Settle' })).toBeInTheDocument();
  });

  it('asks the buyer a question: required, checked before sending, then sent with a toast', async () => {
    seedClaim('c1');
    callables.callAskClaimQuestion.mockImplementation(async () => {
      seedClaim('c1', { status: 'awaiting_buyer' });
      return { claimId: 'c1', status: 'awaiting_buyer' };
    });
    renderPanel();
    const drawer = await openClaim(/^Review the claim on INV-000042/);
    await user.click(drawer.getByRole('button', { name: 'Ask the buyer' }));
    const dialog = await dialogOf('Ask Cloud Nine Smokeshop about the claim on INV-000042');
    const question = dialog.getByLabelText('Question');
    await user.click(dialog.getByRole('button', { name: 'Send question' }));
    expect(await dialog.findByText(CLAIM_MESSAGES.question)).toBeInTheDocument();
    await user.type(question, '   ');
    await user.click(dialog.getByRole('button', { name: 'Send question' }));
    expect(await dialog.findByText(CLAIM_MESSAGES.question)).toBeInTheDocument();
    expect(callables.callAskClaimQuestion).not.toHaveBeenCalled();
    expect(question).toHaveAttribute('maxlength', '1000');
    await user.clear(question);
    await user.type(question, 'Were the caps sealed?');
    await user.click(dialog.getByRole('button', { name: 'Send question' }));
    await waitFor(() =>
      expect(callables.callAskClaimQuestion).toHaveBeenCalledWith({
        claimId: 'c1',
        text: 'Were the caps sealed?',
      }),
    );
    await expectToast(
      'Question sent',
      'Cloud Nine Smokeshop is asked about the claim on INV-000042.',
    );
    // The drawer reads the claim again: it now awaits the buyer.
    expect(await drawer.findByText('Awaiting buyer')).toBeInTheDocument();
  });

  it('rejects with a reason (required, up to 500 characters) and shows a refusal word for word', async () => {
    seedClaim('c1');
    callables.callRejectClaim
      .mockRejectedValueOnce(
        Object.assign(new Error(`${CLAIM_MESSAGES.alreadySettled} [400]`), {
          code: 'functions/failed-precondition',
        }),
      )
      .mockResolvedValueOnce({ claimId: 'c1', status: 'rejected' });
    renderPanel();
    const drawer = await openClaim(/^Review the claim on INV-000042/);
    await user.click(drawer.getByRole('button', { name: 'Reject' }));
    const dialog = await dialogOf('Reject the claim on INV-000042');
    const reason = dialog.getByLabelText('Reason');
    await user.click(dialog.getByRole('button', { name: 'Reject claim' }));
    expect(await dialog.findByText(CLAIM_MESSAGES.reason)).toBeInTheDocument();
    expect(callables.callRejectClaim).not.toHaveBeenCalled();
    expect(reason).toHaveAttribute('maxlength', '500');
    await user.type(reason, 'The photos show the seal intact.');
    await user.click(dialog.getByRole('button', { name: 'Reject claim' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(CLAIM_MESSAGES.alreadySettled);
    await user.click(dialog.getByRole('button', { name: 'Reject claim' }));
    await waitFor(() =>
      expect(callables.callRejectClaim).toHaveBeenLastCalledWith({
        claimId: 'c1',
        reason: 'The photos show the seal intact.',
      }),
    );
    await expectToast('Claim rejected', 'The claim on INV-000042 is rejected.');
  });

  it('shows a settled claim’s settlement, with its replacement order, and no actions', async () => {
    seedClaim('c1', {
      status: 'settled',
      settlement: {
        remedy: 'replacement',
        amount: 0,
        at: reportedAt(1),
        by: 'manager-1',
        replacement_order_id: 'c1-replacement',
        credit_note_number: null,
        restocked: { 'syrup-purple': 2 },
        note: 'New jugs are on their way.',
      },
    });
    renderPanel();
    await user.click(await screen.findByRole('radio', { name: /^Settled/ }));
    const drawer = await openClaim(/^View the claim on INV-000042/);
    expect(drawer.getByText('Replacement order', { selector: 'dd' })).toBeInTheDocument();
    expect(drawer.getByRole('link', { name: 'Open replacement order' })).toHaveAttribute(
      'href',
      '/admin?tab=orders&order=c1-replacement',
    );
    expect(drawer.getByText('2 units')).toBeInTheDocument();
    expect(drawer.getByText('New jugs are on their way.')).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Settle' })).not.toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Ask the buyer' })).not.toBeInTheDocument();
  });

  it('shows a credit note’s number', async () => {
    seedClaim('c1', {
      status: 'settled',
      settlement: {
        remedy: 'credit_note',
        amount: 5000,
        at: reportedAt(1),
        by: 'manager-1',
        credit_note_id: 'cn_1',
        credit_note_number: 'CN-0001',
      },
    });
    renderPanel();
    await user.click(await screen.findByRole('radio', { name: /^Settled/ }));
    const drawer = await openClaim(/^View the claim on INV-000042/);
    expect(drawer.getByText('CN-0001')).toBeInTheDocument();
    expect(drawer.getByText('Credit note on the invoice')).toBeInTheDocument();
    expect(drawer.queryByRole('link', { name: 'Open replacement order' })).not.toBeInTheDocument();
  });
});

describe('a link to a claim', () => {
  it("opens the claim a mail's link names (?claim=<id>), whatever the filter, and closing forgets it", async () => {
    seedClaim('linked', { status: 'settled', store_name: 'Linked Shop' });
    seedClaim('other', { store_name: 'Other Shop' });
    renderWithProviders(<ClaimsPanel />, {
      route: '/admin?tab=claims&claim=linked',
      path: '/admin',
    });
    const drawer = await screen.findByRole('dialog', { name: /^Claim on .* · Linked Shop$/ });
    expect(drawer).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /^Claim on / })).not.toBeInTheDocument(),
    );
    // The queue stays; the link's claim does not open again.
    await screen.findByText('Other Shop');
    expect(screen.queryByRole('dialog', { name: /^Claim on / })).not.toBeInTheDocument();
  });

  it('opens nothing for a claim that does not exist', async () => {
    seedClaim('other', { store_name: 'Other Shop' });
    renderWithProviders(<ClaimsPanel />, { route: '/admin?tab=claims&claim=gone', path: '/admin' });
    await screen.findByText('Other Shop');
    expect(screen.queryByRole('dialog', { name: /^Claim on / })).not.toBeInTheDocument();
  });
});

describe('the settle dialog', () => {
  async function openSettle() {
    renderPanel();
    const drawer = await openClaim(/^Review the claim on INV-000042/);
    await user.click(drawer.getByRole('button', { name: 'Settle' }));
    // The dialog by its title: it has no form while the order is read, or when it cannot be.
    const title = await screen.findByText('Settle the claim on INV-000042');
    return within(title.closest('[role=dialog]') as HTMLElement);
  }
  const remedyNames = (dialog: ReturnType<typeof within>) =>
    dialog.getAllByRole('radio').map((radio: HTMLElement) => radio.getAttribute('value'));

  it('offers a refund for a card order with enough left to refund, never a credit note', async () => {
    seedClaim('c1');
    seedOrder({ amount: 5000, refunded_amount: 0 });
    const dialog = await openSettle();
    await dialog.findByRole('radio', { name: /Refund to card/ });
    expect(remedyNames(dialog)).toEqual(['refund', 'store_credit', 'replacement']);
    expect(dialog.getByRole('radio', { name: /Refund to card/ })).toHaveAccessibleDescription(
      'Refund $50.00 to the card',
    );
  });

  it('offers a credit note for a terms order with an invoice, and no refund', async () => {
    seedClaim('c1');
    seedOrder({
      payment_method: 'terms',
      stripe_payment_intent_id: null,
      terms: makeTerms(),
    });
    const dialog = await openSettle();
    await dialog.findByRole('radio', { name: /Credit note on the invoice/ });
    expect(remedyNames(dialog)).toEqual(['credit_note', 'store_credit', 'replacement']);
  });

  it('offers no refund when less than the claim is left to refund', async () => {
    seedClaim('c1');
    seedOrder({ amount: 5000, refunded_amount: 2000 });
    const dialog = await openSettle();
    await dialog.findByRole('radio', { name: /Store credit/ });
    expect(remedyNames(dialog)).toEqual(['store_credit', 'replacement']);
  });

  it('asks for a remedy, then sends one request id for every attempt and shows the server’s refusal', async () => {
    seedClaim('c1');
    seedOrder();
    callables.callSettleClaim
      .mockRejectedValueOnce(
        Object.assign(new Error(`${CLAIM_MESSAGES.busy} [400]`), {
          code: 'functions/failed-precondition',
        }),
      )
      .mockImplementationOnce(async () => {
        seedClaim('c1', {
          status: 'settled',
          settlement: {
            remedy: 'store_credit',
            amount: 5000,
            at: new Date(),
            by: 'manager-1',
            credit_entry_id: 'e1',
          },
        });
        return {
          claimId: 'c1',
          status: 'settled',
          remedy: 'store_credit',
          amount: 5000,
          replacementOrderId: null,
          creditNoteNumber: null,
        };
      });
    const dialog = await openSettle();
    await dialog.findByRole('radio', { name: /Store credit/ });
    await user.click(dialog.getByRole('button', { name: 'Settle claim' }));
    expect(await dialog.findByText('Choose how to settle the claim.')).toBeInTheDocument();
    expect(callables.callSettleClaim).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('radio', { name: /Store credit/ }));
    expect(dialog.getByRole('status')).toHaveTextContent('Add $50.00 of store credit');
    await user.click(
      dialog.getByRole('checkbox', {
        name: 'Put the claimed units back in stock (the goods came back)',
      }),
    );
    await user.type(dialog.getByLabelText('Note to the buyer (optional)'), 'Sorry about that.');
    await user.click(dialog.getByRole('button', { name: 'Settle claim' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(CLAIM_MESSAGES.busy);
    await user.click(dialog.getByRole('button', { name: 'Settle claim' }));
    await expectToast('Claim settled', 'Add $50.00 of store credit.');

    expect(callables.callSettleClaim).toHaveBeenCalledTimes(2);
    const [first, second] = callables.callSettleClaim.mock.calls.map(([request]) => request);
    expect(first).toEqual({
      claimId: 'c1',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      remedy: 'store_credit',
      restock: true,
      note: 'Sorry about that.',
    });
    expect(second).toEqual(first);
    // The drawer shows the settlement once the claim is read again.
    const drawer = within(await screen.findByRole('dialog', { name: /^Claim on / }));
    expect(await drawer.findByRole('heading', { name: 'Settlement' })).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Settle' })).not.toBeInTheDocument();
  });

  it('makes a new request id when the dialog is opened again', async () => {
    seedClaim('c1');
    seedOrder();
    callables.callSettleClaim.mockRejectedValue(
      Object.assign(new Error('The card was declined. [400]'), {
        code: 'functions/failed-precondition',
      }),
    );
    const dialog = await openSettle();
    await user.click(await dialog.findByRole('radio', { name: /Replacement order/ }));
    await user.click(dialog.getByRole('button', { name: 'Settle claim' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The card was declined.');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Settle the claim on INV-000042' })).toBeNull(),
    );
    const drawer = within(screen.getByRole('dialog', { name: /^Claim on / }));
    await user.click(drawer.getByRole('button', { name: 'Settle' }));
    const again = await dialogOf('Settle the claim on INV-000042');
    await user.click(await again.findByRole('radio', { name: /Replacement order/ }));
    await user.click(again.getByRole('button', { name: 'Settle claim' }));
    await waitFor(() => expect(callables.callSettleClaim).toHaveBeenCalledTimes(2));
    const [first, second] = callables.callSettleClaim.mock.calls.map(
      ([request]) => (request as { requestId: string }).requestId,
    );
    expect(second).not.toBe(first);
  });

  it('says when the order cannot be found, and offers nothing to send', async () => {
    seedClaim('c1');
    const dialog = await openSettle();
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The order of this claim was not found.',
    );
    expect(dialog.getByRole('button', { name: 'Settle claim' })).toBeDisabled();
  });
});

function makeTerms(): Order['terms'] {
  return {
    net_days: 30,
    state: 'open',
    invoice_id: 'in_1',
    invoice_number: 'INV-000042',
    hosted_invoice_url: null,
    invoice_pdf: null,
    due_at: null,
    overdue: false,
    paid_at: null,
    failed_at: null,
    failure_message: '',
    reminders: 0,
    last_reminded_at: null,
    closed_reason: '',
    closed_by: '',
  };
}
