import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { expect } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import { COLLECTIONS, paths, PRODUCT_DEFAULTS } from '@portal/domain';
import { acceptQuoteHandler } from '../../src/handlers/accept-quote';
import type { CallRequest } from '../../src/handlers/edge';
import { setCompanyTermsHandler } from '../../src/handlers/payment-terms';
import { firestore } from '../../src/lib/admin';
import { readOrder } from '../../src/orders/order-record';
import { quoteDocSchemas, readQuote, type QuoteDoc } from '../../src/quotes/quote-record';
import { writeLocation } from '../company-fixtures';
import { databaseState, stateChanges, type DatabaseState } from '../support/database-state';
import type { TestUser } from '../payments/support';
import { stockLevels } from '../support/stock-levels';

/**
 * Quotes as sendDraftOrder leaves them, written straight to Firestore (the draft and sending
 * side is tested on its own), and the calls and checks the tests of paying a quote share.
 */

export const RUN = randomUUID().slice(0, 8);
const IP = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const DAY = 24 * 60 * 60 * 1000;
export const db = () => firestore();

/** The catalog's price of the quote's product (retailer) and the price the manager quoted. */
export const CATALOG_PRICE = 1_000;
export const QUOTED_PRICE = 800;
export const QUOTED_UNITS = 6;
export const MANAGER_NAME = 'Morgan Manager';

/** A stock-tracked product of this file's own. */
export async function writeProduct(
  id: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  await db()
    .doc(paths.product(id))
    .set({
      ...PRODUCT_DEFAULTS,
      name: `Quote Syrup ${id.slice(-4)}`,
      description: 'Quote test product.',
      image_url: '/products/blue-coast.svg',
      price_retailer: CATALOG_PRICE,
      is_active: true,
      sort_order: 97_600,
      sku: `QUOTE-${id.slice(-6).toUpperCase()}`,
      stock_on_hand: 1_000,
      ...fields,
    });
  return id;
}

export async function deleteProduct(id: string) {
  await db().doc(paths.product(id)).delete();
}

let sequence = 0;

/** A quote line as saveDraftOrder prices it (the manager's override, with its reason). */
export function quoteLine(productId: string, quantity = QUOTED_UNITS, unitAmount = QUOTED_PRICE) {
  return {
    product_id: productId,
    name: `Quote Syrup ${productId.slice(-4)}`,
    description: 'Quote test product.',
    image_url: '/products/blue-coast.svg',
    sku: `QUOTE-${productId.slice(-6).toUpperCase()}`,
    case_pack: 1,
    quantity,
    catalog_unit_amount: CATALOG_PRICE,
    unit_amount: unitAmount,
    override_reason: unitAmount === CATALOG_PRICE ? '' : 'Trade show price',
    line_total: quantity * unitAmount,
  };
}

/**
 * A quote sent to the company (its id: the owner's uid), valid 7 days from now unless told
 * otherwise. Checked against the stored quote schema before it is written.
 */
export async function seedQuote(
  companyId: string,
  manager: TestUser,
  fields: Partial<QuoteDoc> & { lines: QuoteDoc['lines'] },
): Promise<{ id: string; number: string }> {
  sequence += 1;
  const id = `t-quote-${RUN}-${sequence}`;
  const number = `Q-T${RUN}-${sequence}`;
  const now = Timestamp.now();
  const goods = fields.lines.reduce((sum, line) => sum + line.line_total, 0);
  const shipping = fields.shipping_amount ?? 0;
  const doc: QuoteDoc = {
    state: 'sent',
    delivery: 'quote',
    number,
    company_id: companyId,
    company_name: `Store of ${companyId}`,
    location_id: null,
    location_name: '',
    ship_to: null,
    shipping_amount: shipping,
    goods_amount: goods,
    amount: goods + shipping,
    note_to_buyer: 'Thanks for stopping by our booth.',
    valid_days: 7,
    net_days: null,
    sent_at: now,
    expires_at: Timestamp.fromMillis(now.toMillis() + 7 * DAY),
    order_id: null,
    accepted_by: null,
    decline_reason: '',
    checkout: null,
    created_by: manager.uid,
    created_by_name: MANAGER_NAME,
    created_at: now,
    updated_at: now,
    history: [{ state: 'sent', at: now, by: manager.uid, by_name: MANAGER_NAME, text: '' }],
    ...fields,
  };
  quoteDocSchemas.quote.parse(doc);
  await db().doc(paths.quote(id)).set(doc);
  return { id, number };
}

export async function quoteOf(id: string) {
  const quote = readQuote(await db().doc(paths.quote(id)).get());
  if (!quote) throw new Error(`quote ${id} missing`);
  return quote;
}

export async function orderOfId(orderId: string) {
  const order = readOrder(await db().doc(paths.order(orderId)).get());
  if (!order) throw new Error(`order ${orderId} missing`);
  return order;
}

/** The orders of a company (every order the quote could have made is the company's). */
export async function ordersOfCompany(companyId: string) {
  const snap = await db().collection(COLLECTIONS.orders).where('company_id', '==', companyId).get();
  return snap.docs;
}

/** The checkouts made to pay a quote. */
export async function checkoutsOfQuote(quoteId: string) {
  const snap = await db().collection(COLLECTIONS.checkouts).where('quote.id', '==', quoteId).get();
  return snap.docs;
}

export async function stockOf(productId: string) {
  const { on_hand, reserved } = await stockLevels(productId);
  return { onHand: on_hand as number, reserved };
}

export const newRequestId = () => randomUUID().replaceAll('-', '');

export const asCall = (user: TestUser, data: unknown): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip: IP },
});

/** acceptQuote as the callable runs it, for `user`. */
export function accept(
  user: TestUser,
  quoteId: string,
  payWith: 'card' | 'terms' = 'card',
  more: Record<string, unknown> = {},
) {
  return acceptQuoteHandler(asCall(user, { quoteId, payWith, requestId: newRequestId(), ...more }));
}

export async function refusal(promise: Promise<unknown>): Promise<HttpsError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpsError);
  return error as HttpsError;
}

/**
 * "Changes nothing": the whole database before and after a refused call is the same, but for
 * the rate-limit windows the call counted (a refusal after the limits is counted, by design).
 */
export async function unchangedBy(act: () => Promise<unknown>): Promise<void> {
  const before: DatabaseState = await databaseState();
  await act();
  const changes = stateChanges(before, await databaseState()).filter(
    (line) => !line.includes(`${COLLECTIONS.rateLimits}/`),
  );
  expect(changes).toEqual([]);
}

/**
 * Terms for the company, and a ship-to location in Oregon (an order on terms is invoiced, and
 * taxed, for one; Oregon has no sales tax). Returns the location's id.
 */
export async function giveTerms(companyId: string, manager: TestUser, creditLimit = 100_000) {
  const locationId = await writeLocation(db(), companyId, 'Main store');
  await setCompanyTermsHandler(
    asCall(manager, { companyId, netDays: 30, creditLimit, reason: 'Quote customer' }),
  );
  return locationId;
}
