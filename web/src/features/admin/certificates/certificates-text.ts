import type { TaxCertificate } from '@/entities/tax-certificates';
import { dateFormatter } from '@/lib/intl-formats';

/** The dashboard's Certificates tab: its words (docs/product.md §12.3c). */
export const CERTIFICATES_TEXTS = {
  title: 'Resale certificates',
  loadFailed: 'Could not load the certificates',
  none: {
    pending: 'No certificates are waiting for review.',
    approved: 'No approved certificates.',
    rejected: 'No rejected certificates.',
    all: 'No certificates yet.',
  },
  review: 'Review',
  view: 'View',
  approve: 'Approve',
  reject: 'Reject',
  approvedTitle: 'Certificate approved',
  rejectedTitle: 'Certificate rejected',
  reviewFailed: 'Could not review the certificate.',
  fileFailed: 'Could not open the file.',
  doesNotExpire: 'Does not expire',
  rejectHint: 'The company sees this reason beside the certificate.',
} as const;

/** "CA certificate SR-123" */
export function certificateName(certificate: Pick<TaxCertificate, 'state' | 'number'>): string {
  return `${certificate.state} certificate ${certificate.number}`;
}

const submittedFormat = dateFormatter({
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** "Nov 20, 2026, 10:00 AM" */
export function formatSubmitted(at: Date): string {
  return submittedFormat.format(at);
}
