import type { Cents } from './money';
import type { BuyerRole, Role } from './roles';

export interface PricedProduct {
  price_retailer: Cents;
  price_wholesaler: Cents;
}

/** The unit price a buyer of this role pays. Managers see (and are charged) the retailer price. */
export function priceForRole(product: PricedProduct, role: Role | BuyerRole): Cents {
  return role === 'wholesaler' ? product.price_wholesaler : product.price_retailer;
}
