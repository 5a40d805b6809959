import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchAllStandingOrders, fetchStandingOrders, manageStandingOrder } from './api';

export const standingOrderKeys = {
  /** Every cached list of standing orders (the buyer's). */
  all: () => ['standing-orders'] as const,
  /** One buyer's standing orders (My Account). */
  ofBuyer: (uid: string) => [...standingOrderKeys.all(), uid] as const,
  /** Every standing order (the manager's dashboard). */
  admin: () => ['admin', 'standing-orders'] as const,
};

const standingOrdersQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: standingOrderKeys.ofBuyer(uid),
    queryFn: () => fetchStandingOrders(uid),
  });

export function useStandingOrders(uid: string) {
  return useQuery({ ...standingOrdersQueryOptions(uid), enabled: uid !== '' });
}

const allStandingOrdersQueryOptions = () =>
  queryOptions({ queryKey: standingOrderKeys.admin(), queryFn: fetchAllStandingOrders });

export function useAllStandingOrders() {
  return useQuery(allStandingOrdersQueryOptions());
}

/** A change by the buyer or a manager, then the lists read again (the function wrote the document). */
export function useManageStandingOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: manageStandingOrder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: standingOrderKeys.all() }),
        queryClient.invalidateQueries({ queryKey: standingOrderKeys.admin() }),
      ]),
  });
}
