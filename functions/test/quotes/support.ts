import { randomUUID } from 'node:crypto';
import { COLLECTIONS, paths, PRODUCT_DEFAULTS } from '@portal/domain';
import type { CallRequest } from '../../src/handlers/edge';
import { firestore } from '../../src/lib/admin';
import { readQuote, type QuoteRecord } from '../../src/quotes/quote-record';
import { databaseState, stateChanges, type DatabaseState } from '../support/database-state';
import type { TestUser } from '../payments/support';

/** The tests of draft orders and quotes (docs/order-lifecycle.md#draft-orders-and-quotes). */

const db = () => firestore();

export const RUN = randomUUID().slice(0, 8);
const IP = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

/** A callable request of `user`, as the runtime builds it (the platform's IP for the limits). */
export const call = (user: TestUser, data: unknown): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip: IP },
});

/** A catalog product of this run: $100.00 a unit retail, $80.00 wholesale, 1000 in stock. */
export async function writeProduct(
  key: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const id = `t-quote-${key}-${RUN}`;
  await db()
    .doc(paths.product(id))
    .set({
      ...PRODUCT_DEFAULTS,
      name: `Quote ${key} syrup`,
      description: 'A syrup for the quote tests.',
      image_url: '/products/blue-coast.svg',
      price_retailer: 10_000,
      is_active: true,
      sort_order: 98_000,
      sku: `QUOTE-${key.toUpperCase()}-${RUN}`,
      stock_on_hand: 1_000,
      ...fields,
    });
  await db().doc(paths.wholesalePrice(id)).set({ price_wholesaler: 8_000, price_breaks: [] });
  return id;
}

export async function quoteOf(quoteId: string): Promise<QuoteRecord | null> {
  return readQuote(await db().doc(paths.quote(quoteId)).get());
}

/** The raw stored quote (with the functions' own fields, send_request). */
export async function storedQuote(quoteId: string): Promise<Record<string, unknown> | undefined> {
  return (await db().doc(paths.quote(quoteId)).get()).data();
}

/** The next quote sequence number (counters/quotes), 1 before the first quote was sent. */
export async function quoteCounter(): Promise<number> {
  const next: unknown = (await db().doc(paths.quoteCounter()).get()).get('next');
  return typeof next === 'number' ? next : 1;
}

/** The audit_log entries of a quote's price overrides. */
export async function overridesOf(quoteId: string): Promise<Record<string, unknown>[]> {
  const snap = await db().collection(COLLECTIONS.auditLog).where('quote_id', '==', quoteId).get();
  return snap.docs.map((doc) => doc.data());
}

export async function mailOf(key: string) {
  const snap = await db().collection(COLLECTIONS.mail).doc(key).get();
  return snap.exists
    ? (snap.data() as { to: string[]; message: { subject: string; text: string } })
    : null;
}

/**
 * What changed in the stack since `before`, less the rate limits' windows (each call counts in
 * them before the service refuses it): "changes nothing" is checked against this.
 */
export async function changesSince(before: DatabaseState): Promise<string[]> {
  return stateChanges(before, await databaseState()).filter(
    (line) => !line.includes(` ${COLLECTIONS.rateLimits}/`),
  );
}
