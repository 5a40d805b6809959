import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { CLAIM_MESSAGES, paths } from '@portal/domain';
import { ConcurrentChangeError, NotFoundError, PreconditionError } from '../lib/errors';
import { stageMails, type QueuedMail } from '../mail/outbox';
import { companyNow } from '../stripe/company-clock';
import {
  claimRef,
  readClaim,
  type ClaimDeps,
  type ClaimDoc,
  type ClaimEventDoc,
  type ClaimRecord,
} from './claim-record';

/**
 * One step of an open claim after it is reported (docs/order-lifecycle.md#claims): a manager's
 * question, the buyer's answer, a rejection. Each moves the status, adds its event to the
 * timeline (dated by the company's clock) and mails the other side, in one transaction; a step
 * the claim's state refuses writes nothing.
 */

/** Why a claim takes no further step: settled or rejected (null: it is open). */
export function closedClaimProblem(claim: Pick<ClaimRecord, 'status'>): string | null {
  if (claim.status === 'settled') return CLAIM_MESSAGES.alreadySettled;
  if (claim.status === 'rejected') return CLAIM_MESSAGES.alreadyRejected;
  return null;
}

/** A settlement on its way (settleClaim's lock, not expired) refuses a manager's other step. */
export function settlingProblem(claim: Pick<ClaimRecord, 'settling'>, now: number): string | null {
  return claim.settling && claim.settling.until.toMillis() > now ? CLAIM_MESSAGES.busy : null;
}

/** The name a person's profile gives ('' when none). */
export async function nameOf(db: Firestore, uid: string): Promise<string> {
  const name: unknown = (await db.doc(paths.profile(uid)).get()).get('full_name');
  return typeof name === 'string' ? name.trim() : '';
}

export interface ClaimStep {
  /** Refuses the step (throws) when the claim's state or the caller does not allow it. */
  check(claim: ClaimRecord, now: number): void;
  /** The mails of the step, built before the transaction from the claim as read then. */
  mails(claim: ClaimRecord): Promise<QueuedMail[]>;
  /** The event it adds to the timeline (its `at` is given). */
  event: Omit<ClaimEventDoc, 'at'>;
  /** The fields it changes besides the timeline (the status, a reason). */
  changes: Partial<ClaimDoc>;
}

/**
 * Runs a step on claims/{claimId}: read, checked, mailed and written in one transaction. A claim
 * that took another step between the first read and the transaction (its timeline grew) is
 * refused as changed meanwhile, so the mails staged always match what is written.
 */
export async function applyClaimStep(
  deps: ClaimDeps,
  claimId: string,
  step: (claim: ClaimRecord) => ClaimStep | Promise<ClaimStep>,
): Promise<ClaimRecord> {
  const { db } = deps;
  const ref = claimRef(db, claimId);
  const before = readClaim(await ref.get());
  if (!before) throw new NotFoundError(CLAIM_MESSAGES.notFound);
  const now = await companyNow(deps, before.company_id);
  const planned = await step(before);
  planned.check(before, now);
  const mails = await planned.mails(before);
  const event: ClaimEventDoc = { ...planned.event, at: Timestamp.fromMillis(now) };

  return db.runTransaction(async (tx) => {
    const claim = readClaim(await tx.get(ref));
    if (!claim) throw new NotFoundError(CLAIM_MESSAGES.notFound);
    planned.check(claim, now);
    if (claim.timeline.length !== before.timeline.length) {
      throw new ConcurrentChangeError('This claim changed meanwhile. Reload it and try again.');
    }
    const writeMails = await stageMails(tx, db, mails);
    const timeline = [...claim.timeline, event];
    tx.update(ref, { ...planned.changes, timeline, updated_at: Timestamp.now() });
    writeMails();
    return { ...claim, ...planned.changes, timeline } as ClaimRecord;
  });
}

/** Refuses with `problem` when there is one. */
export function refuseIf(problem: string | null): void {
  if (problem) throw new PreconditionError(problem);
}
