import { COLLECTIONS, taxCertificateRecordSchema, type TaxCertificateRecord } from '@portal/domain';
import { collection, doc, type DocumentData } from 'firebase/firestore/lite';
import { db, toDate, type Parsed } from '../firestore';

/**
 * tax_certificates/{id}: a company's resale certificates (docs/tax.md), written by the functions
 * only (submitTaxCertificate, reviewTaxCertificate); the company's members and the managers read
 * them.
 */
export const taxCertificatesCollection = () => collection(db, COLLECTIONS.taxCertificates);

/** A certificate as the screens read it: the stored record, its id and its times as Dates. */
export type TaxCertificate = TaxCertificateRecord & {
  id: string;
  submitted_at: Date;
  reviewed_at: Date | null;
};

/** The one reading of a certificate document: timestamps become Dates, the rest is checked. */
export function parseTaxCertificate(id: string, data: DocumentData): Parsed<TaxCertificate> {
  const parsed = taxCertificateRecordSchema.safeParse(data);
  if (!parsed.success) return parsed;
  return {
    success: true,
    data: {
      ...parsed.data,
      id,
      submitted_at: toDate(data.submitted_at) ?? new Date(0),
      reviewed_at: toDate(data.reviewed_at),
    },
  };
}

/**
 * A new certificate's id, made by Firestore (no read, no write): the file is uploaded under it
 * before submitTaxCertificate keeps the document of that id.
 */
export function newTaxCertificateId(): string {
  return doc(taxCertificatesCollection()).id;
}
