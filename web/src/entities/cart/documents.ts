import { cartItemSchema, paths, type CartItem } from '@portal/domain';
import { collection, doc, type DocumentData } from 'firebase/firestore/lite';
import { db, toDate, type Parsed } from '../firestore';

/** A cart line as read: the line, and when it was last written (the prices notice compares). */
export type StoredCartItem = CartItem & { updated_at?: Date | null };

/** profiles/{uid}/cart_items/{productId}: one line per product, in the buyer's profile. */
export const cartItemsCollection = (uid: string) => collection(db, paths.cartItems(uid));
export const cartItemRef = (uid: string, productId: string) =>
  doc(db, paths.cartItem(uid, productId));

/**
 * The one reading of a cart line: its id is the product id; the line itself and when it was last
 * written are kept.
 */
export function parseCartItem(id: string, data: DocumentData): Parsed<StoredCartItem> {
  const parsed = cartItemSchema.safeParse({ product_id: id, ...data });
  return parsed.success
    ? {
        success: true,
        data: {
          product_id: parsed.data.product_id,
          quantity: parsed.data.quantity,
          updated_at: toDate(data.updated_at),
        },
      }
    : parsed;
}
