import { cartItemSchema, paths, type CartItem } from '@portal/domain';
import { collection, doc, type DocumentData } from 'firebase/firestore/lite';
import { db, type Parsed } from '../firestore';

/** profiles/{uid}/cart_items/{productId}: one line per product, in the buyer's profile. */
export const cartItemsCollection = (uid: string) => collection(db, paths.cartItems(uid));
export const cartItemRef = (uid: string, productId: string) =>
  doc(db, paths.cartItem(uid, productId));

/** The one reading of a cart line: its id is the product id; only the line itself is kept. */
export function parseCartItem(id: string, data: DocumentData): Parsed<CartItem> {
  const parsed = cartItemSchema.safeParse({ product_id: id, ...data });
  return parsed.success
    ? {
        success: true,
        data: { product_id: parsed.data.product_id, quantity: parsed.data.quantity },
      }
    : parsed;
}
