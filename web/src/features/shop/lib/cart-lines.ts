import type { CartItem, Cents } from '@portal/domain';
import type { PricedProduct } from '@/entities/catalog';

export interface CartLine {
  productId: string;
  quantity: number;
  /** Null when the product is gone or no longer active: shown as unavailable, not counted. */
  product: PricedProduct | null;
  unitPrice: Cents;
  lineTotal: Cents;
}

export interface CartSummary {
  lines: CartLine[];
  /** Lines that can be bought (their product is active). */
  available: CartLine[];
  unavailable: CartLine[];
  subtotal: Cents;
  /** Shipping is shown as free (docs/product.md §19). */
  shipping: Cents;
  total: Cents;
  itemCount: number;
}

/** Joins cart lines with the active catalog, already priced for the buyer's role (fetchProducts). */
export function summarizeCart(items: readonly CartItem[], products: readonly PricedProduct[]): CartSummary {
  const byId = new Map(products.map((product) => [product.id, product]));
  const lines = items.map((item): CartLine => {
    const product = byId.get(item.product_id);
    if (!product || !product.is_active) {
      return { productId: item.product_id, quantity: item.quantity, product: null, unitPrice: 0, lineTotal: 0 };
    }
    const unitPrice = product.unit_price;
    return { productId: item.product_id, quantity: item.quantity, product, unitPrice, lineTotal: unitPrice * item.quantity };
  });
  // Catalog order, so the cart reads like the store.
  const order = new Map(products.map((product, index) => [product.id, index]));
  lines.sort((a, b) => (order.get(a.productId) ?? Infinity) - (order.get(b.productId) ?? Infinity));
  const available = lines.filter((line) => line.product !== null);
  const subtotal = available.reduce((sum, line) => sum + line.lineTotal, 0);
  return {
    lines,
    available,
    unavailable: lines.filter((line) => line.product === null),
    subtotal,
    shipping: 0,
    total: subtotal,
    itemCount: available.reduce((sum, line) => sum + line.quantity, 0),
  };
}
