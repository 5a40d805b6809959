import { queryOptions, useQuery } from '@tanstack/react-query';
import { collection, getDocs } from 'firebase/firestore/lite';
import { cartItemSchema, paths as docPaths, type CartItem } from '@portal/domain';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';

/** The buyer's cart lines (profiles/{uid}/cart_items), one per product. */
export async function fetchCart(uid: string): Promise<CartItem[]> {
  const snapshot = await getDocs(collection(db, docPaths.cartItems(uid)));
  const items: CartItem[] = [];
  for (const document of snapshot.docs) {
    const parsed = cartItemSchema.safeParse({ product_id: document.id, ...document.data() });
    if (parsed.success)
      items.push({ product_id: parsed.data.product_id, quantity: parsed.data.quantity });
  }
  return items;
}

export const cartQueryOptions = (uid: string) =>
  queryOptions({ queryKey: queryKeys.cart(uid), queryFn: () => fetchCart(uid) });

export function useCart(uid: string) {
  return useQuery({ ...cartQueryOptions(uid), enabled: uid !== '' });
}

/** Items in the cart: the sum of the quantities (the header's cart badge). */
export function cartItemCount(items: readonly CartItem[] | undefined): number {
  return (items ?? []).reduce((sum, item) => sum + item.quantity, 0);
}

export function quantityInCart(items: readonly CartItem[] | undefined, productId: string): number {
  return items?.find((item) => item.product_id === productId)?.quantity ?? 0;
}
