import type { Firestore } from 'firebase-admin/firestore';
import {
  MAX_ORDER_LINES,
  minimumOrderQuantity,
  OrderPricingError,
  paths,
  priceOrderLines,
  quantityProblem,
  type AppliedEntry,
  type BuyerRole,
  type CatalogProduct,
  type CheckoutSource,
  type LineRequest,
  type OrderLine,
  type Product,
} from '@portal/domain';
import { PreconditionError } from '../lib/errors';

/** Stripe Checkout accepts at most 100 line items in payment mode (the domain's order cap). */
const MAX_CHECKOUT_LINES = MAX_ORDER_LINES;

/**
 * The lines a buyer asked for, read from the server: cart documents contribute only their id
 * (the product) and quantity; any other field (a price, a name) is ignored. Buy Now asks for one
 * unit here; buyNowQuantity sets the product's minimum once the product is read.
 */
export async function readLineRequests(
  db: Firestore,
  uid: string,
  productId: string | undefined,
): Promise<{ source: CheckoutSource; requests: LineRequest[] }> {
  if (productId !== undefined)
    return { source: 'buy_now', requests: [{ product_id: productId, quantity: 1 }] };
  // One line more than checkout takes is enough to refuse: a huge cart is never read whole.
  const cart = await db
    .collection(paths.cartItems(uid))
    .limit(MAX_CHECKOUT_LINES + 1)
    .get();
  const requests = cart.docs.map((doc) => {
    const quantity: unknown = doc.get('quantity');
    return { product_id: doc.id, quantity: typeof quantity === 'number' ? quantity : Number.NaN };
  });
  if (requests.length === 0) throw new PreconditionError('Your cart is empty.');
  if (requests.length > MAX_CHECKOUT_LINES) {
    throw new PreconditionError(
      `Your cart has more than ${MAX_CHECKOUT_LINES} lines; checkout takes at most ${MAX_CHECKOUT_LINES}.`,
    );
  }
  return { source: 'cart', requests };
}

/**
 * Buy Now buys the smallest quantity the product may be ordered in (minimumOrderQuantity: its
 * minimum, rounded up to whole cases); cart lines are left as the buyer set them.
 */
export function buyNowQuantity(
  source: CheckoutSource,
  requests: readonly LineRequest[],
  products: ReadonlyMap<string, Product | CatalogProduct>,
): LineRequest[] {
  if (source !== 'buy_now') return [...requests];
  return requests.map((request) => {
    const product = products.get(request.product_id);
    return product ? { ...request, quantity: minimumOrderQuantity(product) } : request;
  });
}

/**
 * Prices the lines for the company's tier and price lists (`lists`: applicableEntries now);
 * unknown, inactive or badly counted lines are refused.
 */
export function priceLinesOrRefuse(
  requests: readonly LineRequest[],
  products: ReadonlyMap<string, Product | CatalogProduct>,
  role: BuyerRole,
  source: CheckoutSource = 'cart',
  lists?: ReadonlyMap<string, readonly AppliedEntry[]>,
): OrderLine[] {
  try {
    return priceOrderLines(requests, products, role, lists);
  } catch (error) {
    if (error instanceof OrderPricingError) {
      const product = products.get(error.productId);
      const what = product ? error.message : `Product ${error.productId} is not in the catalog`;
      const quantity = requests.find((r) => r.product_id === error.productId)?.quantity;
      // A quantity that breaks the case pack or the minimum is fixed in the cart, not removed.
      const badCount =
        product !== undefined &&
        quantity !== undefined &&
        quantityProblem(product.name, quantity, product) !== null;
      const advice =
        source !== 'cart'
          ? ''
          : badCount
            ? ' Change the quantity in your cart and try again.'
            : ' Remove it from your cart and try again.';
      const message = `${what}.${advice}`;
      throw new PreconditionError(message, { productId: error.productId });
    }
    throw error;
  }
}

/**
 * A stable summary of what is being bought and at what price. Two calls with the same
 * fingerprint would create identical orders, so the second one may reuse the first's session.
 */
export function checkoutFingerprint(source: CheckoutSource, lines: readonly OrderLine[]): string {
  const parts = [...lines]
    .sort((a, b) => (a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : 0))
    .map((line) => `${encodeURIComponent(line.product_id)}:${line.quantity}@${line.unit_amount}`);
  return `${source}|usd|${parts.join(',')}`;
}
