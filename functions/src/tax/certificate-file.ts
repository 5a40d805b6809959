import {
  sniffTaxCertificateType,
  TAX_CERTIFICATE_MAX_BYTES,
  TAX_CERTIFICATE_TYPES,
  TAX_MESSAGES,
  type TaxCertificateType,
} from '@portal/domain';

/**
 * The uploaded file of a certificate, as the functions check it before keeping the certificate
 * (docs/tax.md). storage.rules already limits what the owner may upload (size, declared content
 * type) but cannot see the content: here the file's first bytes must be what its type says.
 */

/** The part of a Cloud Storage bucket (firebase-admin's) the check uses. */
export interface CertificateBucket {
  file(path: string): {
    getMetadata(): Promise<[{ size?: string | number; contentType?: string }, ...unknown[]]>;
    download(): Promise<[Buffer]>;
    delete(options: { ignoreNotFound: boolean }): Promise<unknown>;
  };
}

export type CertificateFile =
  | { ok: true; contentType: TaxCertificateType; size: number }
  | { ok: false; message: string; deleteFile: boolean };

const NOT_FOUND = 404;

function isTaxType(value: string): value is TaxCertificateType {
  return (TAX_CERTIFICATE_TYPES as readonly string[]).includes(value);
}

/**
 * Checks the object at `path`: there (fileMissing), not empty, at most 10 MB (fileTooLarge), a
 * PDF, PNG or JPEG by its content type (fileType), and by its first bytes the type it says
 * (fileContent). Only a file within the size limit is downloaded.
 */
export async function checkCertificateFile(
  bucket: CertificateBucket,
  path: string,
): Promise<CertificateFile> {
  const file = bucket.file(path);
  let metadata: { size?: string | number; contentType?: string };
  try {
    [metadata] = await file.getMetadata();
  } catch (error) {
    if ((error as { code?: unknown }).code === NOT_FOUND) {
      return { ok: false, message: TAX_MESSAGES.fileMissing, deleteFile: false };
    }
    throw error;
  }
  const size = Number(metadata.size ?? 0);
  const refused = (message: string): CertificateFile => ({ ok: false, message, deleteFile: true });
  if (!Number.isFinite(size) || size <= 0) return refused(TAX_MESSAGES.fileEmpty);
  if (size > TAX_CERTIFICATE_MAX_BYTES) return refused(TAX_MESSAGES.fileTooLarge);
  const contentType = (metadata.contentType ?? '').toLowerCase();
  if (!isTaxType(contentType)) return refused(TAX_MESSAGES.fileType);
  const [data] = await file.download();
  if (sniffTaxCertificateType(new Uint8Array(data.subarray(0, 16))) !== contentType) {
    return refused(TAX_MESSAGES.fileContent);
  }
  return { ok: true, contentType, size };
}

/** Deletes a refused file (gone already: nothing to do). */
export async function deleteCertificateFile(bucket: CertificateBucket, path: string) {
  await bucket.file(path).delete({ ignoreNotFound: true });
}
