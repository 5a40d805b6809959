/**
 * Scenario 2, the webhook burst: real events from the sandbox, delivered all at once.
 *   Setup: buyers each open a checkout (Buy Now of one unit) and then pay it by card
 *   (checkout.session.completed), pay it by bank transfer and have it settle
 *   (checkout.session.completed while the payment is processing, then
 *   checkout.session.async_payment_succeeded), or let it expire (checkout.session.expired), in
 *   turn, until they make `events` events. The relay records the sandbox's signed deliveries
 *   instead of forwarding them, so nothing reaches the portal yet.
 *   Burst: every event is sent 1 to 3 times, all shuffled, BURST_LANES at a time, to
 *   stripeWebhook, signed afresh at sending as Stripe signs every attempt. Then what Stripe would
 *   retry (the events no delivery answered 2xx) is sent again, as Stripe's retries would.
 *   Checks: one order per paid checkout, processing, with one invoice number; the expired ones
 *   closed without an order; every event recorded as handled once; the stock moved once per order.
 */
import Stripe from 'stripe';
import { PROJECT_ID, STRIPE_WEBHOOK_SECRET } from '../stack';
import { burstOrder, EVENTS_OF, planCheckouts, seededRandom, type Kind } from './burst-plan';
import { callCallable } from './buyer-client';
import { createBuyers, signInBuyer } from './buyers';
import { Deadline } from './deadline';
import {
  check,
  heldByOpenCheckouts,
  invoiceCounter,
  orderChecks,
  readCheckouts,
  readOrders,
  readStripeEvents,
  searchFieldsCheck,
  some,
  stockCheck,
  type Check,
} from './firestore-checks';
import { functionsNote } from './functions-activity';
import { StepRecorder } from './latency';
import { mapLimit } from './pool';
import { writeProducts } from './products';
import {
  expireSession,
  payOnHostedPage,
  sessionIdOf,
  settleBankTransfer,
} from './sandbox-checkout';
import { refusalOrError, type LoadContext, type ScenarioResult } from './scenario';
import type { RecordedEvent } from './webhook-relay';

const PRODUCT = { id: 'load-burst', name: 'Burst Syrup', price: 3199 };
/** Checkouts made at a time in the setup. */
const SETUP_LANES = 4;
/** Deliveries in flight at a time in the burst. */
export const BURST_LANES = 16;
/** Stripe retries a failed delivery for days; three rounds stand in for it here. */
const RETRY_ROUNDS_MS = [1_000, 2_000, 4_000];

interface Made {
  kind: Kind;
  checkoutId: string;
  sessionId: string;
}

export async function runBurst(
  ctx: LoadContext,
  options: { events: number },
): Promise<ScenarioResult> {
  const { db, urls, relay } = ctx;
  const plan = planCheckouts(options.events);
  const stockOnHand = plan.length + 50;
  await writeProducts(db, [{ ...PRODUCT, stockOnHand }]);
  ctx.say(
    `burst: ${plan.length} buyers make ${options.events} events (card, bank transfer, expiry) ...`,
  );
  const setupDeadline = new Deadline('webhook burst setup', (120 + 2 * plan.length) * 1000);
  const buyers = await createBuyers(ctx, { name: 'burst', number: 2 }, plan.length);
  await ctx.settle();
  const setupActivity = ctx.functionsActivity();
  const setup = new StepRecorder();
  const setupStarted = performance.now();
  const recordedFrom = relay.recorded.length;
  relay.mode = 'record';
  const setupFailures: string[] = [];
  let made: Made[];
  let events: RecordedEvent[];
  try {
    const attempts = await mapLimit(buyers, SETUP_LANES, async (buyer, i): Promise<Made | null> => {
      const kind = plan[i] as Kind;
      try {
        const signedIn = await signInBuyer(urls, buyer, setupDeadline.signal);
        const answer = await setup.time(
          'createCheckoutSession (setup, 4 at a time)',
          () =>
            callCallable<{ url: string; orderId: string }>(
              urls,
              'createCheckoutSession',
              { productId: PRODUCT.id },
              { buyer: signedIn, appCheck: ctx.appCheck },
              setupDeadline.signal,
            ),
          (a) => (a.kind === 'ok' ? 'ok' : refusalOrError(a.status)),
        );
        if (answer.kind !== 'ok')
          throw new Error(`createCheckoutSession ${answer.status}: ${answer.message}`);
        const sessionId = sessionIdOf(answer.result.url);
        if (kind === 'expired') {
          await expireSession(urls, sessionId, setupDeadline.signal);
        } else {
          await payOnHostedPage(
            urls,
            sessionId,
            kind === 'bank' ? 'delayed' : 'card',
            setupDeadline.signal,
          );
          if (kind === 'bank') await settleBankTransfer(urls, sessionId, setupDeadline.signal);
        }
        return { kind, checkoutId: answer.result.orderId, sessionId };
      } catch (error) {
        setupFailures.push(
          `${buyer.uid}: ${error instanceof Error ? error.message : String(error)}`,
        );
        return null;
      }
    });
    made = attempts.filter((m): m is Made => m !== null);
    // Expiries are delivered in the background: wait until every event of the checkouts made is
    // recorded. A checkout whose setup failed halfway keeps its events out of the burst.
    const sessions = new Set(made.map((m) => m.sessionId));
    const expected = made.reduce((sum, m) => sum + EVENTS_OF[m.kind], 0);
    const recordedOf = () =>
      relay.recorded.slice(recordedFrom).filter((event) => sessions.has(event.objectId));
    while (recordedOf().length < expected) await setupDeadline.sleep(100);
    events = recordedOf();
  } finally {
    relay.mode = 'forward';
    setupDeadline.clear();
  }
  const setupMs = performance.now() - setupStarted;
  await ctx.settle();
  const counterBefore = await invoiceCounter(db);
  const deadline = new Deadline('webhook burst', (120 + 0.5 * options.events) * 1000);

  const seed = Date.now() >>> 0;
  const order = burstOrder(events, seededRandom(seed));
  const webhookUrl = `${urls.functions}/${PROJECT_ID}/us-central1/stripeWebhook`;
  const recorder = new StepRecorder();
  const answered = new Map<string, number[]>();
  const deliver = async (event: RecordedEvent, step: string) => {
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: event.body,
      secret: STRIPE_WEBHOOK_SECRET,
    });
    const status = await recorder
      .time(
        step,
        async () => {
          const response = await fetch(webhookUrl, {
            method: 'POST',
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'stripe-signature': header,
            },
            body: event.body,
            signal: deadline.signal,
          });
          await response.arrayBuffer();
          return response.status;
        },
        (code) => (code >= 200 && code < 300 ? 'ok' : 'error'),
      )
      .catch(() => 0);
    answered.set(event.eventId, [...(answered.get(event.eventId) ?? []), status]);
  };
  const okStatus = (status: number) => status >= 200 && status < 300;
  ctx.say(
    `burst: ${order.length} deliveries of ${events.length} events, ${BURST_LANES} at a time (seed ${seed}) ...`,
  );
  const activityBefore = ctx.functionsActivity();
  const started = performance.now();
  await mapLimit(order, BURST_LANES, (event) => deliver(event, 'stripeWebhook (burst)'));
  const burstMs = performance.now() - started;
  const non2xx = [...answered.values()].flat().filter((status) => !okStatus(status)).length;
  const unanswered = () =>
    events.filter((event) => !(answered.get(event.eventId) ?? []).some(okStatus));
  const wouldRetry = unanswered().length;
  for (const delayMs of RETRY_ROUNDS_MS) {
    const pending = unanswered();
    if (pending.length === 0 || deadline.passed) break;
    await deadline.sleep(delayMs).catch(() => undefined);
    await mapLimit(pending, BURST_LANES, (event) =>
      deliver(event, "stripeWebhook (Stripe's retries)"),
    );
  }
  deadline.clear();

  await ctx.settle();
  const paidIds = made.filter((m) => m.kind !== 'expired').map((m) => m.checkoutId);
  const expiredIds = made.filter((m) => m.kind === 'expired').map((m) => m.checkoutId);
  const checks: Check[] = [
    check(
      'setup: createCheckoutSession answered every buyer (every planned event made)',
      setupFailures.length === 0,
      `${made.length} of ${plan.length} checkouts set up, ${events.length} of ${options.events} events` +
        (setupFailures.length > 0 ? `; failed: ${some(setupFailures, 3)}` : ''),
    ),
    ...(await orderChecks(db, {
      paidCheckoutIds: paidIds,
      uidPrefix: 'load-burst-',
      counterBefore,
    })),
  ];
  const checkouts = await readCheckouts(db, [...paidIds, ...expiredIds]);
  const wrongState = made
    .filter(
      (m) =>
        checkouts.get(m.checkoutId)?.state !== (m.kind === 'expired' ? 'expired' : 'completed'),
    )
    .map((m) => `${m.checkoutId} (${m.kind}: ${String(checkouts.get(m.checkoutId)?.state)})`);
  const expiredOrders = await readOrders(db, expiredIds);
  checks.push(
    check(
      'paid checkouts completed, expired ones closed without an order',
      wrongState.length === 0 && expiredOrders.size === 0,
      wrongState.length === 0 && expiredOrders.size === 0
        ? `${paidIds.length} completed, ${expiredIds.length} expired`
        : `wrong state: ${some(wrongState)}; orders of expired checkouts: ${some([...expiredOrders.keys()])}`,
    ),
  );
  const handled = await readStripeEvents(
    db,
    events.map((e) => e.eventId),
  );
  const notHandled = events
    .filter((e) => !handled.has(e.eventId))
    .map((e) => `${e.eventId} (${e.type})`);
  checks.push(
    check(
      'every event recorded as handled, once',
      notHandled.length === 0 && unanswered().length === 0,
      `${handled.size} of ${events.length} in stripe_events` +
        (notHandled.length > 0 ? `; not: ${some(notHandled)}` : '') +
        (unanswered().length > 0 ? `; never answered 2xx: ${unanswered().length}` : ''),
    ),
    await searchFieldsCheck(db, 'load-burst-', paidIds),
    await stockCheck(
      db,
      { id: PRODUCT.id, initialOnHand: stockOnHand },
      {
        orderedUnits: paidIds.length,
        heldUnits: (await heldByOpenCheckouts(db, 'load-burst-')).get(PRODUCT.id) ?? 0,
      },
    ),
  );
  const rate = order.length / (burstMs / 1000);
  const madeOf = (kind: Kind) => made.filter((m) => m.kind === kind).length;
  return {
    name: 'Webhook burst',
    steps: [...setup.summaries(), ...recorder.summaries()],
    checks,
    wallMs: burstMs,
    notes: [
      `setup: ${made.length} checkouts and their events in ${(setupMs / 1000).toFixed(1)} s`,
      `${events.length} events (of checkouts ${madeOf('card')} paid by card, ${madeOf('bank')} by bank transfer, ${madeOf('expired')} expired) as ${order.length} deliveries in ${(burstMs / 1000).toFixed(1)} s: ${rate.toFixed(1)} deliveries/s, ${(events.length / (burstMs / 1000)).toFixed(1)} events/s`,
      `not 2xx in the burst: ${non2xx}; events Stripe would retry (no 2xx answer): ${wouldRetry}; after the retries: ${unanswered().length}`,
      `setup: ${functionsNote(setupActivity, activityBefore)}`,
      `burst: ${functionsNote(activityBefore, ctx.functionsActivity())}`,
    ],
  };
}
