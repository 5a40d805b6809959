import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import {
  CLAIM_REMEDIES,
  CLAIM_STATUSES,
  claimRollupDelta,
  paths,
  type RollupClaim,
} from '@portal/domain';
import { writeRollups } from './sales-rollups';

/**
 * The claims' figures in the sales rollups (packages/domain/src/claim-rollups.ts), kept by the
 * trigger on claims/{claimId}. claim_rollups/{claimId} holds what the claim counts in them now;
 * syncClaimRollup reads it and the claim in one transaction, writes the difference to the
 * rollups (FieldValue.increment) and the claim as counted. An event delivered twice, late or out
 * of order finds nothing left to add: the figures follow the claim as it is, each change once.
 */

const dateOf = (value: unknown): Date | null =>
  value instanceof Timestamp ? value.toDate() : value instanceof Date ? value : null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

/** A claim document (or what claim_rollups holds) as the rollups read it; null: none, or unreadable. */
export function rollupClaimOf(data: DocumentData | undefined): RollupClaim | null {
  if (!data) return null;
  const status = CLAIM_STATUSES.find((s) => s === data.status);
  const createdAt = dateOf(data.created_at);
  if (!status || !createdAt) return null;
  const lines = (Array.isArray(data.lines) ? (data.lines as unknown[]) : []).flatMap((line) => {
    const { product_id, name, quantity, unit_amount } = (line ?? {}) as Record<string, unknown>;
    return typeof product_id === 'string' && typeof quantity === 'number'
      ? [{ product_id, name: text(name), quantity, unit_amount: count(unit_amount) }]
      : [];
  });
  const settlement = (data.settlement ?? null) as Record<string, unknown> | null;
  const remedy = CLAIM_REMEDIES.find((r) => r === settlement?.remedy);
  const settledAt = dateOf(settlement?.at);
  return {
    status,
    created_at: createdAt,
    lines,
    settlement:
      remedy && settledAt ? { remedy, amount: count(settlement?.amount), at: settledAt } : null,
  };
}

/** The claim as claim_rollups/{claimId} keeps it (instants as Timestamps). */
export function countedData(claim: RollupClaim): DocumentData {
  return {
    status: claim.status,
    created_at: Timestamp.fromDate(claim.created_at),
    lines: claim.lines.map((line) => ({ ...line })),
    settlement: claim.settlement
      ? { ...claim.settlement, at: Timestamp.fromDate(claim.settlement.at) }
      : null,
  };
}

/**
 * Brings the rollups in line with claims/{claimId} as it is now, in one transaction: adds what it
 * counts less what was counted, and records what it counts. Returns the rollup documents written
 * (0: nothing moved).
 */
export async function syncClaimRollup(db: Firestore, claimId: string): Promise<number> {
  const claimRef = db.doc(paths.claim(claimId));
  const countedRef = db.doc(paths.claimRollup(claimId));
  return db.runTransaction(async (tx) => {
    const [claimSnap, countedSnap] = await tx.getAll(claimRef, countedRef);
    const now = rollupClaimOf(claimSnap?.data());
    const was = rollupClaimOf(countedSnap?.data());
    const writes = claimRollupDelta(was, now);
    const written = writeRollups(tx, db, writes);
    if (now) {
      if (writes.length > 0 || !countedSnap?.exists) tx.set(countedRef, countedData(now));
    } else if (countedSnap?.exists) {
      tx.delete(countedRef);
    }
    return written;
  });
}
