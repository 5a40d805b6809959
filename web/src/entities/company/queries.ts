import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArchiveLocationRequest, ProfileUpdate, SaveLocationRequest } from '@portal/domain';
import {
  archiveLocation,
  fetchCompany,
  fetchLocations,
  saveLocation,
  updateCompanyName,
} from './api';

export const companyKeys = {
  /** One company (My Account's business profile). */
  detail: (companyId: string) => ['company', companyId] as const,
  /** The company's locations (My Account, the cart's ship-to). */
  locations: (companyId: string) => ['company', companyId, 'locations'] as const,
  /** Its members and pending invitations (My Account, the managers' company page). */
  members: (companyId: string) => ['company', companyId, 'members'] as const,
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

export const locationsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: companyKeys.locations(companyId),
    queryFn: () => fetchLocations(companyId),
  });

export function useLocations(companyId: string | undefined) {
  return useQuery({ ...locationsQueryOptions(companyId ?? ''), enabled: !!companyId });
}

/** Owners: add or edit a location, then read the list again. */
export function useSaveLocation(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveLocationRequest) => saveLocation(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.locations(companyId) }),
  });
}

/** Owners: archive a location or bring it back. */
export function useArchiveLocation(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ArchiveLocationRequest) => archiveLocation(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.locations(companyId) }),
  });
}
