import { claimSchema, COLLECTIONS, type Claim } from '@portal/domain';
import { collection, type DocumentData } from 'firebase/firestore/lite';
import { db, type Parsed } from '../firestore';

/**
 * claims/{claimId}: a company's claims of damaged, missing or wrong items
 * (docs/order-lifecycle.md#claims), written by the functions only (reportClaim, answerClaim,
 * askClaimQuestion, rejectClaim, settleClaim); the company's members and the managers read them.
 */
export const claimsCollection = () => collection(db, COLLECTIONS.claims);

/** The one reading of a claim document: its times become Dates, the rest is checked. */
export function parseClaim(id: string, data: DocumentData): Parsed<Claim> {
  const parsed = claimSchema.safeParse(data);
  if (!parsed.success) return parsed;
  return { success: true, data: { ...parsed.data, id } };
}
