import type { DocumentData } from 'firebase-admin/firestore';
import { taxCertificateRecordSchema, type TaxCertificateRecord } from '@portal/domain';

/** A stored tax_certificates/{id} with its id, parsed (a document that does not parse: null). */
export interface StoredCertificate extends TaxCertificateRecord {
  id: string;
}

export function readCertificate(
  id: string,
  data: DocumentData | undefined,
): StoredCertificate | null {
  if (!data) return null;
  const parsed = taxCertificateRecordSchema.safeParse(data);
  return parsed.success ? { id, ...parsed.data } : null;
}
