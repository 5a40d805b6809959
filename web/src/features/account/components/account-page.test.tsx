import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { fakeLive } from '@/testing/fake-live-firestore';
import { STORE_RENAME_INTERVAL_MS } from '@portal/domain';
import {
  BUYER_UID,
  seedCartItem,
  seedProducts,
  seedCompany,
  seedProfile,
  signedInSession,
} from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import type * as Callables from '@/lib/callables';
import { AccountPage } from './account-page';

vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));
// The Profile tab's Members card asks listCompanyMembers; these tests are about the page around
// it (members-card.test.tsx covers the card), so it answers at once instead of reaching for a
// Functions emulator that is not running.
vi.mock('@/lib/callables', async (importOriginal) => ({
  ...(await importOriginal<typeof Callables>()),
  callListCompanyMembers: vi.fn(async () => ({ members: [], invitations: [] })),
}));

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderAccount(route = '/portal/my-account') {
  return renderWithProviders(
    <>
      <AccountPage />
      <LocationProbe />
    </>,
    {
      route,
      path: '/portal/my-account',
      routes: [
        { path: '/portal/store', element: <h1>Store page</h1> },
        { path: '/portal/cart', element: <h1>Cart page</h1> },
      ],
    },
  );
}

const line = (product_id: string, name: string, unit_amount: number, quantity: number) => ({
  product_id,
  name,
  description: `${name} description`,
  image_url: `/products/${product_id}.svg`,
  unit_amount,
  quantity,
  line_total: unit_amount * quantity,
});

function seedOrder(
  id: string,
  created: string,
  status: string,
  items: ReturnType<typeof line>[],
  user_id = BUYER_UID,
) {
  fakeDb.seed(`orders/${id}`, {
    user_id,
    company_id: user_id,
    store_name: 'Cloud Nine Smokeshop',
    items,
    amount: items.reduce((sum, item) => sum + item.line_total, 0),
    currency: 'usd',
    payment_type: 'one_time',
    status,
    stripe_session_id: 'cs_test_1',
    created_at: Timestamp.fromDate(new Date(created)),
    paid_at: null,
    status_history: [
      { status: 'pending', at: Timestamp.fromDate(new Date(created)), by: 'system' },
    ],
  });
}

function seedSupport() {
  fakeDb.seed('support_content/t1', {
    title: 'Cleaning the bowls',
    category: 'Maintenance',
    video_url: 'https://videos.example/clean',
  });
  fakeDb.seed('support_content/t2', {
    title: 'Unboxing and first run',
    category: 'Setup',
    video_url: 'https://videos.example/setup',
  });
  fakeDb.seed('support_content/t3', {
    title: 'Draining the machine',
    category: 'Maintenance',
    video_url: 'https://videos.example/drain',
  });
}

describe('AccountPage: Orders', () => {
  it('opens on Orders and lists the buyer orders newest first with id, date, amount and status', async () => {
    seedProfile('retailer');
    seedOrder('aaaaaaaa1111', '2025-03-01T12:00:00Z', 'delivered', [
      line('purple-dream', 'Purple Dream Syrup', 2499, 2),
    ]);
    seedOrder('bbbbbbbb2222', '2025-04-15T12:00:00Z', 'processing', [
      line('blue-coast', 'Blue Coast Syrup', 2599, 1),
    ]);
    seedOrder(
      'cccccccc3333',
      '2025-05-15T12:00:00Z',
      'pending',
      [line('blue-coast', 'Blue Coast Syrup', 2599, 1)],
      'someone-else',
    );
    const release = fakeDb.hold('getDocs');
    renderAccount();
    expect(screen.getByRole('tab', { name: 'Orders', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading orders')).toBeInTheDocument();
    release();
    const orders = await screen.findAllByRole('listitem', { name: /^Order #/ });
    expect(orders.map((o) => o.getAttribute('aria-label'))).toEqual([
      'Order #bbbbbbbb',
      'Order #aaaaaaaa',
    ]);
    expect(within(orders[0]!).getByText('Apr 15, 2025')).toBeInTheDocument();
    expect(within(orders[0]!).getByText('$25.99')).toBeInTheDocument();
    expect(within(orders[0]!).getByText('Processing')).toHaveClass('tag--blue');
    expect(within(orders[1]!).getByText('$49.98')).toBeInTheDocument();
    expect(within(orders[1]!).getByText('Delivered')).toHaveClass('tag--green');
    const ordersQuery = fakeDb.calls.find((c) => c.op === 'getDocs' && c.path === 'orders');
    expect(ordersQuery?.constraints).toEqual([
      { type: 'where', field: 'company_id', op: '==', value: BUYER_UID },
      { type: 'orderBy', field: 'created_at', direction: 'desc' },
    ]);
  });

  it("changes an order's status in the list as it happens, with no reload", async () => {
    seedProfile('retailer');
    seedOrder('bbbbbbbb2222', '2025-04-15T12:00:00Z', 'processing', [
      line('blue-coast', 'Blue Coast Syrup', 2599, 1),
    ]);
    renderAccount();
    const [order] = await screen.findAllByRole('listitem', { name: /^Order #/ });
    expect(within(order!).getByText('Processing')).toBeInTheDocument();
    const reads = fakeDb.calls.length;
    fakeLive.load();
    // The company's most recently changed orders, with the filter the rules allow.
    await waitFor(() => expect(fakeLive.listeners).toHaveLength(1));
    const listener = fakeLive.listeners[0]!;
    expect(listener.target).toEqual({
      path: 'orders',
      constraints: [
        { where: ['company_id', '==', BUYER_UID] },
        { orderBy: ['updated_at', 'desc'] },
        { limit: 20 },
      ],
    });
    const stored = fakeDb.get('orders/bbbbbbbb2222')!;
    act(() => fakeLive.send(listener, { bbbbbbbb2222: stored }));
    act(() =>
      fakeLive.send(listener, {
        bbbbbbbb2222: { ...stored, status: 'shipped', updated_at: Timestamp.fromDate(new Date()) },
      }),
    );
    expect(await within(order!).findByText('Shipped')).toBeInTheDocument();
    expect(within(order!).queryByText('Processing')).not.toBeInTheDocument();
    // Put in place: the list was not read again.
    expect(fakeDb.calls.slice(reads).filter((call) => call.op === 'getDocs')).toEqual([]);
  });

  it("shows a colleague's new order when it comes, reading the list again", async () => {
    seedProfile('retailer');
    seedOrder('bbbbbbbb2222', '2025-04-15T12:00:00Z', 'processing', [
      line('blue-coast', 'Blue Coast Syrup', 2599, 1),
    ]);
    renderAccount();
    await screen.findAllByRole('listitem', { name: /^Order #/ });
    fakeLive.load();
    await waitFor(() => expect(fakeLive.listeners).toHaveLength(1));
    const listener = fakeLive.listeners[0]!;
    // Placed by a colleague while the listener was starting: in its first snapshot.
    seedOrder('cccccccc3333', '2026-01-05T10:00:00Z', 'processing', [
      line('blue-coast', 'Blue Coast Syrup', 2599, 2),
    ]);
    act(() =>
      fakeLive.send(listener, {
        cccccccc3333: fakeDb.get('orders/cccccccc3333')!,
        bbbbbbbb2222: fakeDb.get('orders/bbbbbbbb2222')!,
      }),
    );
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('listitem', { name: /^Order #/ })
          .map((o) => o.getAttribute('aria-label')),
      ).toEqual(['Order #cccccccc', 'Order #bbbbbbbb']),
    );
  });

  it('stops listening when the page is left', async () => {
    seedProfile('retailer');
    const { unmount } = renderAccount();
    fakeLive.load();
    await waitFor(() => expect(fakeLive.listeners).toHaveLength(1));
    unmount();
    expect(fakeLive.listeners[0]!.stopped).toBe(true);
  });

  it('expands an order to its lines', async () => {
    seedProfile('retailer');
    seedOrder('aaaaaaaa1111', '2025-03-01T12:00:00Z', 'shipped', [
      line('purple-dream', 'Purple Dream Syrup', 2499, 2),
      line('blue-coast', 'Blue Coast Syrup', 2599, 1),
    ]);
    const user = userEvent.setup();
    renderAccount();
    const toggle = await screen.findByRole('button', { name: /Show 3 items/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The opened order is a lazy part of the card.
    const lines = await screen.findByRole('list', { name: 'Items of order #aaaaaaaa' });
    expect(within(lines).getByText('Purple Dream Syrup')).toBeInTheDocument();
    expect(within(lines).getByText('2 × $24.99')).toBeInTheDocument();
    expect(within(lines).getByText('$49.98')).toBeInTheDocument();
  });

  it("shows an opened order's subtotal and sales tax, or the certificate that exempted it", async () => {
    seedProfile('retailer');
    seedOrder('aaaaaaaa1111', '2025-03-01T12:00:00Z', 'shipped', [
      line('purple-dream', 'Purple Dream Syrup', 2499, 2),
    ]);
    fakeDb.seed('orders/aaaaaaaa1111', {
      ...fakeDb.get('orders/aaaaaaaa1111'),
      amount: 5360,
      tax: { amount: 362, state: 'CA', exemption: null },
    });
    seedOrder('bbbbbbbb2222', '2025-04-15T12:00:00Z', 'processing', [
      line('blue-coast', 'Blue Coast Syrup', 2599, 1),
    ]);
    fakeDb.seed('orders/bbbbbbbb2222', {
      ...fakeDb.get('orders/bbbbbbbb2222'),
      tax: {
        amount: 0,
        state: 'CA',
        exemption: { certificate_id: 'c1', number: 'SR-9', state: 'CA', expires_on: '2027-01-31' },
      },
    });
    const user = userEvent.setup();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: /Show 2 items/ }));
    const taxed = await screen.findByRole('list', { name: 'Items of order #aaaaaaaa' });
    expect(await within(taxed).findByText('Sales tax (CA)')).toBeInTheDocument();
    expect(within(taxed).getByText('$3.62')).toBeInTheDocument();
    expect(within(taxed).getByText('Subtotal')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Show 1 item/ }));
    const exempt = await screen.findByRole('list', { name: 'Items of order #bbbbbbbb' });
    expect(
      await within(exempt).findByText('Exempt: resale certificate SR-9, CA, valid to Jan 31, 2027'),
    ).toBeInTheDocument();
  });

  it("an opened order's rows add up to what was charged: the lines, a quote's shipping, the tax, the store credit off", async () => {
    seedProfile('retailer');
    // $49.98 of goods, $25.00 shipping, $20.00 of store credit, $4.00 of tax: $58.98 charged.
    seedOrder('cccccccc3333', '2025-03-01T12:00:00Z', 'processing', [
      line('purple-dream', 'Purple Dream Syrup', 2499, 2),
    ]);
    fakeDb.seed('orders/cccccccc3333', {
      ...fakeDb.get('orders/cccccccc3333'),
      amount: 5898,
      shipping_charge: 2500,
      store_credit_applied: 2000,
      tax: { amount: 400, state: 'CA', exemption: null },
    });
    const user = userEvent.setup();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: /Show 2 items/ }));
    const items = await screen.findByRole('list', { name: 'Items of order #cccccccc' });
    const rows = (await within(items).findAllByRole('listitem')).map((row) => row.textContent);
    expect(rows).toEqual(
      expect.arrayContaining([
        'Subtotal$49.98',
        'Shipping$25.00',
        'Sales tax (CA)$4.00',
        'Store credit-$20.00',
      ]),
    );
  });

  it("opens the order a mail's link names (?order=<id>), expanded, and says so", async () => {
    seedProfile('retailer');
    seedOrder('aaaaaaaa1111', '2025-03-01T12:00:00Z', 'delivered', [
      line('purple-dream', 'Purple Dream Syrup', 2499, 2),
    ]);
    seedOrder('bbbbbbbb2222', '2025-04-15T12:00:00Z', 'processing', [
      line('blue-coast', 'Blue Coast Syrup', 2599, 1),
    ]);
    renderAccount('/portal/my-account?order=aaaaaaaa1111');
    expect(
      await screen.findByText('Order #aaaaaaaa from your email is open below.'),
    ).toBeInTheDocument();
    const linked = screen.getByRole('listitem', { name: 'Order #aaaaaaaa' });
    expect(within(linked).getByRole('button', { name: 'Hide items' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(
      within(await screen.findByRole('list', { name: 'Items of order #aaaaaaaa' })).getByText(
        'Purple Dream Syrup',
      ),
    ).toBeInTheDocument();
    expect(linked).toHaveClass('order-card--linked');
    // The other order stays closed.
    const other = screen.getByRole('listitem', { name: 'Order #bbbbbbbb' });
    expect(within(other).getByRole('button', { name: /Show 1 item/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('opens a replacement order from its link (ids with a dash: <claimId>-replacement)', async () => {
    seedProfile('retailer');
    seedOrder('claimabc12-replacement', '2025-03-01T12:00:00Z', 'processing', [
      line('purple-dream', 'Purple Dream Syrup', 0, 2),
    ]);
    renderAccount('/portal/my-account?order=claimabc12-replacement');
    const linked = await screen.findByRole('listitem', { name: 'Order #claimabc' });
    expect(within(linked).getByRole('button', { name: 'Hide items' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it("says clearly when the linked order is not this account's (or does not exist)", async () => {
    seedProfile('retailer');
    seedOrder('aaaaaaaa1111', '2025-03-01T12:00:00Z', 'delivered', [
      line('purple-dream', 'Purple Dream Syrup', 2499, 2),
    ]);
    seedOrder(
      'cccccccc3333',
      '2025-05-15T12:00:00Z',
      'processing',
      [line('blue-coast', 'Blue Coast Syrup', 2599, 1)],
      'someone-else',
    );
    renderAccount('/portal/my-account?order=cccccccc3333');
    expect(
      await screen.findByText("Order #cccccccc isn't among this account's orders."),
    ).toBeInTheDocument();
    expect(screen.getByText(/sign in with that account to see it/)).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Order #cccccccc' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Order #aaaaaaaa' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hide items' })).not.toBeInTheDocument();
  });

  it("shows 'No orders yet' with Start Shopping", async () => {
    seedProfile('retailer');
    const user = userEvent.setup();
    renderAccount();
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Start Shopping' }));
    expect(await screen.findByRole('heading', { name: 'Store page' })).toBeInTheDocument();
  });

  it("never shows 'No orders yet' while the orders are being read, then shows what was read", async () => {
    seedProfile('retailer');
    const { queryClient } = renderAccount();
    expect(
      await screen.findByRole('heading', { name: 'No orders yet' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    // A payment later: the cached empty list is read again (held here to watch the read).
    seedOrder('order-new-1', '2026-01-05T10:00:00Z', 'processing', [
      line('blue-coast', 'Blue Coast Syrup', 3499, 2),
    ]);
    const release = fakeDb.hold('getDocs');
    await act(async () => {
      void queryClient.invalidateQueries({ queryKey: ['orders', BUYER_UID] });
    });
    await waitFor(() => expect(screen.getByLabelText('Loading orders')).toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'No orders yet' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('listitem', { name: 'Order #order-ne' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No orders yet' })).not.toBeInTheDocument();
  });

  it('reorders: adds the active products to the cart, skips inactive ones with a message, then opens the cart', async () => {
    seedProfile('wholesaler');
    seedProducts();
    seedCartItem('purple-dream', 1);
    seedOrder('aaaaaaaa1111', '2025-03-01T12:00:00Z', 'delivered', [
      line('purple-dream', 'Purple Dream Syrup', 2499, 2),
      line('blue-coast', 'Blue Coast Syrup', 2599, 3),
      line('old-flavor', 'Retired Flavor', 1000, 1),
    ]);
    const user = userEvent.setup();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Reorder #aaaaaaaa' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
    await expectToast('Reorder', 'No longer available, not added: Retired Flavor.');
    // Only cart lines are written (no prices): today's price for the role applies at checkout.
    expect(fakeDb.get(`profiles/${BUYER_UID}/cart_items/purple-dream`)).toMatchObject({
      product_id: 'purple-dream',
      quantity: 3,
    });
    expect(fakeDb.get(`profiles/${BUYER_UID}/cart_items/blue-coast`)).toMatchObject({
      product_id: 'blue-coast',
      quantity: 3,
    });
    expect(
      Object.keys(fakeDb.get(`profiles/${BUYER_UID}/cart_items/blue-coast`) ?? {}).sort(),
    ).toEqual(['product_id', 'quantity', 'updated_at']);
    expect(fakeDb.has(`profiles/${BUYER_UID}/cart_items/old-flavor`)).toBe(false);
  });

  it("toasts 'Something went wrong.' when the reorder cannot be written", async () => {
    seedProfile('retailer');
    seedProducts();
    seedOrder('aaaaaaaa1111', '2025-03-01T12:00:00Z', 'delivered', [
      line('blue-coast', 'Blue Coast Syrup', 2599, 1),
    ]);
    fakeDb.fail('commit', `profiles/${BUYER_UID}/cart_items`);
    const user = userEvent.setup();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Reorder #aaaaaaaa' }));
    await expectToast('Error', 'Something went wrong.');
    expect(screen.queryByRole('heading', { name: 'Cart page' })).not.toBeInTheDocument();
  });

  it("toasts 'Could not load account data.' when the orders cannot be read", async () => {
    seedProfile('retailer');
    fakeDb.fail('getDocs', 'orders');
    renderAccount();
    await expectToast('Error', 'Could not load account data.');
    expect(
      screen.getByRole('heading', { name: 'Could not load account data.' }),
    ).toBeInTheDocument();
  });
});

describe('AccountPage: tabs', () => {
  it('moves between tabs with the keyboard and keeps the tab in the URL', async () => {
    seedProfile('retailer');
    seedSupport();
    const user = userEvent.setup();
    renderAccount();
    act(() => screen.getByRole('tab', { name: 'Orders' }).focus());
    await user.keyboard('{ArrowRight}{Enter}');
    expect(await screen.findByRole('tab', { name: 'Quotes', selected: true })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/portal/my-account?tab=quotes');
    expect(await screen.findByRole('heading', { name: 'No quotes yet' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(
      await screen.findByRole('tab', { name: /Standing orders/, selected: true }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/portal/my-account?tab=standing-orders',
    );
    await user.keyboard('{ArrowRight}{Enter}');
    expect(await screen.findByRole('tab', { name: /Claims/, selected: true })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/portal/my-account?tab=claims');
    expect(await screen.findByRole('heading', { name: 'No claims yet' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(await screen.findByRole('tab', { name: /Support/, selected: true })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/portal/my-account?tab=support');
    expect(await screen.findByText('Cleaning the bowls')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(await screen.findByRole('tab', { name: /Profile/, selected: true })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('?tab=profile');
  });

  it('opens the tab named in the URL and goes back to Orders by click', async () => {
    seedProfile('retailer');
    const user = userEvent.setup();
    renderAccount('/portal/my-account?tab=profile');
    expect(screen.getByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/portal\/my-account$/);
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
  });
});

describe('AccountPage: Support', () => {
  it('lists tutorials by category with a badge and Watch Tutorial opening a new tab', async () => {
    seedProfile('retailer');
    seedSupport();
    renderAccount('/portal/my-account?tab=support');
    const list = await screen.findByRole('list', { name: 'Video tutorials' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Cleaning the bowls',
      'Draining the machine',
      'Unboxing and first run',
    ]);
    expect(within(items[2]!).getByText('Setup')).toHaveClass('tag');
    const watch = within(items[0]!).getByRole('link', {
      name: /Watch Tutorial: Cleaning the bowls/,
    });
    expect(watch).toHaveAttribute('href', 'https://videos.example/clean');
    expect(watch).toHaveAttribute('target', '_blank');
    expect(watch).toHaveAttribute('rel', 'noopener noreferrer');
    expect(fakeDb.calls.find((c) => c.path === 'support_content')?.constraints).toEqual([
      { type: 'orderBy', field: 'category', direction: 'asc' },
    ]);
  });

  it('shows a loading state, then an error with a retry when tutorials cannot be read', async () => {
    seedProfile('retailer');
    seedSupport();
    fakeDb.fail('getDocs', 'support_content', new Error('unavailable'), true);
    const release = fakeDb.hold('getDocs');
    const user = userEvent.setup();
    renderAccount('/portal/my-account?tab=support');
    expect(screen.getByLabelText('Loading tutorials')).toBeInTheDocument();
    release();
    await expectToast('Error', 'Could not load account data.');
    await user.click(screen.getByRole('button', { name: /Try Again/ }));
    expect(await screen.findByText('Cleaning the bowls')).toBeInTheDocument();
  });

  it("shows 'No tutorials available yet' when there are none", async () => {
    seedProfile('retailer');
    renderAccount('/portal/my-account?tab=support');
    expect(
      await screen.findByRole('heading', { name: 'No tutorials available yet' }),
    ).toBeInTheDocument();
  });
});

describe('AccountPage: Profile', () => {
  it('shows the editable store name, the read-only permit with its hint, and the badges', async () => {
    seedProfile('wholesaler');
    renderAccount('/portal/my-account?tab=profile');
    expect(await screen.findByLabelText('Store name')).toHaveValue('Cloud Nine Smokeshop');
    const permit = screen.getByLabelText('Seller permit ID');
    expect(permit).toHaveValue('SP-123456');
    expect(permit).toHaveAttribute('readonly');
    expect(permit).toHaveAccessibleDescription('Contact support to update your permit ID');
    expect(screen.getByText('Wholesaler')).toHaveClass('tag');
    expect(screen.getByText('Approved')).toHaveClass('tag--green');
  });

  it('shows a loading state while the profile is read', async () => {
    seedProfile('retailer');
    const release = fakeDb.hold('getDoc');
    renderAccount('/portal/my-account?tab=profile');
    expect(screen.getByLabelText('Loading profile')).toBeInTheDocument();
    release();
    expect(await screen.findByLabelText('Store name')).toHaveValue('Cloud Nine Smokeshop');
  });

  it("renames the company (the owner's store name) and toasts success", async () => {
    seedProfile('retailer');
    seedCompany();
    const user = userEvent.setup();
    renderAccount('/portal/my-account?tab=profile');
    const input = await screen.findByLabelText('Store name');
    await user.clear(input);
    await user.type(input, '  Vapor Palace  ');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await expectToast('Success', 'Your profile has been successfully updated.');
    const write = fakeDb.calls.find((c) => c.op === 'updateDoc');
    expect(write).toEqual({
      op: 'updateDoc',
      path: `companies/${BUYER_UID}`,
      // The rules allow one rename a minute, timed by the server's clock.
      data: { name: 'Vapor Palace', name_changed_at: expect.anything() },
    });
    expect(await screen.findByText('Vapor Palace')).toBeInTheDocument(); // page subtitle, refetched
  });

  it('says when a rename comes too soon after the last one, without writing', async () => {
    seedProfile('retailer');
    seedCompany();
    const user = userEvent.setup();
    renderAccount('/portal/my-account?tab=profile');
    const input = await screen.findByLabelText('Store name');
    await user.clear(input);
    await user.type(input, 'Electric Slush HQ');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await expectToast('Success', 'Your profile has been successfully updated.');
    expect(await screen.findByText('Electric Slush HQ')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Store name'), ' 2');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await expectToast('Not Yet', 'You changed the store name a moment ago. Try again in a minute.');
    expect(fakeDb.calls.filter((c) => c.op === 'updateDoc')).toHaveLength(1);
  });

  it('renames again once the minute since the last rename has passed', async () => {
    seedProfile('retailer');
    seedCompany({
      name_changed_at: Timestamp.fromDate(new Date(Date.now() - STORE_RENAME_INTERVAL_MS - 1000)),
    });
    const user = userEvent.setup();
    renderAccount('/portal/my-account?tab=profile');
    await user.type(await screen.findByLabelText('Store name'), ' West');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await expectToast('Success', 'Your profile has been successfully updated.');
  });

  it('refuses a store name with direction or control characters without writing', async () => {
    seedProfile('retailer');
    seedCompany();
    const user = userEvent.setup();
    renderAccount('/portal/my-account?tab=profile');
    const input = await screen.findByLabelText('Store name');
    await user.clear(input);
    await user.type(input, 'Shop \u202egnp.exe');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(
      await screen.findByText('Store name cannot contain special characters'),
    ).toBeInTheDocument();
    expect(fakeDb.calls.some((c) => c.op === 'updateDoc')).toBe(false);
  });

  it('refuses an empty store name without writing', async () => {
    seedProfile('retailer');
    seedCompany();
    const user = userEvent.setup();
    renderAccount('/portal/my-account?tab=profile');
    await user.clear(await screen.findByLabelText('Store name'));
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Store name is required')).toBeInTheDocument();
    expect(fakeDb.calls.some((c) => c.op === 'updateDoc')).toBe(false);
  });

  it("toasts 'Could not update profile.' when the write fails", async () => {
    seedProfile('retailer');
    seedCompany();
    fakeDb.fail('updateDoc', `companies/${BUYER_UID}`);
    const user = userEvent.setup();
    renderAccount('/portal/my-account?tab=profile');
    await user.type(await screen.findByLabelText('Store name'), ' West');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await expectToast('Error', 'Could not update profile.');
  });

  it.each(['buyer', 'viewer'])(
    "shows a %s the store name read-only: only the company's owner renames it",
    async (companyRole) => {
      seedProfile('retailer', { company_role: companyRole });
      seedCompany();
      renderAccount('/portal/my-account?tab=profile');
      const input = await screen.findByLabelText('Store name');
      expect(input).toHaveAttribute('readonly');
      expect(input).toHaveAccessibleDescription("Only your company's owner can rename the store");
      expect(screen.queryByRole('button', { name: 'Update Profile' })).not.toBeInTheDocument();
    },
  );

  it("toasts 'Could not load account data.' when the profile cannot be read", async () => {
    fakeDb.fail('getDoc', `profiles/${BUYER_UID}`);
    renderAccount('/portal/my-account?tab=profile');
    await expectToast('Error', 'Could not load account data.');
    expect(
      screen.getByRole('heading', { name: 'Could not load account data.' }),
    ).toBeInTheDocument();
  });
});
