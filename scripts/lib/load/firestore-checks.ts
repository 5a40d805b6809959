/**
 * What the scenarios verify in Firestore afterwards (Admin SDK), as named checks that pass or
 * fail with what was found: orders per paid checkout, invoice numbers (one per paid order, the
 * counter's run without gap or duplicate), checkout states, handled Stripe events, stock.
 */
import { FieldPath, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, formatInvoiceNumber, paths } from '@portal/domain';
import { settledStockOf } from './products';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export function check(name: string, ok: boolean, detail: string): Check {
  return { name, ok, detail };
}

/** A few of the offenders, for a failing check's detail. */
export function some(items: readonly string[], max = 5): string {
  return items.length <= max
    ? items.join(', ')
    : `${items.slice(0, max).join(', ')} … (${items.length})`;
}

async function getAllById(
  db: Firestore,
  collection: string,
  ids: readonly string[],
): Promise<Map<string, DocumentData>> {
  const found = new Map<string, DocumentData>();
  for (let start = 0; start < ids.length; start += 200) {
    const refs = ids.slice(start, start + 200).map((id) => db.collection(collection).doc(id));
    if (refs.length === 0) continue;
    for (const snap of await db.getAll(...refs)) {
      const data = snap.data();
      if (data) found.set(snap.id, data);
    }
  }
  return found;
}

export const readOrders = (db: Firestore, ids: readonly string[]) =>
  getAllById(db, COLLECTIONS.orders, ids);
export const readCheckouts = (db: Firestore, ids: readonly string[]) =>
  getAllById(db, COLLECTIONS.checkouts, ids);
export const readStripeEvents = (db: Firestore, ids: readonly string[]) =>
  getAllById(db, COLLECTIONS.stripeEvents, ids);

/** The next invoice sequence number (counters/invoices), 1 before the first invoice. */
export async function invoiceCounter(db: Firestore): Promise<number> {
  const next: unknown = (await db.doc(paths.invoiceCounter()).get()).get('next');
  return typeof next === 'number' ? next : 1;
}

/** The documents of `collection` whose user_id starts with `uidPrefix` (one scenario's buyers). */
function ofBuyers(db: Firestore, collection: string, uidPrefix: string) {
  return db
    .collection(collection)
    .where('user_id', '>=', uidPrefix)
    .where('user_id', '<', `${uidPrefix}\uf8ff`)
    .get();
}

/** Every order of the buyers whose uid starts with `uidPrefix`, by id. */
export async function ordersOfBuyers(
  db: Firestore,
  uidPrefix: string,
): Promise<Map<string, DocumentData>> {
  const snap = await ofBuyers(db, COLLECTIONS.orders, uidPrefix);
  return new Map(snap.docs.map((doc) => [doc.id, doc.data()]));
}

/**
 * The orders of the paid checkouts: each paid checkout has its order (id = checkout id) in
 * `status`, no other order of those buyers exists (nothing doubled), each order carries one
 * invoice number, no number is on two orders in the whole collection, and the numbers handed out
 * while the scenario ran are exactly the counter's run from `counterBefore`, without a gap.
 */
export async function orderChecks(
  db: Firestore,
  input: {
    paidCheckoutIds: readonly string[];
    uidPrefix: string;
    counterBefore: number;
    status?: string;
  },
): Promise<Check[]> {
  const wanted = input.status ?? 'processing';
  const orders = await ordersOfBuyers(db, input.uidPrefix);
  const paid = new Set(input.paidCheckoutIds);
  const missing = input.paidCheckoutIds.filter((id) => !orders.has(id));
  const extra = [...orders.keys()].filter((id) => !paid.has(id));
  const wrongState = input.paidCheckoutIds.filter((id) => {
    const order = orders.get(id);
    return order !== undefined && order.status !== wanted;
  });
  const perBuyer = new Map<string, number>();
  for (const order of orders.values()) {
    const uid = String(order.user_id);
    perBuyer.set(uid, (perBuyer.get(uid) ?? 0) + 1);
  }
  const doubledBuyers = [...perBuyer].filter(([, n]) => n > 1).map(([uid, n]) => `${uid} ×${n}`);
  const withoutNumber = [...orders]
    .filter(([, order]) => typeof order.invoice_number !== 'string' || order.invoice_number === '')
    .map(([id]) => id);

  // Invoice numbers across the whole collection (the demo data's orders too).
  const all = await db.collection(COLLECTIONS.orders).select('invoice_number').get();
  const holders = new Map<string, string[]>();
  for (const doc of all.docs) {
    const number: unknown = doc.get('invoice_number');
    if (typeof number !== 'string' || number === '') continue;
    holders.set(number, [...(holders.get(number) ?? []), doc.id]);
  }
  const duplicates = [...holders]
    .filter(([, ids]) => ids.length > 1)
    .map(([n, ids]) => `${n}: ${ids.join('+')}`);
  const counterAfter = await invoiceCounter(db);
  const run = Array.from({ length: counterAfter - input.counterBefore }, (_, i) =>
    formatInvoiceNumber(input.counterBefore + i),
  );
  const ours = new Set(
    [...orders.values()]
      .map((order) => order.invoice_number as unknown)
      .filter((n): n is string => typeof n === 'string'),
  );
  const gaps = run.filter((number) => !holders.has(number));
  const outside = [...ours].filter((number) => !run.includes(number));

  return [
    check(
      'every paid checkout became an order',
      missing.length === 0,
      missing.length === 0 ? `${paid.size} of ${paid.size}` : `missing: ${some(missing)}`,
    ),
    check(
      `every such order is ${wanted}`,
      wrongState.length === 0,
      wrongState.length === 0
        ? `${paid.size - missing.length} orders`
        : `not ${wanted}: ${some(wrongState.map((id) => `${id} (${String(orders.get(id)?.status)})`))}`,
    ),
    check(
      'no order doubled, none without a paid checkout',
      extra.length === 0 && doubledBuyers.length === 0,
      extra.length === 0 && doubledBuyers.length === 0
        ? `${orders.size} orders for ${perBuyer.size} buyers`
        : `extra: ${some(extra)}; buyers with several: ${some(doubledBuyers)}`,
    ),
    check(
      'each order has one invoice number, unique in all orders',
      withoutNumber.length === 0 && duplicates.length === 0,
      withoutNumber.length === 0 && duplicates.length === 0
        ? `${ours.size} numbers, ${holders.size} in the collection, no duplicate`
        : `without: ${some(withoutNumber)}; on two orders: ${some(duplicates)}`,
    ),
    check(
      'the invoice counter advanced once per order, no gap',
      run.length === ours.size && gaps.length === 0 && outside.length === 0,
      `counter ${input.counterBefore} → ${counterAfter} (${run.length} numbers) for ${ours.size} orders` +
        (gaps.length > 0 ? `; unused: ${some(gaps)}` : '') +
        (outside.length > 0 ? `; outside the run: ${some(outside)}` : ''),
    ),
  ];
}

/**
 * A product's stock after a scenario: on hand went down by exactly the units ordered, the units
 * held are those of the checkouts still open, and neither is below zero.
 */
export async function stockCheck(
  db: Firestore,
  product: { id: string; initialOnHand: number },
  expected: { orderedUnits: number; heldUnits: number },
): Promise<Check> {
  const stock = await settledStockOf(db, product.id);
  const onHand = product.initialOnHand - expected.orderedUnits;
  const ok =
    stock.onHand === onHand &&
    stock.reserved === expected.heldUnits &&
    (stock.onHand ?? -1) >= 0 &&
    (stock.reserved ?? -1) >= 0 &&
    (stock.reserved ?? 0) <= (stock.onHand ?? 0);
  const folded = stock.folded.onHand === stock.onHand && stock.folded.reserved === stock.reserved;
  return check(
    `stock of ${product.id} consistent, never below zero, folded into its document`,
    ok && folded,
    `on hand ${String(stock.onHand)} (expected ${product.initialOnHand} − ${expected.orderedUnits} = ${onHand}), reserved ${String(stock.reserved)} (expected ${expected.heldUnits})` +
      (folded
        ? ''
        : `; the document still says ${String(stock.folded.onHand)} on hand, ${String(stock.folded.reserved)} reserved`),
  );
}

/** Units of each product held by the open checkouts of the buyers whose uid starts with `uidPrefix`. */
export async function heldByOpenCheckouts(
  db: Firestore,
  uidPrefix: string,
): Promise<Map<string, number>> {
  const snap = await ofBuyers(db, COLLECTIONS.checkouts, uidPrefix);
  const held = new Map<string, number>();
  for (const doc of snap.docs) {
    if (doc.get('state') !== 'open') continue;
    for (const item of (doc.get('items') ?? []) as Array<{
      product_id: string;
      quantity: number;
    }>) {
      held.set(item.product_id, (held.get(item.product_id) ?? 0) + item.quantity);
    }
  }
  return held;
}

/**
 * The triggers ran: each buyer's profile and company and each order carry the search fields
 * their Firestore triggers write (functions/src/handlers/search-triggers.ts; a card order is
 * written with them, the others get them from the trigger). A trigger lost on the way (its
 * worker killed) leaves them out.
 */
export async function searchFieldsCheck(
  db: Firestore,
  uidPrefix: string,
  orderIds: readonly string[],
): Promise<Check> {
  const byIdPrefix = (collection: string) =>
    db
      .collection(collection)
      .where(FieldPath.documentId(), '>=', uidPrefix)
      .where(FieldPath.documentId(), '<', `${uidPrefix}\uf8ff`)
      .select('search_keys')
      .get();
  const [profiles, companies, orders] = await Promise.all([
    byIdPrefix(COLLECTIONS.profiles),
    byIdPrefix(COLLECTIONS.companies),
    readOrders(db, orderIds),
  ]);
  const without = (keys: unknown) => !Array.isArray(keys) || keys.length === 0;
  const missing = [
    ...profiles.docs
      .filter((doc) => without(doc.get('search_keys')))
      .map((doc) => `profile ${doc.id}`),
    ...companies.docs
      .filter((doc) => without(doc.get('search_keys')))
      .map((doc) => `company ${doc.id}`),
    ...[...orders].filter(([, order]) => without(order.search_keys)).map(([id]) => `order ${id}`),
  ];
  return check(
    'the Firestore triggers ran: search fields on every profile, company and order',
    missing.length === 0 && profiles.size > 0,
    missing.length === 0
      ? `${profiles.size} profiles, ${companies.size} companies, ${orders.size} orders`
      : `without: ${some(missing)}`,
  );
}
