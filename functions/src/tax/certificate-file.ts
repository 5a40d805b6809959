import {
  sniffTaxCertificateType,
  TAX_CERTIFICATE_MAX_BYTES,
  TAX_CERTIFICATE_TYPES,
  TAX_MESSAGES,
  type TaxCertificateType,
} from '@portal/domain';
import {
  checkUploadedFile,
  deleteUploadedFile,
  type UploadBucket,
  type UploadedFile,
  type UploadRule,
} from '../lib/uploaded-file';

/**
 * The uploaded file of a certificate, as the functions check it before keeping the certificate
 * (docs/tax.md): lib/uploaded-file.ts with the certificates' limits and words.
 */

export type CertificateBucket = UploadBucket;
export type CertificateFile = UploadedFile<TaxCertificateType>;

const CERTIFICATE_FILE: UploadRule<TaxCertificateType> = {
  maxBytes: TAX_CERTIFICATE_MAX_BYTES,
  types: TAX_CERTIFICATE_TYPES,
  sniff: sniffTaxCertificateType,
  messages: {
    missing: TAX_MESSAGES.fileMissing,
    empty: TAX_MESSAGES.fileEmpty,
    tooLarge: TAX_MESSAGES.fileTooLarge,
    type: TAX_MESSAGES.fileType,
    content: TAX_MESSAGES.fileContent,
  },
};

/**
 * Checks the object at `path`: there (fileMissing), not empty, at most 10 MB (fileTooLarge), a
 * PDF, PNG or JPEG by its content type (fileType), and by its first bytes the type it says
 * (fileContent).
 */
export function checkCertificateFile(
  bucket: CertificateBucket,
  path: string,
): Promise<CertificateFile> {
  return checkUploadedFile(bucket, path, CERTIFICATE_FILE);
}

/** Deletes a refused file (gone already: nothing to do). */
export function deleteCertificateFile(bucket: CertificateBucket, path: string): Promise<void> {
  return deleteUploadedFile(bucket, path);
}
