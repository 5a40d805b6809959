/**
 * The products a scenario buys: its own, written through the Admin SDK as a manager's catalog
 * edit leaves them (checked against the domain's productSchema), stock-tracked so that every
 * scenario can check its stock afterwards.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, productSchema } from '@portal/domain';
import { countStock } from '../../../functions/src/orders/stock-shards';

export interface LoadProduct {
  id: string;
  name: string;
  /** Cents. */
  price: number;
  stockOnHand: number;
}

export async function writeProducts(
  db: Firestore,
  products: readonly LoadProduct[],
): Promise<void> {
  const batch = db.batch();
  for (const [i, product] of products.entries()) {
    const doc = {
      name: product.name,
      description: `Bought by npm run load (${product.id}).`,
      image_url: '/products/syrup-variety-pack.svg',
      price_retailer: product.price,
      is_active: true,
      sort_order: 900 + i,
      sku: product.id.toUpperCase(),
      category: 'Syrups',
      case_pack: 1,
      min_quantity: 1,
      stock_on_hand: product.stockOnHand,
      stock_reserved: 0,
      backorders_allowed: false,
      restock_date: null,
      created_at: Timestamp.now(),
    };
    const checked = productSchema.safeParse(doc);
    if (!checked.success) {
      throw new Error(`product ${product.id}: ${checked.error.issues[0]?.message ?? 'invalid'}`);
    }
    batch.set(db.collection(COLLECTIONS.products).doc(product.id), doc);
  }
  await batch.commit();
}

export interface StockLevels {
  onHand: number | null;
  reserved: number | null;
  /** The product document's own figures: the last fold of its shards (docs/stock.md). */
  folded: { onHand: number | null; reserved: number | null };
}

/** A product's stock as the functions count it (its document and every shard), and as folded. */
export async function stockOf(db: Firestore, productId: string): Promise<StockLevels> {
  const [count, snap] = await Promise.all([
    countStock(db, productId),
    db.collection(COLLECTIONS.products).doc(productId).get(),
  ]);
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    onHand: count?.onHand ?? null,
    reserved: count?.reserved ?? null,
    folded: {
      onHand: number(snap.get('stock_on_hand')),
      reserved: number(snap.get('stock_reserved')),
    },
  };
}

/**
 * The stock once the folds have caught up (the trigger, or the checkout worker's sweep a few
 * seconds later): the document's figures equal the shards' count, or the last reading after
 * `timeoutMs`.
 */
export async function settledStockOf(
  db: Firestore,
  productId: string,
  timeoutMs = 15_000,
): Promise<StockLevels> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const stock = await stockOf(db, productId);
    const settled =
      stock.folded.onHand === stock.onHand && stock.folded.reserved === stock.reserved;
    if (settled || Date.now() > until) return stock;
    await sleep(250);
  }
}
