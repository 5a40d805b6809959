import { MAX_LINE_QUANTITY, type CartItem, type OrderLine } from '@portal/domain';
import type { fetchCart, setCartQuantities } from '@/entities/cart';
import { fetchActiveProducts } from '@/entities/catalog';

/**
 * The cart's read and write, handed in by useReorder: every portal page loads them already, and
 * this lazy chunk importing the cart's API without its queries would split that shared chunk.
 */
export interface CartApi {
  fetchCart: typeof fetchCart;
  setCartQuantities: typeof setCartQuantities;
}

export interface ReorderResult {
  /** Names of the products put back in the cart. */
  added: string[];
  /** Names of the order's products that are no longer sold. */
  skipped: string[];
}

/**
 * Puts an order's products back in the cart, adding the order's quantities to what is already
 * there (capped per line). Only cart lines are written: prices always come from the products at
 * checkout, so the buyer pays today's price for their role. Inactive or deleted products are
 * skipped. All or nothing (setCartQuantities), so the cart never holds half a reorder.
 */
export async function reorder(
  uid: string,
  lines: readonly Pick<OrderLine, 'product_id' | 'name' | 'quantity'>[],
  cartApi: CartApi,
): Promise<ReorderResult> {
  const { fetchCart, setCartQuantities } = cartApi;
  const [catalog, cart] = await Promise.all([fetchActiveProducts(), fetchCart(uid)]);
  const active = new Set(catalog.map((product) => product.id));
  const inCart = new Map(cart.map((item) => [item.product_id, item.quantity]));

  const wanted = new Map<string, { name: string; quantity: number }>();
  for (const line of lines) {
    const previous = wanted.get(line.product_id);
    wanted.set(line.product_id, {
      name: line.name,
      quantity: (previous?.quantity ?? 0) + line.quantity,
    });
  }

  const result: ReorderResult = { added: [], skipped: [] };
  const updates: CartItem[] = [];
  for (const [productId, { name, quantity }] of wanted) {
    if (!active.has(productId)) {
      result.skipped.push(name);
      continue;
    }
    const next = Math.min((inCart.get(productId) ?? 0) + quantity, MAX_LINE_QUANTITY);
    updates.push({ product_id: productId, quantity: next });
    result.added.push(name);
  }
  if (updates.length > 0) await setCartQuantities(uid, updates, inCart);
  return result;
}
