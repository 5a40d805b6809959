import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderLine } from '@portal/domain';
import { cartKeys, fetchCart, setCartQuantities } from '@/entities/cart';

/**
 * Reorder for the Orders tab. The work (reorder.ts, with the catalog read it needs) is fetched on
 * the first press: the tab's first load carries neither.
 */
export function useReorder(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lines: readonly Pick<OrderLine, 'product_id' | 'name' | 'quantity'>[]) => {
      const { reorder } = await import('./reorder');
      return reorder(uid, lines, { fetchCart, setCartQuantities });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKeys.ofBuyer(uid) }),
  });
}
