import { MAX_LINE_QUANTITY, type CartItem } from '@portal/domain';
import {
  deleteDoc,
  getDoc,
  getDocs,
  increment,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
} from 'firebase/firestore/lite';
import { db, parseDocuments } from '../firestore';
import { cartItemRef, cartItemsCollection, parseCartItem } from './documents';

export class CartLimitError extends Error {
  constructor() {
    super(`A cart line holds at most ${MAX_LINE_QUANTITY} units`);
    this.name = 'CartLimitError';
  }
}

/** The buyer's cart lines, one per product; malformed lines are left out. */
export async function fetchCart(uid: string): Promise<CartItem[]> {
  const snapshot = await getDocs(cartItemsCollection(uid));
  return parseDocuments(snapshot.docs, parseCartItem, 'skip');
}

/** Items in the cart: the sum of the quantities (the header's cart badge). */
export function cartItemCount(items: readonly CartItem[] | undefined): number {
  return (items ?? []).reduce((sum, item) => sum + item.quantity, 0);
}

export function quantityInCart(items: readonly CartItem[] | undefined, productId: string): number {
  return items?.find((item) => item.product_id === productId)?.quantity ?? 0;
}

/** A quantity the cart accepts: a whole number from 1 to MAX_LINE_QUANTITY. */
export function isValidQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY;
}

/**
 * Adds one unit of a product (+1; a new line starts at 1). The write is a merge with
 * increment(1), so two quick clicks or two tabs never lose a unit; the read before it only
 * enforces the per-line cap.
 */
export async function addToCart(uid: string, productId: string): Promise<void> {
  const ref = cartItemRef(uid, productId);
  const current = await getDoc(ref);
  const quantity = current.exists() ? Number(current.data()?.quantity ?? 0) : 0;
  if (quantity >= MAX_LINE_QUANTITY) throw new CartLimitError();
  await setDoc(
    ref,
    { product_id: productId, quantity: increment(1), updated_at: serverTimestamp() },
    { merge: true },
  );
}

export interface QuantityChange {
  productId: string;
  quantity: number;
}

/**
 * Sets a line's quantity. An update below 1 is ignored (removing is its own action); above the
 * cap is ignored too. Returns whether anything was written.
 */
export async function updateCartQuantity(
  uid: string,
  { productId, quantity }: QuantityChange,
): Promise<boolean> {
  if (!isValidQuantity(quantity)) return false;
  await updateDoc(cartItemRef(uid, productId), { quantity, updated_at: serverTimestamp() });
  return true;
}

export async function removeCartItem(uid: string, productId: string): Promise<void> {
  await deleteDoc(cartItemRef(uid, productId));
}

/**
 * Sets the quantities of several lines in one batch, so the cart never holds half of them. Only
 * cart lines are written, never prices: those come from the products at checkout.
 */
export async function setCartQuantities(uid: string, lines: readonly CartItem[]): Promise<void> {
  const batch = writeBatch(db);
  for (const { product_id, quantity } of lines) {
    batch.set(
      cartItemRef(uid, product_id),
      { product_id, quantity, updated_at: serverTimestamp() },
      { merge: true },
    );
  }
  await batch.commit();
}
