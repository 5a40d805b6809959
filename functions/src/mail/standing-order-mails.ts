import {
  mailKeys,
  nextChargedDelivery,
  standingOrderCycleAmount,
  type StandingOrder,
} from '@portal/domain';
import { resolveWebOrigin } from '../lib/stripe-client';
import { contactAddress } from './config';
import { portalLinks } from './links';
import { managerRecipients, type MailDeps } from './notifications';
import type { QueuedMail } from './outbox';
import { renderMail, type MailContent } from './templates/layout';
import * as messages from './templates/messages';

/**
 * The mails a change of a standing order causes, worked out from the document before and after
 * the write (the onStandingOrderChanged trigger): whoever made the change (the buyer, a manager,
 * a webhook), the buyer hears of it, and the managers when it matters to them.
 *
 * | Change                                     | Buyer                              | Managers (each)                   |
 * | ------------------------------------------ | ---------------------------------- | --------------------------------- |
 * | the next delivery skipped                  | Delivery of {date} skipped         | -                                 |
 * | the skip undone (before it passed)         | Delivery of {date} back on         | -                                 |
 * | quantities changed                         | Standing order changed             | when the total per delivery moved |
 * | unit prices changed (same quantities)      | New prices for your standing order | -                                 |
 * | cancelled (buyer, manager, Stripe, reject) | Your standing order is cancelled   | Standing order cancelled          |
 *
 * A repricing (a price list saved or deleted, a tier move, a catalog price: standing-orders/
 * reconcile.ts) is a delivered line whose unit price moved, the products and quantities the same:
 * a line only paused or resumed is not one (pauses stay silent), and new quantities in the same
 * write are told by "Standing order changed", which states the new total.
 *
 * Each mail's key names the standing order and the write that caused it (its updated_at), and a
 * cancellation the standing order alone: a trigger the platform runs again for the same write
 * finds the keys and queues nothing new (queueMails creates each key once).
 */
export type StandingSnapshot = Pick<
  StandingOrder,
  | 'id'
  | 'user_id'
  | 'store_name'
  | 'interval_weeks'
  | 'status'
  | 'lines'
  | 'next_delivery_at'
  | 'skipped_delivery_at'
  | 'updated_at'
  | 'cancelled_at'
>;

export type StandingChange =
  | { kind: 'skipped'; skippedAt: Date }
  | { kind: 'unskipped' }
  | { kind: 'changed'; previousAmount: number }
  | { kind: 'repriced'; previousAmount: number; lines: messages.RepricedLine[] }
  | { kind: 'cancelled'; previousAmount: number };

const time = (date: Date | null) => date?.getTime() ?? null;

const quantitiesOf = (order: StandingSnapshot) =>
  JSON.stringify(
    order.lines
      .map((line) => [line.product_id, line.quantity] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/**
 * The lines delivered before and after the write whose unit price changed. A line paused or
 * resumed by the write is left out: its price is not what moved the total.
 */
function repricedLines(before: StandingSnapshot, after: StandingSnapshot): messages.RepricedLine[] {
  const previous = new Map(before.lines.map((line) => [line.product_id, line] as const));
  return after.lines.flatMap((line) => {
    const old = previous.get(line.product_id);
    if (!old || old.paused_reason !== null || line.paused_reason !== null) return [];
    if (old.unit_amount === line.unit_amount) return [];
    return [
      {
        name: line.name,
        unitAmount: line.unit_amount,
        priceList: line.price_list?.name ?? null,
        previousUnitAmount: old.unit_amount,
        previousPriceList: old.price_list?.name ?? null,
      },
    ];
  });
}

/** What a write changed that the buyer is told about (none for renewals and pauses). */
export function standingOrderChanges(
  before: StandingSnapshot,
  after: StandingSnapshot,
): StandingChange[] {
  if (before.status === 'cancelled') return [];
  const previousAmount = standingOrderCycleAmount(before.lines);
  if (after.status === 'cancelled') return [{ kind: 'cancelled', previousAmount }];
  const changes: StandingChange[] = [];
  const skippedBefore = time(before.skipped_delivery_at);
  const skippedAfter = time(after.skipped_delivery_at);
  if (skippedAfter !== null && skippedAfter !== skippedBefore) {
    changes.push({ kind: 'skipped', skippedAt: after.skipped_delivery_at! });
  } else if (
    skippedBefore !== null &&
    skippedAfter === null &&
    // Undone while the skipped delivery was still the next one; once it passes (its invoice
    // voided, the next date moved on) the skip is simply used up.
    time(after.next_delivery_at) === skippedBefore
  ) {
    changes.push({ kind: 'unskipped' });
  }
  if (quantitiesOf(before) !== quantitiesOf(after)) {
    changes.push({ kind: 'changed', previousAmount });
  } else {
    const lines = repricedLines(before, after);
    if (lines.length > 0) changes.push({ kind: 'repriced', previousAmount, lines });
  }
  return changes;
}

/** The mails for the changes between two versions of a standing order (see above). */
export async function standingOrderChangeMails(
  deps: MailDeps,
  before: StandingSnapshot,
  after: StandingSnapshot,
): Promise<QueuedMail[]> {
  const changes = standingOrderChanges(before, after);
  if (changes.length === 0) return [];
  const origin = resolveWebOrigin(deps.env);
  const links = portalLinks(origin);
  const render = { portalUrl: origin, contact: contactAddress(deps.env) };
  const writeId = String(after.updated_at.getTime());
  const terms = {
    intervalWeeks: after.interval_weeks,
    cycleAmount: standingOrderCycleAmount(after.lines),
    nextChargeAt: after.status === 'cancelled' ? null : nextChargedDelivery(after),
    standingOrdersUrl: links.standingOrders(),
    contact: render.contact,
  };
  const storeName = after.store_name;
  const buyer = await addressOf(deps, after.user_id);
  const mails: QueuedMail[] = [];
  const add = async (kind: string, key: string, to: string, content: MailContent) =>
    mails.push({ kind, key, mail: { to: [to], message: await renderMail(content, render) } });

  for (const change of changes) {
    switch (change.kind) {
      case 'skipped':
        if (buyer)
          await add(
            'standing-order-skipped',
            mailKeys.standingOrderSkipped(after.id, writeId),
            buyer,
            messages.standingOrderSkipped({ ...terms, storeName, skippedAt: change.skippedAt }),
          );
        break;
      case 'unskipped':
        if (buyer)
          await add(
            'standing-order-unskipped',
            mailKeys.standingOrderUnskipped(after.id, writeId),
            buyer,
            messages.standingOrderUnskipped({ ...terms, storeName }),
          );
        break;
      case 'changed': {
        if (buyer)
          await add(
            'standing-order-changed',
            mailKeys.standingOrderChanged(after.id, writeId),
            buyer,
            messages.standingOrderChanged({
              ...terms,
              storeName,
              lines: after.lines,
              previousAmount: change.previousAmount,
            }),
          );
        if (change.previousAmount === terms.cycleAmount) break;
        for (const manager of await managerRecipients(deps.db, deps.auth)) {
          await add(
            'standing-order-changed-manager',
            mailKeys.standingOrderChangedManager(after.id, writeId, manager.uid),
            manager.email,
            messages.standingOrderNotice({
              kind: 'changed',
              storeName,
              intervalWeeks: terms.intervalWeeks,
              cycleAmount: terms.cycleAmount,
              previousAmount: change.previousAmount,
              nextChargeAt: terms.nextChargeAt,
              standingOrdersUrl: links.adminStandingOrders(),
            }),
          );
        }
        break;
      }
      case 'repriced': {
        // The buyer's prices are theirs to hear of; the managers made the change.
        const paused = after.status === 'paused';
        if (buyer)
          await add(
            'standing-order-repriced',
            mailKeys.standingOrderRepriced(after.id, writeId),
            buyer,
            messages.standingOrderRepriced({
              ...terms,
              // Paused: no delivery is charged until it resumes.
              nextChargeAt: paused ? null : terms.nextChargeAt,
              storeName,
              lines: after.lines,
              repriced: change.lines,
              previousAmount: change.previousAmount,
              paused,
            }),
          );
        break;
      }
      case 'cancelled': {
        const cancelledAt = after.cancelled_at ?? after.updated_at;
        if (buyer)
          await add(
            'standing-order-cancelled',
            mailKeys.standingOrderCancelled(after.id),
            buyer,
            messages.standingOrderCancelled({
              ...terms,
              cycleAmount: change.previousAmount,
              storeName,
              cancelledAt,
            }),
          );
        for (const manager of await managerRecipients(deps.db, deps.auth)) {
          await add(
            'standing-order-cancelled-manager',
            mailKeys.standingOrderCancelledManager(after.id, manager.uid),
            manager.email,
            messages.standingOrderNotice({
              kind: 'cancelled',
              storeName,
              intervalWeeks: terms.intervalWeeks,
              cycleAmount: 0,
              previousAmount: change.previousAmount,
              nextChargeAt: null,
              standingOrdersUrl: links.adminStandingOrders(),
            }),
          );
        }
        break;
      }
    }
  }
  return mails;
}

async function addressOf(deps: MailDeps, uid: string): Promise<string | null> {
  try {
    const user = await deps.auth.getUser(uid);
    return user.disabled ? null : (user.email ?? null);
  } catch {
    return null;
  }
}
