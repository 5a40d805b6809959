import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_LINE_QUANTITY, type CartItem } from '@portal/domain';
import {
  addManyToCart,
  addToCart,
  fetchCart,
  isValidQuantity,
  removeCartItem,
  updateCartQuantity,
  type CartAddition,
  type QuantityChange,
} from './api';

export const cartKeys = {
  /** One buyer's cart lines. */
  ofBuyer: (uid: string) => ['cart', uid] as const,
};

export const cartQueryOptions = (uid: string) =>
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

/** The cart with `quantity` more units of a product (a new line at the end), at most the cap. */
function withAdded(items: CartItem[], { productId, quantity }: CartAddition): CartItem[] {
  return items.some((item) => item.product_id === productId)
    ? items.map((item) =>
        item.product_id === productId
          ? { ...item, quantity: Math.min(item.quantity + quantity, MAX_LINE_QUANTITY) }
          : item,
      )
    : [...items, { product_id: productId, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }];
}

/** What useAddToCart takes: a product id (one unit) or a product id and a quantity. */
export type AddToCartVariables = string | CartAddition;

/** The addition a useAddToCart call asks for: a bare product id adds one unit. */
export function cartAdditionOf(variables: AddToCartVariables): CartAddition {
  return typeof variables === 'string' ? { productId: variables, quantity: 1 } : variables;
}

/**
 * Adds units of a product: `mutate(productId)` adds one, `mutate({ productId, quantity })` adds
 * `quantity` (a new line starts there). The cached cart shows it at once.
 */
export function useAddToCart(uid: string) {
  return useOptimisticCartWrite(
    uid,
    (variables: AddToCartVariables) => {
      const { productId, quantity } = cartAdditionOf(variables);
      return addToCart(uid, productId, quantity);
    },
    (items, variables) => withAdded(items, cartAdditionOf(variables)),
  );
}

/** Adds several products in one batch (quick order): all of them or none. */
export function useAddManyToCart(uid: string) {
  return useOptimisticCartWrite(
    uid,
    (lines: readonly CartAddition[]) => addManyToCart(uid, lines),
    (items, lines) => lines.reduce(withAdded, items),
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
