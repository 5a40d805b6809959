import type { QueryClient } from '@tanstack/react-query';
import type { CartItem } from '@portal/domain';
import { queryKeys } from '@/lib/query-keys';

/**
 * Optimistic changes to the cached cart: apply a change now, and get back a function that
 * puts the previous lines back if the write fails.
 */
export async function changeCachedCart(
  queryClient: QueryClient,
  uid: string,
  change: (items: CartItem[]) => CartItem[],
): Promise<{ rollback: () => void }> {
  const key = queryKeys.cart(uid);
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<CartItem[]>(key);
  if (previous) queryClient.setQueryData<CartItem[]>(key, change(previous));
  return { rollback: () => queryClient.setQueryData(key, previous) };
}
