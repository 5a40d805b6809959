import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchStoreCreditBalance, fetchStoreCreditEntries } from './api';

export const storeCreditKeys = {
  all: ['store-credit'] as const,
  /** The company's balance (cents). */
  balance: (companyId: string) => ['store-credit', companyId] as const,
  /** Its changes, newest first: under the balance's key, so refreshing it reads them too. */
  entries: (companyId: string) => ['store-credit', companyId, 'entries'] as const,
};

export const storeCreditQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: storeCreditKeys.balance(companyId),
    queryFn: () => fetchStoreCreditBalance(companyId),
  });

/** The company's store credit in cents (0 when none); disabled without a company. */
export function useStoreCredit(companyId: string) {
  return useQuery({ ...storeCreditQueryOptions(companyId), enabled: companyId !== '' });
}

/** The changes of the company's store credit, newest first; read only when `enabled`. */
export function useStoreCreditEntries(companyId: string, enabled = true) {
  return useQuery({
    queryKey: storeCreditKeys.entries(companyId),
    queryFn: () => fetchStoreCreditEntries(companyId),
    enabled: enabled && companyId !== '',
  });
}
