import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPolicyPages, fetchSupportSettings, savePolicyPage, saveSupportSettings } from './api';

export const siteKeys = {
  support: () => ['site', 'support'] as const,
  policies: () => ['admin', 'policies'] as const,
};

export const supportSettingsQueryOptions = () =>
  queryOptions({ queryKey: siteKeys.support(), queryFn: fetchSupportSettings });

export function useSupportSettings() {
  return useQuery(supportSettingsQueryOptions());
}

export function useSaveSupportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSupportSettings,
    onSuccess: (saved) => queryClient.setQueryData(siteKeys.support(), saved),
  });
}

export function usePolicyPages() {
  return useQuery({ queryKey: siteKeys.policies(), queryFn: fetchPolicyPages });
}

export function useSavePolicyPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePolicyPage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteKeys.policies() }),
  });
}
