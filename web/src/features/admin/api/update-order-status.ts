import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateOrderStatusRequest } from '@portal/domain';
import { callUpdateOrderStatus } from '@/lib/callables';
import { queryKeys } from '@/lib/query-keys';

/** Moves an order along its state machine; the updateOrderStatus function checks the transition. */
export function updateOrderStatus(request: UpdateOrderStatusRequest) {
  return callUpdateOrderStatus(request);
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.orders() }),
        // Revenue counts paid orders, so a cancellation changes it.
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.totals() }),
      ]);
    },
  });
}
