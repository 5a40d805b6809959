import { businessDay, certificateStanding, formatCertificateDate } from '@portal/domain';
import { useRef, useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { CertificateStandingTag } from '@/components/certificate-standing-tag';
import { lazyDialog } from '@/components/lazy-dialog';
import { TextSkeleton } from '@/components/skeleton';
import { withAntdTheme } from '@/components/with-antd-theme';
import {
  useCompanyCertificates,
  useTaxCertificateFile,
  useUploadTaxCertificate,
  type TaxCertificate,
} from '@/entities/tax-certificates';
import { TaxCertificateUploadForm } from './tax-certificate-upload-form';
import { TAX_CERTIFICATE_TEXTS as TEXTS } from './tax-certificates-text';
import './tax-certificates.css';

// The file view (antd's Modal, with its theme) is fetched when first opened; the file itself is
// read here (useTaxCertificateFile), so the dialog's chunk needs nothing of the domain's.
const FileModal = lazyDialog(
  withAntdTheme(() =>
    import('./tax-certificate-file-modal').then((m) => m.TaxCertificateFileModal),
  ),
);

/** "Mar 5, 2027", or "Does not expire". */
export function validTo(certificate: Pick<TaxCertificate, 'expires_on'>): string {
  return certificate.expires_on === null
    ? TEXTS.doesNotExpire
    : formatCertificateDate(certificate.expires_on);
}

/**
 * My Account's resale certificates (Profile tab, beside Members and Locations; docs/tax.md):
 * every member sees the company's certificates, with their standing today; the owner uploads
 * them (one per state), each then reviewed by a manager.
 */
export function TaxCertificatesCard({
  companyId,
  canManage,
  canViewFiles = true,
}: {
  companyId: string;
  canManage: boolean;
  /** Owners and buyers open the files; a viewer sees the list only (storage.rules). */
  canViewFiles?: boolean;
}) {
  const certificates = useCompanyCertificates(companyId);
  const upload = useUploadTaxCertificate(companyId);
  const [uploading, setUploading] = useState(false);
  const [viewing, setViewing] = useState<TaxCertificate | null>(null);
  // Read while the file view is open; its object URL is let go when it closes.
  const file = useTaxCertificateFile(viewing?.file_path ?? null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const closeUpload = () => {
    setUploading(false);
    requestAnimationFrame(() => uploadButton.current?.focus());
  };
  const today = businessDay(new Date());
  const list = certificates.data ?? [];

  return (
    <section
      className="account-card profile-card tax-certificates"
      aria-labelledby="tax-certificates-title"
    >
      <h2 className="profile-card__title" id="tax-certificates-title">
        {TEXTS.title}
      </h2>
      <p className="tax-certificates__why">{TEXTS.why}</p>
      {certificates.isPending && (
        <div role="status" aria-busy="true" aria-label={TEXTS.loading}>
          <TextSkeleton rows={3} />
        </div>
      )}
      {certificates.isError && (
        <Alert
          type="error"
          role="alert"
          title={TEXTS.loadFailed}
          action={<Button onClick={() => void certificates.refetch()}>Try Again</Button>}
        />
      )}
      {certificates.isSuccess && list.length === 0 && (
        <div className="tax-certificates__empty">
          <p className="tax-certificates__empty-title">{TEXTS.emptyTitle}</p>
          <p className="profile-field__hint">{canManage ? TEXTS.emptyOwner : TEXTS.emptyMember}</p>
        </div>
      )}
      {list.length > 0 && (
        <ul className="tax-certificates__list" aria-label={TEXTS.title}>
          {list.map((certificate) => (
            <CertificateItem
              key={certificate.id}
              certificate={certificate}
              today={today}
              onView={canViewFiles ? () => setViewing(certificate) : null}
            />
          ))}
        </ul>
      )}
      {canManage && certificates.isSuccess && !uploading && (
        <Button ref={uploadButton} size="large" onClick={() => setUploading(true)}>
          {TEXTS.upload}
        </Button>
      )}
      {uploading && <TaxCertificateUploadForm upload={upload} onClose={closeUpload} />}
      {viewing && <FileModal certificate={viewing} file={file} onClose={() => setViewing(null)} />}
    </section>
  );
}

function CertificateItem({
  certificate,
  today,
  onView,
}: {
  certificate: TaxCertificate;
  today: string;
  /** Opens the file; null: this member may not read it. */
  onView: (() => void) | null;
}) {
  const standing = certificateStanding(certificate, today);
  const name = `${certificate.state} certificate ${certificate.number}`;
  return (
    <li className="tax-certificate" aria-label={name}>
      <div className="tax-certificate__head">
        <strong>{name}</strong>
        <CertificateStandingTag standing={standing} />
      </div>
      <dl className="tax-certificate__facts">
        <div>
          <dt>State</dt>
          <dd>{certificate.state}</dd>
        </div>
        <div>
          <dt>Number</dt>
          <dd>{certificate.number}</dd>
        </div>
        <div>
          <dt>Valid to</dt>
          <dd>{validTo(certificate)}</dd>
        </div>
      </dl>
      {certificate.status === 'rejected' && certificate.rejection_reason && (
        <p className="tax-certificate__reason">Rejected: {certificate.rejection_reason}</p>
      )}
      {onView && (
        <div className="ship-to__actions">
          <Button onClick={onView} aria-label={`View file of the ${name}`}>
            {TEXTS.viewFile}
          </Button>
        </div>
      )}
    </li>
  );
}
