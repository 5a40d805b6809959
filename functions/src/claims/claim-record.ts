import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { claimSchemasOf, COLLECTIONS, firstIssueText, paths } from '@portal/domain';
import * as z from 'zod/mini';
import type { Context } from '../lib/context';

/** What the claims' services use of the context (the company's clock needs Stripe locally). */
export type ClaimDeps = Pick<Context, 'db' | 'auth' | 'env' | 'stripe' | 'now'>;

/** A stored moment, as the Admin SDK reads and writes it. */
const timestamp = z.custom<Timestamp>(
  (value) => value instanceof Timestamp,
  'Expected a Firestore Timestamp',
);

/**
 * claims/{claimId} as the functions read and write it (docs/order-lifecycle.md#claims): the
 * domain's one definition of a claim (claimSchemasOf) with its instants as Firestore
 * Timestamps. `ClaimDoc` is what may be written (fields with a default may be left out),
 * `ClaimRecord` what a read gives back, with its id.
 */
export const claimDocSchemas = claimSchemasOf(timestamp);

export type ClaimDoc = z.input<typeof claimDocSchemas.claim>;
export type ClaimRecord = z.output<typeof claimDocSchemas.claim> & { id: string };
export type ClaimEventDoc = z.output<typeof claimDocSchemas.event>;
export type ClaimSettlementDoc = z.output<typeof claimDocSchemas.settlement>;

class CorruptClaimError extends Error {
  override name = 'CorruptClaimError';
}

/** Reads a claim through the one schema: a document that does not parse is refused as corrupt. */
export function readClaim(snap: DocumentSnapshot): ClaimRecord | null {
  if (!snap.exists) return null;
  const parsed = claimDocSchemas.claim.safeParse(snap.data());
  if (!parsed.success) {
    throw new CorruptClaimError(
      `Claim ${snap.id} does not read as a claim (${firstIssueText(parsed.error)})`,
    );
  }
  return { ...parsed.data, id: snap.id };
}

export function claimRef(db: Firestore, claimId: string): DocumentReference {
  return db.doc(paths.claim(claimId));
}

/**
 * Every claim made on an order, whatever its status (claimableUnits leaves the rejected ones
 * out), read in `tx` when given so that two reports of the same units cannot both pass.
 */
export async function claimsOfOrder(
  db: Firestore,
  orderId: string,
  tx?: Transaction,
): Promise<ClaimRecord[]> {
  const query = db.collection(COLLECTIONS.claims).where('order_id', '==', orderId);
  const snap = tx ? await tx.get(query) : await query.get();
  return snap.docs.map((doc) => readClaim(doc)!);
}
