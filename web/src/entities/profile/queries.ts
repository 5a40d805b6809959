import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShipTo } from '@portal/domain';
import { fetchProfile, fetchProfiles, saveShipTo, setProfileStatus } from './api';

export const profileKeys = {
  /** One account's profile (the login flow, the portal guard, the header, My Account). */
  detail: (uid: string) => ['profile', uid] as const,
  /** Every profile (the manager's User Management). */
  list: () => ['admin', 'profiles'] as const,
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

/** The default ship-to: saved by the saveShipTo function (on the Stripe Customer and the profile). */
export function useSaveShipTo(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shipTo: ShipTo) => saveShipTo(shipTo),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.detail(uid) }),
  });
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
