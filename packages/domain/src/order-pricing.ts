import type { Cents } from './money';
import { OrderPricingError, type LineRequest } from './orders';
import type { OrderLine } from './order-schema';
import { unitPriceAt, type PriceBreak } from './price-breaks';
import { resolveUnitPrice, type AppliedEntry, type ResolvedPrice } from './price-lists';
import { priceForRole } from './pricing';
import { quantityProblem } from './quantities';
import type { Role } from './roles';
import { imageSource } from './product-photos';
import type { CatalogProduct, Product } from './schemas';

/**
 * Pricing order lines from product documents. Apart from orders.ts because it needs the product
 * schemas, which themselves use the order constants: keeping it here keeps the modules acyclic.
 */

/**
 * What a buyer of this role pays for one unit. Retailers (and managers) pay price_retailer, so
 * their view is the stored product alone; a wholesaler pays the wholesale price, which only the
 * joined view carries: null when it was not joined (none is set for this product).
 */
export function unitPriceFor(product: Product | CatalogProduct, role: Role): Cents | null {
  if (role !== 'wholesaler') return product.price_retailer;
  return 'price_wholesaler' in product ? priceForRole(product, role) : null;
}

/** The quantity breaks of the buyer's role's price ([] for a wholesaler without the join). */
export function priceBreaksFor(
  product: Product | CatalogProduct,
  role: Role,
): readonly PriceBreak[] {
  if (role !== 'wholesaler') return product.price_breaks;
  return 'wholesale_breaks' in product ? product.wholesale_breaks : [];
}

/** What one unit costs on a line of `quantity` units: the role's price or a break below it. */
export function lineUnitPrice(
  product: Product | CatalogProduct,
  role: Role,
  quantity: number,
): Cents | null {
  const base = unitPriceFor(product, role);
  return base === null ? null : unitPriceAt(base, priceBreaksFor(product, role), quantity);
}

/**
 * A line's price for a company: its tier's price (the role's, with the role's breaks) or the
 * lowest applicable price list's (price-lists.ts), or null when the tier has no price for it.
 */
export function companyLinePrice(
  product: Product | CatalogProduct,
  role: Role,
  quantity: number,
  applied: readonly AppliedEntry[] | undefined,
): ResolvedPrice | null {
  const base = unitPriceFor(product, role);
  if (base === null) return null;
  return resolveUnitPrice({ base, breaks: priceBreaksFor(product, role) }, applied ?? [], quantity);
}

/**
 * Prices order lines on the server from the product documents and the buyer's role (for a
 * wholesaler, products joined with their wholesale prices), lowered by the company's price lists
 * where one applies (`lists`: applicableEntries of the lists assigned to the company, active now).
 * Unknown or inactive products are refused, and so is an active product without a wholesale
 * price for a wholesaler; quantities must be whole numbers from 1 to the cap, whole cases of the
 * product's case pack and at least its minimum. Each line's unit price is the role's price or the
 * quantity break the line reaches. Stock is not checked here: checkout reserves it in a
 * transaction.
 */
export function priceOrderLines(
  requests: readonly LineRequest[],
  products: ReadonlyMap<string, Product | CatalogProduct>,
  role: Role,
  lists?: ReadonlyMap<string, readonly AppliedEntry[]>,
): OrderLine[] {
  return requests.map(({ product_id, quantity }) => {
    const product = products.get(product_id);
    if (!product) throw new OrderPricingError(`Unknown product ${product_id}`, product_id);
    if (!product.is_active) {
      throw new OrderPricingError(`${product.name} is no longer available`, product_id);
    }
    const problem = quantityProblem(product.name, quantity, product);
    if (problem) throw new OrderPricingError(problem, product_id);
    const price = companyLinePrice(product, role, quantity, lists?.get(product_id));
    if (price === null) {
      throw new OrderPricingError(`${product.name} has no wholesale price yet`, product_id);
    }
    const { unit_amount } = price;
    return {
      product_id,
      name: product.name,
      description: product.description,
      // The order keeps a URL: an uploaded photo's small size (none while its sizes are made).
      image_url: imageSource(product.image_url, product.image_sizes, 160)?.src ?? '',
      unit_amount,
      quantity,
      line_total: unit_amount * quantity,
      // For the invoice and the packing slip: the SKU and the case pack as they were when sold.
      sku: product.sku,
      case_pack: product.case_pack,
      // Set when stock is reserved: the units stock does not cover, for a product that takes
      // backorders (backorders.ts).
      backordered: 0,
      ...(price.price_list
        ? { price_list: price.price_list, tier_unit_amount: price.tier_unit_amount }
        : {}),
    };
  });
}
