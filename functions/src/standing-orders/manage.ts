import { Timestamp } from 'firebase-admin/firestore';
import {
  addDays,
  businessDay,
  businessDayText,
  COLLECTIONS,
  companyOfRecord,
  companyRoleCan,
  deliveryOnDay,
  dayNumber,
  formatCalendarDay,
  intervalLabel,
  memberCoversLocation,
  nextChargeAt,
  nextDeliveryDateProblem,
  pauseEnd,
  pausedAt,
  paths,
  standingOrderCycleAmount,
  type ManageStandingOrderRequest,
  type ManageStandingOrderResponse,
  VIEW_ONLY,
} from '@portal/domain';
import type { Member } from '../companies/company-record';
import { LOCATION_NOT_YOURS } from '../companies/locations';
import type { Caller } from '../lib/caller';
import type { Context } from '../lib/context';
import { NotAllowedError, NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { isMissingResource, stripeFailure } from '../stripe/stripe-errors';
import { companyNow } from '../stripe/company-clock';
import { reconcileStandingOrder, type Intent } from './reconcile';
import { readStandingOrder, type StandingOrderRecord } from './standing-order-record';

type Action = ManageStandingOrderRequest['action'];

/** A delivery closer than this cannot be skipped any more. */
export const SKIP_CUTOFF_MS = 60 * 60 * 1000;

/** The next delivery's date, which a change of the schedule needs. */
function requireScheduled(standing: StandingOrderRecord): Date {
  const next = standing.next_delivery_at;
  if (!next) {
    throw new PreconditionError('The next delivery is not scheduled yet. Try again in a minute.');
  }
  return next;
}

export function answer(standing: StandingOrderRecord): ManageStandingOrderResponse {
  // While paused (a manager, or every line) the date it resumes is not known: the stored one.
  const next =
    standing.status === 'cancelled' ? null : nextChargeAt({ ...standing, status: 'active' });
  const pausedUntil =
    standing.paused_until && standing.paused_until.getTime() > Date.now()
      ? standing.paused_until.toISOString()
      : null;
  return {
    standingOrderId: standing.id,
    status: standing.status,
    nextDeliveryAt: next ? next.toISOString() : null,
    cycleAmount: standingOrderCycleAmount(standing.lines),
    pausedUntil,
  };
}

/**
 * Who may do what: a member who orders (owner, buyer) their company's (not pause/resume), a
 * manager any. The membership is the profile's now, not the token's: a role changed or a member
 * removed since sign-in counts at once.
 */
function checkCaller(
  caller: Caller,
  member: Member | null,
  standing: StandingOrderRecord,
  action: Action,
) {
  const manager = caller.access.kind === 'manager';
  // Another company's standing order is "not found" to them, like one that does not exist.
  if (!manager && member?.companyId !== companyOfRecord(standing)) {
    throw new NotFoundError('Standing order not found.');
  }
  if (member && !companyRoleCan(member.role, 'order')) throw new NotAllowedError(VIEW_ONLY);
  // A buyer orders only for the locations the owner assigned them: one moved to another
  // location no longer changes the old one's deliveries (the owner, or its new buyer, does).
  if (
    member &&
    standing.location_id !== null &&
    !memberCoversLocation(member, standing.location_id)
  ) {
    throw new NotAllowedError(LOCATION_NOT_YOURS);
  }
  if (!manager && action === 'pause') {
    throw new NotAllowedError('Only a manager can pause a standing order without an end date.');
  }
  if (!manager && standing.paused_by_manager && action !== 'cancel') {
    throw new PreconditionError(
      'This standing order is paused by us. Contact us to resume it, or cancel it.',
    );
  }
}

/** Cancels at Stripe (at once, no further invoices) and marks the standing order cancelled. */
async function cancel(
  ctx: Pick<Context, 'db' | 'stripe'>,
  standing: StandingOrderRecord,
  by: string,
) {
  if (standing.stripe_subscription_id) {
    try {
      await ctx.stripe().subscriptions.cancel(standing.stripe_subscription_id);
    } catch (error) {
      // Already gone at Stripe (cancelled in the dashboard): nothing more will be charged.
      if (!isMissingResource(error) && !isCanceledAlready(error)) {
        throw stripeFailure('standing_order_cancel_failed', error, {
          standingOrderId: standing.id,
        });
      }
    }
  }
  const now = Timestamp.now();
  await ctx.db.doc(paths.standingOrder(standing.id)).update({
    status: 'cancelled',
    cancelled_at: now,
    next_delivery_at: null,
    skipped_delivery_at: null,
    updated_at: now,
  });
  log.info('standing_order_cancelled', { standingOrderId: standing.id, by });
  return { ...standing, status: 'cancelled' as const };
}

function isCanceledAlready(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /cancel(l)?ed subscription/i.test(message);
}

/**
 * manageStandingOrder: skip or unskip the next delivery, change quantities from the next cycle,
 * cancel (buyer or manager), pause or resume (managers). A cancelled standing order takes no
 * change; cancelling it again changes nothing. Stripe is changed first; when Stripe refuses,
 * nothing is written.
 */
export async function manageStandingOrder(
  caller: Caller,
  member: Member | null,
  request: ManageStandingOrderRequest,
  ctx: Pick<Context, 'db' | 'stripe' | 'env' | 'now'>,
): Promise<ManageStandingOrderResponse> {
  const { action, standingOrderId } = request;
  const standing = readStandingOrder(await ctx.db.doc(paths.standingOrder(standingOrderId)).get());
  if (!standing) throw new NotFoundError('Standing order not found.');
  checkCaller(caller, member, standing, action);
  if (standing.status === 'cancelled') {
    if (action === 'cancel') return answer(standing);
    throw new PreconditionError('This standing order is cancelled.');
  }
  if (action === 'cancel') return answer(await cancel(ctx, standing, caller.uid));

  const intent: Intent = {};
  const by = caller.uid;
  const buyerPaused = () =>
    standing.paused_until !== null && standing.paused_until.getTime() > Date.now();
  switch (action) {
    case 'skip': {
      if (buyerPaused()) {
        throw new PreconditionError(
          `This standing order is paused until ${businessDayText(standing.paused_until!)}: resume it to skip a delivery.`,
        );
      }
      const next = standing.next_delivery_at;
      if (!next) {
        throw new PreconditionError(
          'The next delivery is not scheduled yet. Try again in a minute.',
        );
      }
      if (standing.status === 'paused') {
        throw new PreconditionError('This standing order is paused: there is no delivery to skip.');
      }
      // Stripe drafts a cycle's invoice about an hour before charging it: too late to skip.
      if (next.getTime() - Date.now() < SKIP_CUTOFF_MS) {
        throw new PreconditionError(
          'The next delivery is being charged now and can no longer be skipped. Skip the one after it once it shows.',
        );
      }
      intent.skippedDeliveryAt = Timestamp.fromDate(next);
      intent.history = { by, action, text: `Skipped the delivery of ${businessDayText(next)}` };
      break;
    }
    case 'unskip':
      intent.skippedDeliveryAt = null;
      intent.history = { by, action, text: 'Skip undone' };
      break;
    case 'pause':
      intent.pausedByManager = true;
      intent.history = { by, action, text: 'Paused by us' };
      break;
    case 'resume':
      if (caller.access.kind === 'manager') {
        intent.pausedByManager = false;
      } else if (!buyerPaused()) {
        throw new PreconditionError('This standing order is not paused.');
      }
      intent.pausedUntil = null;
      intent.history = { by, action, text: 'Resumed' };
      break;
    case 'set_quantities':
      intent.quantities = request.quantities;
      intent.history = { by, action, text: 'Quantities changed' };
      break;
    case 'set_lines':
      intent.lines = request.lines;
      intent.history = {
        by,
        action,
        text: `Products changed: ${request.lines.length} ${request.lines.length === 1 ? 'product' : 'products'}`,
      };
      break;
    case 'set_interval': {
      const weeks = request.weeks as number;
      if (weeks === standing.interval_weeks) {
        throw new PreconditionError(
          `This standing order is already delivered every ${weeks} weeks.`,
        );
      }
      requireScheduled(standing);
      intent.intervalWeeks = weeks;
      intent.history = { by, action, text: intervalLabel(weeks) };
      break;
    }
    case 'set_next_delivery': {
      const next = requireScheduled(standing);
      const now = await companyNow(ctx, companyOfRecord(standing));
      const problem = nextDeliveryDateProblem(request.date, businessDay(new Date(now)));
      if (problem) throw new PreconditionError(problem);
      // The same time of day as the delivery it replaces, on the day chosen.
      const days = dayNumber(request.date)! - dayNumber(businessDay(next))!;
      if (days === 0) {
        throw new PreconditionError(
          `The next delivery is already on ${formatCalendarDay(request.date)}.`,
        );
      }
      const at = deliveryOnDay(next, request.date);
      if (at.getTime() - now < SKIP_CUTOFF_MS) {
        throw new PreconditionError(
          `Choose a date from ${formatCalendarDay(addDays(request.date, 1))} on.`,
        );
      }
      intent.nextDeliveryAt = Timestamp.fromDate(at);
      // The skip was of the delivery that moves: the new date is delivered.
      intent.skippedDeliveryAt = null;
      intent.history = { by, action, text: `Next delivery ${formatCalendarDay(request.date)}` };
      break;
    }
    case 'pause_weeks': {
      if (standing.status === 'paused') {
        throw new PreconditionError('This standing order is paused already.');
      }
      const now = await companyNow(ctx, companyOfRecord(standing));
      // Whole seconds, as Stripe keeps resumes_at.
      const until = new Date(
        Math.ceil(pauseEnd(new Date(now), request.weeks).getTime() / 1000) * 1000,
      );
      intent.pausedUntil = Timestamp.fromDate(until);
      // A skipped delivery inside the pause is covered by it; one after the pause stays skipped
      // (a 4- or 8-week interval's next delivery can lie beyond a 1-week pause).
      const skipped = standing.skipped_delivery_at;
      if (skipped && pausedAt({ paused_until: until }, skipped)) intent.skippedDeliveryAt = null;
      intent.history = { by, action, text: `Paused until ${businessDayText(until)}` };
      break;
    }
  }
  const result = await reconcileStandingOrder(ctx, standingOrderId, intent);
  log.info('standing_order_changed', { standingOrderId, action, by: caller.uid });
  return answer(result);
}

/**
 * A buyer who is rejected (their approval withdrawn) can no longer reach their standing orders,
 * so none may go on charging them: every open one is cancelled, at Stripe first. Returns how many.
 */
export async function cancelStandingOrdersOfBuyer(
  ctx: Pick<Context, 'db' | 'stripe'>,
  uid: string,
  by: string,
): Promise<number> {
  const found = await ctx.db
    .collection(COLLECTIONS.standingOrders)
    .where('user_id', '==', uid)
    .get();
  let cancelled = 0;
  for (const snap of found.docs) {
    const standing = readStandingOrder(snap);
    if (!standing || standing.status === 'cancelled') continue;
    await cancel(ctx, standing, by);
    cancelled += 1;
  }
  return cancelled;
}
