import { CLAIM_STATUSES, paths, type Claim, type ClaimStatus } from '@portal/domain';
import {
  doc,
  getCount,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  where,
} from 'firebase/firestore/lite';
import { db, parseDocuments, parsedOrThrow } from '../firestore';
import { claimsCollection, parseClaim } from './documents';

/** How many claims the managers' queue reads at most (newest first). */
export const CLAIM_QUEUE_LIMIT = 300;

/** The queue's filter: one status, or every claim. */
export type ClaimQueueFilter = ClaimStatus | 'all';

/** The managers' queue: the claims in one status, or all of them, newest first. */
export async function fetchClaimQueue(filter: ClaimQueueFilter): Promise<Claim[]> {
  const newest = orderBy('created_at', 'desc');
  const read =
    filter === 'all'
      ? query(claimsCollection(), newest, limit(CLAIM_QUEUE_LIMIT))
      : query(claimsCollection(), where('status', '==', filter), newest, limit(CLAIM_QUEUE_LIMIT));
  const snapshot = await getDocs(read);
  return parseDocuments(snapshot.docs, parseClaim, 'skip');
}

/** How many claims there are in each status (count queries: no document is read). */
export type ClaimCounts = Readonly<Record<ClaimStatus, number>>;

export async function fetchClaimCounts(): Promise<ClaimCounts> {
  const counts = await Promise.all(
    CLAIM_STATUSES.map(async (status) => {
      const snapshot = await getCount(query(claimsCollection(), where('status', '==', status)));
      return [status, snapshot.data().count] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<ClaimStatus, number>;
}

/** One claim, or null when there is none. */
export async function fetchClaim(claimId: string): Promise<Claim | null> {
  const snapshot = await getDoc(doc(db, paths.claim(claimId)));
  if (!snapshot.exists()) return null;
  return parsedOrThrow(parseClaim(snapshot.id, snapshot.data()));
}
