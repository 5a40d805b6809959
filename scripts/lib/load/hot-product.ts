/**
 * Scenario 3, the hot product: one product with stock for two units per buyer, `buyers` buyers
 * each with three units of it in the cart, all calling createCheckoutSession in the same second
 * (Promise.all once every one is signed in and has the cart set). Each gets a checkout, or the
 * domain's stock-short refusal ("Only N left of …", stockShortMessage); the checkouts hold
 * exactly the stock there was, never more. Then each checkout is paid: the orders take the units,
 * and the stock never goes below zero.
 */
import { stockShortMessage } from '@portal/domain';
import { addToCart, callCallable, type CallableAnswer, type SignedInBuyer } from './buyer-client';
import { createBuyers, signInBuyer } from './buyers';
import { Deadline } from './deadline';
import {
  check,
  heldByOpenCheckouts,
  invoiceCounter,
  orderChecks,
  searchFieldsCheck,
  some,
  stockCheck,
  type Check,
} from './firestore-checks';
import { functionsNote } from './functions-activity';
import { StepRecorder } from './latency';
import { OrderWatch } from './order-watch';
import { mapLimit } from './pool';
import { stockOf, writeProducts } from './products';
import { payOnHostedPage, sessionIdOf } from './sandbox-checkout';
import type { LoadContext, ScenarioResult } from './scenario';

const PRODUCT = { id: 'load-hot', name: 'Hot Release Syrup', price: 4999 };
/** Each buyer wants this many; the stock is two per buyer, so a third of the buyers go without. */
const UNITS = 3;
const SETUP_LANES = 8;
const PAY_LANES = 8;

type Answer = CallableAnswer<{ url: string; orderId: string }>;

/** The refusal the domain words for `available` units left (the callable adds the full stop). */
function isStockShort(answer: Answer): boolean {
  if (answer.kind === 'ok' || answer.status !== 'FAILED_PRECONDITION') return false;
  const available = (answer.details as { available?: unknown } | undefined)?.available;
  return (
    typeof available === 'number' &&
    answer.message === `${stockShortMessage(PRODUCT.name, available)}.`
  );
}

export async function runHotProduct(
  ctx: LoadContext,
  options: { buyers: number },
): Promise<ScenarioResult> {
  const { db, urls } = ctx;
  const stock = 2 * options.buyers;
  await writeProducts(db, [{ ...PRODUCT, stockOnHand: stock }]);
  ctx.say(
    `hot: ${options.buyers} buyers, ${stock} units of ${PRODUCT.name}, ${UNITS} in each cart ...`,
  );
  const setupDeadline = new Deadline('hot product setup', (60 + options.buyers) * 1000);
  const buyers = await createBuyers(ctx, { name: 'hot', number: 3 }, options.buyers);
  const signedIn: SignedInBuyer[] = await mapLimit(buyers, SETUP_LANES, async (buyer) => {
    const session = await signInBuyer(urls, buyer, setupDeadline.signal);
    await addToCart(
      urls,
      session,
      [{ productId: PRODUCT.id, quantity: UNITS }],
      setupDeadline.signal,
    );
    return session;
  });
  setupDeadline.clear();
  await ctx.settle();
  const deadline = new Deadline('hot product', (120 + 2 * options.buyers) * 1000);
  const counterBefore = await invoiceCounter(db);
  const recorder = new StepRecorder();

  ctx.say(`hot: ${options.buyers} checkouts at once ...`);
  const activityBefore = ctx.functionsActivity();
  const started = performance.now();
  const answers = await Promise.all(
    signedIn.map((buyer) =>
      recorder
        .time(
          'createCheckoutSession (same second)',
          () =>
            callCallable<{ url: string; orderId: string }>(
              urls,
              'createCheckoutSession',
              {},
              { buyer, appCheck: ctx.appCheck },
              deadline.signal,
            ),
          (answer) => (answer.kind === 'ok' ? 'ok' : isStockShort(answer) ? 'refused' : 'error'),
        )
        .catch((error: unknown): Answer => ({
          kind: 'failed',
          http: 0,
          status: 'NO_ANSWER',
          message: error instanceof Error ? error.message : String(error),
          details: null,
        })),
    ),
  );
  const checkoutsMs = performance.now() - started;
  const ok = answers.flatMap((answer) => (answer.kind === 'ok' ? [answer.result] : []));
  const refused = answers.filter(isStockShort);
  const errors = answers.filter((answer) => answer.kind !== 'ok' && !isStockShort(answer));
  const expectedOk = Math.floor(stock / UNITS);
  const held = await stockOf(db, PRODUCT.id);
  const checks: Check[] = [
    check(
      'every buyer got a checkout or the stock-short refusal',
      errors.length === 0,
      `${ok.length} checkouts, ${refused.length} refused` +
        (refused[0] && refused[0].kind === 'failed' ? ` ("${refused[0].message}")` : '') +
        (errors.length > 0
          ? `, ${errors.length} otherwise: ${some(
              errors.map((e) => (e.kind === 'failed' ? `${e.status} ${e.message}` : '')),
              3,
            )}`
          : ''),
    ),
    check(
      'the checkouts took exactly the stock there was',
      ok.length === expectedOk,
      `${ok.length} checkouts × ${UNITS} units of ${stock} (expected ${expectedOk}, ${stock - expectedOk * UNITS} left)`,
    ),
    check(
      'held while open: reserved = units of the checkouts, within on hand',
      held.onHand === stock && held.reserved === ok.length * UNITS && held.reserved <= stock,
      `on hand ${String(held.onHand)}, reserved ${String(held.reserved)}`,
    ),
  ];

  // Each checkout is paid; its order takes the units.
  const watch = new OrderWatch(db, deadline);
  const paid: string[] = [];
  await mapLimit(ok, PAY_LANES, async (checkout) => {
    try {
      const payStarted = performance.now();
      await recorder.time('pay on the hosted page', () =>
        payOnHostedPage(urls, sessionIdOf(checkout.url), 'card', deadline.signal),
      );
      paid.push(checkout.orderId);
      const seenAt = await watch.waitFor(
        checkout.orderId,
        (order) => order.status === 'processing',
      );
      recorder.record('paid → order visible', 'ok', seenAt - payStarted);
    } catch {
      // Counted below: its checkout stays open and holds its units.
    }
  });
  deadline.clear();
  await ctx.settle();
  const stockChecked = await stockCheck(
    db,
    { id: PRODUCT.id, initialOnHand: stock },
    {
      orderedUnits: paid.length * UNITS,
      heldUnits: (await heldByOpenCheckouts(db, 'load-hot-')).get(PRODUCT.id) ?? 0,
    },
  );
  // The product's document: its folds write it at most once a second (the trigger), plus the
  // checkout worker's sweep every 5 s and its first fold; before the shards every checkout and
  // every order wrote it (docs/stock.md).
  const seconds = Math.ceil((performance.now() - started) / 1000);
  const writes = ctx.functionsActivity().productWrites - activityBefore.productWrites;
  const bound = seconds + Math.ceil(seconds / 5) + 2;
  const moves = ok.length + paid.length;
  checks.push(
    check(
      'the hot product’s document took at most one write a second, not one per checkout',
      writes <= bound && (moves < 10 || writes < moves),
      `${writes} writes in ${seconds} s (at most ${bound}) for ${ok.length} checkouts and ${paid.length} orders`,
    ),
  );
  checks.push(
    ...(await orderChecks(db, { paidCheckoutIds: paid, uidPrefix: 'load-hot-', counterBefore })),
    await searchFieldsCheck(db, 'load-hot-', paid),
    stockChecked,
  );
  return {
    name: 'Hot product',
    steps: recorder.summaries(),
    checks,
    wallMs: checkoutsMs,
    notes: [
      `${options.buyers} checkouts for ${stock} units in ${(checkoutsMs / 1000).toFixed(1)} s: ${ok.length} checkouts, ${refused.length} refused, ${errors.length} errors; ${paid.length} paid`,
      functionsNote(activityBefore, ctx.functionsActivity()),
    ],
  };
}
