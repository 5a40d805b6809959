/**
 * Resale certificates (tax_certificates/{id} and their files in Cloud Storage, docs/tax.md): read
 * by the company's members and the managers, written by the functions. Only lazy chunks import
 * this entity; its Storage code is fetched on the first upload or view.
 */
export { QUEUE_LIMIT, type CertificateQueueFilter } from './api';
export type { TaxCertificate } from './documents';
export { UploadCancelled, useTaxCertificateFile, type CertificateFileView } from './files';
export {
  certificateQueueQueryOptions,
  companyCertificatesQueryOptions,
  taxCertificateKeys,
  useCertificateQueue,
  useCompanyCertificates,
  useReviewTaxCertificate,
  useUploadTaxCertificate,
  type CertificateUpload,
} from './queries';
