/**
 * Firestore documents written and read the way an operator would: through the local Firestore
 * emulator's REST surface with its admin token (`Bearer owner`, which bypasses the rules), for
 * journeys that need data no UI makes (a catalog of 2,000 products) or must check what the
 * server stored (stock after a payment).
 */
import { paths } from '@portal/domain';
import type { StackInfo } from './provided';
import {
  pendingTriggerEvents,
  waitForStackStill as stillStack,
} from '../../../scripts/lib/stack-work';

type Plain = string | number | boolean | null | Date | Plain[] | { [key: string]: Plain };
type FirestoreValue = Record<string, unknown>;

function toValue(value: Plain): FirestoreValue {
  if (value === null) return { nullValue: null };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toValue) } };
  switch (typeof value) {
    case 'string':
      return { stringValue: value };
    case 'boolean':
      return { booleanValue: value };
    case 'number':
      return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
    default:
      return { mapValue: { fields: toFields(value) } };
  }
}

function toFields(data: { [key: string]: Plain }): Record<string, FirestoreValue> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, toValue(value)]));
}

function fromValue(value: FirestoreValue): unknown {
  if ('nullValue' in value) return null;
  if ('stringValue' in value) return value.stringValue;
  if ('booleanValue' in value) return value.booleanValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('timestampValue' in value) return new Date(String(value.timestampValue));
  if ('arrayValue' in value) {
    const values = (value.arrayValue as { values?: FirestoreValue[] }).values ?? [];
    return values.map(fromValue);
  }
  if ('mapValue' in value) {
    return fromFields((value.mapValue as { fields?: Record<string, FirestoreValue> }).fields ?? {});
  }
  throw new Error(`Unsupported Firestore value ${JSON.stringify(value)}`);
}

function fromFields(fields: Record<string, FirestoreValue>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fromValue(value)]));
}

function databaseName(stack: StackInfo): string {
  return `projects/${stack.projectId}/databases/(default)`;
}

async function post(stack: StackInfo, method: string, body: unknown): Promise<unknown> {
  const url = `${stack.urls.firestore}/v1/${databaseName(stack)}/documents:${method}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} answered ${response.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

/** Writes whole documents (path -> data), 500 per commit. */
export async function writeDocuments(
  stack: StackInfo,
  documents: ReadonlyMap<string, { [key: string]: Plain }>,
): Promise<void> {
  const writes = [...documents].map(([path, data]) => ({
    update: { name: `${databaseName(stack)}/documents/${path}`, fields: toFields(data) },
  }));
  for (let start = 0; start < writes.length; start += 500) {
    await post(stack, 'commit', { writes: writes.slice(start, start + 500) });
  }
}

/**
 * A product document as the catalog stores it, for a journey's products of its own: a syrup in
 * stock (100 on hand, none reserved), sold one at a time with no price breaks or backorders,
 * active, near the end of the store (sort 900), unless `fields` say otherwise.
 */
export function productDocument(fields: {
  name: string;
  description: string;
  sku: string;
  price_retailer: number;
  [key: string]: Plain;
}): { [key: string]: Plain } {
  return {
    image_url: '/products/blue-coast.svg',
    images: [],
    price_breaks: [],
    is_active: true,
    sort_order: 900,
    category: 'Syrups',
    case_pack: 1,
    min_quantity: 1,
    stock_on_hand: 100,
    stock_reserved: 0,
    backorders_allowed: false,
    restock_date: null,
    created_at: new Date(),
    ...fields,
  };
}

/**
 * The wholesale price the manager's editor saves beside every product (here 80% of the retail
 * price, no breaks), for `wholesale_prices/{product id}`. A journey's product written without one
 * reads "Not set" in the managers' Catalog, and the catalog's CSV export leaves its cell empty,
 * which the import refuses: another journey exporting the catalog of the same stack would fail.
 */
export function wholesalePriceDocument(priceRetailer: number): { [key: string]: Plain } {
  return { price_wholesaler: Math.round(priceRetailer * 0.8), price_breaks: [] };
}

/**
 * Puts these lines in a buyer's cart, one document per product under profiles/{uid}/cart_items
 * (the fields the cart page writes), so a journey can start from a filled cart. `id` is the
 * product's id.
 */
export async function writeCart(
  stack: StackInfo,
  uid: string,
  lines: readonly { id: string; quantity: number }[],
): Promise<void> {
  const now = new Date();
  await writeDocuments(
    stack,
    new Map(
      lines.map((line) => [
        paths.cartItem(uid, line.id),
        { product_id: line.id, quantity: line.quantity, updated_at: now },
      ]),
    ),
  );
}

/** The ship-to addresses the journeys' locations use, by state (Oregon has no sales tax). */
export const LOCATION_ADDRESSES = {
  OR: { line1: '1120 SW 5th Ave', city: 'Portland', state: 'OR', postal_code: '97204' },
  CA: { line1: '500 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105' },
  NV: { line1: '200 S Virginia St', city: 'Reno', state: 'NV', postal_code: '89501' },
} as const;

/**
 * Gives a company a ship-to location (as saveLocation stores it) under `locationId`, so a journey
 * can order for it without the owner's form.
 */
export async function writeLocation(
  stack: StackInfo,
  companyId: string,
  locationId: string,
  name: string,
  state: keyof typeof LOCATION_ADDRESSES,
): Promise<void> {
  const now = new Date();
  await writeDocuments(
    stack,
    new Map([
      [
        paths.location(companyId, locationId),
        {
          name,
          ship_to: {
            name: `Receiving at ${name}`,
            phone: '5035550100',
            address: { ...LOCATION_ADDRESSES[state], line2: '', country: 'US' },
          },
          delivery_notes: '',
          archived: false,
          created_at: now,
          updated_at: now,
        },
      ],
    ]),
  );
}

/** Sets the given top-level fields of one existing document, leaving the others as they are. */
export async function patchDocument(
  stack: StackInfo,
  path: string,
  fields: { [key: string]: Plain },
): Promise<void> {
  await post(stack, 'commit', {
    writes: [
      {
        update: { name: `${databaseName(stack)}/documents/${path}`, fields: toFields(fields) },
        updateMask: { fieldPaths: Object.keys(fields) },
        currentDocument: { exists: true },
      },
    ],
  });
}

/** Deletes documents by path, 500 per commit. */
export async function deleteDocuments(stack: StackInfo, paths: readonly string[]): Promise<void> {
  const writes = paths.map((path) => ({ delete: `${databaseName(stack)}/documents/${path}` }));
  for (let start = 0; start < writes.length; start += 500) {
    await post(stack, 'commit', { writes: writes.slice(start, start + 500) });
  }
}

/** One document's fields as plain values, or null when it does not exist. */
export async function readDocument(
  stack: StackInfo,
  path: string,
): Promise<Record<string, unknown> | null> {
  const url = `${stack.urls.firestore}/v1/${databaseName(stack)}/documents/${path}`;
  const response = await fetch(url, { headers: { authorization: 'Bearer owner' } });
  if (response.status === 404) return null;
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${text}`);
  const document = JSON.parse(text) as { fields?: Record<string, FirestoreValue> };
  return fromFields(document.fields ?? {});
}

/** Documents by path, all read at the same time (one batchGet), in the order asked; null if missing. */
export async function readDocuments(
  stack: StackInfo,
  paths: string[],
): Promise<(Record<string, unknown> | null)[]> {
  const root = `${databaseName(stack)}/documents`;
  const results = (await post(stack, 'batchGet', {
    documents: paths.map((path) => `${root}/${path}`),
  })) as { found?: { name: string; fields?: Record<string, FirestoreValue> }; missing?: string }[];
  const byPath = new Map<string, Record<string, unknown>>();
  for (const result of results) {
    if (result.found)
      byPath.set(result.found.name.slice(root.length + 1), fromFields(result.found.fields ?? {}));
  }
  return paths.map((path) => byPath.get(path) ?? null);
}

/**
 * A product's stock as the functions count it: its document's stock_on_hand less what orders
 * took since the last fold, and what its eight shards hold (docs/stock.md). The document alone
 * lags the count by up to a second (the fold); this never does. Untracked: on_hand null.
 */
export async function stockCount(
  stack: StackInfo,
  productId: string,
): Promise<{ on_hand: number | null; reserved: number }> {
  // One batchGet: the product and its shards as of one moment. Read one by one, a fold landing
  // between the reads (it moves the shards' takings into stock_on_hand) gave the product from
  // before it and the shards from after: 100 on hand, where 76 was right.
  const [product, ...shards] = await readDocuments(stack, [
    `products/${productId}`,
    ...Array.from({ length: 8 }, (_, k) => `products/${productId}/stock_shards/${k}`),
  ]);
  const whole = (value: unknown) => (typeof value === 'number' ? value : 0);
  const taken = shards.reduce((sum, shard) => sum + whole(shard?.taken), 0);
  const held = shards.reduce((sum, shard) => sum + whole(shard?.held), 0);
  const onHand = product?.stock_on_hand;
  // A product never folded still counts its own stock_reserved (checkouts from before the shards).
  const legacy = product && !('stock_allotted' in product) ? whole(product.stock_reserved) : 0;
  return {
    on_hand: typeof onHand === 'number' ? onHand - taken : null,
    reserved: legacy + held,
  };
}

/** Every document of a top-level collection, as plain values keyed by document id. */
export async function listCollection(
  stack: StackInfo,
  collection: string,
): Promise<Map<string, Record<string, unknown>>> {
  const rows = (await post(stack, 'runQuery', {
    structuredQuery: { from: [{ collectionId: collection }] },
  })) as { document?: { name: string; fields?: Record<string, FirestoreValue> } }[];
  const out = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    if (!row.document) continue;
    const id = row.document.name.slice(row.document.name.lastIndexOf('/') + 1);
    out.set(id, fromFields(row.document.fields ?? {}));
  }
  return out;
}

export type { Plain };

/**
 * Waits until the Firestore emulator has delivered every trigger event queued so far (our
 * emulator's triggerDeliveries endpoint), so a journey that wrote thousands of documents leaves no
 * work behind for the next one. Resolves with the milliseconds it waited.
 */
export async function waitForTriggers(stack: StackInfo, timeoutMs = 180_000): Promise<number> {
  const started = Date.now();
  const target = { firestoreUrl: stack.urls.firestore, projectId: stack.projectId };
  for (;;) {
    const pending = await pendingTriggerEvents(target);
    if (pending === 0) return Date.now() - started;
    if (Date.now() - started > timeoutMs)
      throw new Error(`${pending} trigger events still pending`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Waits until nothing is under way on the stack: every trigger event delivered and its function
 * run, and no webhook work left in the Stripe sandbox (scripts/lib/stack-work.ts). After it, a
 * mail or an order that a call could still have set off has arrived, so "exactly one" and "no
 * second" can be checked without waiting a while for a late duplicate.
 */
export function waitForStackStill(stack: StackInfo): Promise<number> {
  return stillStack({
    firestoreUrl: stack.urls.firestore,
    stripeUrl: stack.urls.stripe,
    projectId: stack.projectId,
  });
}

/**
 * Runs `fn` with the stack's Firestore triggers paused through firebase-tools' emulator hub, as
 * @firebase/rules-unit-testing's withFunctionTriggersDisabled does: the Functions emulator answers
 * their events at once without running them, then loads its triggers again. For a journey's bulk
 * set-up whose trigger work is not what it checks (2,000 products written and deleted again),
 * with no other journey running on the stack.
 */
export async function withTriggersPaused<T>(stack: StackInfo, fn: () => Promise<T>): Promise<T> {
  const hub = async (path: string) => {
    const response = await fetch(`${stack.urls.hub}${path}`, { method: 'PUT' });
    if (!response.ok)
      throw new Error(`emulator hub ${path}: ${response.status} ${await response.text()}`);
  };
  await hub('/functions/disableBackgroundTriggers');
  try {
    const result = await fn();
    // The events of the paused triggers are answered (and dropped) before they come back.
    await waitForTriggers(stack);
    return result;
  } finally {
    await hub('/functions/enableBackgroundTriggers');
  }
}
