import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchStockAlerts, subscribeStockAlert, unsubscribeStockAlert } from './api';

export const stockAlertKeys = {
  all: () => ['stock-alerts'] as const,
  /** The signed-in account's own alerts. */
  mine: (uid: string) => [...stockAlertKeys.all(), uid] as const,
};

/** The account's alerts: one read for every card of the store and My Account's list. */
export function useStockAlerts(uid: string) {
  return useQuery({
    queryKey: stockAlertKeys.mine(uid),
    queryFn: () => fetchStockAlerts(uid),
    enabled: uid !== '',
  });
}

/**
 * Subscribes to or unsubscribes from a product's alert (`subscribe`), then reads the account's
 * alerts again (the function wrote them).
 */
export function useToggleStockAlert(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, subscribe }: { productId: string; subscribe: boolean }) =>
      subscribe ? subscribeStockAlert(productId) : unsubscribeStockAlert(productId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAlertKeys.mine(uid) }),
  });
}
