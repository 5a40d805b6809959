import type { Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  certificateStanding,
  exemptionFor,
  exemptionOf,
  type CertificateFacts,
  type TaxExemption,
} from '@portal/domain';
import { readCertificate } from './certificate-record';

/**
 * A company's resale certificates as the tax decision reads them (tax_certificates, docs/tax.md):
 * every one it submitted, whatever its review, each with its state, number and expiry.
 */
export async function readCompanyCertificates(
  db: Firestore,
  companyId: string,
): Promise<CertificateFacts[]> {
  if (!companyId) return [];
  const snap = await db
    .collection(COLLECTIONS.taxCertificates)
    .where('company_id', '==', companyId)
    .get();
  return snap.docs.flatMap((doc) => readCertificate(doc.id, doc.data()) ?? []);
}

/** How an order shipping to `state` is taxed for a company, on its day `today`. */
export interface TaxTreatment {
  /** The ship-to state ('' when the address is not known yet: Checkout collects it). */
  state: string;
  /** The certificate that exempts it; null: taxed. */
  exemption: TaxExemption | null;
  /**
   * When taxed: the company's approved certificate for this state that has expired (the latest),
   * so the cart can say why the order is taxed again.
   */
  expired: TaxExemption | null;
}

export function treatmentOf(
  certificates: readonly CertificateFacts[],
  state: string,
  today: string,
): TaxTreatment {
  const exemption = state ? exemptionFor(certificates, state, today) : null;
  if (exemption || !state) return { state, exemption, expired: null };
  const lapsed = certificates
    .filter(
      (c) =>
        c.state === state && c.status === 'approved' && certificateStanding(c, today) === 'expired',
    )
    .sort((a, b) => (b.expires_on ?? '').localeCompare(a.expires_on ?? ''))[0];
  return {
    state,
    exemption: null,
    expired: lapsed ? exemptionOf(lapsed) : null,
  };
}
