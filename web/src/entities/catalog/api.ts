import {
  priceBreaksFor,
  unitPriceFor,
  withWholesalePrice,
  type BuyerRole,
  type Cents,
  type PriceBreak,
  type Product,
  type WholesalePrice,
} from '@portal/domain';
import { getDocs, orderBy, query, where, writeBatch } from 'firebase/firestore/lite';
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
  const products: PricedProduct[] = [];
  for (const product of active) {
    const price = wholesale?.get(product.id);
    const joined = price ? withWholesalePrice(product, price) : product;
    const unit_price = unitPriceFor(joined, role);
    if (unit_price !== null) {
      products.push({ ...product, unit_price, breaks: priceBreaksFor(joined, role) });
    }
  }
  return products;
}

/**
 * Every product, active and inactive, in catalog order, each with its wholesale price (managers
 * only). A malformed document fails the list loudly instead of rendering junk.
 */
export async function fetchAllProducts(): Promise<ProductWithPrices[]> {
  const [products, prices] = await Promise.all([
    getDocs(query(productsCollection(), orderBy('sort_order', 'asc'))),
    getDocs(wholesalePricesCollection()),
  ]);
  const wholesale = new Map(prices.docs.map((d) => [d.id, d.data()] as const));
  return parseDocuments(products.docs, parseProduct, 'throw').map((product) => {
    const price = wholesale.get(product.id);
    return {
      ...product,
      price_wholesaler: price ? parsedOrThrow(parseWholesalePrice(price)).price_wholesaler : null,
    };
  });
}

/**
 * Creates (no id) or updates (id) a product. The product document (retail price only: every
 * approved buyer reads it) and its wholesale_prices document (read by wholesalers and managers
 * only) are written in one batch, so a buyer never sees one without the other. Both are full
 * overwrites, which also drops any field an older document kept. Deactivating is a save with
 * is_active flipped: orders copy their lines, so past orders are untouched.
 */
export async function saveProduct({
  id,
  data,
}: {
  id?: string;
  data: ProductData;
}): Promise<string> {
  const { product, wholesale } = productDocuments(data);
  const productId = id ?? newProductId();
  const batch = writeBatch(db);
  batch.set(productRef(productId), product);
  if (wholesale) batch.set(wholesalePriceRef(productId), wholesale);
  await batch.commit();
  return productId;
}
