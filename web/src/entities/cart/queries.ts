import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_LINE_QUANTITY, type CartItem } from '@portal/domain';
import {
  addToCart,
  fetchCart,
  isValidQuantity,
  removeCartItem,
  updateCartQuantity,
  type QuantityChange,
} from './api';

export const cartKeys = {
  /** One buyer's cart lines. */
  ofBuyer: (uid: string) => ['cart', uid] as const,
};

const cartQueryOptions = (uid: string) =>
  queryOptions({ queryKey: cartKeys.ofBuyer(uid), queryFn: () => fetchCart(uid) });

export function useCart(uid: string) {
  return useQuery({ ...cartQueryOptions(uid), enabled: uid !== '' });
}

/**
 * A cart write that changes the cached cart at once and puts the previous lines back if the
 * write fails; the cart is read again either way.
 */
function useOptimisticCartWrite<Variables, Result>(
  uid: string,
  write: (variables: Variables) => Promise<Result>,
  change: (items: CartItem[], variables: Variables) => CartItem[],
) {
  const queryClient = useQueryClient();
  const key = cartKeys.ofBuyer(uid);
  return useMutation({
    mutationFn: write,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CartItem[]>(key);
      if (previous) queryClient.setQueryData<CartItem[]>(key, change(previous, variables));
      return { rollback: () => queryClient.setQueryData(key, previous) };
    },
    onError: (_error, _variables, context) => context?.rollback(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** Adds one unit (a new line starts at 1). */
export function useAddToCart(uid: string) {
  return useOptimisticCartWrite(
    uid,
    (productId: string) => addToCart(uid, productId),
    (items, productId) =>
      items.some((item) => item.product_id === productId)
        ? items.map((item) =>
            item.product_id === productId
              ? { ...item, quantity: Math.min(item.quantity + 1, MAX_LINE_QUANTITY) }
              : item,
          )
        : [...items, { product_id: productId, quantity: 1 }],
  );
}

/** Sets a line's quantity (a quantity the cart does not accept changes nothing). */
export function useUpdateCartQuantity(uid: string) {
  return useOptimisticCartWrite(
    uid,
    (change: QuantityChange) => updateCartQuantity(uid, change),
    (items, { productId, quantity }) =>
      isValidQuantity(quantity)
        ? items.map((item) => (item.product_id === productId ? { ...item, quantity } : item))
        : items,
  );
}

/** Removes a line. */
export function useRemoveCartItem(uid: string) {
  return useOptimisticCartWrite(
    uid,
    (productId: string) => removeCartItem(uid, productId),
    (items, productId) => items.filter((item) => item.product_id !== productId),
  );
}
