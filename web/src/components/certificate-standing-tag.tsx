import { TAX_CERTIFICATE_STANDING_LABELS, type TaxCertificateStanding } from '@portal/domain';
import { Tag, type TagColor } from './tag';

/** A resale certificate's standing (My Account and the dashboard's Certificates tab). */
const STANDING_COLORS: Readonly<Record<TaxCertificateStanding, TagColor>> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  expired: 'default',
};

export function CertificateStandingTag({ standing }: { standing: TaxCertificateStanding }) {
  return <Tag color={STANDING_COLORS[standing]}>{TAX_CERTIFICATE_STANDING_LABELS[standing]}</Tag>;
}
