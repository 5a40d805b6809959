import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { SearchOrdersRequest, SearchUsersRequest } from '@portal/domain';
import { isCallableError } from '@/lib/callable-errors';
import {
  callGetStoreDetails,
  callResendVerificationEmail,
  callSearchOrders,
  callSearchUsers,
} from '@/lib/callables';
import { orderKeys } from '@/entities/orders';
import { profileKeys } from '@/entities/profile';

/**
 * The managers' server-side tables and the store page, through the searchOrders, searchUsers
 * and getStoreDetails callables. The keys sit under the entities' manager lists, so what already
 * invalidates those (an order moved or refunded, a profile approved or rejected) refreshes these
 * too: ['admin', 'orders', ...] and ['admin', 'profiles', ...].
 */
export const searchKeys = {
  orders: (request: SearchOrdersRequest) => [...orderKeys.recent(), 'search', request] as const,
  users: (request: SearchUsersRequest) => [...profileKeys.list(), 'search', request] as const,
  store: (uid: string) => [...profileKeys.list(), 'store', uid] as const,
};

/** A refusal will not change on a retry (a bad request, no access, no such store). */
const REFUSALS = ['invalid-argument', 'permission-denied', 'unauthenticated', 'not-found'];

/** The query client's retry policy, except for refusals. */
function useRetryUnlessRefused() {
  return retryUnlessRefused(useQueryClient());
}

function retryUnlessRefused(client: QueryClient) {
  const retry = client.getDefaultOptions().queries?.retry ?? 3;
  return (failures: number, error: Error): boolean => {
    if (REFUSALS.some((code) => isCallableError(error, code))) return false;
    if (typeof retry === 'function') return retry(failures, error);
    return typeof retry === 'number' ? failures < retry : retry;
  };
}

/** One page of orders; the previous page stays on screen while the next one loads. */
export function useSearchOrders(request: SearchOrdersRequest) {
  return useQuery({
    queryKey: searchKeys.orders(request),
    queryFn: () => callSearchOrders(request),
    placeholderData: keepPreviousData,
    retry: useRetryUnlessRefused(),
  });
}

/** One page of buyers; the previous page stays on screen while the next one loads. */
export function useSearchUsers(request: SearchUsersRequest) {
  return useQuery({
    queryKey: searchKeys.users(request),
    queryFn: () => callSearchUsers(request),
    placeholderData: keepPreviousData,
    retry: useRetryUnlessRefused(),
  });
}

/** Every order of a filter (up to TABLE_EXPORT_MAX), for the CSV: run when asked, not cached. */
export function useExportSearchOrders() {
  return useMutation({
    mutationFn: (request: SearchOrdersRequest) => callSearchOrders({ ...request, all: true }),
  });
}

/** Every buyer of a filter (up to TABLE_EXPORT_MAX), for the CSV: run when asked, not cached. */
export function useExportSearchUsers() {
  return useMutation({
    mutationFn: (request: SearchUsersRequest) => callSearchUsers({ ...request, all: true }),
  });
}

/** A store's details; a refusal (no such store, not a manager) is not tried again. */
export const storeDetailsQueryOptions = (uid: string, client: QueryClient) =>
  queryOptions({
    queryKey: searchKeys.store(uid),
    queryFn: () => callGetStoreDetails({ uid }),
    retry: retryUnlessRefused(client),
  });

export function useStoreDetails(uid: string) {
  return useQuery({ ...storeDetailsQueryOptions(uid, useQueryClient()), enabled: uid !== '' });
}

/** A manager sends a buyer a new verification link. */
export function useResendVerificationEmail() {
  return useMutation({ mutationFn: (uid: string) => callResendVerificationEmail({ uid }) });
}
