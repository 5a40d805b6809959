import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { saveShipToHandler } from '../../src/handlers/save-ship-to';
import { firestore } from '../../src/lib/admin';
import { checkoutOf, createUser, PAY_SHIP_TO, setCart, startPaymentsHarness } from './support';

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;

beforeAll(async () => {
  harness = await startPaymentsHarness();
});
afterAll(async () => {
  await harness?.stop();
});

const NEW_SHIP_TO = {
  name: 'Rico Alvarez',
  phone: '(310) 555-0142',
  address: {
    line1: '1418 Ocean Front Walk',
    line2: '',
    city: 'Venice',
    state: 'ca',
    postal_code: '90291',
    country: 'US',
  },
};

async function shipToOnProfile(uid: string) {
  return (await firestore().doc(paths.profile(uid)).get()).get('ship_to') as unknown;
}

describe('saveShipTo', () => {
  it('saves the default ship-to on the profile and, once the buyer has one, on the Stripe Customer', async () => {
    const buyer = await createUser('retailer');
    expect(await saveShipToHandler(buyer.request({ shipTo: NEW_SHIP_TO }))).toEqual({
      shipTo: {
        ...NEW_SHIP_TO,
        phone: '3105550142',
        address: { ...NEW_SHIP_TO.address, state: 'CA' },
      },
    });
    expect(await shipToOnProfile(buyer.uid)).toMatchObject({ address: { state: 'CA' } });

    // The first checkout makes the customer with that address: Checkout pre-fills it.
    await setCart(buyer.uid, { 'blue-coast': 1 });
    const { orderId } = await createCheckoutSessionHandler(buyer.request({}));
    const session = await harness.stripe.checkout.sessions.retrieve(
      (await checkoutOf(orderId)).stripe_session_id!,
    );
    const customerId = session.customer as string;
    const customer = (await harness.stripe.customers.retrieve(customerId)) as Stripe.Customer;
    expect(customer.shipping).toMatchObject({
      name: 'Rico Alvarez',
      address: { line1: '1418 Ocean Front Walk', city: 'Venice', state: 'CA', country: 'US' },
    });

    // An edit afterwards goes to the same customer.
    await saveShipToHandler(
      buyer.request({ shipTo: { ...PAY_SHIP_TO, address: { ...PAY_SHIP_TO.address } } }),
    );
    const updated = (await harness.stripe.customers.retrieve(customerId)) as Stripe.Customer;
    expect(updated.shipping?.address?.line1).toBe('500 Market St');
  });

  it('refuses addresses outside the US, control characters, missing fields and strangers, changing nothing', async () => {
    const buyer = await createUser('wholesaler');
    await saveShipToHandler(buyer.request({ shipTo: NEW_SHIP_TO }));
    const before = await shipToOnProfile(buyer.uid);
    const bad = [
      { shipTo: { ...NEW_SHIP_TO, address: { ...NEW_SHIP_TO.address, country: 'CA' } } },
      { shipTo: { ...NEW_SHIP_TO, name: 'Rico\r\nBcc: x@y.z' } },
      { shipTo: { ...NEW_SHIP_TO, address: { ...NEW_SHIP_TO.address, postal_code: '9029' } } },
      { shipTo: { ...NEW_SHIP_TO, address: { ...NEW_SHIP_TO.address, state: 'ZZ' } } },
      { shipTo: { ...NEW_SHIP_TO, name: 'x'.repeat(101) } },
      { shipTo: { ...NEW_SHIP_TO, phone: '12' } },
      { shipTo: NEW_SHIP_TO, extra: true },
      { shipTo: 'Venice' },
      {},
    ];
    for (const data of bad) {
      await expect(saveShipToHandler(buyer.request(data))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    }
    expect(await shipToOnProfile(buyer.uid)).toEqual(before);
    const manager = await createUser('manager');
    await expect(saveShipToHandler(manager.request({ shipTo: NEW_SHIP_TO }))).rejects.toMatchObject(
      { code: 'permission-denied' },
    );
    const pending = await createUser('retailer', 'pending');
    await expect(saveShipToHandler(pending.request({ shipTo: NEW_SHIP_TO }))).rejects.toMatchObject(
      { code: 'permission-denied' },
    );
    await expect(
      saveShipToHandler({ auth: undefined, data: { shipTo: NEW_SHIP_TO } }),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
