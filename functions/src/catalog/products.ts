import type { Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  productSchema,
  wholesalePriceSchema,
  withWholesalePrice,
  type BuyerRole,
  type CatalogProduct,
  type Product,
} from '@portal/domain';
import { log } from '../lib/log';

/**
 * Products priced for a buyer's role, for a checkout or to reconcile a standing order: the
 * product documents, and for a wholesaler each product's wholesale_prices document joined in (one
 * batched read of both). A retailer never has a wholesale price read. A product document that
 * does not match the product schema counts as missing; a wholesale price that is missing or
 * malformed leaves the product without one, which checkout's priceLinesOrRefuse
 * (checkout/checkout-lines.ts) refuses by the product's name.
 */
export async function loadProducts(
  db: Firestore,
  ids: readonly string[],
  role: BuyerRole,
): Promise<Map<string, Product | CatalogProduct>> {
  const unique = [...new Set(ids)];
  const productRefs = unique.map((id) => db.collection(COLLECTIONS.products).doc(id));
  const priceRefs =
    role === 'wholesaler'
      ? unique.map((id) => db.collection(COLLECTIONS.wholesalePrices).doc(id))
      : [];
  const snaps = await db.getAll(...productRefs, ...priceRefs);
  const productSnaps = snaps.slice(0, unique.length);
  const priceSnaps = new Map(snaps.slice(unique.length).map((snap) => [snap.id, snap]));
  const products = new Map<string, Product | CatalogProduct>();
  for (const snap of productSnaps) {
    if (!snap.exists) continue;
    const parsed = productSchema.safeParse(snap.data());
    if (!parsed.success) {
      log.error('product_invalid', { productId: snap.id, issue: parsed.error.issues[0]?.message });
      continue;
    }
    const product: Product = { id: snap.id, ...parsed.data };
    const priceSnap = priceSnaps.get(snap.id);
    if (!priceSnap) {
      products.set(snap.id, product);
      continue;
    }
    const price = wholesalePriceSchema.safeParse(priceSnap.data());
    if (price.success) {
      products.set(snap.id, withWholesalePrice(product, price.data));
    } else {
      log.error('wholesale_price_missing', {
        productId: snap.id,
        issue: priceSnap.exists ? price.error.issues[0]?.message : 'no document',
      });
      products.set(snap.id, product);
    }
  }
  return products;
}
