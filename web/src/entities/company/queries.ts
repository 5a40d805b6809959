import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '@portal/domain';
import { fetchCompany, updateCompanyName } from './api';

export const companyKeys = {
  /** One company (My Account's business profile). */
  detail: (companyId: string) => ['company', companyId] as const,
};

export const companyQueryOptions = (companyId: string) =>
  queryOptions({ queryKey: companyKeys.detail(companyId), queryFn: () => fetchCompany(companyId) });

export function useCompany(companyId: string | undefined) {
  return useQuery({ ...companyQueryOptions(companyId ?? ''), enabled: !!companyId });
}

/** The owner's rename; `onRenamed` lets the caller show the new name before the copies land. */
export function useUpdateCompanyName(companyId: string, onRenamed?: (name: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => updateCompanyName(companyId, update),
    onSuccess: async (_result, update) => {
      onRenamed?.(update.storeName.trim());
      await queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) });
    },
  });
}
