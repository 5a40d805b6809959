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
import { cartItemRef, cartItemsCollection, parseCartItem, type StoredCartItem } from './documents';

export class CartLimitError extends Error {
  /** The product whose line would go past the cap (when known). */
  readonly productId: string | undefined;
  constructor(productId?: string) {
    super(`A cart line holds at most ${MAX_LINE_QUANTITY} units`);
    this.name = 'CartLimitError';
    this.productId = productId;
  }
}

/** The buyer's cart lines, one per product; malformed lines are left out. */
export async function fetchCart(uid: string): Promise<StoredCartItem[]> {
  const snapshot = await getDocs(cartItemsCollection(uid));
  return parseDocuments(snapshot.docs, parseCartItem, 'skip');
}

/** Items in the cart: the sum of the quantities (the header's cart badge). */
export function cartItemCount(items: readonly CartItem[] | undefined): number {
  return (items ?? []).reduce((sum, item) => sum + item.quantity, 0);
}

/** The number of lines in the cart (one per product), which the header's badge shows. */
export function cartLineCount(items: readonly CartItem[] | undefined): number {
  return items?.length ?? 0;
}

export function quantityInCart(items: readonly CartItem[] | undefined, productId: string): number {
  return items?.find((item) => item.product_id === productId)?.quantity ?? 0;
}

/** A quantity the cart accepts: a whole number from 1 to MAX_LINE_QUANTITY. */
export function isValidQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY;
}

/** A quantity to add to one product's line. */
export interface CartAddition {
  productId: string;
  quantity: number;
}

function checkAddedQuantity(quantity: number): void {
  if (!isValidQuantity(quantity))
    throw new RangeError(`Cannot add ${quantity} units to a cart line`);
}

function cartAddition(productId: string, quantity: number) {
  return { product_id: productId, quantity: increment(quantity), updated_at: serverTimestamp() };
}

/**
 * Adds `quantity` units of a product (a new line starts at `quantity`). The write is a merge
 * with increment(quantity), so two quick clicks or two tabs never lose a unit; the read before
 * it only enforces the per-line cap (CartLimitError, nothing written). `quantity` must be a
 * whole number from 1 to the cap (RangeError otherwise).
 */
export async function addToCart(uid: string, productId: string, quantity = 1): Promise<void> {
  checkAddedQuantity(quantity);
  const ref = cartItemRef(uid, productId);
  const current = await getDoc(ref);
  const inCart = current.exists() ? Number(current.data()?.quantity ?? 0) : 0;
  if (inCart + quantity > MAX_LINE_QUANTITY) throw new CartLimitError(productId);
  await setDoc(ref, cartAddition(productId, quantity), { merge: true });
}

/**
 * The most lines one batch writes. The security rules read each new line's product and the
 * buyer's profile, and a batch's rules may read at most 20 documents: 15 lines stay well under.
 */
export const CART_BATCH_LINES = 15;

type WriteBatch = ReturnType<typeof writeBatch>;

/**
 * Writes `items` CART_BATCH_LINES at a time (`write` stages one item in a batch); when a batch
 * fails, the items of the batches already written are undone (`undo` stages one item's undo,
 * failures of the undo ignored) and the error is thrown: all of them or none.
 */
async function writeAllOrNone<T>(
  items: readonly T[],
  write: (batch: WriteBatch, item: T) => void,
  undo: (batch: WriteBatch, item: T) => void,
): Promise<void> {
  const written: T[] = [];
  try {
    for (let start = 0; start < items.length; start += CART_BATCH_LINES) {
      const part = items.slice(start, start + CART_BATCH_LINES);
      const batch = writeBatch(db);
      for (const item of part) write(batch, item);
      await batch.commit();
      written.push(...part);
    }
  } catch (error) {
    for (let start = 0; start < written.length; start += CART_BATCH_LINES) {
      const batch = writeBatch(db);
      for (const item of written.slice(start, start + CART_BATCH_LINES)) undo(batch, item);
      await batch.commit().catch(() => undefined);
    }
    throw error;
  }
}

/**
 * Adds several products at once (quick order): all of them or none. The same product twice is
 * added up into one write. Every line is checked against the current cart first, so one line past
 * the cap (CartLimitError) or one quantity that is not a whole number from 1 to the cap
 * (RangeError) writes nothing. More than CART_BATCH_LINES lines are written in several batches;
 * when one fails, the batches already written are undone (new lines deleted, added units taken
 * off again), so the cart is left as it was.
 */
export async function addManyToCart(uid: string, lines: readonly CartAddition[]): Promise<void> {
  const adding = new Map<string, number>();
  for (const { productId, quantity } of lines) {
    checkAddedQuantity(quantity);
    adding.set(productId, (adding.get(productId) ?? 0) + quantity);
  }
  if (adding.size === 0) return;
  const snapshot = await getDocs(cartItemsCollection(uid));
  const inCart = new Map(
    snapshot.docs.map((document) => [document.id, Number(document.data().quantity ?? 0)] as const),
  );
  for (const [productId, quantity] of adding) {
    if ((inCart.get(productId) ?? 0) + quantity > MAX_LINE_QUANTITY) {
      throw new CartLimitError(productId);
    }
  }
  await writeAllOrNone(
    [...adding],
    (batch, [productId, quantity]) =>
      batch.set(cartItemRef(uid, productId), cartAddition(productId, quantity), { merge: true }),
    (batch, [productId, quantity]) => {
      if (inCart.has(productId)) {
        batch.set(cartItemRef(uid, productId), cartAddition(productId, -quantity), {
          merge: true,
        });
      } else batch.delete(cartItemRef(uid, productId));
    },
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
 * Sets the quantities of several lines (a reorder): all of them or none. Only cart lines are
 * written, never prices: those come from the products at checkout. More than CART_BATCH_LINES
 * lines are written in several batches (the rules read each new line's product, and a batch's
 * rules may read at most 20 documents); when one fails, the batches already written are undone
 * to `before`, the quantities the cart had when it was read (a line it did not have is deleted),
 * so the cart is left as it was.
 */
export async function setCartQuantities(
  uid: string,
  lines: readonly CartItem[],
  before: ReadonlyMap<string, number>,
): Promise<void> {
  const setQuantity = (batch: WriteBatch, productId: string, quantity: number) =>
    batch.set(
      cartItemRef(uid, productId),
      { product_id: productId, quantity, updated_at: serverTimestamp() },
      { merge: true },
    );
  await writeAllOrNone(
    lines,
    (batch, { product_id, quantity }) => setQuantity(batch, product_id, quantity),
    (batch, { product_id }) => {
      const previous = before.get(product_id);
      if (previous === undefined) batch.delete(cartItemRef(uid, product_id));
      else setQuantity(batch, product_id, previous);
    },
  );
}
