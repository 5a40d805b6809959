import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TAX_LIMITS, type ReviewTaxCertificateRequest, type UsState } from '@portal/domain';
import {
  fetchCertificateQueue,
  fetchCompanyCertificates,
  reviewTaxCertificate,
  submitTaxCertificate,
  type CertificateQueueFilter,
} from './api';
import { newTaxCertificateId } from './documents';
import { uploadTaxCertificateFile } from './files';

export const taxCertificateKeys = {
  all: ['tax-certificates'] as const,
  /** A company's certificates (My Account's Profile tab). */
  company: (companyId: string) => ['tax-certificates', 'company', companyId] as const,
  /** The managers' queue, by filter (the dashboard's Certificates tab). */
  queue: (filter: CertificateQueueFilter) => ['tax-certificates', 'queue', filter] as const,
};

export const companyCertificatesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: taxCertificateKeys.company(companyId),
    queryFn: () => fetchCompanyCertificates(companyId),
  });

/** The company's certificates, newest first; disabled without a company. */
export function useCompanyCertificates(companyId: string | null | undefined) {
  return useQuery({ ...companyCertificatesQueryOptions(companyId ?? ''), enabled: !!companyId });
}

export const certificateQueueQueryOptions = (filter: CertificateQueueFilter) =>
  queryOptions({
    queryKey: taxCertificateKeys.queue(filter),
    queryFn: () => fetchCertificateQueue(filter),
  });

/** The managers' queue in one state, or all of them (pending first), newest first. */
export function useCertificateQueue(filter: CertificateQueueFilter) {
  return useQuery(certificateQueueQueryOptions(filter));
}

/** What the owner's upload form sends. */
export interface CertificateUpload {
  file: File;
  state: UsState;
  number: string;
  /** YYYY-MM-DD, or null: it does not expire. */
  expiresOn: string | null;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * The owner's upload: the file goes to Cloud Storage under a new certificate id, then
 * submitTaxCertificate checks it and keeps the certificate (pending review). The company's list
 * is read again.
 */
export function useUploadTaxCertificate(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      file,
      state,
      number,
      expiresOn,
      onProgress,
      signal,
    }: CertificateUpload) => {
      const certificateId = newTaxCertificateId();
      await uploadTaxCertificateFile(companyId, certificateId, file, { onProgress, signal });
      return submitTaxCertificate({
        certificateId,
        state,
        number,
        expiresOn,
        fileName: file.name.trim().slice(0, TAX_LIMITS.fileName) || 'certificate',
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxCertificateKeys.all }),
  });
}

/** Managers: approve or reject a pending certificate; the queue and the lists are read again. */
export function useReviewTaxCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReviewTaxCertificateRequest) => reviewTaxCertificate(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxCertificateKeys.all }),
  });
}
