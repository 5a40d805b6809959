import {
  COLLECTIONS,
  paths,
  productSchema,
  wholesalePriceSchema,
  type Cents,
  type Product,
  type WholesalePrice,
} from '@portal/domain';
import { collection, doc, type DocumentData } from 'firebase/firestore/lite';
import { db, type Parsed } from '../firestore';

/**
 * The catalog is two kinds of document with the same ids: products/{id} (everything a buyer of
 * any role may see, the retail price included) and wholesale_prices/{id} (the wholesale price,
 * readable by approved wholesalers and managers only).
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
 * wholesale_prices/{id}. The wholesale price is null when that document is missing (a product
 * added outside the editor): the row says so and the editor asks for it, instead of the whole
 * list failing.
 */
export type ProductWithPrices = Product & { price_wholesaler: Cents | null };

/** What the editor saves: the product and its wholesale price (null: leave it as it is). */
export type ProductData = Omit<ProductWithPrices, 'id'>;

/**
 * The documents a product is saved as, each checked against its domain schema (throws when one
 * does not match), so nothing unvalidated reaches Firestore whatever the caller did.
 */
export function productDocuments(data: ProductData): {
  product: Omit<Product, 'id'>;
  wholesale: WholesalePrice | null;
} {
  const { price_wholesaler, ...rest } = data;
  return {
    product: productSchema.parse(rest),
    wholesale: price_wholesaler === null ? null : wholesalePriceSchema.parse({ price_wholesaler }),
  };
}
