import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Stripe from 'stripe';
import { Query, Timestamp } from 'firebase-admin/firestore';
import { paths, priceForRole } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { toHttpsError } from '../../src/handlers/edge';
import { firestore } from '../../src/lib/admin';
import { createContext } from '../../src/lib/context';
import { ConcurrentChangeError } from '../../src/lib/errors';
import { createCheckout } from '../../src/checkout/create-checkout';
import { customerForCheckout } from '../../src/stripe/stripe-customers';
import {
  createUser,
  demoUser,
  checkoutOf,
  checkoutsOfUser,
  orderOf,
  ordersOfUser,
  sessionIdOf,
  setCart,
  SANDBOX_KEY,
  startPaymentsHarness,
  type TestUser,
} from './support';

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;

beforeAll(async () => {
  harness = await startPaymentsHarness();
});
afterAll(async () => {
  await harness?.stop();
});

const THREE_LINES = { 'purple-dream': 2, 'mango-tango': 3, 'slushie-machine-single': 1 };

/** The price the catalog sets for a role: products/{id} and, for wholesalers, wholesale_prices/{id}. */
async function catalogPrice(productId: string, role: 'retailer' | 'wholesaler') {
  const [product, wholesale] = await Promise.all([
    firestore().doc(paths.product(productId)).get(),
    firestore().doc(paths.wholesalePrice(productId)).get(),
  ]);
  const price_retailer = product.get('price_retailer') as number;
  const price_wholesaler = wholesale.get('price_wholesaler') as number;
  expect(Number.isInteger(price_retailer)).toBe(true);
  expect(Number.isInteger(price_wholesaler)).toBe(true);
  return priceForRole({ price_retailer, price_wholesaler }, role);
}

describe('createCheckoutSession: pricing on the server', () => {
  it('prices a three-line cart for a retailer and for a wholesaler from the product documents', async () => {
    const totals: Record<string, number> = {};
    for (const role of ['retailer', 'wholesaler'] as const) {
      const buyer = await createUser(role);
      await setCart(buyer.uid, THREE_LINES);
      const { url, orderId } = await createCheckoutSessionHandler(buyer.request({}));

      const order = await checkoutOf(orderId);
      const expectedLines = await Promise.all(
        Object.entries(THREE_LINES).map(async ([id, quantity]) => {
          const unit = await catalogPrice(id, role);
          return { product_id: id, quantity, unit_amount: unit, line_total: unit * quantity };
        }),
      );
      const expectedTotal = expectedLines.reduce((sum, line) => sum + line.line_total, 0);
      expect(order.items).toHaveLength(3);
      expect(order.items).toEqual(
        expect.arrayContaining(expectedLines.map((line) => expect.objectContaining(line))),
      );
      // A checkout attempt, not an order: the order is made when Stripe reports the session complete.
      expect(order).toMatchObject({
        user_id: buyer.uid,
        store_name: `Store of ${buyer.uid}`,
        seller_permit_id: 'SR-TEST-1',
        state: 'open',
        amount: expectedTotal,
        currency: 'usd',
        source: 'cart',
      });
      expect(await ordersOfUser(buyer.uid)).toHaveLength(0);
      expect(order.created_at.toMillis()).toBeGreaterThan(Date.now() - 60_000);

      // The Checkout Session carries every line at the server's price, and points back to the order.
      const sessionId = order.stripe_session_id;
      expect(sessionId).toMatch(/^cs_/);
      const session = await harness.stripe.checkout.sessions.retrieve(sessionId!, {
        expand: ['line_items'],
      });
      expect(url).toBe(session.url);
      expect(session.amount_total).toBe(expectedTotal);
      expect(session.client_reference_id).toBe(orderId);
      expect(session.metadata).toEqual({ orderId, uid: buyer.uid });
      expect(session.success_url).toBe(
        `${process.env.WEB_ORIGIN}/payment-success?session_id={CHECKOUT_SESSION_ID}&order=${orderId}`,
      );
      expect(session.cancel_url).toBe(`${process.env.WEB_ORIGIN}/portal/cart?checkout=cancelled`);
      // The company's one Stripe Customer (its id is the owner's uid), with US ship-to and
      // phone collection.
      expect(session.customer).toMatch(/^cus_/);
      const customer = await harness.stripe.customers.retrieve(session.customer as string);
      expect(customer).toMatchObject({ email: buyer.email, metadata: { company: buyer.uid } });
      expect(
        (await firestore().doc(paths.stripeCustomer(buyer.uid)).get()).get('customer_id'),
      ).toBe(session.customer);
      expect(session.shipping_address_collection?.allowed_countries).toEqual(['US']);
      expect(session.phone_number_collection?.enabled).toBe(true);
      const items = session.line_items?.data ?? [];
      expect(items.map((item) => [item.quantity, item.price?.unit_amount]).sort()).toEqual(
        expectedLines.map((line) => [line.quantity, line.unit_amount]).sort(),
      );
      totals[role] = expectedTotal;
    }
    // Wholesale prices are lower for these products: the same cart costs less.
    expect(totals.wholesaler).toBeLessThan(totals.retailer!);
  });

  it('ignores price fields a client wrote into its cart lines', async () => {
    const buyer = await createUser('retailer');
    await setCart(buyer.uid, {
      'blue-coast': { quantity: 2, price: 1, unit_amount: 1, price_retailer: 1, line_total: 2 },
    });
    const { orderId } = await createCheckoutSessionHandler(buyer.request({}));
    const order = await checkoutOf(orderId);
    const unit = await catalogPrice('blue-coast', 'retailer');
    expect(unit).toBeGreaterThan(1);
    expect(order.items).toEqual([
      expect.objectContaining({ product_id: 'blue-coast', unit_amount: unit, quantity: 2 }),
    ]);
    expect(order.amount).toBe(unit * 2);
    const session = await harness.stripe.checkout.sessions.retrieve(order.stripe_session_id!);
    expect(session.amount_total).toBe(unit * 2);
  });

  it('refuses a request that names a price (strict contract)', async () => {
    const buyer = await createUser('retailer');
    await setCart(buyer.uid, { 'blue-coast': 1 });
    await expect(
      createCheckoutSessionHandler(buyer.request({ productId: 'blue-coast', price: 1 })),
    ).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    await expect(
      createCheckoutSessionHandler(buyer.request({ amount: 100 })),
    ).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    expect(await checkoutsOfUser(buyer.uid)).toHaveLength(0);
  });

  it("Buy Now checks out the product's minimum (one unit here) and leaves the cart alone", async () => {
    const buyer = await createUser('wholesaler');
    await setCart(buyer.uid, { 'purple-dream': 4 });
    const { orderId } = await createCheckoutSessionHandler(
      buyer.request({ productId: 'red-rush' }),
    );
    const order = await checkoutOf(orderId);
    const unit = await catalogPrice('red-rush', 'wholesaler');
    expect(order.items).toEqual([
      expect.objectContaining({ product_id: 'red-rush', quantity: 1, unit_amount: unit }),
    ]);
    expect(order.amount).toBe(unit);
    expect(order.source).toBe('buy_now');
    const session = await harness.stripe.checkout.sessions.retrieve(order.stripe_session_id!, {
      expand: ['line_items'],
    });
    expect(session.line_items?.data).toHaveLength(1);
    expect(session.amount_total).toBe(unit);
  });
});

describe('createCheckoutSession: wholesale prices from wholesale_prices', () => {
  const db = () => firestore();
  const id = 't-wholesale-split';
  const product = {
    name: 'Split Price Syrup',
    description: '',
    image_url: '/products/blue-coast.svg',
    price_retailer: 3000,
    is_active: true,
    sort_order: 98_000,
  };

  afterAll(async () => {
    await Promise.all([
      db().doc(paths.product(id)).delete(),
      db().doc(paths.wholesalePrice(id)).delete(),
    ]);
  });

  it('charges a wholesaler the wholesale_prices price, not a price left in the product document', async () => {
    // A legacy document that still carries a (stale) wholesale price: it is ignored.
    await db()
      .doc(paths.product(id))
      .set({ ...product, price_wholesaler: 1 });
    await db().doc(paths.wholesalePrice(id)).set({ price_wholesaler: 2400 });
    const wholesaler = await createUser('wholesaler');
    const { orderId } = await createCheckoutSessionHandler(wholesaler.request({ productId: id }));
    expect((await checkoutOf(orderId)).items).toEqual([
      expect.objectContaining({ product_id: id, unit_amount: 2400, quantity: 1 }),
    ]);
    const retailer = await createUser('retailer');
    const retail = await createCheckoutSessionHandler(retailer.request({ productId: id }));
    expect((await checkoutOf(retail.orderId)).amount).toBe(3000);
  });

  it('refuses a wholesaler an active product without a wholesale price, by name; a retailer still buys it', async () => {
    await db().doc(paths.product(id)).set(product);
    await db().doc(paths.wholesalePrice(id)).delete();
    const wholesaler = await createUser('wholesaler');
    await expect(
      createCheckoutSessionHandler(wholesaler.request({ productId: id })),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringContaining('Split Price Syrup has no wholesale price yet'),
    });
    await setCart(wholesaler.uid, { [id]: 2, 'blue-coast': 1 });
    await expect(createCheckoutSessionHandler(wholesaler.request({}))).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringContaining('Split Price Syrup'),
    });
    // A malformed wholesale price counts as none.
    await db().doc(paths.wholesalePrice(id)).set({ price_wholesaler: 'cheap' });
    await expect(
      createCheckoutSessionHandler(wholesaler.request({ productId: id })),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
    expect(await checkoutsOfUser(wholesaler.uid)).toHaveLength(0);

    const retailer = await createUser('retailer');
    const { orderId } = await createCheckoutSessionHandler(retailer.request({ productId: id }));
    expect((await checkoutOf(orderId)).amount).toBe(3000);
  });
});

describe('createCheckoutSession: refusals', () => {
  let buyer: TestUser;
  beforeAll(async () => {
    buyer = await createUser('retailer');
  });

  it('refuses an empty cart', async () => {
    await setCart(buyer.uid, {});
    await expect(createCheckoutSessionHandler(buyer.request({}))).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'Your cart is empty.',
    });
  });

  it('refuses a cart of more than 100 lines having read only 101 of them', async () => {
    const lines = Object.fromEntries(
      Array.from({ length: 150 }, (_, i) => [`bulk-${String(i).padStart(3, '0')}`, 1]),
    );
    await setCart(buyer.uid, lines);
    const cartPath = paths.cartItems(buyer.uid);
    const sizes: number[] = [];
    const originalGet = Query.prototype.get;
    const spy = vi.spyOn(Query.prototype, 'get').mockImplementation(async function (this: Query) {
      const snap = await originalGet.call(this);
      if (snap.docs[0]?.ref.parent.path === cartPath) sizes.push(snap.size);
      return snap;
    });
    try {
      await expect(createCheckoutSessionHandler(buyer.request({}))).rejects.toMatchObject({
        code: 'failed-precondition',
        message: 'Your cart has more than 100 lines; checkout takes at most 100.',
      });
    } finally {
      spy.mockRestore();
      await setCart(buyer.uid, {});
    }
    expect(sizes).toEqual([101]);
  });

  it('refuses an unapproved (pending) buyer, by claims and by profile', async () => {
    const pending = await demoUser('pending@demo.test', 'retailer');
    await expect(
      createCheckoutSessionHandler(pending.request({ productId: 'blue-coast' })),
    ).rejects.toMatchObject({
      code: 'permission-denied',
      message: 'Your account is not approved for ordering.',
    });
    // Claims still say approved (a token lives an hour) but the profile was rejected meanwhile.
    const stale = await createUser('retailer');
    await firestore().doc(`profiles/${stale.uid}`).update({ status: 'rejected' });
    await expect(
      createCheckoutSessionHandler(stale.request({ productId: 'blue-coast' })),
    ).rejects.toMatchObject({
      code: 'permission-denied',
    });
    expect(await checkoutsOfUser(stale.uid)).toHaveLength(0);
  });

  it('refuses managers and signed-out callers', async () => {
    const manager = await createUser('manager');
    await expect(
      createCheckoutSessionHandler(manager.request({ productId: 'blue-coast' })),
    ).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(createCheckoutSessionHandler({ auth: undefined, data: {} })).rejects.toMatchObject(
      {
        code: 'unauthenticated',
      },
    );
  });

  it('refuses an inactive product, naming it, in the cart and with Buy Now', async () => {
    await setCart(buyer.uid, { 'blue-coast': 1, 'cola-classic': 2 });
    await expect(createCheckoutSessionHandler(buyer.request({}))).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringContaining('Cola Classic Syrup (retired) is no longer available'),
    });
    await expect(
      createCheckoutSessionHandler(buyer.request({ productId: 'cola-classic' })),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringContaining('Cola Classic Syrup (retired)'),
    });
    expect(await checkoutsOfUser(buyer.uid)).toHaveLength(0);
  });

  it('refuses an unknown product and a bad quantity', async () => {
    await expect(
      createCheckoutSessionHandler(buyer.request({ productId: 'no-such-syrup' })),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringContaining('no-such-syrup'),
    });
    await setCart(buyer.uid, { 'blue-coast': 0 });
    await expect(createCheckoutSessionHandler(buyer.request({}))).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringContaining('Invalid quantity for Blue Coast Syrup'),
    });
    await setCart(buyer.uid, { 'blue-coast': { quantity: 'lots' } });
    await expect(createCheckoutSessionHandler(buyer.request({}))).rejects.toMatchObject({
      code: 'failed-precondition',
    });
    expect(await checkoutsOfUser(buyer.uid)).toHaveLength(0);
  });

  it('refuses a total a card payment cannot take before creating any order', async () => {
    const db = firestore();
    const product = (id: string, cents: number) =>
      db.doc(paths.product(id)).set({
        name: `Limit test ${id}`,
        description: '',
        image_url: '/products/blue-coast.svg',
        price_retailer: cents,
        is_active: true,
        sort_order: 99_000,
      });
    const cheap = 't-limit-cheap';
    const dear = 't-limit-dear';
    await Promise.all([product(cheap, 25), product(dear, 10_000_000)]);
    try {
      await expect(
        createCheckoutSessionHandler(buyer.request({ productId: cheap })),
      ).rejects.toMatchObject({
        code: 'failed-precondition',
        message: 'Orders must total at least $0.50.',
      });
      await setCart(buyer.uid, { [dear]: 10 });
      await expect(createCheckoutSessionHandler(buyer.request({}))).rejects.toMatchObject({
        code: 'failed-precondition',
        message: expect.stringContaining('at most $999,999.99'),
      });
      expect(await checkoutsOfUser(buyer.uid)).toHaveLength(0);
    } finally {
      await setCart(buyer.uid, {});
      await Promise.all([cheap, dear].map((id) => db.doc(paths.product(id)).delete()));
    }
  });

  it('refuses bad arguments with invalid-argument', async () => {
    for (const data of [
      { productId: 123 },
      { productId: 'a/b' },
      { productId: '' },
      // Not document ids (Firestore reserves them): refused up front, not an internal error.
      { productId: '..' },
      { productId: '.' },
      { productId: '__name__' },
      'blue-coast',
      { extra: true },
    ]) {
      await expect(createCheckoutSessionHandler(buyer.request(data))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    }
  });
});

describe('createCheckoutSession: one checkout per cart', () => {
  it('two quick calls with the same cart give one checkout and one session', async () => {
    const buyer = await createUser('retailer');
    await setCart(buyer.uid, THREE_LINES);
    const results = await Promise.all([
      createCheckoutSessionHandler(buyer.request({})),
      createCheckoutSessionHandler(buyer.request({})),
      createCheckoutSessionHandler(buyer.request({})),
    ]);
    expect(new Set(results.map((r) => r.orderId)).size).toBe(1);
    expect(new Set(results.map((r) => r.url)).size).toBe(1);
    expect(await checkoutsOfUser(buyer.uid)).toHaveLength(1);
    const sessions = await harness.stripe.checkout.sessions.list({ limit: 100 });
    expect(sessions.data.filter((s) => s.metadata?.uid === buyer.uid)).toHaveLength(1);

    // A later call with the same cart reuses it too.
    const again = await createCheckoutSessionHandler(buyer.request({}));
    expect(again).toEqual(results[0]);
    expect(await checkoutsOfUser(buyer.uid)).toHaveLength(1);
    expect(await ordersOfUser(buyer.uid)).toHaveLength(0);
  });

  it('a changed cart gets a new checkout; the replaced session is expired and its checkout marked replaced', async () => {
    const buyer = await createUser('wholesaler');
    await setCart(buyer.uid, { 'blue-coast': 1 });
    const first = await createCheckoutSessionHandler(buyer.request({}));
    await setCart(buyer.uid, { 'blue-coast': 2 });
    const second = await createCheckoutSessionHandler(buyer.request({}));
    expect(second.orderId).not.toBe(first.orderId);
    expect(second.url).not.toBe(first.url);

    const old = await checkoutOf(first.orderId);
    expect(old.state).toBe('replaced');
    const oldSession = await harness.stripe.checkout.sessions.retrieve(old.stripe_session_id!);
    expect(oldSession.status).toBe('expired');
    expect((await checkoutOf(second.orderId)).state).toBe('open');
    expect(await ordersOfUser(buyer.uid)).toHaveLength(0);
  });

  it('starts over when Stripe no longer knows the session (restarted sandbox)', async () => {
    const buyer = await createUser('retailer');
    await setCart(buyer.uid, { 'red-rush': 2 });
    const first = await createCheckoutSessionHandler(buyer.request({}));
    harness.sandbox.reset();
    const second = await createCheckoutSessionHandler(buyer.request({}));
    expect(second.orderId).not.toBe(first.orderId);
    expect((await checkoutOf(first.orderId)).state).toBe('expired');
    const session = await harness.stripe.checkout.sessions.retrieve(sessionIdOf(second.url));
    expect(session.status).toBe('open');
  });

  it('takes over a claim left behind by a call that died while creating the session', async () => {
    const buyer = await createUser('wholesaler');
    await setCart(buyer.uid, { 'mango-tango': 1 });
    const first = await createCheckoutSessionHandler(buyer.request({}));
    // Simulate a crash between the claim and the session: the lock says 'creating' for a minute.
    await firestore().doc(paths.checkout(first.orderId)).update({ stripe_session_id: null });
    await firestore()
      .doc(paths.checkoutLock(buyer.uid))
      .update({
        state: 'creating',
        url: null,
        session_id: null,
        claimed_at: Timestamp.fromMillis(Date.now() - 60_000),
      });
    const second = await createCheckoutSessionHandler(buyer.request({}));
    expect(second.orderId).not.toBe(first.orderId);
    expect((await checkoutOf(first.orderId)).state).toBe('replaced');
    expect((await checkoutOf(second.orderId)).state).toBe('open');
  });

  it('a checkout replaced while its session was being created is closed, not left payable', async () => {
    const buyer = await createUser('retailer');
    await setCart(buyer.uid, { 'blue-coast': 1 });
    // A Stripe client whose session creation waits until the test lets it go.
    const url = new URL(process.env.STRIPE_SANDBOX_URL!);
    const slow = new Stripe(SANDBOX_KEY, {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
    });
    const create = slow.checkout.sessions.create.bind(slow.checkout.sessions);
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    let started!: () => void;
    const creating = new Promise<void>((resolve) => (started = resolve));
    slow.checkout.sessions.create = (async (
      params: Stripe.Checkout.SessionCreateParams,
      options?: Stripe.RequestOptions,
    ) => {
      started();
      await gate;
      return create(params, options);
    }) as typeof slow.checkout.sessions.create;
    const first = createCheckout(
      { uid: buyer.uid },
      undefined,
      createContext({ stripe: () => slow }),
    );
    await creating;
    // Meanwhile, in another tab, the cart changes and checkout starts again.
    await setCart(buyer.uid, { 'blue-coast': 3 });
    const second = await createCheckoutSessionHandler(buyer.request({}));
    letGo();
    const refusal: unknown = await first.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ConcurrentChangeError);
    expect(toHttpsError(refusal)).toMatchObject({
      code: 'aborted',
      message: 'Your cart changed while checkout was being prepared. Try again.',
    });

    const checkouts = await checkoutsOfUser(buyer.uid);
    expect(checkouts).toHaveLength(2);
    const replaced = checkouts.find((o) => o.id !== second.orderId)!;
    expect(replaced.get('state')).toBe('replaced');
    const sessions = await harness.stripe.checkout.sessions.list({ limit: 100 });
    const mine = sessions.data.filter((s) => s.metadata?.uid === buyer.uid);
    expect(mine.map((s) => [s.client_reference_id, s.status]).sort()).toEqual(
      [
        [replaced.id, 'expired'],
        [second.orderId, 'open'],
      ].sort(),
    );
  });

  it('closes the replaced checkout even when its session already expired and the webhook was lost', async () => {
    const buyer = await createUser('wholesaler');
    await setCart(buyer.uid, { 'purple-dream': 2 });
    const first = await createCheckoutSessionHandler(buyer.request({}));
    const sessionId = (await checkoutOf(first.orderId)).stripe_session_id!;
    harness.endpoint.mode = 'hold'; // the expiry event never reaches the portal
    try {
      await harness.stripe.checkout.sessions.expire(sessionId);
      await harness.sandbox.whenWebhooksIdle();
    } finally {
      harness.endpoint.mode = 'process';
    }
    expect((await checkoutOf(first.orderId)).state).toBe('open');
    // The cart changes: a new checkout replaces the one the portal still thinks open.
    await setCart(buyer.uid, { 'purple-dream': 3 });

    const second = await createCheckoutSessionHandler(buyer.request({}));
    expect(second.orderId).not.toBe(first.orderId);
    expect((await checkoutOf(first.orderId)).state).toBe('replaced');
    expect(await ordersOfUser(buyer.uid)).toHaveLength(0);
  });

  it('after the session is paid, the same cart is not sold twice', async () => {
    const buyer = await createUser('retailer');
    await setCart(buyer.uid, { 'green-machine': 1 });
    harness.endpoint.mode = 'hold'; // the webhook is late
    try {
      const first = await createCheckoutSessionHandler(buyer.request({}));
      const sessionId = (await checkoutOf(first.orderId)).stripe_session_id!;
      await harness.sandbox.pay(sessionId);
      await harness.sandbox.whenWebhooksIdle();
      // The cart still holds the line (no webhook processed) but the session is paid.
      await expect(createCheckoutSessionHandler(buyer.request({}))).rejects.toMatchObject({
        code: 'failed-precondition',
        message: expect.stringContaining('already ordered'),
      });
      expect((await orderOf(first.orderId)).status).toBe('processing');
      expect(await ordersOfUser(buyer.uid)).toHaveLength(1);
    } finally {
      harness.endpoint.mode = 'process';
    }
  });
});

describe("createCheckoutSession: the company's Stripe Customer", () => {
  it('two first checkouts racing store one customer, and both use it', async () => {
    const companyId = `customer-race-${Date.now()}`;
    const input = { companyId, storeName: 'Race Co', shipTo: null };
    const [a, b] = await Promise.all([
      customerForCheckout(firestore(), harness.stripe, input, 'first'),
      customerForCheckout(firestore(), harness.stripe, input, 'second'),
    ]);
    expect(a).toBe(b);
    const stored = await firestore().doc(paths.stripeCustomer(companyId)).get();
    expect(stored.get('customer_id')).toBe(a);
    // Later checkouts use the stored one.
    expect(await customerForCheckout(firestore(), harness.stripe, input, 'third')).toBe(a);
  });
});
