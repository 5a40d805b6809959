import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { businessDay, mailKeys, paths, PRODUCT_DEFAULTS, type TaxExemption } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import type { CallRequest } from '../../src/handlers/edge';
import { taxOfCheckout } from '../../src/checkout/order-from-checkout';
import { estimateTaxHandler } from '../../src/handlers/estimate-tax';
import { placeTermsOrderHandler, setCompanyTermsHandler } from '../../src/handlers/payment-terms';
import { firestore } from '../../src/lib/admin';
import { readOrder } from '../../src/orders/order-record';
import { syncCompanyExemptCustomers } from '../../src/tax/exempt-customers';
import { taxTreatmentFor } from '../../src/tax/order-tax';
import { createContext } from '../../src/lib/context';
import { writeLocation } from '../company-fixtures';
import {
  checkoutOf,
  createUser,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from '../payments/support';

/**
 * Sales tax on orders (docs/tax.md): a card checkout to California is taxed by Stripe Tax and the
 * order records it; the company's approved certificate for California exempts its next order
 * there (its exempt Stripe Customer, no other address collected) while an order to Nevada is
 * taxed; an expired certificate exempts nothing; orders on terms book the tax the invoice charges;
 * the cart's estimate agrees with checkout; an expiry turns the exempt Customer back to taxed.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;
const RUN = randomUUID().slice(0, 8);
const IP = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const call = (user: TestUser, data: unknown = {}): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip: IP },
});
const db = () => firestore();
const PRODUCT = `t-tax-syrup-${RUN}`;
const PRICE = 10_000; // $100.00 a unit (retailer)
// The sandbox's state base rates (emulators/stripe/src/tax/state-rates.ts).
const CA_RATE = 0.0725;
const NV_RATE = 0.0685;

beforeAll(async () => {
  harness = await startPaymentsHarness();
  manager = await createUser('manager');
  await db()
    .doc(paths.product(PRODUCT))
    .set({
      ...PRODUCT_DEFAULTS,
      name: 'Tax Syrup',
      description: 'Tax test product.',
      image_url: '/products/blue-coast.svg',
      price_retailer: PRICE,
      is_active: true,
      sort_order: 97_600,
      sku: `TAX-${RUN.toUpperCase()}`,
      stock_on_hand: 1_000,
    });
  await db().doc(paths.wholesalePrice(PRODUCT)).set({ price_wholesaler: 8_000, price_breaks: [] });
});

afterAll(async () => {
  await db().doc(paths.product(PRODUCT)).delete();
  await db().doc(paths.wholesalePrice(PRODUCT)).delete();
  await harness?.stop();
});

const dayOffset = (days: number) => businessDay(new Date(Date.now() + days * 86_400_000));

/** An approved (or other) certificate of the company, written as the functions keep it. */
async function writeCertificate(
  companyId: string,
  fields: { state: string; number: string; expires_on: string | null; status?: string },
): Promise<string> {
  const ref = db().collection('tax_certificates').doc();
  await ref.set({
    company_id: companyId,
    state: fields.state,
    number: fields.number,
    expires_on: fields.expires_on,
    file_path: `tax-certificates/${companyId}/${ref.id}/certificate`,
    file_name: 'certificate.pdf',
    content_type: 'application/pdf',
    size: 1234,
    status: fields.status ?? 'approved',
    submitted_by: companyId,
    reminders_sent: [],
  });
  return ref.id;
}

async function company() {
  const owner = await createUser('retailer');
  const [ca, nv] = await Promise.all([
    writeLocation(db(), owner.uid, 'Oakland store', { state: 'CA' }),
    writeLocation(db(), owner.uid, 'Reno store', { state: 'NV' }),
  ]);
  return { owner, ca, nv };
}

/** Checks out the cart for a location and pays it in the sandbox (a taxed one with that ship-to). */
async function buy(owner: TestUser, locationId: string, units: number) {
  await setCart(owner.uid, { [PRODUCT]: units });
  const started = await createCheckoutSessionHandler(call(owner, { locationId }));
  const record = await checkoutOf(started.orderId);
  const session = await harness.stripe.checkout.sessions.retrieve(record.stripe_session_id!);
  const location = (await db().doc(paths.location(owner.uid, locationId)).get()).data()!;
  await harness.sandbox.pay(
    session.id,
    session.shipping_address_collection
      ? {
          shipping: { name: location.ship_to.name, address: location.ship_to.address },
          phone: '+15035550100',
        }
      : { phone: '+15035550100' },
  );
  let order = null;
  for (let i = 0; i < 100 && !order; i++) {
    order = readOrder(await db().doc(paths.order(started.orderId)).get());
    if (!order) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!order) throw new Error(`order ${started.orderId} was not made`);
  return { order, orderId: started.orderId, session };
}

const taxOn = (goods: number, rate: number) => Math.round(goods * rate);

describe('card checkout', () => {
  it('taxes an order to California: the session, the order and its tax record', async () => {
    const { owner, ca } = await company();
    const { order, orderId, session } = await buy(owner, ca, 3);
    const goods = 3 * PRICE;
    const tax = taxOn(goods, CA_RATE);
    expect(session.automatic_tax.enabled).toBe(true);
    const paid = await harness.stripe.checkout.sessions.retrieve(session.id);
    expect(paid.amount_subtotal).toBe(goods);
    expect(paid.total_details?.amount_tax).toBe(tax);
    expect(paid.amount_total).toBe(goods + tax);
    expect(order.amount).toBe(goods + tax);
    expect(order.tax).toEqual({ amount: tax, state: 'CA', exemption: null });
    // The confirmation mail has the tax row.
    const mail = await db()
      .doc(paths.mail(mailKeys.orderConfirmation(orderId)))
      .get();
    expect(JSON.stringify(mail.data())).toContain(`Sales tax (CA): $${(tax / 100).toFixed(2)}`);
  });

  it("exempts the company's next California order under its approved certificate, and taxes Nevada", async () => {
    const { owner, ca, nv } = await company();
    const certificateId = await writeCertificate(owner.uid, {
      state: 'CA',
      number: 'SR-100-200',
      expires_on: dayOffset(90),
    });
    const exempt = await buy(owner, ca, 2);
    const exemption: TaxExemption = {
      certificate_id: certificateId,
      number: 'SR-100-200',
      state: 'CA',
      expires_on: dayOffset(90),
    };
    expect(exempt.order.amount).toBe(2 * PRICE);
    expect(exempt.order.tax).toEqual({ amount: 0, state: 'CA', exemption });
    // No other address could be typed: the order ships to the location.
    expect(exempt.session.shipping_address_collection).toBeNull();
    expect(exempt.order.ship_to?.address.state).toBe('CA');
    // The company's exempt Customer for California.
    const stored = (await db().doc(paths.exemptCustomer(owner.uid, 'CA')).get()).data();
    expect(stored).toMatchObject({ certificate_id: certificateId, tax_exempt: 'exempt' });
    expect(exempt.session.customer).toBe(stored!.customer_id);
    const customer = (await harness.stripe.customers.retrieve(
      stored!.customer_id as string,
    )) as Stripe.Customer;
    expect(customer.tax_exempt).toBe('exempt');

    const taxed = await buy(owner, nv, 2);
    expect(taxed.order.tax).toEqual({
      amount: taxOn(2 * PRICE, NV_RATE),
      state: 'NV',
      exemption: null,
    });
    expect(taxed.session.customer).not.toBe(stored!.customer_id);
  });

  it('taxes again once the certificate has expired, a pending or rejected one never exempts', async () => {
    const { owner, ca } = await company();
    await writeCertificate(owner.uid, { state: 'CA', number: 'OLD-1', expires_on: dayOffset(-1) });
    await writeCertificate(owner.uid, {
      state: 'CA',
      number: 'PEND-1',
      expires_on: null,
      status: 'pending',
    });
    await writeCertificate(owner.uid, {
      state: 'CA',
      number: 'REJ-1',
      expires_on: null,
      status: 'rejected',
    });
    const { order } = await buy(owner, ca, 1);
    expect(order.tax).toEqual({ amount: taxOn(PRICE, CA_RATE), state: 'CA', exemption: null });
  });
});

describe("the cart's estimate", () => {
  it('is what checkout charges, names the exemption, and names an expired certificate', async () => {
    const { owner, ca, nv } = await company();
    await setCart(owner.uid, { [PRODUCT]: 4 });
    const taxed = await estimateTaxHandler(call(owner, { locationId: ca }));
    expect(taxed).toEqual({
      state: 'CA',
      subtotal: 4 * PRICE,
      tax: taxOn(4 * PRICE, CA_RATE),
      fullTax: taxOn(4 * PRICE, CA_RATE),
      exemption: null,
      expiredCertificate: null,
      storeCredit: 0,
    });
    // With store credit: a card checkout's tax is on the goods less it; the full tax is kept
    // for a standing order or an order on terms, whose invoices are taxed whole.
    await firestore()
      .doc(paths.storeCredit(owner.uid))
      .set({ balance: PRICE, updated_at: new Date() });
    const credited = await estimateTaxHandler(call(owner, { locationId: ca }));
    const full = taxOn(4 * PRICE, CA_RATE);
    expect(credited).toMatchObject({
      storeCredit: PRICE,
      fullTax: full,
      tax: Math.round((full * 3 * PRICE) / (4 * PRICE)),
    });
    await firestore().doc(paths.storeCredit(owner.uid)).delete();
    const expiredId = await writeCertificate(owner.uid, {
      state: 'NV',
      number: 'NV-OLD',
      expires_on: dayOffset(-3),
    });
    const nvEstimate = await estimateTaxHandler(call(owner, { locationId: nv }));
    expect(nvEstimate.tax).toBe(taxOn(4 * PRICE, NV_RATE));
    expect(nvEstimate.expiredCertificate).toEqual({
      certificate_id: expiredId,
      number: 'NV-OLD',
      state: 'NV',
      expires_on: dayOffset(-3),
    });
    await writeCertificate(owner.uid, { state: 'CA', number: 'CA-OK', expires_on: null });
    const exempt = await estimateTaxHandler(call(owner, { locationId: ca }));
    expect(exempt.tax).toBe(0);
    expect(exempt.exemption?.number).toBe('CA-OK');
  });

  it("refuses another company's location", async () => {
    const { ca } = await company();
    const other = await createUser('retailer');
    await setCart(other.uid, { [PRODUCT]: 1 });
    await expect(estimateTaxHandler(call(other, { locationId: ca }))).rejects.toThrow(
      /Location not found/,
    );
  });
});

describe('orders on terms', () => {
  async function onTerms() {
    const { owner, ca, nv } = await company();
    await setCompanyTermsHandler(
      call(manager, {
        companyId: owner.uid,
        netDays: 30,
        creditLimit: 1_000_000,
        reason: 'Tax test',
      }),
    );
    return { owner, ca, nv };
  }

  it('books the goods and the tax, and the invoice charges the same', async () => {
    const { owner, ca } = await onTerms();
    await setCart(owner.uid, { [PRODUCT]: 5 });
    const placed = await placeTermsOrderHandler(
      call(owner, { requestId: randomUUID().replaceAll('-', ''), locationId: ca }),
    );
    const tax = taxOn(5 * PRICE, CA_RATE);
    expect(placed.amount).toBe(5 * PRICE + tax);
    const order = readOrder(await db().doc(paths.order(placed.orderId)).get())!;
    expect(order.tax).toEqual({ amount: tax, state: 'CA', exemption: null });
    const invoice = await harness.stripe.invoices.retrieve(order.terms!.invoice_id!);
    expect(invoice.amount_due).toBe(5 * PRICE + tax);
    expect(invoice.automatic_tax.enabled).toBe(true);
  });

  it('invoices an exempt order to its exempt Customer, without tax', async () => {
    const { owner, ca } = await onTerms();
    await writeCertificate(owner.uid, { state: 'CA', number: 'T-1', expires_on: null });
    await setCart(owner.uid, { [PRODUCT]: 2 });
    const placed = await placeTermsOrderHandler(
      call(owner, { requestId: randomUUID().replaceAll('-', ''), locationId: ca }),
    );
    expect(placed.amount).toBe(2 * PRICE);
    const order = readOrder(await db().doc(paths.order(placed.orderId)).get())!;
    expect(order.tax?.exemption?.number).toBe('T-1');
    const invoice = await harness.stripe.invoices.retrieve(order.terms!.invoice_id!);
    expect(invoice.customer_tax_exempt).toBe('exempt');
    expect(invoice.amount_due).toBe(2 * PRICE);
  });
});

describe('exempt Customers follow the certificates', () => {
  it('turns the Customer back to taxed when its certificate expires, and exempt with a new one', async () => {
    const { owner, ca } = await company();
    const certificateId = await writeCertificate(owner.uid, {
      state: 'CA',
      number: 'SYNC-1',
      expires_on: dayOffset(10),
    });
    await buy(owner, ca, 1);
    const ctx = createContext();
    const stored = async () =>
      (await db().doc(paths.exemptCustomer(owner.uid, 'CA')).get()).data()!;
    const taxExempt = async () =>
      (
        (await harness.stripe.customers.retrieve(
          (await stored()).customer_id as string,
        )) as Stripe.Customer
      ).tax_exempt;
    expect(await syncCompanyExemptCustomers(ctx, owner.uid)).toEqual([]);
    expect(await taxExempt()).toBe('exempt');

    await db()
      .doc(`tax_certificates/${certificateId}`)
      .update({ expires_on: dayOffset(-1) });
    expect(await syncCompanyExemptCustomers(ctx, owner.uid)).toEqual(['CA']);
    expect(await taxExempt()).toBe('none');
    expect((await stored()).tax_exempt).toBe('none');
    // Nothing more to change.
    expect(await syncCompanyExemptCustomers(ctx, owner.uid)).toEqual([]);

    const renewed = await writeCertificate(owner.uid, {
      state: 'CA',
      number: 'SYNC-2',
      expires_on: null,
    });
    expect(await syncCompanyExemptCustomers(ctx, owner.uid)).toEqual(['CA']);
    expect(await taxExempt()).toBe('exempt');
    expect((await stored()).certificate_id).toBe(renewed);
  });
});

describe('the tax decision', () => {
  it("asks for the company's day (its Stripe test clock) only when it has certificates", async () => {
    const ctx = createContext({
      env: { STRIPE_TEST_CLOCKS: 'per-customer' },
      stripe: () => {
        throw new Error('the company clock is not asked');
      },
    });
    const shipTo = {
      name: 'No Certificates',
      phone: '',
      address: {
        line1: '1 Main St',
        line2: '',
        city: 'Fresno',
        state: 'CA',
        postal_code: '93650',
        country: 'US' as const,
      },
    };
    expect(await taxTreatmentFor(ctx, `no-certificates-${randomUUID()}`, shipTo)).toEqual({
      state: 'CA',
      exemption: null,
      expired: null,
    });
  });
});

describe("an order's tax record", () => {
  const exemption: TaxExemption = {
    certificate_id: 'c1',
    number: 'SR-1',
    state: 'CA',
    expires_on: null,
  };
  const session = (tax: number) => ({
    amount_subtotal: 10_000,
    amount_total: 10_000 + tax,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: tax },
  });

  it('stands exempt only when Stripe charged no tax', () => {
    const checkout = { tax_state: 'CA', tax_exemption: exemption };
    expect(taxOfCheckout(checkout, session(0), null)).toEqual({
      amount: 0,
      state: 'CA',
      exemption,
    });
    // The exempt Customer was set back to taxed while the session was open: taxed, as charged.
    expect(taxOfCheckout(checkout, session(725), null)).toEqual({
      amount: 725,
      state: 'CA',
      exemption: null,
    });
  });
});
