import {
  catalogProductProblem,
  catalogProductSchema,
  COLLECTIONS,
  paths,
  productSchema,
  wholesalePriceSchema,
  type CatalogCsvColumn,
  type CatalogProduct,
  type CatalogRow,
  type Cents,
  type PriceBreak,
  type Product,
  type WholesalePrice,
} from '@portal/domain';
import { collection, doc, type DocumentData } from 'firebase/firestore/lite';
import { db, type Parsed } from '../firestore';

/**
 * The catalog is two kinds of document with the same ids: products/{id} (everything a buyer of
 * any role may see, the retail price and retail breaks included) and wholesale_prices/{id} (the
 * wholesale price and its breaks, readable by approved wholesalers and managers only).
 */
export const productsCollection = () => collection(db, COLLECTIONS.products);
export const wholesalePricesCollection = () => collection(db, COLLECTIONS.wholesalePrices);
export const productRef = (id: string) => doc(db, paths.product(id));
export const wholesalePriceRef = (id: string) => doc(db, paths.wholesalePrice(id));
/** A new product's id, drawn by the SDK (nothing is written). */
export const newProductId = () => doc(productsCollection()).id;

/** The one reading of a product document. */
export function parseProduct(id: string, data: DocumentData): Parsed<Product> {
  const parsed = productSchema.safeParse(data);
  return parsed.success ? { success: true, data: { ...parsed.data, id } } : parsed;
}

/** The one reading of a wholesale price document. */
export function parseWholesalePrice(data: DocumentData): Parsed<WholesalePrice> {
  return wholesalePriceSchema.safeParse(data);
}

/**
 * A product as the catalog editor shows and saves it: products/{id} joined with
 * wholesale_prices/{id}. The wholesale price is null (and its breaks empty) when that document is
 * missing (a product added outside the editor): the row says so and the editor asks for it,
 * instead of the whole list failing.
 */
export type ProductWithPrices = Product & {
  price_wholesaler: Cents | null;
  wholesale_breaks: PriceBreak[];
};

/**
 * The fields a manager edits: everything but the id and the two fields only the server (or the
 * first save) sets. `stock_reserved` and `created_at` may be passed along (a product read from
 * the list is saved back) but are never written by an update.
 */
export type ProductData = Omit<
  ProductWithPrices,
  'id' | 'stock_reserved' | 'created_at' | 'image_sizes'
> &
  Partial<Pick<ProductWithPrices, 'stock_reserved' | 'created_at' | 'image_sizes'>>;

/**
 * The fields of products/{id} a manager writes: all of them but stock_reserved, created_at and
 * image_sizes (the photo sizes the functions make).
 */
export type EditableProduct = Omit<Product, 'id' | 'stock_reserved' | 'created_at' | 'image_sizes'>;

/**
 * The documents a product is saved as, each checked against its domain schema and the catalog's
 * cross-field rules (throws when one does not hold), so nothing unvalidated reaches Firestore
 * whatever the caller did. The product document never carries stock_reserved or created_at
 * (saveProduct adds them on create only); the wholesale document is null when the wholesale
 * price is unset (leave it as it is).
 */
export function productDocuments(data: ProductData): {
  product: EditableProduct;
  wholesale: WholesalePrice | null;
} {
  const {
    price_wholesaler,
    wholesale_breaks,
    stock_reserved: _reserved,
    created_at: _created,
    image_sizes: _sizes,
    ...rest
  } = data;
  const {
    stock_reserved: _r,
    created_at: _c,
    image_sizes: _s,
    ...product
  } = productSchema.parse(rest);
  const wholesale =
    price_wholesaler === null
      ? null
      : wholesalePriceSchema.parse({ price_wholesaler, price_breaks: wholesale_breaks });
  const problem = catalogProductProblem({
    ...product,
    stock_reserved: 0,
    created_at: null,
    // Without a wholesale price only the retail ladder and the case pack are checked.
    price_wholesaler: wholesale?.price_wholesaler ?? Number.MAX_SAFE_INTEGER,
    wholesale_breaks: wholesale?.price_breaks ?? [],
  });
  if (problem) throw new Error(problem);
  return { product, wholesale };
}

/**
 * The field of the joined product view each catalog CSV column sets (retail_breaks is the
 * product's price_breaks, wholesale_breaks and price_wholesaler are on its wholesale price).
 */
export const CSV_COLUMN_FIELDS = {
  sku: 'sku',
  name: 'name',
  category: 'category',
  description: 'description',
  image_url: 'image_url',
  images: 'images',
  price_retailer: 'price_retailer',
  price_wholesaler: 'price_wholesaler',
  retail_breaks: 'price_breaks',
  wholesale_breaks: 'wholesale_breaks',
  case_pack: 'case_pack',
  min_quantity: 'min_quantity',
  stock_on_hand: 'stock_on_hand',
  is_active: 'is_active',
  sort_order: 'sort_order',
} as const satisfies Record<CatalogCsvColumn, keyof CatalogRow>;

export type ImportedField = (typeof CSV_COLUMN_FIELDS)[CatalogCsvColumn];

/** The fields a file with these columns sets. */
export function importedFields(columns: readonly CatalogCsvColumn[]): Set<ImportedField> {
  return new Set(columns.map((column) => CSV_COLUMN_FIELDS[column]));
}

/**
 * An existing product as a CSV row updating it leaves it: the row's value for every field whose
 * column is in the file, the product's own value for every other one (a column missing from the
 * file changes nothing; the row's default for it is not written).
 */
export function mergeImportRow(
  existing: ProductData,
  row: CatalogRow,
  columns: readonly CatalogCsvColumn[],
): ProductData {
  const { id: _id, ...fields } = existing as ProductData & { id?: string };
  const merged: ProductData = { ...fields };
  for (const field of importedFields(columns)) {
    Object.assign(merged, { [field]: row[field] });
  }
  return merged;
}

/**
 * A product as a catalog import will leave it (an existing product with some fields replaced),
 * checked as a whole with the domain's schema and cross-field rules: the product without its
 * server-kept fields, or the first reason it is not valid.
 */
export function checkJoinedProduct(
  candidate: Record<string, unknown>,
):
  | { product: Omit<CatalogProduct, 'id' | 'stock_reserved' | 'created_at' | 'image_sizes'> }
  | { error: string } {
  const parsed = catalogProductSchema.safeParse({
    ...candidate,
    stock_reserved: 0,
    created_at: null,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { error: `${issue.path.join('.') || 'row'}: ${issue.message}` };
  }
  const problem = catalogProductProblem(parsed.data);
  if (problem) return { error: problem };
  const {
    stock_reserved: _reserved,
    created_at: _created,
    image_sizes: _sizes,
    ...product
  } = parsed.data;
  return { product };
}
