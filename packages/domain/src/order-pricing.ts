import type { Cents } from './money';
import { MAX_LINE_QUANTITY, OrderPricingError, type LineRequest, type OrderLine } from './orders';
import { priceForRole } from './pricing';
import type { Role } from './roles';
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

/**
 * Prices order lines on the server from the product documents and the buyer's role (for a
 * wholesaler, products joined with their wholesale prices).
 * Unknown or inactive products are refused, and so is an active product without a wholesale
 * price for a wholesaler; quantities must be whole numbers from 1 to the cap.
 */
export function priceOrderLines(
  requests: readonly LineRequest[],
  products: ReadonlyMap<string, Product | CatalogProduct>,
  role: Role,
): OrderLine[] {
  return requests.map(({ product_id, quantity }) => {
    const product = products.get(product_id);
    if (!product) throw new OrderPricingError(`Unknown product ${product_id}`, product_id);
    if (!product.is_active) {
      throw new OrderPricingError(`${product.name} is no longer available`, product_id);
    }
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
      throw new OrderPricingError(`Invalid quantity for ${product.name}`, product_id);
    }
    const unit_amount = unitPriceFor(product, role);
    if (unit_amount === null) {
      throw new OrderPricingError(`${product.name} has no wholesale price yet`, product_id);
    }
    return {
      product_id,
      name: product.name,
      description: product.description,
      image_url: product.image_url,
      unit_amount,
      quantity,
      line_total: unit_amount * quantity,
    };
  });
}
