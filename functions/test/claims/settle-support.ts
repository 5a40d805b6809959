import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { expect } from 'vitest';
import { claimValue, paths, PRODUCT_DEFAULTS, readCompanyCredit } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import type { CallRequest } from '../../src/handlers/edge';
import { placeTermsOrderHandler, setCompanyTermsHandler } from '../../src/handlers/payment-terms';
import { shipOrderHandler } from '../../src/handlers/ship-order';
import { firestore } from '../../src/lib/admin';
import { readOrder } from '../../src/orders/order-record';
import { writeLocation } from '../company-fixtures';
import { checkoutOf, payWithShipTo, setCart, type TestUser } from '../payments/support';
import { setStockOnHand, stockOnHand } from '../support/stock-levels';

/**
 * What the claims' tests share: products, a buyer's paid and shipped card order, and a claim on
 * it written as reportClaim writes one (claim-schemas.ts), so settleClaim is tested on its own.
 */

export const RUN = randomUUID().slice(0, 8);
const IP = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
export const db = () => firestore();

export const call = (user: TestUser, data: unknown = {}): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip: IP },
});

/** A product at `price` cents to retailers, `stock` units on hand (null: stock not tracked). */
export async function product(
  id: string,
  fields: { name: string; price: number; stock: number | null; backorders?: boolean },
) {
  await Promise.all([
    db()
      .doc(paths.product(id))
      .set({
        ...PRODUCT_DEFAULTS,
        name: fields.name,
        description: 'Claims test product.',
        image_url: '/products/blue-coast.svg',
        price_retailer: fields.price,
        is_active: true,
        sort_order: 97_700,
        sku: `CL-${id.slice(-10).toUpperCase()}`,
        stock_on_hand: fields.stock,
        ...(fields.backorders ? { backorders_allowed: true } : {}),
      }),
    db().doc(paths.wholesalePrice(id)).set({ price_wholesaler: fields.price, price_breaks: [] }),
  ]);
}

export async function setStock(id: string, stock: number) {
  await setStockOnHand(id, stock);
}

export const onHand = stockOnHand;

export async function orderRecord(orderId: string) {
  const order = readOrder(await db().doc(paths.order(orderId)).get());
  if (!order) throw new Error(`order ${orderId} missing`);
  return order;
}

async function waitFor<T>(what: string, read: () => Promise<T | null>): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what} did not happen`);
}

/** A buyer's paid card order of `lines` (Oregon: no sales tax), made by the webhook. */
export async function paidOrder(
  sandbox: Parameters<typeof payWithShipTo>[0],
  buyer: TestUser,
  lines: Record<string, number>,
): Promise<string> {
  await setCart(buyer.uid, lines);
  const { orderId } = await createCheckoutSessionHandler(call(buyer));
  await payWithShipTo(sandbox, (await checkoutOf(orderId)).stripe_session_id!);
  await waitFor(`order ${orderId}`, async () => {
    const snap = await db().doc(paths.order(orderId)).get();
    return snap.get('status') === 'processing' ? true : null;
  });
  return orderId;
}

export const UPS = { carrier: 'ups', trackingNumber: '1Z999AA10123456784' };

/** Ships every unit of the order (one shipment). */
export async function shipAll(manager: TestUser, orderId: string) {
  const order = await orderRecord(orderId);
  return shipOrderHandler(
    call(manager, {
      orderId,
      requestId: randomUUID(),
      lines: order.items.map((item) => ({ productId: item.product_id, quantity: item.quantity })),
      shipment: UPS,
    }),
  );
}

/** A claim on the order as reportClaim writes it: status 'new', its value from the order. */
export async function seedClaim(
  orderId: string,
  lines: Record<string, number>,
  status: 'new' | 'awaiting_buyer' | 'rejected' = 'new',
): Promise<{ claimId: string; value: number }> {
  const order = await orderRecord(orderId);
  const claimId = `claim-${randomUUID().slice(0, 12)}`;
  const asked = Object.entries(lines).map(([product_id, quantity]) => ({ product_id, quantity }));
  const value = claimValue(order, asked).total;
  const now = Timestamp.now();
  await db()
    .doc(paths.claim(claimId))
    .set({
      order_id: orderId,
      company_id: order.company_id,
      location_id: order.location_id,
      user_id: order.user_id,
      reporter_name: order.placed_by_name,
      store_name: order.store_name,
      invoice_number: order.invoice_number ?? '',
      kind: 'damaged',
      lines: asked.map((line) => {
        const item = order.items.find((i) => i.product_id === line.product_id)!;
        return {
          product_id: line.product_id,
          name: item.name,
          sku: item.sku,
          quantity: line.quantity,
          unit_amount: item.unit_amount,
        };
      }),
      note: 'Two jugs arrived leaking.',
      photos: [],
      status,
      value,
      settlement: null,
      rejection_reason: status === 'rejected' ? 'Not damaged in transit.' : '',
      timeline: [
        {
          kind: 'reported',
          at: now,
          by: order.user_id,
          by_name: order.placed_by_name,
          by_role: 'buyer',
          text: 'Two jugs arrived leaking.',
        },
      ],
      created_at: now,
      updated_at: now,
    });
  return { claimId, value };
}

export async function claimDoc(claimId: string) {
  return (await db().doc(paths.claim(claimId)).get()).data()!;
}

/** The HttpsError a call was refused with. */
export async function refusal(promise: Promise<unknown>): Promise<HttpsError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpsError);
  return error as HttpsError;
}

export async function storeCreditOf(companyId: string) {
  const snap = await db().doc(paths.storeCredit(companyId)).get();
  const entries = await db().collection(paths.storeCreditEntries(companyId)).get();
  return {
    balance: (snap.get('balance') as number | undefined) ?? 0,
    entries: Object.fromEntries(
      entries.docs.map((doc) => [doc.id, doc.data() as { kind: string; amount: number }]),
    ),
  };
}

export async function stripeCustomerOf(companyId: string): Promise<string> {
  const id: unknown = (await db().doc(paths.stripeCustomer(companyId)).get()).get('customer_id');
  if (typeof id !== 'string') throw new Error(`company ${companyId} has no Stripe customer`);
  return id;
}

/**
 * Net 30 terms for the company, with a ship-to location in Oregon (an order on terms is invoiced
 * for one; no sales tax there).
 */
export async function giveTerms(manager: TestUser, companyId: string, creditLimit = 1_000_000) {
  await writeLocation(db(), companyId, 'Main store');
  await setCompanyTermsHandler(
    call(manager, { companyId, netDays: 30, creditLimit, reason: 'Reliable payer' }),
  );
}

/** An order on terms of `lines` (its invoice issued and open). */
export async function termsOrder(buyer: TestUser, lines: Record<string, number>) {
  await setCart(buyer.uid, lines);
  const placed = await placeTermsOrderHandler(
    call(buyer, { requestId: randomUUID().replaceAll('-', '') }),
  );
  return placed;
}

export async function openBalanceOf(companyId: string): Promise<number> {
  return readCompanyCredit((await db().doc(paths.companyCredit(companyId)).get()).data())
    .open_balance;
}
