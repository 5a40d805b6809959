/**
 * A standing order from start to end: a fresh retailer puts the Syrup Variety Pack (not stock
 * tracked, no price breaks) on a 2-week standing order and pays on the Stripe sandbox page; the
 * buyer's Stripe test clock is advanced two weeks and the renewal arrives as a second order of
 * type 'subscription'; they skip the next delivery (the clock passes it: no order); a manager
 * finds it on the dashboard, pauses and resumes it; the buyer cancels, and no further order is
 * ever made.
 */
import { expect } from 'vitest';
import Stripe from 'stripe';
import { advanceBuyerClock } from '../../scripts/lib/test-clocks';
import { createApprovedBuyer, type TestBuyer } from './support/accounts';
import { checkA11yBothWidths } from './support/a11y';
import { readDocument } from './support/firestore-admin';
import { journey, type Person } from './support/journey';
import { snap } from './support/screens';
import { fillShipTo, onStripePage } from './support/stripe-page';
import {
  at,
  openInApp,
  productCard,
  see,
  seeText,
  signInBuyer,
  signInManager,
  usd,
} from './support/ui';

const j = journey('standing-orders');
const PACK = { id: 'syrup-variety-pack', name: 'Syrup Variety Pack', unit: 15999 };
let account: TestBuyer;
let buyer: Person;
let standingOrderId = '';

function stripe(): Stripe {
  const url = new URL(j.stack.urls.stripe);
  return new Stripe('sk_test_local_sandbox', {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
}

async function advanceWeeks(weeks: number): Promise<void> {
  const customer = await readDocument(j.stack, `stripe_customers/${account.uid}`);
  const customerId = typeof customer?.customer_id === 'string' ? customer.customer_id : null;
  await advanceBuyerClock({ stripe: stripe(), customerId, weeks });
}

async function standingOrder() {
  const doc = await readDocument(j.stack, `standing_orders/${standingOrderId}`);
  if (!doc) throw new Error(`standing order ${standingOrderId} missing`);
  return doc as {
    status: string;
    orders_count: number;
    last_order_id: string;
    next_delivery_at: Date | null;
    skipped_delivery_at: Date | null;
  };
}

function standingCard(person: Person) {
  return person.page.getByRole('listitem', { name: /standing order every 2 weeks/i }).first();
}

j.step(
  'a retailer checks out the cart as a standing order every 2 weeks',
  async () => {
    account = await createApprovedBuyer(j.stack, 'retailer', 'standing');
    buyer = await j.person('retailer');
    const { page } = buyer;
    await signInBuyer(page, account.email);
    await openInApp(page, '/portal/store?q=variety');
    const card = productCard(page, PACK.name);
    await card.getByRole('button', { name: /^Add to Cart/ }).click();
    // The cart write must land before the page is left, or it is lost with the page.
    await see(card.getByRole('button', { name: /^Add to Cart 1 in cart$/ }));
    await openInApp(page, '/portal/cart');
    await see(page.getByRole('article', { name: PACK.name }));
    await page.getByRole('radio', { name: 'Deliver every 2 weeks' }).check();
    await see(page.getByText(/charged for this cart now and every 2 weeks/));
    await snap(page, 'cart-standing-order');
    await page.getByRole('button', { name: 'Start standing order' }).click();
    const sessionId = await onStripePage(page, j.stack);
    await see(page.getByText(/every 2 weeks/i).first());
    await see(page.getByText(usd(PACK.unit)).first());
    await fillShipTo(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await at(page, '/payment-success', 30_000);
    await see(page.getByText('Payment Successful!').first(), 30_000);
    const session = await stripe().checkout.sessions.retrieve(sessionId);
    expect(session.mode).toBe('subscription');
    standingOrderId = session.client_reference_id ?? '';
    await expect.poll(async () => (await standingOrder()).status).toBe('active');
    const first = await readDocument(j.stack, `orders/${standingOrderId}`);
    expect(first).toMatchObject({ payment_type: 'subscription', amount: PACK.unit });
  },
  150_000,
);

j.step('My Account shows the standing order with its next delivery', async () => {
  const { page } = buyer;
  await openInApp(page, '/portal/my-account?tab=standing-orders');
  const card = standingCard(buyer);
  await see(card);
  await seeText(card, /Active/);
  await seeText(card, /Next delivery/);
  await seeText(card, new RegExp(PACK.name));
  await snap(page, 'account-standing-orders');
});

j.step('two weeks later the renewal is a second order, of type subscription', async () => {
  const before = await standingOrder();
  await advanceWeeks(2);
  await expect.poll(async () => (await standingOrder()).orders_count, { timeout: 20_000 }).toBe(2);
  const after = await standingOrder();
  expect(after.last_order_id).not.toBe(standingOrderId);
  const renewal = await readDocument(j.stack, `orders/${after.last_order_id}`);
  expect(renewal).toMatchObject({
    payment_type: 'subscription',
    status: 'processing',
    amount: PACK.unit,
    standing_order_id: standingOrderId,
  });
  expect(after.next_delivery_at!.getTime() - before.next_delivery_at!.getTime()).toBe(
    14 * 24 * 3600 * 1000,
  );
  const { page } = buyer;
  await page.goto('/portal/my-account');
  await expect
    .poll(async () => page.getByText(usd(PACK.unit)).count(), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
});

j.step('the buyer skips the next delivery; the clock passes it and no order is made', async () => {
  const { page } = buyer;
  await page.goto('/portal/my-account?tab=standing-orders');
  const card = standingCard(buyer);
  await card.getByRole('button', { name: 'Skip next delivery' }).click();
  await see(card.getByRole('button', { name: 'Undo skip' }));
  await seeText(card, /skipped/);
  await snap(page, 'account-standing-order-skipped');
  const skipped = await standingOrder();
  expect(skipped.skipped_delivery_at).not.toBeNull();
  await advanceWeeks(2);
  await expect
    .poll(async () => (await standingOrder()).skipped_delivery_at, { timeout: 20_000 })
    .toBeNull();
  expect((await standingOrder()).orders_count).toBe(2);
});

j.step('a manager sees it on the dashboard, pauses it and resumes it', async () => {
  const manager = await j.person('manager');
  const { page } = manager;
  await signInManager(page);
  await openInApp(page, '/admin?tab=standing-orders');
  await see(page.getByRole('heading', { name: 'Upcoming deliveries (next 14 days)' }));
  const row = page.getByRole('row').filter({ hasText: account.storeName });
  await seeText(row, /Every 2 weeks/);
  await seeText(row, /Active/);
  await snap(page, 'admin-standing-orders');
  await row.getByRole('button', { name: `Pause standing order of ${account.storeName}` }).click();
  await expect.poll(async () => (await standingOrder()).status).toBe('paused');
  await seeText(row, /Paused/);
  await row.getByRole('button', { name: `Resume standing order of ${account.storeName}` }).click();
  await expect.poll(async () => (await standingOrder()).status).toBe('active');
  await seeText(row, /Active/);
});

j.step('the buyer cancels; however far the clock moves, no further order comes', async () => {
  const { page } = buyer;
  await page.goto('/portal/my-account?tab=standing-orders');
  const card = standingCard(buyer);
  const confirm = page.locator('.confirm-popover').filter({ visible: true });
  const openCancel = async () => {
    if (await confirm.isVisible()) return;
    await card.getByRole('button', { name: 'Cancel standing order' }).click();
    await see(confirm.getByText('Cancel this standing order?'));
  };
  await openCancel();
  await see(page.getByText('No further deliveries will be made or charged.'));
  await checkA11yBothWidths(page, 'account-standing-order-cancel-confirm', openCancel);
  await openCancel();
  await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
  await seeText(standingCard(buyer), /Cancelled/);
  await expect.poll(async () => (await standingOrder()).status).toBe('cancelled');
  await snap(page, 'account-standing-order-cancelled');
  await advanceWeeks(6);
  expect((await standingOrder()).orders_count).toBe(2);
  const sub = await stripe().subscriptions.list({ status: 'all', limit: 100 });
  const mine = sub.data.find((s) => s.metadata?.standingOrderId === standingOrderId);
  expect(mine?.status).toBe('canceled');
});
