import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CLAIM_LIMITS,
  hasUnsafeText,
  type AnswerClaimRequest,
  type ReportClaimRequest,
} from '@portal/domain';
import { answerClaim, fetchCompanyClaims, fetchOrderClaims, reportClaim } from './api';
import { newClaimId } from './documents';
import { uploadClaimPhotos } from './photos';

export const claimKeys = {
  all: ['claims'] as const,
  /** The company's claims (My Account's Claims tab). */
  company: (companyId: string) => ['claims', 'company', companyId] as const,
  /** One order's claims (the opened order). */
  order: (companyId: string, orderId: string) => ['claims', 'order', companyId, orderId] as const,
};

export const orderClaimsQueryOptions = (companyId: string, orderId: string) =>
  queryOptions({
    queryKey: claimKeys.order(companyId, orderId),
    queryFn: () => fetchOrderClaims(companyId, orderId),
  });

/** The order's claims, newest first; read only when `enabled` (something of it shipped). */
export function useOrderClaims(companyId: string, orderId: string, enabled = true) {
  return useQuery({
    ...orderClaimsQueryOptions(companyId, orderId),
    enabled: enabled && companyId !== '',
  });
}

export const companyClaimsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: claimKeys.company(companyId),
    queryFn: () => fetchCompanyClaims(companyId),
  });

/** The company's claims, newest first; disabled without a company. */
export function useCompanyClaims(companyId: string) {
  return useQuery({ ...companyClaimsQueryOptions(companyId), enabled: companyId !== '' });
}

/** A photo's file name as the managers read it: at most the limit, and plain text or none. */
function photoName(file: File): string {
  const name = file.name.trim().slice(0, CLAIM_LIMITS.fileName).trim();
  return hasUnsafeText(name) ? '' : name;
}

/** What the report dialog sends: the claim without its id, and the photos' files. */
export interface ClaimReport extends Omit<ReportClaimRequest, 'claimId' | 'photos'> {
  companyId: string;
  photos: readonly File[];
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * The report of a problem: a new claim id made here, the photos uploaded under it, then
 * reportClaim checks and keeps the claim (a refusal deletes the photos; a retry makes a new id).
 * The claims are read again.
 */
export function useReportClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ companyId, photos, onProgress, signal, ...request }: ClaimReport) => {
      const claimId = newClaimId();
      const uploads = photos.map((file) => ({ id: newClaimId(), file }));
      await uploadClaimPhotos(companyId, claimId, uploads, { onProgress, signal });
      return reportClaim({
        ...request,
        claimId,
        photos: uploads.map(({ id, file }) => ({ id, name: photoName(file) })),
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimKeys.all }),
  });
}

/** An answer to a manager's question; the claims are read again. */
export function useAnswerClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AnswerClaimRequest) => answerClaim(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimKeys.all }),
  });
}
