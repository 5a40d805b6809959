import { Timestamp } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { COLLECTIONS, isOpenDisputeStatus, type OrderStatus } from '@portal/domain';
import type { Context } from '../lib/context';
import { log } from '../lib/log';
import { disputeOpenedMails } from '../mail/notifications';
import { stageMails } from '../mail/outbox';
import { idOf, orderOfPayment } from './order-of-payment';
import { readOrderState, type DisputeDoc } from './order-record';

export interface DisputeRecorded {
  /** null when no order of the portal's holds the disputed payment. */
  orderId: string | null;
  status: OrderStatus | null;
  /**
   * `recorded`: the order now shows this event's dispute; `already-recorded`: it showed it
   * already (a replay); `stale`: the order shows a newer state of it (an event delivered late).
   */
  outcome: 'recorded' | 'already-recorded' | 'stale' | 'no-order';
}

/** The event that reported the dispute: its time orders the events of one dispute. */
interface DisputeEventRef {
  id: string;
  type: string;
  /** Stripe's seconds. */
  created: number;
}

/** The payment intent of the disputed charge (asked of Stripe when the dispute does not say). */
async function disputedPayment(
  ctx: Pick<Context, 'stripe'>,
  dispute: Stripe.Dispute,
): Promise<string | null> {
  const direct = idOf(dispute.payment_intent);
  if (direct) return direct;
  const charge =
    typeof dispute.charge === 'string'
      ? await ctx.stripe().charges.retrieve(dispute.charge)
      : dispute.charge;
  return idOf(charge.payment_intent);
}

/**
 * Whether an event's dispute replaces what the order shows. Stripe does not promise the order of
 * deliveries, so the newer event wins: by its time, and at the same second a closed dispute over
 * an open one (an open dispute does not follow a closed one within a second). A dispute of
 * another id (a second dispute of the payment) replaces the one shown when it is as new.
 */
function supersedes(incoming: DisputeDoc, recorded: DisputeDoc | null): boolean {
  if (!recorded) return true;
  const incomingAt = incoming.event_created ?? 0;
  const recordedAt = recorded.event_created ?? 0;
  if (incomingAt !== recordedAt) return incomingAt > recordedAt;
  if (incoming.dispute_id !== recorded.dispute_id) return true;
  return isOpenDisputeStatus(recorded.status) || !isOpenDisputeStatus(incoming.status);
}

function sameDispute(a: DisputeDoc, b: DisputeDoc): boolean {
  return (
    a.dispute_id === b.dispute_id &&
    a.status === b.status &&
    a.reason === b.reason &&
    a.amount === b.amount
  );
}

/**
 * charge.dispute.* (created, updated, closed, funds_withdrawn, funds_reinstated): records the
 * dispute on the order that holds the disputed payment, in one transaction: its id, Stripe's
 * status and reason, the amount, when it opened and (once won, lost or otherwise ended) when it
 * closed. Replays and events delivered out of order change nothing (the newer state stays). When
 * the order first learns of an open dispute, every manager is mailed in the same transaction
 * (once per dispute: the outbox key). While it is open, the order cannot be shipped or marked
 * delivered (moveOrder).
 */
export async function recordDispute(
  ctx: Pick<Context, 'db' | 'stripe' | 'auth' | 'env'>,
  dispute: Stripe.Dispute,
  event: DisputeEventRef,
): Promise<DisputeRecorded> {
  const { db } = ctx;
  const orderId = await orderOfPayment(ctx, await disputedPayment(ctx, dispute));
  if (!orderId) return { orderId: null, status: null, outcome: 'no-order' };
  const orderRef = db.collection(COLLECTIONS.orders).doc(orderId);
  return db.runTransaction(async (tx): Promise<DisputeRecorded> => {
    const order = readOrderState(await tx.get(orderRef));
    if (!order) return { orderId: null, status: null, outcome: 'no-order' };
    const recorded = order.dispute;
    const same = recorded?.dispute_id === dispute.id ? recorded : null;
    const open = isOpenDisputeStatus(dispute.status);
    const incoming: DisputeDoc = {
      dispute_id: dispute.id,
      status: dispute.status,
      reason: dispute.reason,
      amount: dispute.amount,
      opened_at: same?.opened_at ?? Timestamp.fromMillis(dispute.created * 1000),
      closed_at: open ? null : (same?.closed_at ?? Timestamp.fromMillis(event.created * 1000)),
      event_created: event.created,
    };
    if (recorded && sameDispute(incoming, recorded)) {
      return { orderId, status: order.status, outcome: 'already-recorded' };
    }
    if (!supersedes(incoming, recorded)) {
      return { orderId, status: order.status, outcome: 'stale' };
    }
    const dueBy = dispute.evidence_details?.due_by;
    const writeMails = await stageMails(
      tx,
      db,
      open && !same
        ? await disputeOpenedMails(ctx, order, {
            id: dispute.id,
            amount: dispute.amount,
            reason: dispute.reason,
            status: dispute.status,
            respondBy: typeof dueBy === 'number' ? new Date(dueBy * 1000) : null,
          })
        : [],
    );
    tx.update(orderRef, { dispute: incoming, updated_at: Timestamp.now() });
    writeMails();
    log.info(open ? 'order_dispute_open' : 'order_dispute_closed', {
      orderId,
      disputeId: dispute.id,
      disputeStatus: dispute.status,
      eventType: event.type,
    });
    return { orderId, status: order.status, outcome: 'recorded' };
  });
}
