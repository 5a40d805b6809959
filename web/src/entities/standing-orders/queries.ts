import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchAllStandingOrders, fetchStandingOrders, manageStandingOrder } from './api';

export const standingOrderKeys = {
  /** Every cached list of standing orders (the company's). */
  all: () => ['standing-orders'] as const,
  /** One company's standing orders (My Account). */
  ofCompany: (companyId: string) => [...standingOrderKeys.all(), companyId] as const,
  /** Every standing order (the manager's dashboard). */
  admin: () => ['admin', 'standing-orders'] as const,
};

const standingOrdersQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: standingOrderKeys.ofCompany(companyId),
    queryFn: () => fetchStandingOrders(companyId),
  });

export function useStandingOrders(companyId: string) {
  return useQuery({ ...standingOrdersQueryOptions(companyId), enabled: companyId !== '' });
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
