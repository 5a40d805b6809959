import { formatCertificateDate } from '@portal/domain';
import type { Block, MailContent } from './layout';

/**
 * The mails of resale certificates (docs/tax.md), to the company's owners: a certificate
 * approved (which state, until when it exempts orders), rejected (why, and that a new one can be
 * uploaded), and the reminders 30 and 7 days before one expires.
 */

export interface CertificateFacts {
  companyName: string;
  state: string;
  number: string;
  /** The last valid day (YYYY-MM-DD), or null: it does not expire. */
  expiresOn: string | null;
  /** Where the owner sees and uploads the company's certificates. */
  certificatesUrl: string;
}

const validUntil = (p: CertificateFacts) =>
  p.expiresOn === null ? 'Does not expire' : formatCertificateDate(p.expiresOn);

function factsBlock(p: CertificateFacts): Block {
  return {
    kind: 'facts',
    rows: [
      ['State', p.state],
      ['Certificate number', p.number],
      ['Valid until', validUntil(p)],
    ],
  };
}

const link = (p: CertificateFacts): Block => ({
  kind: 'link',
  label: 'View your resale certificates',
  url: p.certificatesUrl,
});

export function taxCertificateApproved(p: CertificateFacts): MailContent {
  const until =
    p.expiresOn === null
      ? 'It does not expire.'
      : `It is valid until ${formatCertificateDate(p.expiresOn)}.`;
  return {
    subject: `Resale certificate approved for ${p.state}`,
    preview: `Orders shipping to ${p.state} are now exempt from sales tax.`,
    heading: 'Your resale certificate is approved',
    greetingName: p.companyName,
    blocks: [
      {
        kind: 'text',
        text: `We approved your resale certificate ${p.number} for ${p.state}. From now on, orders that ship to ${p.state} are exempt from sales tax. ${until}`,
      },
      factsBlock(p),
      link(p),
    ],
  };
}

export function taxCertificateRejected(p: CertificateFacts & { reason: string }): MailContent {
  return {
    subject: `Resale certificate not accepted for ${p.state}`,
    preview: `We could not accept certificate ${p.number}. You can upload a new one.`,
    heading: 'Your resale certificate was not accepted',
    greetingName: p.companyName,
    blocks: [
      {
        kind: 'text',
        text: `We could not accept your resale certificate ${p.number} for ${p.state}. Reason: ${p.reason}`,
      },
      {
        kind: 'text',
        text: `Orders that ship to ${p.state} are charged sales tax until a certificate is approved. You can upload a new certificate at any time.`,
      },
      factsBlock(p),
      link(p),
    ],
  };
}

export function taxCertificateReminder(p: CertificateFacts & { daysLeft: number }): MailContent {
  const day = p.expiresOn === null ? '' : formatCertificateDate(p.expiresOn);
  const when = p.daysLeft === 0 ? 'today' : p.daysLeft === 1 ? 'tomorrow' : `in ${p.daysLeft} days`;
  return {
    subject: `Your resale certificate for ${p.state} expires ${when}`,
    preview: `Certificate ${p.number} is valid until ${day}. Upload a new one to stay exempt.`,
    heading: 'Your resale certificate expires soon',
    greetingName: p.companyName,
    blocks: [
      {
        kind: 'text',
        text: `Your resale certificate ${p.number} for ${p.state} is valid until ${day}. After that, orders that ship to ${p.state} are charged sales tax.`,
      },
      {
        kind: 'text',
        text: 'To stay exempt, upload your renewed certificate before then. We review it as soon as we can.',
      },
      factsBlock(p),
      link(p),
    ],
  };
}
