/**
 * A quote sent as a payment link, and quotes with a shipping charge
 * (docs/order-lifecycle.md#draft-orders-and-quotes): the Checkout Session sendDraftOrder makes
 * for the company's owner (startQuoteCheckout, called here as it calls it) lasts a day, is not
 * touched by the owner's own cart checkouts, and paying it makes exactly one order at the quoted
 * prices however often the webhook comes; left unpaid, its expiry expires the quote. A shipping
 * charge is charged once, untaxed, by card and on terms. Against the local emulators and an
 * in-process Stripe sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths, PAYMENT_LINK_HOURS, QUOTE_MESSAGES } from '@portal/domain';
import { sweepStaleCheckouts } from '../../src/checkout/stale-checkouts';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { createContext } from '../../src/lib/context';
import { startQuoteCheckout } from '../../src/quotes/quote-checkout';
import { placeQuoteOnTerms } from '../../src/quotes/quote-terms';
import { sendDraftOrder } from '../../src/quotes/send-draft';
import { quotePayments } from '../../src/quotes/send-payments';
import {
  createMember,
  createUser,
  payWithShipTo,
  postWebhook,
  sessionIdOf,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from '../payments/support';
import {
  accept,
  checkoutsOfQuote,
  db,
  deleteProduct,
  giveTerms,
  MANAGER_NAME,
  newRequestId,
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
import { invoicesDown, rejectionOf } from '../support/stripe-invoices';

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;
const PRODUCT = `t-quote-link-${RUN}`;
const OTHER = `t-quote-link-other-${RUN}`;
const GOODS = QUOTED_PRICE * QUOTED_UNITS;
const HOUR = 60 * 60 * 1000;
const SHIPPING = 1_500;

beforeAll(async () => {
  harness = await startPaymentsHarness();
  manager = await createUser('manager');
  await writeProduct(PRODUCT);
  await writeProduct(OTHER);
});

afterAll(async () => {
  await Promise.all([deleteProduct(PRODUCT), deleteProduct(OTHER)]);
  await harness?.stop();
});

/** A payment link as sendDraftOrder makes it: the quote sent, then its session for the owner. */
async function sendPaymentLink(owner: TestUser, fields: { shipping_amount?: number } = {}) {
  const quote = await seedQuote(owner.uid, manager, {
    lines: [quoteLine(PRODUCT)],
    delivery: 'payment_link',
    valid_days: 1,
    ...fields,
  });
  const link = await startQuoteCheckout(
    createContext(),
    await quoteOf(quote.id),
    { uid: owner.uid, email: owner.email },
    'payment_link',
  );
  return { quote, link, sessionId: sessionIdOf(link.url) };
}

function completedBodies(sessionId: string) {
  return harness.endpoint.bodies.filter((raw) => {
    const event = JSON.parse(raw) as { type: string; data: { object: { id?: string } } };
    return event.type === 'checkout.session.completed' && event.data.object.id === sessionId;
  });
}

describe('a payment link', () => {
  it('is a session of a day for the owner; paid, one order at the quoted prices accepts the quote, the webhook twice changes nothing', async () => {
    const owner = await createUser('retailer');
    const buyer = await createMember(owner.uid, 'buyer');
    const stock = await stockOf(PRODUCT);
    const { quote, link, sessionId } = await sendPaymentLink(owner);

    const session = await harness.stripe.checkout.sessions.retrieve(sessionId);
    expect(session.amount_subtotal).toBe(GOODS);
    // Stripe's longest session: a day (less a minute of leeway).
    const day = PAYMENT_LINK_HOURS * HOUR;
    expect(session.expires_at * 1000).toBeGreaterThan(Date.now() + day - 5 * 60 * 1000);
    expect(session.expires_at * 1000).toBeLessThanOrEqual(Date.now() + day);
    expect(link.expiresAt.getTime()).toBe(session.expires_at * 1000);
    expect((await quoteOf(quote.id)).checkout).toMatchObject({
      checkout_id: link.checkoutId,
      uid: owner.uid,
      url: link.url,
    });
    expect((await stockOf(PRODUCT)).reserved).toBe(stock.reserved + QUOTED_UNITS);
    // Sending again (a retry of sendDraftOrder) hands out the same link.
    expect(
      await startQuoteCheckout(createContext(), await quoteOf(quote.id), owner, 'payment_link'),
    ).toEqual(link);

    // A member cannot accept it: it is paid through the link.
    await unchangedBy(async () => {
      const refused = await refusal(accept(buyer, quote.id));
      expect(refused.message).toBe(QUOTE_MESSAGES.paymentLinkOnly);
    });

    // The owner's own cart checkout neither uses nor retires the payment link.
    await setCart(owner.uid, { [OTHER]: 2 });
    const cart = await createCheckoutSessionHandler(owner.request({}));
    expect(cart.orderId).not.toBe(link.checkoutId);
    expect((await harness.stripe.checkout.sessions.retrieve(sessionId)).status).toBe('open');
    expect((await db().doc(paths.checkout(link.checkoutId)).get()).get('state')).toBe('open');
    expect((await quoteOf(quote.id)).checkout?.checkout_id).toBe(link.checkoutId);

    await payWithShipTo(harness.sandbox, sessionId);
    const order = await orderOfId(link.checkoutId);
    expect(order).toMatchObject({
      source: 'quote',
      quote,
      user_id: owner.uid,
      placed_by_name: MANAGER_NAME,
      amount: GOODS,
      status: 'processing',
    });
    expect(order.items).toMatchObject([
      { product_id: PRODUCT, unit_amount: QUOTED_PRICE, quantity: QUOTED_UNITS, line_total: GOODS },
    ]);
    expect(await quoteOf(quote.id)).toMatchObject({
      state: 'accepted',
      order_id: link.checkoutId,
      accepted_by: owner.uid,
      checkout: null,
    });
    // The cart checkout is still open, for its own cart.
    expect((await db().doc(paths.checkout(cart.orderId)).get()).get('state')).toBe('open');

    const body = completedBodies(sessionId)[0]!;
    await unchangedBy(async () => {
      for (let i = 0; i < 2; i++) {
        expect((await postWebhook(harness.endpoint.url, body)).status).toBe(200);
      }
    });
    const fromQuote = (await ordersOfCompany(owner.uid)).filter((snap) => snap.get('quote'));
    expect(fromQuote.map((snap) => snap.id)).toEqual([link.checkoutId]);
  });

  it('expires the quote when its session expires unpaid, and releases the stock', async () => {
    const owner = await createUser('retailer');
    const stock = await stockOf(PRODUCT);
    const { quote, sessionId } = await sendPaymentLink(owner);
    await harness.stripe.checkout.sessions.expire(sessionId);
    await harness.sandbox.whenWebhooksIdle();
    const expired = await quoteOf(quote.id);
    expect(expired).toMatchObject({ state: 'expired', checkout: null, order_id: null });
    expect(expired.history.at(-1)).toMatchObject({ state: 'expired', by: 'system' });
    expect((await stockOf(PRODUCT)).reserved).toBe(stock.reserved);
    expect(await ordersOfCompany(owner.uid)).toHaveLength(0);
    // An expired link makes no new one.
    const again = await startQuoteCheckout(
      createContext(),
      await quoteOf(quote.id),
      owner,
      'payment_link',
    ).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(again?.message).toBe(QUOTE_MESSAGES.expired);
    expect(await checkoutsOfQuote(quote.id)).toHaveLength(1);
  });
});

describe('the sweep of stale checkouts', () => {
  it('leaves a payment link open past a buyer’s hour, and closes it (expiring the quote) after its day', async () => {
    const owner = await createUser('retailer');
    const { quote, link, sessionId } = await sendPaymentLink(owner);
    const deps = createContext();
    await sweepStaleCheckouts(deps, { now: Date.now() + 3 * HOUR });
    expect((await db().doc(paths.checkout(link.checkoutId)).get()).get('state')).toBe('open');
    expect((await harness.stripe.checkout.sessions.retrieve(sessionId)).status).toBe('open');
    expect((await quoteOf(quote.id)).state).toBe('sent');

    await sweepStaleCheckouts(deps, { now: Date.now() + 25 * HOUR });
    await harness.sandbox.whenWebhooksIdle();
    expect((await db().doc(paths.checkout(link.checkoutId)).get()).get('state')).toBe('expired');
    expect(await quoteOf(quote.id)).toMatchObject({ state: 'expired', checkout: null });
  });
});

describe('a shipping charge', () => {
  // Needs the sandbox's shipping_options (Checkout) and tax_code on invoice items.
  it('is charged once by card, untaxed, and recorded on the order', async () => {
    const owner = await createUser('retailer');
    const { quote, link, sessionId } = await sendPaymentLink(owner, {
      shipping_amount: SHIPPING,
    });
    const session = await harness.stripe.checkout.sessions.retrieve(sessionId);
    expect(session.amount_subtotal).toBe(GOODS);
    expect(session.total_details?.amount_shipping).toBe(SHIPPING);
    expect(session.amount_total).toBe(GOODS + SHIPPING);
    await payWithShipTo(harness.sandbox, sessionId);
    const order = await orderOfId(link.checkoutId);
    expect(order).toMatchObject({
      quote,
      amount: GOODS + SHIPPING,
      shipping_charge: SHIPPING,
      tax: { amount: 0 },
    });
  });

  it('is an untaxed "Shipping" item on the invoice of a quote placed on terms', async () => {
    const owner = await createUser('retailer');
    const locationId = await giveTerms(owner.uid, manager);
    const quote = await seedQuote(owner.uid, manager, {
      lines: [quoteLine(PRODUCT)],
      location_id: locationId,
      location_name: 'Main store',
      shipping_amount: SHIPPING,
    });
    const placed = await placeQuoteOnTerms(createContext(), await quoteOf(quote.id), owner, {
      requestId: newRequestId(),
      poNumber: '',
    });
    const order = await orderOfId(placed.orderId);
    expect(order).toMatchObject({
      quote,
      amount: GOODS + SHIPPING,
      shipping_charge: SHIPPING,
      payment_method: 'terms',
    });
    // An invoice carries its lines (Stripe does not expand them: they are always there).
    const invoice = await harness.stripe.invoices.retrieve(order.terms!.invoice_id!);
    expect(invoice.total).toBe(GOODS + SHIPPING);
    expect(invoice.lines.data.map((line) => [line.description, line.amount])).toContainEqual([
      'Shipping',
      SHIPPING,
    ]);
  });
});

describe('a manager placing a draft on terms at once', () => {
  it('is what sendDraftOrder does when a manager sends a draft on terms', async () => {
    const owner = await createUser('retailer');
    const locationId = await giveTerms(owner.uid, manager);
    const draft = await seedQuote(owner.uid, manager, {
      lines: [quoteLine(PRODUCT)],
      location_id: locationId,
      location_name: 'Main store',
      state: 'draft',
      number: null,
      delivery: null,
      sent_at: null,
      expires_at: null,
    });
    const answer = await sendDraftOrder(createContext(), quotePayments, manager.uid, {
      quoteId: draft.id,
      delivery: 'terms',
      requestId: newRequestId(),
    });
    expect(answer).toMatchObject({ state: 'accepted', delivery: 'terms' });
    expect(answer.orderId).toBeTruthy();
    expect(await quoteOf(draft.id)).toMatchObject({
      state: 'accepted',
      order_id: answer.orderId,
      accepted_by: manager.uid,
    });
    expect(await orderOfId(answer.orderId!)).toMatchObject({
      source: 'quote',
      quote: { id: draft.id, number: answer.number },
      payment_method: 'terms',
      user_id: owner.uid,
    });
  });

  it('numbers the quote and accepts it in the booking, one order however often it is retried', async () => {
    const owner = await createUser('retailer');
    const locationId = await giveTerms(owner.uid, manager);
    const draft = await seedQuote(owner.uid, manager, {
      lines: [quoteLine(PRODUCT)],
      location_id: locationId,
      location_name: 'Main store',
      state: 'draft',
      number: null,
      delivery: null,
      sent_at: null,
      expires_at: null,
    });
    const counter = await db().doc(paths.quoteCounter()).get();
    const next = counter.exists ? (counter.get('next') as number) : 1;
    const request = {
      requestId: newRequestId(),
      poNumber: 'PO-M1',
      placedBy: { uid: manager.uid, name: MANAGER_NAME },
    };
    const placed = await placeQuoteOnTerms(
      createContext(),
      await quoteOf(draft.id),
      owner,
      request,
    );
    const again = await placeQuoteOnTerms(createContext(), await quoteOf(draft.id), owner, request);
    expect(again.orderId).toBe(placed.orderId);
    const quote = await quoteOf(draft.id);
    expect(quote).toMatchObject({
      state: 'accepted',
      delivery: 'terms',
      number: `Q-${String(next).padStart(6, '0')}`,
      order_id: placed.orderId,
      accepted_by: manager.uid,
      net_days: 30,
    });
    expect((await db().doc(paths.quoteCounter()).get()).get('next')).toBe(next + 1);
    const order = await orderOfId(placed.orderId);
    expect(order).toMatchObject({
      source: 'quote',
      quote: { id: draft.id, number: quote.number },
      user_id: owner.uid,
      placed_by_name: MANAGER_NAME,
      amount: GOODS,
    });
    expect(await ordersOfCompany(owner.uid)).toHaveLength(1);
  });

  it('leaves the quote as it was (its number kept) when the invoice cannot be issued', async () => {
    const owner = await createUser('retailer');
    const locationId = await giveTerms(owner.uid, manager);
    const draft = await seedQuote(owner.uid, manager, {
      lines: [quoteLine(PRODUCT)],
      location_id: locationId,
      location_name: 'Main store',
      state: 'draft',
      number: null,
      delivery: null,
      sent_at: null,
      expires_at: null,
    });
    const stock = await stockOf(PRODUCT);
    // Stripe refuses to make the invoice (an outage).
    const down = invoicesDown(harness.stripe);
    const request = {
      requestId: newRequestId(),
      poNumber: '',
      placedBy: { uid: manager.uid, name: 'M' },
    };
    const place = async (ctx: ReturnType<typeof createContext>) =>
      rejectionOf(placeQuoteOnTerms(ctx, await quoteOf(draft.id), owner, request));
    expect((await place(createContext({ stripe: () => down })))?.message).toMatch(
      /^We could not issue the invoice/,
    );
    // The same request again (Stripe back): refused again, never answered with the void order.
    expect((await place(createContext()))?.message).toMatch(/^We could not issue the invoice/);
    const quote = await quoteOf(draft.id);
    expect(quote).toMatchObject({ state: 'draft', order_id: null, delivery: null });
    expect(quote.number).toMatch(/^Q-\d{6}$/);
    const [order] = await ordersOfCompany(owner.uid);
    expect(order?.get('status')).toBe('cancelled');
    expect((await stockOf(PRODUCT)).onHand).toBe(stock.onHand);
  });
});
