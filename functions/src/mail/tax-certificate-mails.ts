import { mailKeys } from '@portal/domain';
import { companyOwnersMail, type MailDeps } from './notifications';
import type { QueuedMail } from './outbox';
import * as messages from './templates/tax-certificate-messages';

/**
 * The owners' mails of a company's resale certificates (docs/tax.md), one key per event: a
 * review is mailed once, each reminder window once per certificate, however often it is asked.
 */
export interface CertificateMailFacts {
  id: string;
  company_id: string;
  companyName: string;
  state: string;
  number: string;
  expires_on: string | null;
}

function factsOf(
  certificate: CertificateMailFacts,
  certificatesUrl: string,
): messages.CertificateFacts {
  return {
    companyName: certificate.companyName,
    state: certificate.state,
    number: certificate.number,
    expiresOn: certificate.expires_on,
    certificatesUrl,
  };
}

export function certificateApprovedMail(
  deps: MailDeps,
  certificate: CertificateMailFacts,
): Promise<QueuedMail[]> {
  return companyOwnersMail(
    deps,
    certificate.company_id,
    'tax-certificate-approved',
    mailKeys.taxCertificateApproved(certificate.id),
    (links) => messages.taxCertificateApproved(factsOf(certificate, links.taxCertificates())),
  );
}

export function certificateRejectedMail(
  deps: MailDeps,
  certificate: CertificateMailFacts,
  reason: string,
): Promise<QueuedMail[]> {
  return companyOwnersMail(
    deps,
    certificate.company_id,
    'tax-certificate-rejected',
    mailKeys.taxCertificateRejected(certificate.id),
    (links) =>
      messages.taxCertificateRejected({
        ...factsOf(certificate, links.taxCertificates()),
        reason,
      }),
  );
}

/** `window`: the reminder's days before expiry (30 or 7); `daysLeft`: the days actually left. */
export function certificateReminderMail(
  deps: MailDeps,
  certificate: CertificateMailFacts,
  window: number,
  daysLeft: number,
): Promise<QueuedMail[]> {
  return companyOwnersMail(
    deps,
    certificate.company_id,
    'tax-certificate-reminder',
    mailKeys.taxCertificateReminder(certificate.id, window),
    (links) =>
      messages.taxCertificateReminder({
        ...factsOf(certificate, links.taxCertificates()),
        daysLeft,
      }),
  );
}
