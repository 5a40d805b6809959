/**
 * Coupons and Checkout Session `discounts` (how store credit is spent at a card checkout): the
 * discount on the totals, each line and the tax, the hosted page, the payment, redemption limits,
 * no-cost orders, and the refusals.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import { failure, sessionParams, startTestSandbox } from './support.js';

let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  ({ sandbox, stripe } = await startTestSandbox());
});
afterAll(async () => {
  await sandbox?.stop();
});
beforeEach(() => {
  sandbox.reset();
});

/** $25.00 of store credit, once. */
const storeCredit = (overrides: Partial<Stripe.CouponCreateParams> = {}) =>
  stripe.coupons.create({
    amount_off: 2500,
    currency: 'usd',
    duration: 'once',
    max_redemptions: 1,
    name: 'Store credit',
    metadata: { claimId: 'cl_1' },
    ...overrides,
  });

const NEVADA = {
  name: 'Ada Baker',
  address: { line1: '1 Main St', city: 'Reno', state: 'NV', postal_code: '89501', country: 'US' },
};

describe('coupons', () => {
  it('creates, retrieves, lists, renames and deletes coupons', async () => {
    const coupon = await storeCredit();
    expect(coupon).toMatchObject({
      object: 'coupon',
      amount_off: 2500,
      currency: 'usd',
      percent_off: null,
      duration: 'once',
      max_redemptions: 1,
      times_redeemed: 0,
      valid: true,
      name: 'Store credit',
      metadata: { claimId: 'cl_1' },
    });
    const percent = await stripe.coupons.create({ id: 'WELCOME10', percent_off: 12.5 });
    expect(percent).toMatchObject({ id: 'WELCOME10', percent_off: 12.5, amount_off: null });
    expect((await stripe.coupons.retrieve(coupon.id)).name).toBe('Store credit');
    expect((await stripe.coupons.list()).data.map((c) => c.id)).toEqual(['WELCOME10', coupon.id]);
    expect((await stripe.coupons.update(coupon.id, { name: 'Credit cl_1' })).name).toBe(
      'Credit cl_1',
    );
    expect(await stripe.coupons.del('WELCOME10')).toEqual({
      id: 'WELCOME10',
      object: 'coupon',
      deleted: true,
    });
    const gone = await failure(stripe.coupons.retrieve('WELCOME10'));
    expect((gone as Stripe.errors.StripeError).statusCode).toBe(404);
  });

  it('refuses bad coupons with clear errors', async () => {
    const cases: Array<[Stripe.CouponCreateParams, string, RegExp]> = [
      [{}, 'amount_off', /either `amount_off` or `percent_off`/],
      [{ amount_off: 100, percent_off: 10, currency: 'usd' }, 'amount_off', /only specify one/],
      [{ amount_off: 100 }, 'currency', /pass `currency`/],
      [{ percent_off: 120 }, 'percent_off', /at most 100/],
      [{ percent_off: 10, duration: 'repeating' }, 'duration_in_months', /duration_in_months/],
      [{ percent_off: 10, max_redemptions: 0 }, 'max_redemptions', /greater than or equal to 1/],
      [{ percent_off: 10, applies_to: { products: ['prod_1'] } }, 'applies_to', /not support/],
    ];
    for (const [params, param, message] of cases) {
      const error = await failure(stripe.coupons.create(params));
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect((error as Stripe.errors.StripeError).param).toBe(param);
      expect((error as Stripe.errors.StripeError).message).toMatch(message);
    }
    await stripe.coupons.create({ id: 'TWICE', percent_off: 5 });
    const duplicate = await failure(stripe.coupons.create({ id: 'TWICE', percent_off: 5 }));
    expect((duplicate as Stripe.errors.StripeError).code).toBe('resource_already_exists');
    expect((await stripe.coupons.list()).data).toHaveLength(1);
  });
});

describe('Checkout Sessions with discounts', () => {
  it('takes an amount off the total, spread over the lines', async () => {
    const coupon = await storeCredit();
    // 3 × $12.50 and $49.99: subtotal $87.49.
    const session = await stripe.checkout.sessions.create(
      sessionParams({ discounts: [{ coupon: coupon.id }] }),
    );
    expect(session).toMatchObject({
      amount_subtotal: 8749,
      amount_total: 6249,
      total_details: { amount_discount: 2500, amount_tax: 0, amount_shipping: 0 },
      discounts: [{ coupon: coupon.id, promotion_code: null }],
    });
    const lines = await stripe.checkout.sessions.listLineItems(session.id);
    // $37.50 and $49.99 share $25.00: 1071.5 and 1428.5 cents, the odd cent to the first.
    expect(
      lines.data.map((line) => [line.amount_subtotal, line.amount_discount, line.amount_total]),
    ).toEqual([
      [3750, 1072, 2678],
      [4999, 1428, 3571],
    ]);
  });

  it('caps the discount at the subtotal: a no-cost order, paid without a payment', async () => {
    const coupon = await storeCredit({ amount_off: 10_000 });
    const session = await stripe.checkout.sessions.create(
      sessionParams({ discounts: [{ coupon: coupon.id }] }),
    );
    expect(session).toMatchObject({ amount_total: 0, total_details: { amount_discount: 8749 } });
    await sandbox.pay(session.id);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'complete',
      payment_status: 'no_payment_required',
      payment_intent: null,
    });
  });

  it('computes the tax on the discounted lines', async () => {
    const coupon = await storeCredit();
    const customer = await stripe.customers.create({ email: 'ada@example.com', shipping: NEVADA });
    const session = await stripe.checkout.sessions.create(
      sessionParams({
        customer: customer.id,
        client_reference_id: 'order_9',
        automatic_tax: { enabled: true },
        discounts: [{ coupon: coupon.id }],
      }),
    );
    // 6.85% of $26.78 is $1.83 (183.44); of $35.71 is $2.45 (244.61).
    expect(session).toMatchObject({
      amount_subtotal: 8749,
      total_details: { amount_discount: 2500, amount_tax: 183 + 245 },
      amount_total: 6249 + 428,
    });
    const lines = await stripe.checkout.sessions.listLineItems(session.id, {
      expand: ['data.taxes'],
    });
    expect(lines.data.map((line) => line.taxes?.[0]?.taxable_amount)).toEqual([2678, 3571]);
    expect(lines.data.map((line) => line.amount_total)).toEqual([2678 + 183, 3571 + 245]);
  });

  it('shows the discount on the hosted page and charges the discounted total', async () => {
    const coupon = await storeCredit();
    const session = await stripe.checkout.sessions.create(
      sessionParams({ discounts: [{ coupon: coupon.id }] }),
    );
    const page = await (await fetch(String(session.url))).text();
    expect(page).toMatch(
      /Discount \(Store credit\)<\/th><td class="num" data-testid="discount">-\$25\.00/,
    );
    expect(page).toMatch(/data-testid="total">\$62\.49/);
    await sandbox.pay(session.id);
    const paid = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent'],
    });
    expect(paid.payment_status).toBe('paid');
    expect((paid.payment_intent as Stripe.PaymentIntent).amount).toBe(6249);
    const redeemed = await stripe.coupons.retrieve(coupon.id);
    expect(redeemed).toMatchObject({ times_redeemed: 1, valid: false });
  });

  it('refuses a coupon past its max_redemptions, and other bad discounts', async () => {
    const coupon = await storeCredit();
    const first = await stripe.checkout.sessions.create(
      sessionParams({ discounts: [{ coupon: coupon.id }] }),
    );
    await sandbox.pay(first.id);
    const eur = await stripe.coupons.create({ amount_off: 500, currency: 'eur' });
    const almostAll = await stripe.coupons.create({ amount_off: 8720, currency: 'usd' });
    const cases: Array<[Partial<Stripe.Checkout.SessionCreateParams>, string, RegExp]> = [
      [{ discounts: [{ coupon: coupon.id }] }, 'discounts[0][coupon]', /redeemed 1 of 1 times/],
      [{ discounts: [{ coupon: 'nope' }] }, 'discounts[0][coupon]', /No such coupon: 'nope'/],
      [{ discounts: [{ coupon: eur.id }] }, 'discounts[0][coupon]', /in eur/],
      [
        { discounts: [{ coupon: almostAll.id }] },
        'discounts',
        /at least \$0\.50 usd after discounts/,
      ],
      [
        { discounts: [{ coupon: almostAll.id }], allow_promotion_codes: true },
        'allow_promotion_codes',
        /^You may only specify one of these parameters: allow_promotion_codes, discounts\.$/,
      ],
      [
        { discounts: [{ promotion_code: 'promo_1' }] },
        'discounts[0][promotion_code]',
        /promotion codes/,
      ],
      [
        { discounts: [{ coupon: almostAll.id }, { coupon: eur.id }] },
        'discounts',
        /only apply one discount/,
      ],
    ];
    for (const [overrides, param, message] of cases) {
      const error = await failure(stripe.checkout.sessions.create(sessionParams(overrides)));
      expect(error, param).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect((error as Stripe.errors.StripeError).param).toBe(param);
      expect((error as Stripe.errors.StripeError).message).toMatch(message);
    }
    expect((await stripe.checkout.sessions.list()).data).toHaveLength(1);
  });
});
