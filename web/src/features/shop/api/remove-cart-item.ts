import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteDoc, doc } from 'firebase/firestore/lite';
import { paths as docPaths } from '@portal/domain';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';
import { changeCachedCart } from './cart-cache';

export async function removeCartItem(uid: string, productId: string): Promise<void> {
  await deleteDoc(doc(db, docPaths.cartItem(uid, productId)));
}

/** Removes a line at once from the cached cart; it comes back if the delete fails. */
export function useRemoveCartItem(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => removeCartItem(uid, productId),
    onMutate: (productId) =>
      changeCachedCart(queryClient, uid, (items) =>
        items.filter((item) => item.product_id !== productId),
      ),
    onError: (_error, _productId, context) => context?.rollback(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart(uid) }),
  });
}
