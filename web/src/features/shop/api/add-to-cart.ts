import { useMutation, useQueryClient } from '@tanstack/react-query';
import { doc, getDoc, increment, serverTimestamp, setDoc } from 'firebase/firestore/lite';
import { MAX_LINE_QUANTITY, paths as docPaths } from '@portal/domain';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';
import { changeCachedCart } from './cart-cache';

export class CartLimitError extends Error {
  constructor() {
    super(`A cart line holds at most ${MAX_LINE_QUANTITY} units`);
    this.name = 'CartLimitError';
  }
}

/**
 * Adds one unit of a product (SPEC section 9: +1, a new line starts at 1). The write is a
 * merge with increment(1), so two quick clicks or two tabs never lose a unit; the read before
 * it only enforces the per-line cap.
 */
export async function addToCart(uid: string, productId: string): Promise<void> {
  const ref = doc(db, docPaths.cartItem(uid, productId));
  const current = await getDoc(ref);
  const quantity = current.exists() ? Number(current.data()?.quantity ?? 0) : 0;
  if (quantity >= MAX_LINE_QUANTITY) throw new CartLimitError();
  await setDoc(
    ref,
    { product_id: productId, quantity: increment(1), updated_at: serverTimestamp() },
    { merge: true },
  );
}

export function useAddToCart(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => addToCart(uid, productId),
    onMutate: (productId) =>
      changeCachedCart(queryClient, uid, (items) =>
        items.some((item) => item.product_id === productId)
          ? items.map((item) =>
              item.product_id === productId
                ? { ...item, quantity: Math.min(item.quantity + 1, MAX_LINE_QUANTITY) }
                : item,
            )
          : [...items, { product_id: productId, quantity: 1 }],
      ),
    onError: (_error, _productId, context) => context?.rollback(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart(uid) }),
  });
}
