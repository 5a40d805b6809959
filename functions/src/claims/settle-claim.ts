import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import {
  CLAIM_MESSAGES,
  paths,
  remediesFor,
  remedySummary,
  type ClaimRemedy,
  type SettleClaimResponse,
  unpaidUnits,
} from '@portal/domain';
import { ConcurrentChangeError, NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { claimSettledMail } from '../mail/claim-settled-mail';
import { stageMails } from '../mail/outbox';
import { readOrderState } from '../orders/order-record';
import { readStock, restockStock } from '../orders/stock';
import {
  claimsOfOrder,
  readClaim,
  type ClaimEventDoc,
  type ClaimSettlementDoc,
  type ClaimRecord,
} from './claim-record';
import { creditNoteRemedy } from './settle-remedies/credit-note';
import { refundRemedy } from './settle-remedies/refund';
import {
  claimUnits,
  type Remedy,
  type RemedyOutcome,
  type SettleCase,
  type SettleContext,
} from './settle-remedies/remedy';
import { replacementRemedy } from './settle-remedies/replacement';
import { storeCreditRemedy } from './settle-remedies/store-credit';

/**
 * settleClaim (docs/order-lifecycle.md#settling-a-claim): a manager settles an open claim once,
 * with one of the remedies its order allows (remediesFor): a refund to the card, a credit note on
 * the terms invoice, store credit, or a replacement order at no charge; optionally putting the
 * claimed units back on hand (the goods came back). Exactly once, whoever asks and however often:
 *
 * 1. a transaction takes the claim's `settling` lock for the request (refused while another
 *    request's lock is live: CLAIM_MESSAGES.busy; a settled claim: alreadySettled, or the same
 *    answer again for the request that settled it; a rejected one: alreadyRejected);
 * 2. the remedy's effect at Stripe, keyed by the claim (one refund, credit note or balance
 *    transaction per claim, even when an expired lock is taken over);
 * 3. a transaction records the settlement (the claim settled with its timeline, the order's
 *    credit or the replacement order, the store credit, the stock, the rollups, the buyer's mail)
 *    and ends the lock.
 * A refusal writes nothing; a failure at Stripe ends the lock and records nothing.
 */

/** How long a settlement holds its lock when it never comes back to end it (a crashed call). */
export const SETTLE_LOCK_MS = 2 * 60_000;

const REMEDIES: Readonly<Record<ClaimRemedy, Remedy<unknown>>> = {
  refund: refundRemedy as Remedy<unknown>,
  credit_note: creditNoteRemedy as Remedy<unknown>,
  store_credit: storeCreditRemedy as Remedy<unknown>,
  replacement: replacementRemedy as Remedy<unknown>,
};

export interface SettleInput {
  claimId: string;
  requestId: string;
  remedy: ClaimRemedy;
  restock: boolean;
  note: string;
}

function answerOf(claim: ClaimRecord): SettleClaimResponse {
  const settlement = claim.settlement!;
  return {
    claimId: claim.id,
    status: 'settled',
    remedy: settlement.remedy,
    amount: settlement.amount,
    replacementOrderId: settlement.replacement_order_id,
    creditNoteNumber: settlement.credit_note_number,
  };
}

/**
 * A claim that is not open: the answer to the request that settled it, else the refusal.
 * null: the claim is open.
 */
function closedAnswer(claim: ClaimRecord, requestId: string): SettleClaimResponse | null {
  if (claim.status === 'settled') {
    if (claim.settlement?.request_id === requestId) return answerOf(claim);
    throw new PreconditionError(CLAIM_MESSAGES.alreadySettled);
  }
  if (claim.status === 'rejected') throw new PreconditionError(CLAIM_MESSAGES.alreadyRejected);
  return null;
}

/** Another request's lock that still holds. */
const lockedByOther = (claim: ClaimRecord, requestId: string, now: number) =>
  !!claim.settling &&
  claim.settling.request_id !== requestId &&
  claim.settling.until.toMillis() > now;

async function readClaimOrFail(ref: DocumentReference): Promise<ClaimRecord> {
  const claim = readClaim(await ref.get());
  if (!claim) throw new NotFoundError(CLAIM_MESSAGES.notFound);
  return claim;
}

/** Step 1: the lock (or the answer of a claim already settled by this request). */
async function lock(
  db: Firestore,
  ref: DocumentReference,
  requestId: string,
): Promise<SettleClaimResponse | null> {
  return db.runTransaction(async (tx) => {
    const claim = readClaim(await tx.get(ref));
    if (!claim) throw new NotFoundError(CLAIM_MESSAGES.notFound);
    const answer = closedAnswer(claim, requestId);
    if (answer) return answer;
    if (lockedByOther(claim, requestId, Date.now())) {
      throw new ConcurrentChangeError(CLAIM_MESSAGES.busy);
    }
    tx.update(ref, {
      settling: { request_id: requestId, until: Timestamp.fromMillis(Date.now() + SETTLE_LOCK_MS) },
    });
    return null;
  });
}

/** Ends this request's lock when its settlement was not made (refused, or Stripe failed). */
async function unlock(db: Firestore, ref: DocumentReference, requestId: string): Promise<void> {
  await db.runTransaction(async (tx) => {
    const claim = readClaim(await tx.get(ref));
    if (claim?.settling?.request_id === requestId && claim.status !== 'settled') {
      tx.update(ref, { settling: FieldValue.delete() });
    }
  });
}

/** Step 3: the settlement recorded, the lock ended, in one transaction. */
async function record(
  c: SettleCase,
  input: SettleInput,
  remedy: Remedy<unknown>,
  effect: unknown,
  mailOf: (outcome: RemedyOutcome) => Promise<Parameters<typeof stageMails>[2]>,
): Promise<SettleClaimResponse> {
  const { db } = c.ctx;
  const claimRef = db.doc(paths.claim(input.claimId));
  const orderRef = db.doc(paths.order(c.order.id));
  return db.runTransaction(async (tx) => {
    const [claimSnap, orderSnap] = await tx.getAll(claimRef, orderRef);
    const claim = readClaim(claimSnap!);
    if (!claim) throw new NotFoundError(CLAIM_MESSAGES.notFound);
    const answer = closedAnswer(claim, input.requestId);
    if (answer) return answer;
    if (lockedByOther(claim, input.requestId, Date.now())) {
      throw new ConcurrentChangeError(CLAIM_MESSAGES.busy);
    }
    const order = readOrderState(orderSnap!);
    if (!order) throw new NotFoundError('Order not found.');
    const fresh: SettleCase = { ...c, claim, order };
    // Every read first (the remedy's, the stock's, the mail's), then every write.
    const staged = await remedy.read(tx, db, fresh, effect);
    const { outcome } = staged;
    const units = claimUnits(claim);
    const restockHere = input.restock && remedy.remedy !== 'refund';
    const stock = await readStock(tx, db, restockHere ? Object.keys(units) : []);
    const writeMails = await stageMails(tx, db, await mailOf(outcome));
    const now = Timestamp.now();
    staged.write(now);
    // A replacement took its units through its own read: the moves are increments, so the
    // restock adds to what it left.
    const restocked = restockHere ? restockStock(tx, stock, units) : (outcome.restocked ?? {});
    const settlement: ClaimSettlementDoc = {
      remedy: input.remedy,
      amount: outcome.amount,
      at: now,
      by: c.managerUid,
      refund_id: outcome.refund_id ?? null,
      credit_note_id: outcome.credit_note_id ?? null,
      credit_note_number: outcome.credit_note_number ?? null,
      credit_entry_id: outcome.credit_entry_id ?? null,
      replacement_order_id: outcome.replacement_order_id ?? null,
      restocked,
      note: input.note,
      request_id: input.requestId,
    };
    const event: ClaimEventDoc = {
      kind: 'settled',
      at: now,
      by: c.managerUid,
      by_name: '',
      by_role: 'manager',
      text: [remedySummary(input.remedy, outcome.amount), input.note].filter(Boolean).join('. '),
    };
    tx.update(claimRef, {
      status: 'settled',
      settlement,
      timeline: [...claim.timeline, event],
      settling: FieldValue.delete(),
      updated_at: now,
    });
    writeMails();
    return answerOf({ ...claim, status: 'settled', settlement });
  });
}

export async function settleClaim(
  managerUid: string,
  input: SettleInput,
  ctx: SettleContext,
): Promise<SettleClaimResponse> {
  const { db } = ctx;
  const claimRef = db.doc(paths.claim(input.claimId));
  const claim = await readClaimOrFail(claimRef);
  const settled = closedAnswer(claim, input.requestId);
  if (settled) return settled;
  const order = readOrderState(await db.doc(paths.order(claim.order_id)).get());
  if (!order) throw new NotFoundError('Order not found.');
  // Units refunded by lines since the claim was reported were paid back once already.
  const others = (await claimsOfOrder(db, order.id)).filter((other) => other.id !== claim.id);
  const left = unpaidUnits(order, others);
  for (const line of claim.lines) {
    const unpaid = left.get(line.product_id) ?? 0;
    if (line.quantity > unpaid) {
      throw new PreconditionError(CLAIM_MESSAGES.refundedSince(line.name, unpaid));
    }
  }
  if (!remediesFor(order, claim.value).includes(input.remedy)) {
    throw new PreconditionError(CLAIM_MESSAGES.remedyNotAllowed(input.remedy));
  }
  const remedy = REMEDIES[input.remedy];
  const c: SettleCase = {
    managerUid,
    claim,
    order,
    restock: input.restock,
    note: input.note,
    ctx,
  };
  // Refused here, before the claim is locked: nothing is written.
  await remedy.check(c);
  const answered = await lock(db, claimRef, input.requestId);
  if (answered) return answered;
  try {
    const effect = await remedy.apply(c);
    const result = await record(c, input, remedy, effect, (outcome) =>
      claimSettledMail(ctx, {
        id: claim.id,
        order_id: claim.order_id,
        user_id: claim.user_id,
        store_name: claim.store_name || order.store_name,
        remedy: input.remedy,
        amount: outcome.amount,
        note: input.note,
        replacementOrderId: outcome.replacement_order_id ?? null,
        creditNoteNumber: outcome.credit_note_number ?? null,
      }),
    );
    log.info('claim_settled', {
      claimId: claim.id,
      orderId: claim.order_id,
      remedy: input.remedy,
      amount: result.amount,
      by: managerUid,
    });
    return result;
  } catch (error) {
    await unlock(db, claimRef, input.requestId);
    throw error;
  }
}
