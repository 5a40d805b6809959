import { claimSchema, COLLECTIONS, type Claim } from '@portal/domain';
import { collection, doc, type DocumentData } from 'firebase/firestore/lite';
import { db, type Parsed } from '../firestore';

/**
 * claims/{claimId}: a company's reports of damaged, missing or wrong items
 * (docs/order-lifecycle.md#claims), written by the functions only (reportClaim, answerClaim and
 * the managers' calls); the company's members, viewers too, and the managers read them.
 */
export const claimsCollection = () => collection(db, COLLECTIONS.claims);

/** The one reading of a claim document: the domain schema, its times as Dates. */
export function parseClaim(id: string, data: DocumentData): Parsed<Claim> {
  const parsed = claimSchema.safeParse(data);
  return parsed.success ? { success: true, data: { ...parsed.data, id } } : parsed;
}

/**
 * A new Firestore-style id (20 letters and digits), made in the browser without a read or a
 * write: a claim's id, under which its photos are uploaded before reportClaim keeps the claim,
 * and each photo's.
 */
export function newClaimId(): string {
  return doc(claimsCollection()).id;
}
