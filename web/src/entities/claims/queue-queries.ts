import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Claim } from '@portal/domain';
import { fetchClaim, fetchClaimCounts, fetchClaimQueue, type ClaimQueueFilter } from './queue';
import { fetchClaimPhotoUrls } from './photo-urls';

/**
 * The managers' reads of claims (the dashboard's Claims tab), under the claims' one key
 * (['claims'], as the buyers' reads): a decision reads every claim again.
 */
export const claimQueueKeys = {
  all: ['claims'] as const,
  /** The managers' queue, by filter (the dashboard's Claims tab). */
  queue: (filter: ClaimQueueFilter) => ['claims', 'queue', filter] as const,
  /** How many claims are in each status (the queue's filter). */
  counts: () => ['claims', 'counts'] as const,
  /** One claim (the claim drawer). */
  one: (claimId: string) => ['claims', 'one', claimId] as const,
  /** Its photos' addresses. */
  photos: (claimId: string) => ['claims', 'photos', claimId] as const,
};

export const claimQueueQueryOptions = (filter: ClaimQueueFilter) =>
  queryOptions({ queryKey: claimQueueKeys.queue(filter), queryFn: () => fetchClaimQueue(filter) });

/** The managers' queue: the claims in one status, or all of them, newest first. */
export function useClaimQueue(filter: ClaimQueueFilter) {
  return useQuery(claimQueueQueryOptions(filter));
}

/** How many claims are in each status. */
export function useClaimCounts() {
  return useQuery({ queryKey: claimQueueKeys.counts(), queryFn: fetchClaimCounts });
}

/**
 * One claim, read again while it is shown (a settlement, an answer), starting from the copy the
 * list had: the claim shows at once.
 */
export function useClaim(claim: Claim) {
  return useQuery({
    queryKey: claimQueueKeys.one(claim.id),
    queryFn: () => fetchClaim(claim.id),
    placeholderData: claim,
  });
}

/** The claim a link names (a mail's `?tab=claims&claim=<id>`); null when there is none. */
export function useLinkedClaim(claimId: string | null) {
  return useQuery({
    queryKey: claimQueueKeys.one(claimId ?? ''),
    queryFn: () => fetchClaim(claimId!),
    enabled: claimId !== null && /^[A-Za-z0-9_-]{1,64}$/.test(claimId),
  });
}

/** The claim's photos with their download addresses, read while `enabled`. */
export function useClaimPhotos(claim: Pick<Claim, 'id' | 'company_id' | 'photos'>) {
  return useQuery({
    queryKey: claimQueueKeys.photos(claim.id),
    queryFn: () => fetchClaimPhotoUrls(claim),
    enabled: claim.photos.length > 0,
    // Download URLs do not expire while the page is open.
    staleTime: Infinity,
  });
}
