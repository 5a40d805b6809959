/**
 * Scenario 1, the rush: `buyers` approved retailers arrive spread over the first `window`
 * seconds; each signs in, puts three products in the cart, calls createCheckoutSession and pays
 * on the sandbox's hosted page, whose checkout.session.completed reaches stripeWebhook (through
 * the relay, forwarding). Then: every paid checkout is one order, one invoice number each, none
 * doubled or lost, the stock moved by exactly what was ordered.
 */
import { COLLECTIONS } from '@portal/domain';
import { addToCart, callCallable } from './buyer-client';
import { createBuyers, signInBuyer } from './buyers';
import { Deadline, isDeadlineError } from './deadline';
import {
  check,
  heldByOpenCheckouts,
  invoiceCounter,
  orderChecks,
  readOrders,
  searchFieldsCheck,
  some,
  stockCheck,
  type Check,
} from './firestore-checks';
import { functionsNote } from './functions-activity';
import { StepRecorder } from './latency';
import { OrderWatch } from './order-watch';
import { writeProducts, type LoadProduct } from './products';
import { payOnHostedPage, sessionIdOf } from './sandbox-checkout';
import { deliveryNotes, refusalOrError, type LoadContext, type ScenarioResult } from './scenario';

const PRODUCTS = ['a', 'b', 'c'].map((letter, i) => ({
  id: `load-rush-${letter}`,
  name: `Rush Syrup ${letter.toUpperCase()}`,
  price: 2999 + i * 200,
}));

/** Buyer i's cart: one to three units of each of the three products. */
function cartOf(i: number) {
  return PRODUCTS.map((product, k) => ({ productId: product.id, quantity: 1 + ((i + k) % 3) }));
}

export const RUSH_STEPS = {
  signIn: 'sign-in (Auth REST)',
  cart: 'cart write (Firestore, rules)',
  checkout: 'createCheckoutSession',
  pay: 'pay on the hosted page',
  webhook: 'stripeWebhook (Stripe deliveries)',
  visible: 'paid → order visible',
} as const;

export async function runRush(
  ctx: LoadContext,
  options: { buyers: number; windowSeconds: number },
): Promise<ScenarioResult> {
  const { db, urls } = ctx;
  const stockOnHand = 3 * options.buyers + 30;
  const products: LoadProduct[] = PRODUCTS.map((p) => ({ ...p, stockOnHand }));
  await writeProducts(db, products);
  ctx.say(`rush: creating ${options.buyers} approved buyers ...`);
  const buyers = await createBuyers(ctx, { name: 'rush', number: 1 }, options.buyers);
  await ctx.settle();
  const counterBefore = await invoiceCounter(db);
  ctx.relay.mode = 'forward';
  const relayStart = ctx.relay.deliveries.length;

  // The arrivals take the window; each buyer then has a few minutes to get through the queue.
  const deadline = new Deadline('rush', (options.windowSeconds + 180 + 2 * options.buyers) * 1000);
  const recorder = new StepRecorder();
  const watch = new OrderWatch(db, deadline);
  const failures = new Map<string, number>();
  const fail = (reason: string) => failures.set(reason, (failures.get(reason) ?? 0) + 1);
  const paid: string[] = [];
  ctx.say(`rush: ${options.buyers} buyers arriving over ${options.windowSeconds} s ...`);
  const activityBefore = ctx.functionsActivity();
  const started = performance.now();

  await Promise.all(
    buyers.map(async (buyer, i) => {
      try {
        await deadline.sleep((options.windowSeconds * 1000 * i) / options.buyers);
        const signedIn = await recorder.time(RUSH_STEPS.signIn, () =>
          signInBuyer(urls, buyer, deadline.signal),
        );
        await recorder.time(RUSH_STEPS.cart, () =>
          addToCart(urls, signedIn, cartOf(i), deadline.signal),
        );
        const answer = await recorder.time(
          RUSH_STEPS.checkout,
          () =>
            callCallable<{ url: string; orderId: string }>(
              urls,
              'createCheckoutSession',
              {},
              { buyer: signedIn, appCheck: ctx.appCheck },
              deadline.signal,
            ),
          (a) => (a.kind === 'ok' ? 'ok' : refusalOrError(a.status)),
        );
        if (answer.kind !== 'ok') {
          fail(`createCheckoutSession ${answer.status}: ${answer.message}`);
          return;
        }
        const checkoutId = answer.result.orderId;
        const payStarted = performance.now();
        await recorder.time(RUSH_STEPS.pay, () =>
          payOnHostedPage(urls, sessionIdOf(answer.result.url), 'card', deadline.signal),
        );
        paid.push(checkoutId);
        const seenAt = await watch.waitFor(checkoutId, (order) => order.status === 'processing');
        recorder.record(RUSH_STEPS.visible, 'ok', seenAt - payStarted);
      } catch (error) {
        fail(
          isDeadlineError(error)
            ? 'deadline passed'
            : error instanceof Error
              ? error.message
              : String(error),
        );
      }
    }),
  );
  const wallMs = performance.now() - started;
  deadline.clear();

  for (const delivery of ctx.relay.deliveries.slice(relayStart)) {
    const ok = delivery.status !== null && delivery.status >= 200 && delivery.status < 300;
    recorder.record(RUSH_STEPS.webhook, ok ? 'ok' : 'error', delivery.ms);
  }
  const deliveries = deliveryNotes(ctx.relay, relayStart);

  // The triggers the last orders set off run before anything is read.
  await ctx.settle();
  const checks: Check[] = [
    check(
      'every buyer checked out and paid',
      paid.length === options.buyers,
      `${paid.length} of ${options.buyers}` +
        (failures.size > 0
          ? `; ${some(
              [...failures].map(([reason, n]) => `${n}× ${reason}`),
              3,
            )}`
          : ''),
    ),
    ...(await orderChecks(db, { paidCheckoutIds: paid, uidPrefix: 'load-rush-', counterBefore })),
  ];
  // Each order holds what its buyer put in the cart.
  const orders = await readOrders(db, paid);
  const wrongLines = [...orders].filter(([, order]) => {
    const i = buyers.findIndex((b) => b.uid === order.user_id);
    const items = (order.items ?? []) as Array<{ product_id: string; quantity: number }>;
    const want = cartOf(i);
    return (
      items.length !== want.length ||
      want.some(
        (line) =>
          !items.some((it) => it.product_id === line.productId && it.quantity === line.quantity),
      )
    );
  });
  checks.push(
    check(
      "each order holds its buyer's cart",
      wrongLines.length === 0,
      wrongLines.length === 0
        ? `${orders.size} orders`
        : `differ: ${some(wrongLines.map(([id]) => id))}`,
    ),
  );
  const unitsOf = (ids: readonly string[], productIndex: number) =>
    ids.reduce((sum, id) => {
      const uid = orders.get(id)?.user_id;
      const i = buyers.findIndex((b) => b.uid === uid);
      return sum + (i >= 0 ? (cartOf(i)[productIndex]?.quantity ?? 0) : 0);
    }, 0);
  const heldUnits = await heldByOpenCheckouts(db, 'load-rush-');
  for (const [k, product] of products.entries()) {
    checks.push(
      await stockCheck(
        db,
        { id: product.id, initialOnHand: stockOnHand },
        { orderedUnits: unitsOf(paid, k), heldUnits: heldUnits.get(product.id) ?? 0 },
      ),
    );
  }
  checks.push(
    await searchFieldsCheck(db, 'load-rush-', paid),
    check(
      "every Stripe delivery ended 2xx (none left for Stripe's retries)",
      deliveries.failing.length === 0,
      deliveries.failing.length === 0
        ? deliveries.notes.join('')
        : `failing: ${some(deliveries.failing)}`,
    ),
  );
  // Each buyer calls from an address of its own (X-Forwarded-For): one per-IP window each.
  const windows = await db.collection(COLLECTIONS.rateLimits).select().get();
  const ipWindows = windows.docs.filter((doc) =>
    doc.id.startsWith('createCheckoutSession-ip.'),
  ).length;
  return {
    name: 'Rush',
    steps: recorder.summaries(),
    checks,
    wallMs,
    notes: [
      `${options.buyers} buyers over ${options.windowSeconds} s: ${paid.length} paid orders in ${(wallMs / 1000).toFixed(1)} s`,
      ...deliveries.notes,
      functionsNote(activityBefore, ctx.functionsActivity()),
      `per-IP rate-limit windows of createCheckoutSession: ${ipWindows} (one per buyer's address)`,
    ],
  };
}
