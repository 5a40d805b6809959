import { CLAIM_MESSAGES } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { BUYER_UID, seedProfile, signedInSession } from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { AccountPage } from './account-page';

const callables = vi.hoisted(() => ({
  callReportClaim: vi.fn(),
  callAnswerClaim: vi.fn(),
  callCancelBackorderedLine: vi.fn(),
}));
vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));
vi.mock('@/lib/callables', () => callables);

const storage = vi.hoisted(() => ({
  ref: vi.fn((_storage: unknown, path: string) => ({ fullPath: path })),
  uploadBytesResumable: vi.fn(),
  getDownloadURL: vi.fn(),
}));
vi.mock('firebase/storage', () => storage);
vi.mock('@/lib/storage', () => ({ storage: { fake: true } }));

vi.setConfig({ testTimeout: 30_000 });
const user = userEvent.setup({
  delay: null,
  pointerEventsCheck: PointerEventsCheckLevel.Never,
  applyAccept: false,
});

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const at = (date: Date) => Timestamp.fromDate(date);
const dayText = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(
    date,
  );

const line = (product_id: string, name: string, unit_amount: number, quantity: number) => ({
  product_id,
  name,
  description: '',
  image_url: `/products/${product_id}.svg`,
  unit_amount,
  quantity,
  line_total: unit_amount * quantity,
});

/**
 * An order of 6 Blue Coast Syrup jugs ($34.99) and 2 Purple Dream ($24.99), shipped whole
 * `shippedDaysAgo` days ago and delivered `deliveredDaysAgo` days ago (none: not delivered).
 */
function seedOrder(
  id = 'deliver01',
  { deliveredDaysAgo = 2, ...fields }: { deliveredDaysAgo?: number } & Record<string, unknown> = {},
) {
  const shipped = daysAgo(deliveredDaysAgo + 2);
  const delivered = daysAgo(deliveredDaysAgo);
  fakeDb.seed(`orders/${id}`, {
    user_id: BUYER_UID,
    company_id: BUYER_UID,
    store_name: 'Cloud Nine Smokeshop',
    items: [
      line('blue-coast', 'Blue Coast Syrup', 3499, 6),
      line('purple-dream', 'Purple Dream', 2499, 2),
    ],
    amount: 25_992,
    currency: 'usd',
    payment_type: 'one_time',
    status: 'delivered',
    stripe_session_id: 'cs_test_1',
    created_at: at(daysAgo(deliveredDaysAgo + 5)),
    paid_at: at(daysAgo(deliveredDaysAgo + 5)),
    status_history: [
      { status: 'shipped', at: at(shipped), by: 'manager-1' },
      { status: 'delivered', at: at(delivered), by: 'manager-1' },
    ],
    invoice_number: 'INV-000042',
    shipments: [
      {
        id: 'ship-1',
        number: 1,
        lines: [
          { product_id: 'blue-coast', quantity: 6 },
          { product_id: 'purple-dream', quantity: 2 },
        ],
        carrier: 'ups',
        tracking_number: '1Z999AA10123456781',
        shipped_at: at(shipped),
        by: 'manager-1',
        request_id: '',
      },
    ],
    shipment: { carrier: 'ups', tracking_number: '1Z999AA10123456781', shipped_at: at(shipped) },
    ...fields,
  });
  return delivered;
}

type Event = { kind: string; days: number; text?: string; by_name?: string; by_role?: string };

function seedClaim(id: string, fields: Record<string, unknown> = {}, events: Event[] = []) {
  fakeDb.seed(`claims/${id}`, {
    order_id: 'deliver01',
    company_id: BUYER_UID,
    user_id: BUYER_UID,
    reporter_name: 'Dana Buyer',
    kind: 'damaged',
    lines: [
      {
        product_id: 'blue-coast',
        name: 'Blue Coast Syrup',
        sku: '',
        quantity: 4,
        unit_amount: 3499,
      },
    ],
    note: 'Four jugs leaked in the box.',
    photos: [],
    status: 'new',
    value: 13_996,
    timeline: [
      {
        kind: 'reported',
        at: at(daysAgo(1)),
        by: BUYER_UID,
        by_name: 'Dana Buyer',
        by_role: 'buyer',
        text: 'Four jugs leaked in the box.',
      },
      ...events.map((event) => ({
        kind: event.kind,
        at: at(daysAgo(event.days)),
        by: event.by_role === 'buyer' ? BUYER_UID : 'manager-1',
        by_name: event.by_name ?? '',
        by_role: event.by_role ?? 'manager',
        text: event.text ?? '',
      })),
    ],
    created_at: at(daysAgo(1)),
    updated_at: at(daysAgo(1)),
    ...fields,
  });
}

function renderAccount(route = '/portal/my-account') {
  return renderWithProviders(<AccountPage />, { route, path: '/portal/my-account' });
}

async function openOrder(label = '#deliver0') {
  const card = await screen.findByRole('listitem', { name: `Order ${label}` });
  await user.click(within(card).getByRole('button', { name: /Show \d+ items/ }));
  await screen.findByRole('list', { name: `Items of order ${label}` });
  return card;
}

async function openReportDialog({ opened = false } = {}) {
  if (!opened) await openOrder();
  await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
  return within(
    await screen.findByRole('dialog', { name: 'Report a problem with order #deliver0' }),
  );
}

const file = (name: string, type: string, size: number) =>
  new File([new Uint8Array(size)], name, { type });

beforeEach(() => {
  callables.callReportClaim.mockReset();
  callables.callAnswerClaim.mockReset();
  storage.ref.mockClear();
  storage.getDownloadURL
    .mockReset()
    .mockImplementation(async (ref: { fullPath: string }) => `https://files.test/${ref.fullPath}`);
  storage.uploadBytesResumable.mockReset().mockImplementation((_ref: unknown, blob: File) => ({
    on: (
      _event: string,
      next: (snapshot: { bytesTransferred: number; totalBytes: number }) => void,
      _error: (error: Error) => void,
      complete: () => void,
    ) => {
      queueMicrotask(() => {
        next({ bytesTransferred: blob.size, totalBytes: blob.size });
        complete();
      });
    },
    cancel: vi.fn(),
  }));
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
});

describe('My Account: Report a problem', () => {
  it('lets an owner report 2 damaged jugs with a photo: uploaded first, then reported', async () => {
    seedProfile('retailer');
    const delivered = seedOrder();
    callables.callReportClaim.mockResolvedValue({ claimId: 'x', status: 'new' });
    renderAccount();
    await openOrder();
    const deadline = new Date(delivered.getTime() + 14 * DAY);
    expect(await screen.findByText(`Report by ${dayText(deadline)}`)).toBeInTheDocument();
    const dialog = await openReportDialog({ opened: true });
    const jugs = dialog.getByRole('spinbutton', { name: 'Units of Blue Coast Syrup affected' });
    expect(jugs).toHaveAccessibleDescription('Up to 6 of 6 ordered');
    await user.type(jugs, '2');
    await user.click(dialog.getByRole('radio', { name: 'Damaged' }));
    await user.type(
      dialog.getByRole('textbox', { name: 'Describe the problem' }),
      'Two jugs leaked.',
    );
    await user.upload(dialog.getByLabelText('Photos'), file('jug.png', 'image/png', 2048));
    expect(dialog.getByRole('list', { name: 'Photos attached' })).toHaveTextContent('jug.png');
    await user.click(dialog.getByRole('button', { name: 'Send report' }));

    await expectToast('Claim reported', 'We will reply within two business days.');
    expect(storage.uploadBytesResumable).toHaveBeenCalledTimes(1);
    const path = storage.ref.mock.calls[0]![1];
    const [, company, claimId, photoId] = path.split('/');
    expect(path.startsWith('claim-photos/')).toBe(true);
    expect(company).toBe(BUYER_UID);
    expect(storage.uploadBytesResumable.mock.calls[0]![2]).toEqual({ contentType: 'image/png' });
    expect(callables.callReportClaim).toHaveBeenCalledWith({
      claimId,
      orderId: 'deliver01',
      kind: 'damaged',
      lines: [{ productId: 'blue-coast', quantity: 2 }],
      note: 'Two jugs leaked.',
      photos: [{ id: photoId, name: 'jug.png' }],
    });
    // The photos went up before the report named them.
    expect(storage.uploadBytesResumable.mock.invocationCallOrder[0]).toBeLessThan(
      callables.callReportClaim.mock.invocationCallOrder[0]!,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('caps each line at what is left to claim, and says what is missing', async () => {
    seedProfile('retailer', { company_role: 'buyer' });
    seedOrder();
    // 4 of the 6 jugs are already claimed; a rejected claim counts for nothing.
    seedClaim('claim-open');
    seedClaim('claim-rejected', { status: 'rejected', rejection_reason: 'No damage seen.' });
    renderAccount();
    const dialog = await openReportDialog();
    const jugs = dialog.getByRole('spinbutton', { name: 'Units of Blue Coast Syrup affected' });
    expect(jugs).toHaveAccessibleDescription('Up to 2 of 6 ordered');
    expect(jugs).toHaveAttribute('max', '2');

    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(dialog.getByText(CLAIM_MESSAGES.noLines)).toBeInTheDocument();
    expect(dialog.getByText(CLAIM_MESSAGES.kind)).toBeInTheDocument();

    await user.type(jugs, '3');
    await user.click(dialog.getByRole('radio', { name: 'Missing' }));
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(jugs).toHaveAccessibleDescription(
      `Up to 2 of 6 ordered ${CLAIM_MESSAGES.tooMany('Blue Coast Syrup', 2, 6)}`,
    );
    expect(jugs).toHaveAttribute('aria-invalid', 'true');
    expect(callables.callReportClaim).not.toHaveBeenCalled();
    expect(storage.uploadBytesResumable).not.toHaveBeenCalled();
  });

  it('refuses a photo of the wrong type, one over 10 MB and a sixth, before any upload', async () => {
    seedProfile('retailer');
    seedOrder();
    renderAccount();
    const dialog = await openReportDialog();
    const photos = dialog.getByLabelText('Photos');
    await user.upload(photos, file('jug.gif', 'image/gif', 1000));
    expect(dialog.getByText(CLAIM_MESSAGES.photoType)).toBeInTheDocument();
    expect(dialog.queryByRole('list', { name: 'Photos attached' })).not.toBeInTheDocument();

    await user.upload(photos, file('huge.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1));
    expect(dialog.getByText(CLAIM_MESSAGES.photoTooLarge)).toBeInTheDocument();
    expect(dialog.queryByRole('list', { name: 'Photos attached' })).not.toBeInTheDocument();

    await user.upload(
      photos,
      [1, 2, 3, 4, 5, 6].map((n) => file(`jug-${n}.jpg`, 'image/jpeg', 1000)),
    );
    expect(dialog.getByText(CLAIM_MESSAGES.photoCount)).toBeInTheDocument();
    const attached = dialog.getByRole('list', { name: 'Photos attached' });
    expect(within(attached).getAllByRole('listitem')).toHaveLength(5);
    expect(attached).not.toHaveTextContent('jug-6.jpg');
    expect(photos).toBeDisabled();

    await user.click(dialog.getByRole('button', { name: 'Remove jug-1.jpg' }));
    expect(within(attached).getAllByRole('listitem')).toHaveLength(4);
    expect(photos).toBeEnabled();
    expect(storage.uploadBytesResumable).not.toHaveBeenCalled();
  });

  it("shows the server's refusal as it wrote it, and keeps the dialog open", async () => {
    seedProfile('retailer');
    seedOrder();
    callables.callReportClaim.mockRejectedValue(
      Object.assign(new Error(`${CLAIM_MESSAGES.tooLate(14)} [400]`), {
        code: 'functions/failed-precondition',
      }),
    );
    renderAccount();
    const dialog = await openReportDialog();
    await user.type(
      dialog.getByRole('spinbutton', { name: 'Units of Purple Dream affected' }),
      '1',
    );
    await user.click(dialog.getByRole('radio', { name: 'Wrong item' }));
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(CLAIM_MESSAGES.tooLate(14));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(callables.callReportClaim).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'wrong_item',
        lines: [{ productId: 'purple-dream', quantity: 1 }],
      }),
    );
  });

  it('shows a viewer the claims but no Report a problem and no answer box', async () => {
    seedProfile('retailer', { company_role: 'viewer' });
    seedOrder();
    seedClaim('claim-asked', { status: 'awaiting_buyer' }, [
      { kind: 'question', days: 0, text: 'Was the outer box damaged too?' },
    ]);
    renderAccount();
    await openOrder();
    const claims = await screen.findByRole('region', { name: 'Claims on order #deliver0' });
    expect(within(claims).getByText('Awaiting buyer')).toBeInTheDocument();
    expect(within(claims).getByText('Was the outer box damaged too?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
    expect(within(claims).queryByRole('textbox', { name: 'Your answer' })).not.toBeInTheDocument();
  });

  it('offers no report once the window has closed, nor before anything shipped', async () => {
    seedProfile('retailer');
    seedOrder('deliver01', { deliveredDaysAgo: 15 });
    seedOrder('process01', {
      status: 'processing',
      status_history: [],
      shipments: [],
      shipment: null,
      created_at: at(daysAgo(1)),
    });
    renderAccount();
    await openOrder();
    expect(
      screen.getByRole('region', { name: 'Shipments of order #deliver0' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
    await openOrder('#process0');
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
    expect(fakeDb.calls.filter((call) => call.path === 'claims')).toHaveLength(1);
  });

  it('offers no report when every unit has been claimed', async () => {
    seedProfile('retailer');
    seedOrder();
    seedClaim('claim-all', {
      lines: [
        { product_id: 'blue-coast', name: 'Blue Coast Syrup', quantity: 6, unit_amount: 3499 },
        { product_id: 'purple-dream', name: 'Purple Dream', quantity: 2, unit_amount: 2499 },
      ],
    });
    renderAccount();
    await openOrder();
    await screen.findByRole('region', { name: 'Claims on order #deliver0' });
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });
});

describe("My Account: a claim's story", () => {
  it('shows the status, the items, the value, the photos and the timeline to a settled replacement', async () => {
    seedProfile('retailer');
    seedOrder();
    seedClaim(
      'claim-settled',
      {
        status: 'settled',
        photos: [{ id: 'photo-1', content_type: 'image/png', size: 2048, name: 'jug.png' }],
        settlement: {
          remedy: 'replacement',
          amount: 0,
          at: at(daysAgo(0)),
          by: 'manager-1',
          replacement_order_id: 'claim-settled-replacement',
        },
      },
      [
        { kind: 'question', days: 1, text: 'Was the outer box damaged too?', by_name: '' },
        { kind: 'answer', days: 1, text: 'Yes, crushed.', by_name: 'Dana Buyer', by_role: 'buyer' },
        { kind: 'settled', days: 0, text: 'Sorry about that!' },
      ],
    );
    renderAccount();
    await openOrder();
    const claims = within(await screen.findByRole('region', { name: 'Claims on order #deliver0' }));
    expect(claims.getByText('Settled', { selector: '.tag' })).toBeInTheDocument();
    expect(claims.getByText('$139.96')).toBeInTheDocument();
    expect(claims.getByRole('list', { name: 'Items reported' })).toHaveTextContent(
      '4 × Blue Coast Syrup',
    );
    expect(await claims.findByRole('img', { name: 'Photo 1: jug.png' })).toHaveAttribute(
      'src',
      `https://files.test/claim-photos/${BUYER_UID}/claim-settled/photo-1`,
    );
    const steps = claims.getAllByRole('listitem').filter((item) => item.closest('ol'));
    expect(steps.map((step) => step.querySelector('strong')?.textContent)).toEqual([
      'Reported by Dana Buyer',
      'We asked',
      'Dana Buyer answered',
      'Settled',
    ]);
    expect(claims.getByText('Four jugs leaked in the box.')).toBeInTheDocument();
    expect(claims.getByText(/A replacement is on its way at no charge\./)).toBeInTheDocument();
    expect(claims.getByRole('link', { name: 'Replacement order #claim-se' })).toHaveAttribute(
      'href',
      '/portal/my-account?order=claim-settled-replacement',
    );
    expect(claims.getByText('Sorry about that!')).toBeInTheDocument();
  });

  it('shows a rejection with its reason', async () => {
    seedProfile('retailer');
    seedOrder();
    seedClaim(
      'claim-rejected',
      { status: 'rejected', rejection_reason: 'No damage on the photos.' },
      [{ kind: 'rejected', days: 0, text: 'No damage on the photos.' }],
    );
    renderAccount();
    await openOrder();
    const claims = within(await screen.findByRole('region', { name: 'Claims on order #deliver0' }));
    expect(claims.getByText('Rejected', { selector: '.tag' })).toBeInTheDocument();
    expect(claims.getByText('No damage on the photos.')).toBeInTheDocument();
  });

  it("answers a manager's question, and refuses an empty answer", async () => {
    seedProfile('retailer', { company_role: 'buyer' });
    seedOrder();
    seedClaim('claim-asked', { status: 'awaiting_buyer' }, [
      { kind: 'question', days: 0, text: 'Was the outer box damaged too?' },
    ]);
    callables.callAnswerClaim.mockResolvedValue({ claimId: 'claim-asked', status: 'new' });
    renderAccount();
    await openOrder();
    const claims = within(await screen.findByRole('region', { name: 'Claims on order #deliver0' }));
    const answer = claims.getByRole('textbox', { name: 'Your answer' });
    await user.click(claims.getByRole('button', { name: 'Send answer' }));
    expect(claims.getByRole('alert')).toHaveTextContent(CLAIM_MESSAGES.answer);
    expect(callables.callAnswerClaim).not.toHaveBeenCalled();
    await user.type(answer, 'Yes, the box was crushed.');
    await user.click(claims.getByRole('button', { name: 'Send answer' }));
    await expectToast('Answer sent', 'Thank you. We will get back to you shortly.');
    expect(callables.callAnswerClaim).toHaveBeenCalledWith({
      claimId: 'claim-asked',
      text: 'Yes, the box was crushed.',
    });
  });
});

describe('My Account: the Claims tab and store credit', () => {
  it('lists the store credit with its changes, and every claim with its order, newest first', async () => {
    seedProfile('retailer');
    seedOrder();
    fakeDb.seed(`store_credit/${BUYER_UID}`, { balance: 2200, updated_at: at(daysAgo(0)) });
    fakeDb.seed(`store_credit/${BUYER_UID}/entries/e1`, {
      kind: 'claim',
      amount: 3200,
      balance_after: 3200,
      claim_id: 'claim-old',
      at: at(daysAgo(3)),
    });
    fakeDb.seed(`store_credit/${BUYER_UID}/entries/e2`, {
      kind: 'checkout',
      amount: -1000,
      balance_after: 2200,
      order_id: 'order-2',
      at: at(daysAgo(1)),
    });
    seedClaim('claim-old', { created_at: at(daysAgo(5)), kind: 'missing' });
    seedClaim('claim-new', { created_at: at(daysAgo(1)), kind: 'wrong_item' });
    renderAccount('/portal/my-account?tab=claims');
    const credit = within(await screen.findByRole('region', { name: 'Store credit' }));
    expect(credit.getByText('Store credit: $22.00')).toBeInTheDocument();
    const entries = credit.getAllByRole('listitem').map((item) => item.textContent);
    expect(entries).toEqual([
      `Applied to an order${dayText(daysAgo(1))}−$10.00`,
      `Claim settled${dayText(daysAgo(3))}+$32.00`,
    ]);
    const list = within(await screen.findByRole('list', { name: 'Claims of your company' }));
    const titles = list.getAllByRole('heading').map((heading) => heading.textContent);
    expect(titles).toEqual([
      `Wrong item · ${dayText(daysAgo(1))}`,
      `Missing · ${dayText(daysAgo(5))}`,
    ]);
    expect(list.getAllByRole('link', { name: 'Order #deliver0' })[0]).toHaveAttribute(
      'href',
      '/portal/my-account?order=deliver01',
    );
  });

  it('says so when the store credit cannot be read, and reads it again on Try Again', async () => {
    seedProfile('retailer');
    fakeDb.seed(`store_credit/${BUYER_UID}`, { balance: 2200, updated_at: at(daysAgo(0)) });
    fakeDb.fail('getDoc', `store_credit/${BUYER_UID}`, new Error('unavailable'), true);
    renderAccount('/portal/my-account?tab=claims');
    const credit = within(await screen.findByRole('region', { name: 'Store credit' }));
    expect(await credit.findByText('Could not load your store credit.')).toBeInTheDocument();
    await user.click(credit.getByRole('button', { name: 'Try Again' }));
    expect(await credit.findByText('Store credit: $22.00')).toBeInTheDocument();
  });

  it('says when there are no claims and no store credit', async () => {
    seedProfile('retailer');
    renderAccount('/portal/my-account?tab=claims');
    expect(await screen.findByRole('heading', { name: 'No claims yet' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Store credit' })).not.toBeInTheDocument();
  });

  it('shows a replacement order at $0.00 with the order it replaces', async () => {
    seedProfile('retailer');
    seedOrder('claim-settled-replacement', {
      amount: 0,
      source: 'replacement',
      replacement_for: { claim_id: 'claim-settled', order_id: 'deliver01' },
      status: 'processing',
      status_history: [],
      shipments: [],
      shipment: null,
      items: [{ ...line('blue-coast', 'Blue Coast Syrup', 0, 2) }],
    });
    renderAccount();
    const card = await screen.findByRole('listitem', { name: 'Order #claim-se' });
    expect(
      within(card).getByText('Replacement for order #deliver0, at no charge'),
    ).toBeInTheDocument();
    expect(within(card).getByText('$0.00')).toBeInTheDocument();
  });
});
