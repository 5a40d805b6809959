import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { paths, VIEW_ONLY } from '@portal/domain';
import {
  LOCATION_ARCHIVED,
  LOCATION_NOT_FOUND,
  LOCATION_NOT_YOURS,
  NO_LOCATION_OF_YOURS,
} from '../../src/companies/locations';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import type { CallRequest } from '../../src/handlers/edge';
import { firestore } from '../../src/lib/admin';
import { locationDocument, writeLocation } from '../company-fixtures';
import {
  checkoutOf,
  checkoutsOfUser,
  createMember,
  createUser,
  orderOf,
  payWithShipTo,
  PAY_SHIP_TO,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from './support';

/**
 * Checkout for a company's location (docs/companies.md): the member names one of their company's
 * locations they cover, the company's one Stripe Customer takes its ship-to (Checkout pre-fills
 * it), and the checkout and its order record the location and who placed it. A company with
 * active locations must name one; a buyer orders for their assigned ones only, a viewer not at
 * all.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;

beforeAll(async () => {
  harness = await startPaymentsHarness();
});
afterAll(async () => {
  await harness?.stop();
});

const IP = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const call = (user: TestUser, data: unknown = {}): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip: IP },
});
const checkout = (user: TestUser, data: unknown = {}) =>
  createCheckoutSessionHandler(call(user, data));

async function customerOfCheckout(checkoutId: string) {
  const session = await harness.stripe.checkout.sessions.retrieve(
    (await checkoutOf(checkoutId)).stripe_session_id!,
  );
  return (await harness.stripe.customers.retrieve(session.customer as string)) as Stripe.Customer;
}

async function storedCustomer(companyId: string) {
  return (await firestore().doc(paths.stripeCustomer(companyId)).get()).get('customer_id') as
    string | undefined;
}

/** Nothing of a refused checkout: no checkout, no lock, no Stripe Customer. */
async function expectNothingWritten(user: TestUser, companyId: string) {
  expect(await checkoutsOfUser(user.uid)).toHaveLength(0);
  expect((await firestore().doc(paths.checkoutLock(user.uid)).get()).exists).toBe(false);
  expect(await storedCustomer(companyId)).toBeUndefined();
}

/** A company (the owner's uid) with two active locations and an archived one. */
async function companyWithLocations() {
  const owner = await createUser('retailer');
  const db = firestore();
  const [mainSt, harbor, closed] = await Promise.all([
    writeLocation(db, owner.uid, 'Main St store'),
    writeLocation(db, owner.uid, 'Harbor kiosk'),
    writeLocation(db, owner.uid, 'Old mall', { archived: true }),
  ]);
  return { owner, mainSt, harbor, closed };
}

describe('checkout for a location', () => {
  it("ships to the location: the customer's shipping, the checkout's location and who placed it, the order's", async () => {
    const { owner, mainSt, harbor } = await companyWithLocations();
    await setCart(owner.uid, { 'blue-coast': 2 });
    const first = await checkout(owner, { locationId: mainSt });

    const main = locationDocument('Main St store');
    expect(await checkoutOf(first.orderId)).toMatchObject({
      user_id: owner.uid,
      company_id: owner.uid,
      location_id: mainSt,
      location_name: 'Main St store',
      placed_by_name: 'Test retailer',
      state: 'open',
    });
    // Checkout pre-fills the address from the company's customer.
    const customer = await customerOfCheckout(first.orderId);
    expect(customer.id).toBe(await storedCustomer(owner.uid));
    expect(customer.shipping).toMatchObject({
      name: main.ship_to.name,
      phone: main.ship_to.phone,
      address: {
        line1: main.ship_to.address.line1,
        city: main.ship_to.address.city,
        state: main.ship_to.address.state,
        postal_code: main.ship_to.address.postal_code,
        country: 'US',
      },
    });

    // The same cart for another location is another checkout, and the same customer ships there.
    await firestore()
      .doc(paths.location(owner.uid, harbor))
      .update({ 'ship_to.address.line1': '9 Pier Rd', 'ship_to.name': 'Harbor receiving' });
    const second = await checkout(owner, { locationId: harbor });
    expect(second.orderId).not.toBe(first.orderId);
    expect((await checkoutOf(first.orderId)).state).toBe('replaced');
    expect(await checkoutOf(second.orderId)).toMatchObject({
      location_id: harbor,
      location_name: 'Harbor kiosk',
    });
    const again = await customerOfCheckout(second.orderId);
    expect(again.id).toBe(customer.id);
    expect(again.shipping).toMatchObject({
      name: 'Harbor receiving',
      address: { line1: '9 Pier Rd' },
    });

    // Paid, the order keeps the location and who placed it next to the address Checkout took.
    await payWithShipTo(harness.sandbox, (await checkoutOf(second.orderId)).stripe_session_id!);
    expect(await orderOf(second.orderId)).toMatchObject({
      status: 'processing',
      company_id: owner.uid,
      location_id: harbor,
      location_name: 'Harbor kiosk',
      placed_by_name: 'Test retailer',
      ship_to: PAY_SHIP_TO,
    });
  });

  it("ships to the member's first active location by name when the checkout names none (Buy Now)", async () => {
    const { owner, harbor } = await companyWithLocations();
    await setCart(owner.uid, { 'red-rush': 1 });
    // 'Harbor kiosk' comes before 'Main St store'; 'Old mall' is archived.
    const { orderId } = await checkout(owner, { productId: 'red-rush' });
    expect(await checkoutOf(orderId)).toMatchObject({
      location_id: harbor,
      location_name: 'Harbor kiosk',
    });
  });

  it('checks out without a location when the company has none active (Stripe collects the address)', async () => {
    const owner = await createUser('wholesaler');
    await writeLocation(firestore(), owner.uid, 'Closed store', { archived: true });
    await setCart(owner.uid, { 'red-rush': 1 });
    const { orderId } = await checkout(owner);
    expect(await checkoutOf(orderId)).toMatchObject({
      company_id: owner.uid,
      location_id: null,
      location_name: '',
    });
  });

  it('refuses an archived location and an unknown one, writing nothing', async () => {
    const { owner, closed } = await companyWithLocations();
    await setCart(owner.uid, { 'red-rush': 1 });
    await expect(checkout(owner, { locationId: closed })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: LOCATION_ARCHIVED,
    });
    await expect(checkout(owner, { locationId: 'no-such-location' })).rejects.toMatchObject({
      code: 'not-found',
      message: LOCATION_NOT_FOUND,
    });
    await expect(checkout(owner, { locationId: 'a/b' })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    await expectNothingWritten(owner, owner.uid);
  });
});

describe('checkout by the members of a company', () => {
  it('refuses a buyer with no location of theirs when the company has some, writing nothing', async () => {
    const { owner } = await companyWithLocations();
    const buyer = await createMember(owner.uid, 'buyer', []);
    await setCart(buyer.uid, { 'mango-tango': 1 });
    await expect(checkout(buyer)).rejects.toMatchObject({
      code: 'permission-denied',
      message: NO_LOCATION_OF_YOURS,
    });
    await expectNothingWritten(buyer, owner.uid);
  });

  it('lets a buyer order for their assigned location only', async () => {
    const { owner, mainSt, harbor } = await companyWithLocations();
    const buyer = await createMember(owner.uid, 'buyer', [mainSt]);
    await setCart(buyer.uid, { 'mango-tango': 1 });
    await expect(checkout(buyer, { locationId: harbor })).rejects.toMatchObject({
      code: 'permission-denied',
      message: LOCATION_NOT_YOURS,
    });
    await expectNothingWritten(buyer, owner.uid);

    const { orderId } = await checkout(buyer, { locationId: mainSt });
    expect(await checkoutOf(orderId)).toMatchObject({
      user_id: buyer.uid,
      company_id: owner.uid,
      location_id: mainSt,
      placed_by_name: `Member ${buyer.uid}`,
      store_name: `Store of ${owner.uid}`,
    });
  });

  it('refuses a viewer (VIEW_ONLY), whatever location they name, writing nothing', async () => {
    const { owner, mainSt } = await companyWithLocations();
    const viewer = await createMember(owner.uid, 'viewer');
    await setCart(viewer.uid, { 'mango-tango': 1 });
    for (const data of [{ locationId: mainSt }, {}, { productId: 'mango-tango' }]) {
      await expect(checkout(viewer, data)).rejects.toMatchObject({
        code: 'permission-denied',
        message: VIEW_ONLY,
      });
    }
    await expectNothingWritten(viewer, owner.uid);
  });

  it("looks a location up in the caller's own company: another company's id is not found", async () => {
    const a = await companyWithLocations();
    const b = await createUser('wholesaler');
    const bMember = await createMember(b.uid, 'buyer', [a.mainSt]);
    for (const member of [b, bMember]) {
      await setCart(member.uid, { 'green-machine': 1 });
      await expect(checkout(member, { locationId: a.mainSt })).rejects.toMatchObject({
        code: 'not-found',
        message: LOCATION_NOT_FOUND,
      });
      expect(await checkoutsOfUser(member.uid)).toHaveLength(0);
    }
    expect(await storedCustomer(b.uid)).toBeUndefined();
    expect(await storedCustomer(a.owner.uid)).toBeUndefined();
  });

  it("shares the company's one Stripe Customer between its members", async () => {
    const { owner, mainSt, harbor } = await companyWithLocations();
    const buyer = await createMember(owner.uid, 'buyer', [harbor]);
    await setCart(owner.uid, { 'purple-dream': 1 });
    await setCart(buyer.uid, { 'purple-dream': 2 });
    const mine = await checkout(owner, { locationId: mainSt });
    const theirs = await checkout(buyer, { locationId: harbor });

    const customerId = await storedCustomer(owner.uid);
    expect(customerId).toMatch(/^cus_/);
    expect((await customerOfCheckout(mine.orderId)).id).toBe(customerId);
    expect((await customerOfCheckout(theirs.orderId)).id).toBe(customerId);
    // No customer of the member's own.
    expect(await storedCustomer(buyer.uid)).toBeUndefined();
    expect((await customerOfCheckout(theirs.orderId)).metadata).toEqual({ company: owner.uid });
    // The member's checkout is the company's, placed by the member.
    expect(await checkoutOf(theirs.orderId)).toMatchObject({
      user_id: buyer.uid,
      company_id: owner.uid,
      placed_by_name: `Member ${buyer.uid}`,
    });
  });
});
