import type {
  ReviewTaxCertificateRequest,
  SubmitTaxCertificateRequest,
  TaxCertificateState,
} from '@portal/domain';
import { getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import { callReviewTaxCertificate, callSubmitTaxCertificate } from '@/lib/tax-callables';
import { parseDocuments } from '../firestore';
import { parseTaxCertificate, taxCertificatesCollection, type TaxCertificate } from './documents';

/** How many certificates the managers' queue reads at most (newest first). */
export const QUEUE_LIMIT = 300;

/** A company's certificates, newest first (its members; a malformed one is left out). */
export async function fetchCompanyCertificates(companyId: string): Promise<TaxCertificate[]> {
  const snapshot = await getDocs(
    query(
      taxCertificatesCollection(),
      where('company_id', '==', companyId),
      orderBy('submitted_at', 'desc'),
    ),
  );
  return parseDocuments(snapshot.docs, parseTaxCertificate, 'skip');
}

/** The queue's filter: one review state, or every certificate. */
export type CertificateQueueFilter = TaxCertificateState | 'all';

/**
 * The managers' queue: the certificates in one state, newest first; or all of them, the pending
 * ones first, then newest first.
 */
export async function fetchCertificateQueue(
  filter: CertificateQueueFilter,
): Promise<TaxCertificate[]> {
  const newest = orderBy('submitted_at', 'desc');
  const read =
    filter === 'all'
      ? query(taxCertificatesCollection(), newest, limit(QUEUE_LIMIT))
      : query(
          taxCertificatesCollection(),
          where('status', '==', filter),
          newest,
          limit(QUEUE_LIMIT),
        );
  const snapshot = await getDocs(read);
  const list = parseDocuments(snapshot.docs, parseTaxCertificate, 'skip');
  // Array.prototype.sort is stable: within each group the newest stay first.
  return list.sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));
}

/** The owner submits an uploaded certificate for review (submitTaxCertificate). */
export function submitTaxCertificate(request: SubmitTaxCertificateRequest) {
  return callSubmitTaxCertificate(request);
}

/** A manager approves a pending certificate, or rejects it with a reason (reviewTaxCertificate). */
export function reviewTaxCertificate(request: ReviewTaxCertificateRequest) {
  return callReviewTaxCertificate(request);
}
