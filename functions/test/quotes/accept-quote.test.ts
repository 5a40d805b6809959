/**
 * acceptQuote (docs/order-lifecycle.md#draft-orders-and-quotes) against the local Auth and
 * Firestore emulators and an in-process Stripe sandbox whose webhooks reach the portal's handler:
 * a member pays a quote by card at the quoted prices (never the catalog's) and the webhook's
 * order accepts the quote; or places it on terms. Exactly one order per quote, however many
 * members accept at once and however often the webhook is delivered; every refusal (another
 * company's quote, a viewer, tampered input, an expired quote on the company's test clock, lines
 * the catalog can no longer fill) changes nothing.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  connectFirestoreEmulator,
  doc,
  getFirestore,
  setDoc,
  setLogLevel,
  updateDoc,
} from 'firebase/firestore/lite';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  paths,
  QUOTE_MESSAGES,
  readCompanyCredit,
  VIEW_ONLY,
  type AcceptQuoteResponse,
} from '@portal/domain';
import { NOT_APPROVED } from '../../src/lib/caller';
import { REFUSED_QUOTE_NOT_OPEN } from '../../src/checkout/refused-payments';
import { describeOutcome, settle } from '../support/call-outcome';
import {
  cartOf,
  createMember,
  createUser,
  payWithShipTo,
  postWebhook,
  sessionIdOf,
  setCart,
  startPaymentsHarness,
  TEST_USER_PASSWORD,
  type TestUser,
} from '../payments/support';
import {
  accept,
  CATALOG_PRICE,
  checkoutsOfQuote,
  db,
  deleteProduct,
  giveTerms,
  orderOfId,
  ordersOfCompany,
  QUOTED_PRICE,
  QUOTED_UNITS,
  quoteLine,
  quoteOf,
  refusal,
  RUN,
  seedQuote,
  stockOf,
  unchangedBy,
  writeProduct,
} from './paying-support';

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;
const PRODUCT = `t-quote-pay-${RUN}`;
const GOODS = QUOTED_PRICE * QUOTED_UNITS;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  harness = await startPaymentsHarness();
  manager = await createUser('manager');
  await writeProduct(PRODUCT);
});

afterAll(async () => {
  await deleteProduct(PRODUCT);
  await harness?.stop();
});

const checkoutOf = (answer: AcceptQuoteResponse) => {
  if (answer.kind !== 'checkout') throw new Error(`expected a checkout, got ${answer.kind}`);
  return answer;
};

/** The raw bodies of a session's checkout.session.completed deliveries so far. */
function completedBodies(sessionId: string) {
  return harness.endpoint.bodies.filter((raw) => {
    const event = JSON.parse(raw) as { type: string; data: { object: { id?: string } } };
    return event.type === 'checkout.session.completed' && event.data.object.id === sessionId;
  });
}

/** An owner's company with one more member who may order (a buyer). */
async function company() {
  const owner = await createUser('retailer');
  const buyer = await createMember(owner.uid, 'buyer');
  return { owner, buyer };
}

describe('acceptQuote by card', () => {
  it('opens a Checkout Session at the quoted prices; paying it makes one order that accepts the quote', async () => {
    const { owner, buyer } = await company();
    const quote = await seedQuote(owner.uid, manager, { lines: [quoteLine(PRODUCT)] });
    // The buyer's cart holds something else: paying the quote leaves it alone.
    await setCart(buyer.uid, { [PRODUCT]: 2 });
    const stock = await stockOf(PRODUCT);

    const answer = checkoutOf(await accept(buyer, quote.id, 'card', { poNumber: 'PO-77' }));
    const sessionId = sessionIdOf(answer.url);
    const session = await harness.stripe.checkout.sessions.retrieve(sessionId);
    // Exactly the quote: its lines at the quoted price (not the catalog's), its hour.
    expect(session.amount_subtotal).toBe(GOODS);
    expect(session.metadata).toMatchObject({ orderId: answer.checkoutId, quoteId: quote.id });
    expect(session.expires_at * 1000).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000 + 5_000);
    const checkout = (await db().doc(paths.checkout(answer.checkoutId)).get()).data()!;
    expect(checkout).toMatchObject({
      source: 'quote',
      quote,
      user_id: buyer.uid,
      amount: GOODS,
      stock_held: true,
      stock_hold: { [PRODUCT]: QUOTED_UNITS },
    });
    expect(checkout.items).toMatchObject([
      { product_id: PRODUCT, unit_amount: QUOTED_PRICE, quantity: QUOTED_UNITS, line_total: GOODS },
    ]);
    expect((await stockOf(PRODUCT)).reserved).toBe(stock.reserved + QUOTED_UNITS);
    expect((await quoteOf(quote.id)).checkout).toMatchObject({
      checkout_id: answer.checkoutId,
      uid: buyer.uid,
      url: answer.url,
    });

    // The same member gets the same session back; another member is told it is being paid.
    expect(await accept(buyer, quote.id)).toEqual(answer);
    await unchangedBy(async () => {
      const busy = await refusal(accept(owner, quote.id));
      expect([busy.code, busy.message]).toEqual(['failed-precondition', QUOTE_MESSAGES.beingPaid]);
    });

    await payWithShipTo(harness.sandbox, sessionId);
    const order = await orderOfId(answer.checkoutId);
    expect(order).toMatchObject({
      source: 'quote',
      quote,
      user_id: buyer.uid,
      company_id: owner.uid,
      status: 'processing',
      amount: GOODS,
      shipping_charge: 0,
      po_number: 'PO-77',
      payment_method: 'card',
    });
    expect(order.items).toMatchObject([
      { product_id: PRODUCT, unit_amount: QUOTED_PRICE, quantity: QUOTED_UNITS, line_total: GOODS },
    ]);
    // An overridden price comes from no price list.
    expect(order.items[0]?.price_list).toBeUndefined();
    expect(order.items[0]?.unit_amount).not.toBe(CATALOG_PRICE);
    const accepted = await quoteOf(quote.id);
    expect(accepted).toMatchObject({
      state: 'accepted',
      order_id: answer.checkoutId,
      accepted_by: buyer.uid,
      checkout: null,
    });
    expect(accepted.history.at(-1)).toMatchObject({ state: 'accepted', by: buyer.uid });
    expect(await cartOf(buyer.uid)).toEqual({ [PRODUCT]: 2 });
    expect(await stockOf(PRODUCT)).toEqual({
      onHand: stock.onHand - QUOTED_UNITS,
      reserved: stock.reserved,
    });

    // The webhook delivered again, three times: still one order, the quote as it was.
    const bodies = completedBodies(sessionId);
    expect(bodies.length).toBeGreaterThan(0);
    await unchangedBy(async () => {
      for (let i = 0; i < 3; i++) {
        expect((await postWebhook(harness.endpoint.url, bodies[0]!)).status).toBe(200);
      }
    });
    expect(await ordersOfCompany(owner.uid)).toHaveLength(1);

    // Accepted: refused from now on, for everyone.
    await unchangedBy(async () => {
      for (const member of [buyer, owner]) {
        const again = await refusal(accept(member, quote.id));
        expect(again.message).toBe(QUOTE_MESSAGES.accepted);
      }
    });
  });

  it('makes exactly one checkout, and one order, when four members accept at once', async () => {
    const { owner, buyer } = await company();
    const others = await Promise.all([
      createMember(owner.uid, 'buyer'),
      createMember(owner.uid, 'buyer'),
    ]);
    const quote = await seedQuote(owner.uid, manager, { lines: [quoteLine(PRODUCT)] });
    const outcomes = await Promise.all(
      [owner, buyer, ...others].map((member) => settle(accept(member, quote.id))),
    );
    const opened = outcomes.filter((outcome) => 'resolved' in outcome);
    expect(opened, outcomes.map(describeOutcome).join('\n')).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => 'rejected' in o)) {
      expect(describeOutcome(outcome)).toBe(`failed-precondition: ${QUOTE_MESSAGES.beingPaid}`);
    }
    expect(await checkoutsOfQuote(quote.id)).toHaveLength(1);
    const answer = checkoutOf((opened[0] as { resolved: AcceptQuoteResponse }).resolved);
    await payWithShipTo(harness.sandbox, sessionIdOf(answer.url));
    expect((await ordersOfCompany(owner.uid)).map((snap) => snap.id)).toEqual([answer.checkoutId]);
    expect((await quoteOf(quote.id)).order_id).toBe(answer.checkoutId);
  });

  it('lets another member pay once the session the first one opened expired unpaid', async () => {
    const { owner, buyer } = await company();
    const quote = await seedQuote(owner.uid, manager, { lines: [quoteLine(PRODUCT)] });
    const stock = await stockOf(PRODUCT);
    const first = checkoutOf(await accept(buyer, quote.id));
    await harness.stripe.checkout.sessions.expire(sessionIdOf(first.url));
    await harness.sandbox.whenWebhooksIdle();
    // The expiry (checkout.session.expired) cleared the quote's checkout and released the hold.
    expect(await quoteOf(quote.id)).toMatchObject({ state: 'sent', checkout: null });
    expect((await stockOf(PRODUCT)).reserved).toBe(stock.reserved);
    const second = checkoutOf(await accept(owner, quote.id));
    expect(second.checkoutId).not.toBe(first.checkoutId);
    expect((await quoteOf(quote.id)).checkout?.uid).toBe(owner.uid);
  });

  it("refunds a payment of a quote another order accepted, and never books it (a quote's one order, defended)", async () => {
    const { owner, buyer } = await company();
    const quote = await seedQuote(owner.uid, manager, { lines: [quoteLine(PRODUCT)] });
    const answer = checkoutOf(await accept(buyer, quote.id));
    const sessionId = sessionIdOf(answer.url);
    // Paid while the webhook is held back...
    harness.endpoint.mode = 'hold';
    try {
      await payWithShipTo(harness.sandbox, sessionId);
      await harness.sandbox.whenWebhooksIdle();
    } finally {
      harness.endpoint.mode = 'process';
    }
    // ...while (as cannot happen: one checkout at a time) another order accepted the quote.
    const other = `t-other-order-${RUN}`;
    await db()
      .doc(paths.quote(quote.id))
      .update({ state: 'accepted', order_id: other, accepted_by: owner.uid, checkout: null });
    const body = completedBodies(sessionId).at(-1)!;
    expect((await postWebhook(harness.endpoint.url, body)).status).toBe(200);

    const order = await orderOfId(answer.checkoutId);
    expect(order).toMatchObject({ status: 'cancelled', refused_reason: REFUSED_QUOTE_NOT_OPEN });
    expect(order.refunded_amount).toBe(GOODS);
    expect(order.refunds[0]?.customer_note).toBe(QUOTE_MESSAGES.paidTwice);
    expect(await quoteOf(quote.id)).toMatchObject({ state: 'accepted', order_id: other });
    expect(harness.logs.some((line) => line.event === 'quote_paid_twice')).toBe(true);
  });
});

describe('a quote paid by a member who lost access meanwhile', () => {
  it('makes no order for fulfilment: refunded, and the quote open again for the others', async () => {
    const { owner, buyer } = await company();
    const quote = await seedQuote(owner.uid, manager, { lines: [quoteLine(PRODUCT)] });
    const answer = checkoutOf(await accept(buyer, quote.id));
    await db().doc(paths.profile(buyer.uid)).update({ status: 'rejected' });
    await payWithShipTo(harness.sandbox, sessionIdOf(answer.url));
    const order = await orderOfId(answer.checkoutId);
    expect(order).toMatchObject({ status: 'cancelled', refused_reason: 'buyer_not_approved' });
    expect(order.refunded_amount).toBe(GOODS);
    expect(await quoteOf(quote.id)).toMatchObject({ state: 'sent', checkout: null });
    expect((await accept(owner, quote.id)).kind).toBe('checkout');
  });
});

describe('acceptQuote on terms', () => {
  it('places one order on terms at the quoted prices when two members place it at once', async () => {
    const owner = await createUser('retailer');
    const locationId = await giveTerms(owner.uid, manager);
    const buyer = await createMember(owner.uid, 'buyer', [locationId]);
    const quote = await seedQuote(owner.uid, manager, {
      lines: [quoteLine(PRODUCT)],
      location_id: locationId,
      location_name: 'Main store',
      net_days: 30,
    });
    const stock = await stockOf(PRODUCT);
    const outcomes = await Promise.all(
      [owner, buyer].map((member) =>
        settle(accept(member, quote.id, 'terms', { poNumber: 'PO-T1' })),
      ),
    );
    const placed = outcomes.filter((outcome) => 'resolved' in outcome);
    expect(placed, outcomes.map(describeOutcome).join('\n')).toHaveLength(1);
    expect(describeOutcome(outcomes.find((o) => 'rejected' in o)!)).toMatch(
      new RegExp(
        `^failed-precondition: (${QUOTE_MESSAGES.accepted}|${QUOTE_MESSAGES.beingPaid})$`.replace(
          /\./g,
          '\\.',
        ),
      ),
    );
    const answer = (placed[0] as { resolved: AcceptQuoteResponse }).resolved;
    if (answer.kind !== 'order') throw new Error('expected an order');
    const orders = await ordersOfCompany(owner.uid);
    expect(orders.map((snap) => snap.id)).toEqual([answer.orderId]);
    const order = await orderOfId(answer.orderId);
    expect(order).toMatchObject({
      source: 'quote',
      quote,
      payment_method: 'terms',
      status: 'awaiting_payment',
      amount: GOODS,
      shipping_charge: 0,
      po_number: 'PO-T1',
      location_id: locationId,
    });
    expect(order.terms?.state).toBe('open');
    expect(order.items).toMatchObject([
      { product_id: PRODUCT, unit_amount: QUOTED_PRICE, quantity: QUOTED_UNITS },
    ]);
    expect(await quoteOf(quote.id)).toMatchObject({
      state: 'accepted',
      order_id: answer.orderId,
      checkout: null,
    });
    expect((await stockOf(PRODUCT)).onHand).toBe(stock.onHand - QUOTED_UNITS);
    const credit = readCompanyCredit((await db().doc(paths.companyCredit(owner.uid)).get()).data());
    expect(credit.open_balance).toBe(GOODS);
    // The invoice lists the quoted price.
    const invoice = await harness.stripe.invoices.retrieve(order.terms!.invoice_id!);
    expect(invoice.total).toBe(GOODS);
  });

  it('lets one of a card checkout and an order on terms through, never both', async () => {
    const owner = await createUser('retailer');
    const locationId = await giveTerms(owner.uid, manager);
    const buyer = await createMember(owner.uid, 'buyer', [locationId]);
    const quote = await seedQuote(owner.uid, manager, {
      lines: [quoteLine(PRODUCT)],
      location_id: locationId,
      location_name: 'Main store',
      net_days: 30,
    });
    const [card, terms] = await Promise.all([
      settle(accept(owner, quote.id, 'card')),
      settle(accept(buyer, quote.id, 'terms')),
    ]);
    const through = [card, terms].filter((outcome) => 'resolved' in outcome);
    expect(through, [card, terms].map(describeOutcome).join('\n')).toHaveLength(1);
    if ('resolved' in card) {
      expect(describeOutcome(terms)).toBe(`failed-precondition: ${QUOTE_MESSAGES.beingPaid}`);
      await payWithShipTo(
        harness.sandbox,
        sessionIdOf(checkoutOf(card.resolved as AcceptQuoteResponse).url),
      );
    } else {
      expect(describeOutcome(card)).toBe(`failed-precondition: ${QUOTE_MESSAGES.accepted}`);
    }
    expect(await ordersOfCompany(owner.uid)).toHaveLength(1);
    expect((await quoteOf(quote.id)).state).toBe('accepted');
  });

  it('closes the member’s own card checkout before placing the quote on terms instead', async () => {
    const owner = await createUser('retailer');
    const locationId = await giveTerms(owner.uid, manager);
    const quote = await seedQuote(owner.uid, manager, {
      lines: [quoteLine(PRODUCT)],
      location_id: locationId,
      location_name: 'Main store',
    });
    const card = checkoutOf(await accept(owner, quote.id, 'card'));
    const placed = await accept(owner, quote.id, 'terms');
    expect(placed.kind).toBe('order');
    const session = await harness.stripe.checkout.sessions.retrieve(sessionIdOf(card.url));
    expect(session.status).toBe('expired');
    expect((await db().doc(paths.checkout(card.checkoutId)).get()).get('state')).toBe('expired');
    expect(await ordersOfCompany(owner.uid)).toHaveLength(1);
  });

  it('is refused without terms, and changes nothing', async () => {
    const { owner } = await company();
    const quote = await seedQuote(owner.uid, manager, { lines: [quoteLine(PRODUCT)] });
    await unchangedBy(async () => {
      const none = await refusal(accept(owner, quote.id, 'terms'));
      expect([none.code, none.message]).toEqual(['failed-precondition', QUOTE_MESSAGES.noTerms]);
    });
  });
});

describe('acceptQuote refuses, and changes nothing', () => {
  it("another company's quote, a viewer, a manager, a draft, a quote that does not exist", async () => {
    const { owner } = await company();
    const stranger = await createUser('retailer');
    const viewer = await createMember(owner.uid, 'viewer');
    const quote = await seedQuote(owner.uid, manager, { lines: [quoteLine(PRODUCT)] });
    const draft = await seedQuote(owner.uid, manager, {
      lines: [quoteLine(PRODUCT)],
      state: 'draft',
      number: null,
      delivery: null,
      sent_at: null,
      expires_at: null,
    });
    await unchangedBy(async () => {
      const cases: Array<[TestUser, string, string, string]> = [
        [stranger, quote.id, 'permission-denied', QUOTE_MESSAGES.notYours],
        [viewer, quote.id, 'permission-denied', VIEW_ONLY],
        [manager, quote.id, 'permission-denied', NOT_APPROVED],
        [owner, draft.id, 'not-found', QUOTE_MESSAGES.notFound],
        [owner, `t-no-such-quote-${RUN}`, 'not-found', QUOTE_MESSAGES.notFound],
      ];
      for (const [who, id, code, message] of cases) {
        for (const payWith of ['card', 'terms'] as const) {
          const refused = await refusal(accept(who, id, payWith));
          expect([refused.code, refused.message]).toEqual([code, message]);
        }
      }
    });
  });

  it('declined, expired, accepted and payment-link quotes, each with its words', async () => {
    const { owner } = await company();
    const states = [
      [{ state: 'declined', decline_reason: 'Too dear' }, QUOTE_MESSAGES.declined],
      [{ state: 'expired' }, QUOTE_MESSAGES.expired],
      [{ state: 'accepted', order_id: `t-order-${RUN}` }, QUOTE_MESSAGES.accepted],
      [{ delivery: 'payment_link' }, QUOTE_MESSAGES.paymentLinkOnly],
    ] as const;
    const quotes: Array<{ id: string; message: string }> = [];
    for (const [fields, message] of states) {
      quotes.push({
        id: (await seedQuote(owner.uid, manager, { lines: [quoteLine(PRODUCT)], ...fields })).id,
        message,
      });
    }
    await unchangedBy(async () => {
      for (const { id, message } of quotes) {
        const refused = await refusal(accept(owner, id));
        expect([refused.code, refused.message]).toEqual(['failed-precondition', message]);
      }
    });
  });

  it('tampering: the client cannot write a quote, the callable takes its id only, the order takes its prices', async () => {
    const { owner } = await company();
    const quote = await seedQuote(owner.uid, manager, { lines: [quoteLine(PRODUCT)] });
    // The client SDK, signed in as the owner: the rules let no member write a quote.
    setLogLevel('silent');
    const app = initializeApp(
      { projectId: process.env.GCLOUD_PROJECT || 'demo-wholesale-portal', apiKey: 'fake-api-key' },
      `quote-tamper-${RUN}`,
    );
    try {
      const auth = getAuth(app);
      connectAuthEmulator(auth, `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`, {
        disableWarnings: true,
      });
      await signInWithEmailAndPassword(auth, owner.email, TEST_USER_PASSWORD);
      const client = getFirestore(app);
      const [host, port] = process.env.FIRESTORE_EMULATOR_HOST!.split(':') as [string, string];
      connectFirestoreEmulator(client, host, Number(port));
      const cheaper = [{ ...quoteLine(PRODUCT, QUOTED_UNITS, 1), line_total: QUOTED_UNITS }];
      await unchangedBy(async () => {
        // Made one at a time: a write started early and refused while an earlier one is awaited
        // would be an unhandled rejection until its turn.
        const writes = [
          () =>
            updateDoc(doc(client, paths.quote(quote.id)), { lines: cheaper, amount: QUOTED_UNITS }),
          () =>
            updateDoc(doc(client, paths.quote(quote.id)), {
              shipping_amount: 0,
              state: 'accepted',
            }),
          () =>
            setDoc(doc(client, paths.quote(`t-forged-${RUN}`)), {
              state: 'sent',
              delivery: 'quote',
              company_id: owner.uid,
              lines: cheaper,
              amount: QUOTED_UNITS,
            }),
        ];
        for (const write of writes) {
          await expect(write()).rejects.toMatchObject({ code: 'permission-denied' });
        }
      });
    } finally {
      await deleteApp(app);
    }

    // The callable refuses any field besides the quote's id, how to pay, the request and PO.
    await unchangedBy(async () => {
      for (const extra of [
        { unitAmount: 1 },
        { lines: [{ productId: PRODUCT, quantity: QUOTED_UNITS, unitAmount: 1 }] },
        { amount: 1 },
        { shippingAmount: 0 },
        { companyId: owner.uid },
      ]) {
        const refused = await refusal(accept(owner, quote.id, 'card', extra));
        expect(refused.code).toBe('invalid-argument');
      }
    });

    // What is charged is the stored quote's: the catalog price changed since does not count.
    await db().doc(paths.product(PRODUCT)).update({ price_retailer: 1 });
    try {
      const answer = checkoutOf(await accept(owner, quote.id));
      const session = await harness.stripe.checkout.sessions.retrieve(sessionIdOf(answer.url));
      expect(session.amount_subtotal).toBe(GOODS);
      await payWithShipTo(harness.sandbox, sessionIdOf(answer.url));
      expect((await orderOfId(answer.checkoutId)).items[0]?.unit_amount).toBe(QUOTED_PRICE);
    } finally {
      await db().doc(paths.product(PRODUCT)).update({ price_retailer: CATALOG_PRICE });
    }
  });

  it('lines the catalog can no longer fill, each named', async () => {
    const { owner } = await company();
    const scarce = await writeProduct(`t-quote-scarce-${RUN}`, { stock_on_hand: 3 });
    const gone = await writeProduct(`t-quote-gone-${RUN}`, { is_active: false });
    const cased = await writeProduct(`t-quote-cased-${RUN}`, { case_pack: 4 });
    const quote = await seedQuote(owner.uid, manager, {
      lines: [quoteLine(PRODUCT), quoteLine(scarce, 5), quoteLine(gone, 2), quoteLine(cased, 6)],
    });
    try {
      await unchangedBy(async () => {
        const refused = await refusal(accept(owner, quote.id));
        expect([refused.code, refused.message]).toEqual([
          'failed-precondition',
          QUOTE_MESSAGES.conflicts,
        ]);
        const { conflicts } = refused.details as { conflicts: { productId: string }[] };
        expect(conflicts.map((c) => c.productId)).toEqual([scarce, gone, cased]);
      });
    } finally {
      await Promise.all([scarce, gone, cased].map(deleteProduct));
    }
  });

  it("refuses at and after the expiry on the company's test clock, writing the quote expired", async () => {
    const { owner, buyer } = await company();
    const start = Math.floor(Date.now() / 1000) * 1000;
    const clock = await harness.stripe.testHelpers.testClocks.create({
      frozen_time: start / 1000,
    });
    const customer = await harness.stripe.customers.create({
      test_clock: clock.id,
      metadata: { company: owner.uid },
    });
    await db().doc(paths.stripeCustomer(owner.uid)).set({ customer_id: customer.id });
    const expiresAt = start + 7 * DAY;
    const quote = await seedQuote(owner.uid, manager, {
      lines: [quoteLine(PRODUCT)],
      sent_at: Timestamp.fromMillis(start),
      expires_at: Timestamp.fromMillis(expiresAt),
    });
    process.env.STRIPE_TEST_CLOCKS = 'per-customer';
    try {
      // Exactly at its expiry (the company's clock; the real one is a week behind).
      await harness.sandbox.advanceClock(clock.id, expiresAt / 1000);
      const before = await ordersOfCompany(owner.uid);
      const refused = await refusal(accept(buyer, quote.id));
      expect([refused.code, refused.message]).toEqual([
        'failed-precondition',
        QUOTE_MESSAGES.expired,
      ]);
      const expired = await quoteOf(quote.id);
      expect(expired).toMatchObject({ state: 'expired', checkout: null, order_id: null });
      expect(expired.history.at(-1)).toMatchObject({ state: 'expired', by: 'system' });
      expect(await checkoutsOfQuote(quote.id)).toHaveLength(0);
      expect(await ordersOfCompany(owner.uid)).toHaveLength(before.length);

      // From then on: the same words, and nothing more is written.
      await harness.sandbox.advanceClock(clock.id, expiresAt / 1000 + 3600);
      await unchangedBy(async () => {
        for (const payWith of ['card', 'terms'] as const) {
          const again = await refusal(accept(owner, quote.id, payWith));
          expect(again.message).toBe(QUOTE_MESSAGES.expired);
        }
      });
    } finally {
      delete process.env.STRIPE_TEST_CLOCKS;
    }
  });

  it('a quote not yet expired on the company clock is accepted a second before', async () => {
    const { owner } = await company();
    const start = Math.floor(Date.now() / 1000) * 1000;
    const clock = await harness.stripe.testHelpers.testClocks.create({
      frozen_time: start / 1000,
    });
    const customer = await harness.stripe.customers.create({
      test_clock: clock.id,
      metadata: { company: owner.uid },
    });
    await db().doc(paths.stripeCustomer(owner.uid)).set({ customer_id: customer.id });
    const expiresAt = start + 7 * DAY;
    const quote = await seedQuote(owner.uid, manager, {
      lines: [quoteLine(PRODUCT)],
      sent_at: Timestamp.fromMillis(start),
      expires_at: Timestamp.fromMillis(expiresAt),
    });
    process.env.STRIPE_TEST_CLOCKS = 'per-customer';
    try {
      await harness.sandbox.advanceClock(clock.id, expiresAt / 1000 - 1);
      const answer = await accept(owner, quote.id);
      expect(answer.kind).toBe('checkout');
      expect((await quoteOf(quote.id)).state).toBe('sent');
    } finally {
      delete process.env.STRIPE_TEST_CLOCKS;
    }
  });
});
