import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  InviteMemberRequest,
  SearchCompaniesRequest,
  SearchOrdersRequest,
} from '@portal/domain';
import { isCallableError } from '@/lib/callable-errors';
import {
  callInviteMember,
  callListCompanyMembers,
  callResendVerificationEmail,
} from '@/lib/callables';
import {
  callGetCompanyDetails,
  callSearchCompanies,
  callSearchOrders,
} from '@/lib/manager-callables';
import { orderKeys } from '@/entities/orders';
import { profileKeys, type ProfileRecord } from '@/entities/profile';

/**
 * The managers' server-side tables and the company page, through the searchOrders,
 * searchCompanies, getCompanyDetails and listCompanyMembers callables. The keys sit under the
 * entities' manager lists, so what already invalidates those (an order moved or refunded, a
 * company approved or rejected) refreshes these too: ['admin', 'orders', ...] and
 * ['admin', 'profiles', ...].
 */
export const searchKeys = {
  orders: (request: SearchOrdersRequest) => orderKeys.search(request),
  companies: (request: SearchCompaniesRequest) =>
    [...profileKeys.list(), 'companies', request] as const,
  company: (companyId: string) => [...profileKeys.list(), 'company', companyId] as const,
  members: (companyId: string) => [...profileKeys.list(), 'company', companyId, 'members'] as const,
};

/**
 * How many companies wait for a review: the pending profiles' companies, each once (a member's
 * profile carries its company's status; a profile from before companies is its own company).
 * The Companies tab's badge and its status filter say it.
 */
export function pendingCompanyCount(profiles: readonly ProfileRecord[] | undefined): number {
  const pending = (profiles ?? []).filter((profile) => profile.status === 'pending');
  return new Set(pending.map((profile) => profile.company_id || profile.id)).size;
}

/** A refusal will not change on a retry (a bad request, no access, no such company). */
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

/** One page of companies; the previous page stays on screen while the next one loads. */
export function useSearchCompanies(request: SearchCompaniesRequest) {
  return useQuery({
    queryKey: searchKeys.companies(request),
    queryFn: () => callSearchCompanies(request),
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

/** Every company of a filter (up to TABLE_EXPORT_MAX), for the CSV: run when asked, not cached. */
export function useExportSearchCompanies() {
  return useMutation({
    mutationFn: (request: SearchCompaniesRequest) => callSearchCompanies({ ...request, all: true }),
  });
}

/** A company's page; a refusal (no such company, not a manager) is not tried again. */
export const companyDetailsQueryOptions = (companyId: string, client: QueryClient) =>
  queryOptions({
    queryKey: searchKeys.company(companyId),
    queryFn: () => callGetCompanyDetails({ companyId }),
    retry: retryUnlessRefused(client),
  });

export function useCompanyDetails(companyId: string) {
  return useQuery({
    ...companyDetailsQueryOptions(companyId, useQueryClient()),
    enabled: companyId !== '',
  });
}

/** The company's members and pending invitations (listCompanyMembers, naming the company). */
export function useCompanyMembers(companyId: string) {
  return useQuery({
    queryKey: searchKeys.members(companyId),
    queryFn: () => callListCompanyMembers({ companyId }),
    retry: useRetryUnlessRefused(),
    enabled: companyId !== '',
  });
}

/** A manager invites an address into the company; the invitations are read again. */
export function useInviteMember(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: Omit<InviteMemberRequest, 'companyId'>) =>
      callInviteMember({ ...request, companyId }),
    onSuccess: () => client.invalidateQueries({ queryKey: searchKeys.members(companyId) }),
  });
}

/** A manager sends a buyer a new verification link. */
export function useResendVerificationEmail() {
  return useMutation({ mutationFn: (uid: string) => callResendVerificationEmail({ uid }) });
}
