import {
  priceBreaksFor,
  unitPriceFor,
  withWholesalePrice,
  type BuyerRole,
  type CatalogRow,
  type Cents,
  type PriceBreak,
  type Product,
  type WholesalePrice,
} from '@portal/domain';
import {
  getDoc,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
  where,
  writeBatch,
  type WriteBatch,
} from 'firebase/firestore/lite';
import { db, parseDocuments, parsedOrThrow } from '../firestore';
import {
  newProductId,
  parseProduct,
  parseWholesalePrice,
  productDocuments,
  productRef,
  productsCollection,
  wholesalePriceRef,
  wholesalePricesCollection,
  type ProductData,
  type ProductWithPrices,
} from './documents';

/**
 * A catalog product as a buyer sees it: the product document, the unit price their role pays
 * and that price's quantity breaks (a line of `min_quantity` or more units costs `unit_amount`).
 */
export type PricedProduct = Product & { unit_price: Cents; breaks: readonly PriceBreak[] };

/**
 * The active catalog, in sort order. The `is_active == true` filter is required: the security
 * rules only let buyers list active products, and they judge the query, not the documents. A
 * document that does not match the product schema is left out rather than breaking the page.
 */
export async function fetchActiveProducts(): Promise<Product[]> {
  const snapshot = await getDocs(
    query(productsCollection(), where('is_active', '==', true), orderBy('sort_order', 'asc')),
  );
  return parseDocuments(snapshot.docs, parseProduct, 'skip');
}

/**
 * The wholesale prices, by product id: a wholesaler lists the whole (small) collection, which
 * the rules open to approved wholesalers only. Malformed documents are left out.
 */
async function fetchWholesalePrices(): Promise<Map<string, WholesalePrice>> {
  const snapshot = await getDocs(wholesalePricesCollection());
  const prices = new Map<string, WholesalePrice>();
  for (const document of snapshot.docs) {
    const parsed = parseWholesalePrice(document.data());
    if (parsed.success) prices.set(document.id, parsed.data);
  }
  return prices;
}

/**
 * The active catalog priced for the buyer's role. Product documents carry the retail price only;
 * a wholesaler's store also lists wholesale_prices and joins it by id, a retailer's never asks
 * for it (the rules would refuse). An active product a wholesaler has no wholesale price for
 * (checkout would refuse it) is left out.
 */
export async function fetchProducts(role: BuyerRole): Promise<PricedProduct[]> {
  const [active, wholesale] = await Promise.all([
    fetchActiveProducts(),
    role === 'wholesaler' ? fetchWholesalePrices() : Promise.resolve(null),
  ]);
  return active.flatMap((product) => {
    const priced = pricedFor(role, product, wholesale?.get(product.id));
    return priced ? [priced] : [];
  });
}

/** A product priced for a role, or null when that role cannot buy it (no wholesale price). */
function pricedFor(
  role: BuyerRole,
  product: Product,
  wholesale: WholesalePrice | undefined,
): PricedProduct | null {
  const joined = wholesale ? withWholesalePrice(product, wholesale) : product;
  const unit_price = unitPriceFor(joined, role);
  return unit_price === null
    ? null
    : { ...product, unit_price, breaks: priceBreaksFor(joined, role) };
}

/** Whether `id` can name a Firestore document (a path segment that is not reserved). */
function isDocumentId(id: string): boolean {
  return (
    id.length > 0 &&
    id.length <= 1500 &&
    !id.includes('/') &&
    id !== '.' &&
    id !== '..' &&
    !/^__.*__$/.test(id)
  );
}

/**
 * One active product priced for the buyer's role (the product page), or null when there is no
 * such product for them: an unknown id, an inactive product (the rules refuse to read it:
 * permission-denied), a malformed document, or no wholesale price for a wholesaler.
 */
export async function fetchProduct(role: BuyerRole, id: string): Promise<PricedProduct | null> {
  if (!isDocumentId(id)) return null;
  try {
    const [productDoc, wholesaleDoc] = await Promise.all([
      getDoc(productRef(id)),
      role === 'wholesaler' ? getDoc(wholesalePriceRef(id)) : Promise.resolve(null),
    ]);
    if (!productDoc.exists()) return null;
    const product = parseProduct(id, productDoc.data());
    if (!product.success || !product.data.is_active) return null;
    let wholesale: WholesalePrice | undefined;
    if (wholesaleDoc?.exists()) {
      const parsed = parseWholesalePrice(wholesaleDoc.data());
      if (parsed.success) wholesale = parsed.data;
    }
    return pricedFor(role, product.data, wholesale);
  } catch (error) {
    if ((error as { code?: string }).code === 'permission-denied') return null;
    throw error;
  }
}

/**
 * Every product, active and inactive, in catalog order, each with its wholesale price and breaks
 * (managers only). A malformed document fails the list loudly instead of rendering junk.
 */
export async function fetchAllProducts(): Promise<ProductWithPrices[]> {
  const [products, prices] = await Promise.all([
    getDocs(query(productsCollection(), orderBy('sort_order', 'asc'))),
    getDocs(wholesalePricesCollection()),
  ]);
  const wholesale = new Map(prices.docs.map((d) => [d.id, d.data()] as const));
  return parseDocuments(products.docs, parseProduct, 'throw').map((product) => {
    const stored = wholesale.get(product.id);
    const price = stored ? parsedOrThrow(parseWholesalePrice(stored)) : null;
    return {
      ...product,
      price_wholesaler: price ? price.price_wholesaler : null,
      wholesale_breaks: price ? price.price_breaks : [],
    };
  });
}

/** Adds the writes of one product to a batch: a full document on create, a field-level update otherwise. */
function writeProduct(
  batch: WriteBatch,
  productId: string,
  documents: ReturnType<typeof productDocuments>,
  mode: 'create' | 'update',
): void {
  const { product, wholesale } = documents;
  if (mode === 'create') {
    batch.set(productRef(productId), {
      ...product,
      stock_reserved: 0,
      created_at: serverTimestamp(),
    });
  } else {
    // Every field the manager edits and nothing else: a reservation made by a checkout while the
    // form was open (stock_reserved) and the creation time are never overwritten.
    batch.update(productRef(productId), { ...product });
  }
  if (wholesale) batch.set(wholesalePriceRef(productId), wholesale);
}

/**
 * Creates (no id) or updates (id) a product. The product document (retail price and breaks: every
 * approved buyer reads it) and its wholesale_prices document (read by wholesalers and managers
 * only) are written in one batch, so a buyer never sees one without the other. A new product gets
 * stock_reserved 0 and created_at; an update writes every edited field with update() and leaves
 * those two alone (the rules refuse a client change to them). Deactivating is a save with
 * is_active flipped: orders copy their lines, so past orders are untouched.
 */
export async function saveProduct({
  id,
  data,
}: {
  id?: string;
  data: ProductData;
}): Promise<string> {
  const documents = productDocuments(data);
  const productId = id ?? newProductId();
  const batch = writeBatch(db);
  writeProduct(batch, productId, documents, id ? 'update' : 'create');
  await batch.commit();
  return productId;
}

/** Writes per batch of a catalog import (Firestore allows 500; two per product). */
export const IMPORT_BATCH_WRITES = 400;

export interface CatalogImportResult {
  created: number;
  updated: number;
}

/**
 * Writes the rows of a checked catalog CSV: a row whose SKU is in `existingBySku` (SKU -> product
 * id) updates that product field by field (never stock_reserved or created_at), any other row
 * creates a product. Every row is checked again before the first write, so an invalid row writes
 * nothing; then the writes go in batches of at most IMPORT_BATCH_WRITES, and `onProgress` hears
 * how many products are written after each batch. A batch that fails stops the import (the
 * batches before it stay written; importing the same file again finishes it).
 */
export async function importCatalog(
  rows: readonly CatalogRow[],
  existingBySku: ReadonlyMap<string, string>,
  onProgress?: (written: number, total: number) => void,
): Promise<CatalogImportResult> {
  const planned = rows.map((row) => {
    const existing = existingBySku.get(row.sku);
    return {
      id: existing ?? newProductId(),
      mode: existing ? ('update' as const) : ('create' as const),
      documents: productDocuments(row),
    };
  });
  const perProduct = 2;
  const perBatch = Math.max(1, Math.floor(IMPORT_BATCH_WRITES / perProduct));
  let written = 0;
  for (let start = 0; start < planned.length; start += perBatch) {
    const chunk = planned.slice(start, start + perBatch);
    const batch = writeBatch(db);
    for (const item of chunk) writeProduct(batch, item.id, item.documents, item.mode);
    await batch.commit();
    written += chunk.length;
    onProgress?.(written, planned.length);
  }
  const created = planned.filter((item) => item.mode === 'create').length;
  return { created, updated: planned.length - created };
}
