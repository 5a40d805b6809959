import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { claimSchemasOf, firstIssueText } from '@portal/domain';
import * as z from 'zod/mini';

/**
 * claims/{claimId} as settleClaim reads and writes it: the domain's one definition
 * (claimSchemasOf) with its instants as Firestore Timestamps.
 */
const timestamp = z.custom<Timestamp>(
  (value) => value instanceof Timestamp,
  'Expected a Firestore Timestamp',
);

const claimDocSchemas = claimSchemasOf(timestamp);

export type SettlingClaim = z.output<typeof claimDocSchemas.claim> & { id: string };
export type ClaimEventDoc = z.output<typeof claimDocSchemas.event>;
export type ClaimSettlementDoc = z.output<typeof claimDocSchemas.settlement>;

class CorruptClaimError extends Error {
  override name = 'CorruptClaimError';
}

/** Reads a claim through the one schema; a document that does not parse is refused as corrupt. */
export function readSettlingClaim(snap: DocumentSnapshot): SettlingClaim | null {
  if (!snap.exists) return null;
  const parsed = claimDocSchemas.claim.safeParse(snap.data());
  if (!parsed.success) {
    throw new CorruptClaimError(
      `Claim ${snap.id} does not read as a claim (${firstIssueText(parsed.error)})`,
    );
  }
  return { ...parsed.data, id: snap.id };
}
