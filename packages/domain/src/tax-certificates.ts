/**
 * Sales tax and resale certificates (docs/tax.md): which file a certificate may be, where it is
 * kept, when it is valid, which order it exempts, and how the exemption reads on an order.
 *
 * A company's owner uploads a certificate per ship-to state to
 * tax-certificates/{companyId}/{certificateId}/certificate (Cloud Storage), then submits it; the
 * functions check the file and keep tax_certificates/{certificateId}; a manager approves or
 * rejects it. Only an approved certificate for the ship-to state that has not expired exempts an
 * order: every other order is taxed.
 */
import { sniffFileType } from './file-signatures';
import { US_STATES } from './ship-to';
import type { TaxExemption } from './order-tax';

export type { TaxExemption } from './order-tax';

/** The largest certificate file accepted: 10 MB (storage.rules says the same). */
export const TAX_CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;

/** The content types accepted (storage.rules says the same). */
export const TAX_CERTIFICATE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type TaxCertificateType = (typeof TAX_CERTIFICATE_TYPES)[number];

/** What the file picker offers. */
export const TAX_CERTIFICATE_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

export const TAX_CERTIFICATES_DIR = 'tax-certificates';

/** The browser's and the server's words for a file, a field or a decision that is refused. */
export const TAX_MESSAGES = {
  fileRule: 'A certificate must be a PDF, PNG or JPEG file of up to 10 MB.',
  fileTooLarge: 'The file is larger than 10 MB. Upload a smaller scan.',
  fileType: 'The file is not a PDF, PNG or JPEG. Upload the certificate as one of those.',
  fileContent:
    'The file is not really a PDF, PNG or JPEG (its content does not match its type). Upload the certificate itself.',
  fileEmpty: 'The file is empty.',
  fileMissing: 'The uploaded file was not found. Upload it again.',
  number: 'Enter the certificate number (up to 40 letters, digits, spaces or - / .).',
  state: 'Choose the state the certificate is for.',
  expiresOn: 'Enter the expiry date, or choose "Does not expire".',
  expired: 'This certificate has already expired.',
  reason: 'Say why the certificate is rejected (up to 500 characters).',
  notPending: 'This certificate has already been reviewed.',
  notFound: 'This certificate does not exist.',
  ownerOnly: 'Only the company owner can upload resale certificates.',
  exists: 'This certificate has already been submitted.',
} as const;

export const TAX_LIMITS = { number: 40, reason: 500, fileName: 200 } as const;

/** Review states of a certificate; "expired" is not stored, it is read off the date. */
export const TAX_CERTIFICATE_STATES = ['pending', 'approved', 'rejected'] as const;
export type TaxCertificateState = (typeof TAX_CERTIFICATE_STATES)[number];

/** What a person sees a certificate as, the date included. */
export type TaxCertificateStanding = TaxCertificateState | 'expired';

export const TAX_CERTIFICATE_STANDING_LABELS: Record<TaxCertificateStanding, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
};

export type UsState = (typeof US_STATES)[number];

export function isUsState(value: string): value is UsState {
  return (US_STATES as readonly string[]).includes(value);
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The one file of a certificate in Cloud Storage. */
export function taxCertificateFilePath(companyId: string, certificateId: string): string {
  if (!ID.test(companyId) || !ID.test(certificateId))
    throw new Error('Bad company or certificate id');
  return `${TAX_CERTIFICATES_DIR}/${companyId}/${certificateId}/certificate`;
}

/** The company and certificate of a certificate file's path, or null for any other path. */
export function parseTaxCertificateFilePath(
  path: string,
): { companyId: string; certificateId: string } | null {
  const parts = path.split('/');
  if (parts.length !== 4 || parts[0] !== TAX_CERTIFICATES_DIR || parts[3] !== 'certificate') {
    return null;
  }
  const [, companyId, certificateId] = parts as [string, string, string, string];
  return ID.test(companyId) && ID.test(certificateId) ? { companyId, certificateId } : null;
}

/** Why the browser will not upload this file (null: it may). */
export function taxCertificateFileProblem(file: { type: string; size: number }): string | null {
  if (file.size === 0) return TAX_MESSAGES.fileEmpty;
  if (!(TAX_CERTIFICATE_TYPES as readonly string[]).includes(file.type))
    return TAX_MESSAGES.fileType;
  if (file.size > TAX_CERTIFICATE_MAX_BYTES) return TAX_MESSAGES.fileTooLarge;
  return null;
}

/**
 * The type the file's first bytes say it is (PDF: "%PDF-", PNG's 8-byte signature, JPEG's
 * FF D8 FF), or null: the server's check that a file named .pdf is one.
 */
export function sniffTaxCertificateType(head: Uint8Array): TaxCertificateType | null {
  return sniffFileType(head);
}

/** The certificate facts an order's exemption and a validity check need. */
export interface CertificateFacts {
  id: string;
  state: string;
  number: string;
  status: TaxCertificateState;
  /** The last day it is valid (YYYY-MM-DD, Pacific business days), or null: it does not expire. */
  expires_on: string | null;
}

/** "expired" for an approved certificate past its last day (`today`: YYYY-MM-DD, Pacific). */
export function certificateStanding(
  certificate: Pick<CertificateFacts, 'status' | 'expires_on'>,
  today: string,
): TaxCertificateStanding {
  // Only an approved certificate expires; a pending or rejected one stays what its review says.
  if (
    certificate.status === 'approved' &&
    certificate.expires_on !== null &&
    certificate.expires_on < today
  ) {
    return 'expired';
  }
  return certificate.status;
}

/** Approved, for this state, and not past its last day. */
export function certificateExempts(
  certificate: CertificateFacts,
  state: string,
  today: string,
): boolean {
  return (
    certificate.status === 'approved' &&
    certificate.state === state &&
    certificateStanding(certificate, today) === 'approved'
  );
}

/**
 * The certificate that exempts an order shipping to `state` (the one valid longest, a certificate
 * that does not expire first), or null: the order is taxed.
 */
export function exemptionFor(
  certificates: readonly CertificateFacts[],
  state: string,
  today: string,
): TaxExemption | null {
  let best: CertificateFacts | null = null;
  for (const certificate of certificates) {
    if (!certificateExempts(certificate, state, today)) continue;
    if (
      !best ||
      (best.expires_on !== null &&
        (certificate.expires_on === null || certificate.expires_on > best.expires_on))
    ) {
      best = certificate;
    }
  }
  return best ? exemptionOf(best) : null;
}

/** What an order records of the certificate that exempts it. */
export function exemptionOf(
  certificate: Pick<CertificateFacts, 'id' | 'number' | 'state' | 'expires_on'>,
): TaxExemption {
  return {
    certificate_id: certificate.id,
    number: certificate.number,
    state: certificate.state,
    expires_on: certificate.expires_on,
  };
}

/** Days before the last valid day on which the owner is reminded. */
export const CERTIFICATE_REMINDER_DAYS = [30, 7] as const;
export type CertificateReminderDays = (typeof CERTIFICATE_REMINDER_DAYS)[number];

/** Whole days from `today` to `day` (both YYYY-MM-DD). */
export function daysUntil(day: string, today: string): number {
  const at = (value: string) => {
    const [year, month, date] = value.split('-').map(Number) as [number, number, number];
    return Date.UTC(year, month - 1, date);
  };
  return Math.round((at(day) - at(today)) / 86_400_000);
}

/**
 * The reminder due today for an approved certificate (30 or 7 days before it expires, or a
 * later day of the same window when a run was missed), that has not been sent yet; null: none.
 */
export function certificateReminderDue(
  certificate: Pick<CertificateFacts, 'status' | 'expires_on'> & {
    reminders_sent?: readonly number[];
  },
  today: string,
): CertificateReminderDays | null {
  if (certificate.status !== 'approved' || certificate.expires_on === null) return null;
  const left = daysUntil(certificate.expires_on, today);
  if (left < 0) return null;
  const sent = certificate.reminders_sent ?? [];
  // The nearest window the certificate is in: 7 days wins over 30 once inside it.
  const window = [...CERTIFICATE_REMINDER_DAYS].sort((a, b) => a - b).find((days) => left <= days);
  if (window === undefined || sent.includes(window)) return null;
  return window;
}
