import {
  COLLECTIONS,
  type BuyerRole,
  type CatalogCsvColumn,
  type CatalogRow,
  type Cents,
  type PriceBreak,
  type PhotoSize,
  type Product,
  type WholesalePrice,
} from '@portal/domain';
import {
  doc,
  getDoc,
  getDocs,
  increment,
  orderBy,
  query,
  serverTimestamp,
  updateDoc,
  where,
  writeBatch,
  type FieldValue,
  type WriteBatch,
} from 'firebase/firestore/lite';
import { db, parseDocuments, parsedOrThrow } from '../firestore';
import {
  importedFields,
  mergeImportRow,
  newProductId,
  parseProduct,
  parseWholesalePrice,
  productDocuments,
  productRef,
  productsCollection,
  wholesalePriceRef,
  wholesalePricesCollection,
  type EditableProduct,
  type ImportedField,
  type ProductData,
  type ProductWithPrices,
} from './documents';

/**
 * A catalog product as a buyer sees it: the product document, the unit price their company pays
 * and that price's quantity breaks (a line of `min_quantity` or more units costs `unit_amount`):
 * its tier's price, lowered by the company's price lists where one applies (docs/pricing.md).
 * `tier_price` is the tier's own price and `price_list` the list of `unit_price` (null: none), so
 * a page can show the deal.
 */
export type PricedProduct = Product & {
  unit_price: Cents;
  breaks: readonly PriceBreak[];
  tier_price: Cents;
  price_list: { id: string; name: string } | null;
};

/** Whose catalog: the tier the company buys at and the company (its price lists). */
export interface CatalogViewer {
  role: BuyerRole;
  companyId: string;
}

/**
 * The pricing code of a company's catalog (company-pricing.ts: its tier, its price lists), a chunk
 * of its own, so no page carries it before its first paint.
 */
const loadPricingModule = () => import('./company-pricing');

/**
 * Starts downloading the pricing chunk (a route loader, while Firebase Auth checks the session):
 * a catalog read then asks for the company's price lists as soon as it starts, instead of a
 * round trip for the chunk later (on a first visit, after Auth's check, before the first photo).
 */
export function preloadCatalogPricing(): void {
  loadPricingModule().catch(() => undefined);
}

/** The pricing of a company's catalog, its price lists read in parallel with the documents. */
function loadPricing(companyId: string) {
  return loadPricingModule().then((module) => module.companyPricing(companyId));
}

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
export async function fetchProducts({ role, companyId }: CatalogViewer): Promise<PricedProduct[]> {
  const [active, wholesale, pricing] = await Promise.all([
    fetchActiveProducts(),
    role === 'wholesaler' ? fetchWholesalePrices() : Promise.resolve(null),
    loadPricing(companyId),
  ]);
  return active.flatMap((product) => {
    const priced = pricing.priced(role, product, wholesale?.get(product.id));
    return priced ? [priced] : [];
  });
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
 * One active product priced for the buyer's company (the product page), or null when there is no
 * such product for them: an unknown id, an inactive product (the rules refuse to read it:
 * permission-denied), a malformed document, or no wholesale price for a wholesaler.
 */
export async function fetchProduct(
  { role, companyId }: CatalogViewer,
  id: string,
): Promise<PricedProduct | null> {
  if (!isDocumentId(id)) return null;
  try {
    const [productDoc, wholesaleDoc, pricing] = await Promise.all([
      getDoc(productRef(id)),
      role === 'wholesaler' ? getDoc(wholesalePriceRef(id)) : Promise.resolve(null),
      loadPricing(companyId),
    ]);
    if (!productDoc.exists()) return null;
    const product = parseProduct(id, productDoc.data());
    if (!product.success || !product.data.is_active) return null;
    let wholesale: WholesalePrice | undefined;
    if (wholesaleDoc?.exists()) {
      const parsed = parseWholesalePrice(wholesaleDoc.data());
      if (parsed.success) wholesale = parsed.data;
    }
    return pricing.priced(role, product.data, wholesale);
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

/**
 * How an update writes stock_on_hand, given the value the manager's copy was loaded with and the
 * value they saved: nothing when they left it alone (a sale committed meanwhile is not undone), a
 * change between two counts as increment(new - loaded) (an adjustment on top of whatever sales
 * happened since), and the exact value when tracking is switched on (null -> number) or off.
 */
export function stockOnHandWrite(
  loaded: number | null,
  saved: number | null,
): { stock_on_hand?: number | null | FieldValue } {
  if (loaded === saved) return {};
  if (loaded !== null && saved !== null) return { stock_on_hand: increment(saved - loaded) };
  return { stock_on_hand: saved };
}

type ProductUpdate = Partial<Omit<EditableProduct, 'stock_on_hand'>> & {
  stock_on_hand?: number | null | FieldValue;
};

type ProductWrite =
  | { mode: 'create'; documents: ReturnType<typeof productDocuments> }
  | { mode: 'update'; product: ProductUpdate; wholesale: Partial<WholesalePrice> | null };

/**
 * Adds the writes of one product to a batch: a full document on create; on update, a field-level
 * update of the given fields only (never stock_reserved or created_at) and a merge of the given
 * wholesale fields (creating that document when the product had none).
 */
function writeProduct(batch: WriteBatch, productId: string, write: ProductWrite): void {
  if (write.mode === 'create') {
    const { product, wholesale } = write.documents;
    batch.set(productRef(productId), {
      ...product,
      stock_reserved: 0,
      created_at: serverTimestamp(),
    });
    if (wholesale) batch.set(wholesalePriceRef(productId), wholesale);
    return;
  }
  if (Object.keys(write.product).length > 0) batch.update(productRef(productId), write.product);
  if (write.wholesale && Object.keys(write.wholesale).length > 0) {
    batch.set(wholesalePriceRef(productId), write.wholesale, { merge: true });
  }
}

/** What the catalog editor saves: a new product, or an update of one it loaded. */
export type SaveProductInput =
  | {
      id?: undefined;
      data: ProductData;
      /** The new product's id when the editor chose it first (photos were uploaded under it). */
      newId?: string;
    }
  | {
      id: string;
      data: ProductData;
      /**
       * The product as the editor loaded it (before the manager's changes): stock_on_hand is
       * written only when the manager changed it from this value, as the difference.
       */
      loaded: Pick<ProductData, 'stock_on_hand'>;
    };

/**
 * Creates (no id) or updates (id) a product. The product document (retail price and breaks: every
 * approved buyer reads it) and its wholesale_prices document (read by wholesalers and managers
 * only) are written in one batch, so a buyer never sees one without the other. A new product gets
 * stock_reserved 0 and created_at; an update writes every edited field with update() and leaves
 * those two alone (the rules refuse a client change to them). Stock on hand changes with sales
 * while the form is open, so an update writes it only when the manager changed it
 * (stockOnHandWrite): a changed count is applied as an adjustment, never as the stale copy.
 */
export async function saveProduct(input: SaveProductInput): Promise<string> {
  const documents = productDocuments(input.data);
  const productId = input.id ?? input.newId ?? newProductId();
  const batch = writeBatch(db);
  if (input.id === undefined) {
    writeProduct(batch, productId, { mode: 'create', documents });
  } else {
    const { stock_on_hand, ...fields } = documents.product;
    writeProduct(batch, productId, {
      mode: 'update',
      product: { ...fields, ...stockOnHandWrite(input.loaded.stock_on_hand, stock_on_hand) },
      wholesale: documents.wholesale,
    });
  }
  await batch.commit();
  return productId;
}

/**
 * Activates or deactivates a product (the catalog's one-click toggle): writes is_active and
 * nothing else, so nothing of the list's copy (stock on hand above all) is written back. Orders
 * copy their lines, so past orders are untouched.
 */
export async function setProductActive(id: string, active: boolean): Promise<void> {
  await updateDoc(productRef(id), { is_active: active });
}

/** Writes per batch of a catalog import (Firestore allows 500; two per product). */
export const IMPORT_BATCH_WRITES = 400;

export interface CatalogImportResult {
  created: number;
  updated: number;
}

export interface CatalogImportInput {
  /** The checked rows of the file. */
  rows: readonly CatalogRow[];
  /** The file's columns: an update writes only the fields of these (CSV_COLUMN_FIELDS). */
  columns: readonly CatalogCsvColumn[];
  /** SKU -> the existing product (as loaded when the file was checked) the row of that SKU updates. */
  existingBySku: ReadonlyMap<string, ProductWithPrices>;
}

/** The writes of one import row: the whole product on create, the file's columns only on update. */
function importWrite(
  row: CatalogRow,
  columns: readonly CatalogCsvColumn[],
  existing: ProductWithPrices | undefined,
): ProductWrite {
  if (!existing) {
    // A file has no backorder columns: a new product starts without backorders.
    const fresh = { ...row, backorders_allowed: false, restock_date: null };
    return { mode: 'create', documents: productDocuments(fresh) };
  }
  // The product as it will be is checked (throws when the file's columns and the fields it leaves
  // alone do not hold together); only the fields of the file's columns are written.
  const { product, wholesale } = productDocuments(mergeImportRow(existing, row, columns));
  const fields = importedFields(columns);
  const update: ProductUpdate = {};
  for (const [key, value] of Object.entries(product)) {
    if (key !== 'stock_on_hand' && fields.has(key as ImportedField)) {
      Object.assign(update, { [key]: value });
    }
  }
  if (fields.has('stock_on_hand')) {
    Object.assign(update, stockOnHandWrite(existing.stock_on_hand, product.stock_on_hand));
  }
  return {
    mode: 'update',
    product: update,
    wholesale: wholesale && {
      ...(fields.has('price_wholesaler') ? { price_wholesaler: wholesale.price_wholesaler } : {}),
      ...(fields.has('wholesale_breaks') ? { price_breaks: wholesale.price_breaks } : {}),
    },
  };
}

/**
 * Writes the rows of a checked catalog CSV. A row whose SKU is in `existingBySku` updates that
 * product with the fields of the file's columns only (a column missing from the file leaves the
 * field as it is; never stock_reserved or created_at; the wholesale price merged); a changed
 * stock_on_hand is written as the difference from the value the product had when the file was
 * checked (stockOnHandWrite), so sales made since still count. Any other row creates a product
 * (a missing column gets its default). Every row is checked again before the first write (an
 * update as the product will be after it), so an invalid row writes nothing; then the writes go
 * in batches of at most IMPORT_BATCH_WRITES, and `onProgress` hears how many products are written
 * after each batch. A batch that fails stops the import (the batches before it stay written;
 * importing the same file again finishes it).
 */
export async function importCatalog(
  { rows, columns, existingBySku }: CatalogImportInput,
  onProgress?: (written: number, total: number) => void,
): Promise<CatalogImportResult> {
  const planned = rows.map((row) => {
    const existing = existingBySku.get(row.sku);
    return { id: existing?.id ?? newProductId(), write: importWrite(row, columns, existing) };
  });
  const perProduct = 2;
  const perBatch = Math.max(1, Math.floor(IMPORT_BATCH_WRITES / perProduct));
  let written = 0;
  for (let start = 0; start < planned.length; start += perBatch) {
    const chunk = planned.slice(start, start + perBatch);
    const batch = writeBatch(db);
    for (const item of chunk) writeProduct(batch, item.id, item.write);
    await batch.commit();
    written += chunk.length;
    onProgress?.(written, planned.length);
  }
  const created = planned.filter((item) => item.write.mode === 'create').length;
  return { created, updated: planned.length - created };
}

/** The functions' verdict on an uploaded product photo (product_photos/{photoId}). */
export type PhotoVerdict =
  { status: 'ready'; sizes: PhotoSize[] } | { status: 'refused'; message: string };

/**
 * Waits for the functions' verdict on a photo just uploaded (they check it and make its sizes in
 * a few seconds). The Lite SDK has no listeners, so it asks every `intervalMs`; it gives up with
 * an error after `timeoutMs`, or quietly when `signal` aborts (the form was closed).
 */
export async function waitForProductPhoto(
  photoId: string,
  {
    signal,
    intervalMs = 1000,
    timeoutMs = 120_000,
  }: {
    signal?: AbortSignal;
    intervalMs?: number;
    timeoutMs?: number;
  } = {},
): Promise<PhotoVerdict> {
  const ref = doc(db, COLLECTIONS.productPhotos, photoId);
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const snapshot = await getDoc(ref);
    const data = snapshot.data();
    if (data?.status === 'ready') return { status: 'ready', sizes: data.sizes as PhotoSize[] };
    if (data?.status === 'refused') return { status: 'refused', message: String(data.message) };
    if (Date.now() > until) throw new Error('The photo was not processed in time');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
