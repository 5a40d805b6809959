import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPendingProfiles, fetchProfile, fetchProfiles, setProfileStatus } from './api';

export const profileKeys = {
  /** Every cached profile of a signed-in account (the access checks read them again). */
  all: () => ['profile'] as const,
  /** One account's profile (the login flow, the portal guard, the header, My Account). */
  detail: (uid: string) => ['profile', uid] as const,
  /** Every profile (the manager's User Management). */
  list: () => ['admin', 'profiles'] as const,
  /** The profiles waiting for review (the dashboard's badge); refreshed with the list. */
  pending: () => [...profileKeys.list(), 'pending'] as const,
};

export const profileQueryOptions = (uid: string) =>
  queryOptions({ queryKey: profileKeys.detail(uid), queryFn: () => fetchProfile(uid) });

export function useProfile(uid: string | undefined) {
  return useQuery({ ...profileQueryOptions(uid ?? ''), enabled: !!uid });
}

export const profilesQueryOptions = () =>
  queryOptions({ queryKey: profileKeys.list(), queryFn: fetchProfiles });

export function useProfiles() {
  return useQuery(profilesQueryOptions());
}

export const pendingProfilesQueryOptions = () =>
  queryOptions({ queryKey: profileKeys.pending(), queryFn: fetchPendingProfiles });

export function usePendingProfiles() {
  return useQuery(pendingProfilesQueryOptions());
}

export function useSetProfileStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProfileStatus,
    onSuccess: async (_result, { uid }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.list() }),
        queryClient.invalidateQueries({ queryKey: profileKeys.detail(uid) }),
      ]);
    },
  });
}
