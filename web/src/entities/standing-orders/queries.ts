import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchAllStandingOrders, fetchStandingOrders, manageStandingOrder } from './api';

export const standingOrderKeys = {
  /** Every cached list of standing orders (the company's). */
  all: () => ['standing-orders'] as const,
  /** One company's standing orders (My Account). */
  ofCompany: (companyId: string, scope?: { uid: string; locationIds: readonly string[] }) =>
    scope
      ? ([...standingOrderKeys.all(), companyId, scope.uid, ...scope.locationIds] as const)
      : ([...standingOrderKeys.all(), companyId] as const),
  /** Every standing order (the manager's dashboard). */
  admin: () => ['admin', 'standing-orders'] as const,
};

type Scope = { uid: string; locationIds: readonly string[] };

const standingOrdersQueryOptions = (companyId: string, scope?: Scope) =>
  queryOptions({
    queryKey: standingOrderKeys.ofCompany(companyId, scope),
    queryFn: () => fetchStandingOrders(companyId, scope),
  });

/** The company's standing orders: all of them, or a buyer's share (`scope`, as for orders). */
export function useStandingOrders(companyId: string, scope?: Scope) {
  return useQuery({ ...standingOrdersQueryOptions(companyId, scope), enabled: companyId !== '' });
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
