import { Modal } from 'antd';
import { FileReadingPreview } from '@/components/file-preview';
import type { CertificateFileView, TaxCertificate } from '@/entities/tax-certificates';
import { useReturnFocus } from '@/lib/focus-return';
import { TAX_CERTIFICATE_TEXTS as TEXTS } from './tax-certificates-text';

/** A certificate's file, shown inline (read from Storage when opened, let go when closed). */
export function TaxCertificateFileModal({
  certificate,
  file,
  onClose,
}: {
  certificate: TaxCertificate;
  /** The file, read by the card while this is open (useTaxCertificateFile). */
  file: CertificateFileView;
  onClose: () => void;
}) {
  useReturnFocus();
  const title = `${certificate.state} certificate ${certificate.number}`;
  return (
    <Modal open title={title} footer={null} onCancel={onClose} width={800} destroyOnHidden>
      <FileReadingPreview
        file={file}
        contentType={certificate.content_type}
        title={`File of the ${title}`}
        failed={TEXTS.fileLoadFailed}
      />
    </Modal>
  );
}
