import {
  COLLECTIONS,
  companyOfRecord,
  mailKeys,
  nextChargeAt,
  paths,
  REMINDER_DAYS_BEFORE,
  standingOrderCycleAmount,
} from '@portal/domain';
import type { Context } from '../lib/context';
import { log } from '../lib/log';
import { contactAddress } from '../mail/config';
import { portalLinks } from '../mail/links';
import type { MailDeps } from '../mail/notifications';
import { stageMails, type QueuedMail } from '../mail/outbox';
import { renderMail } from '../mail/templates/layout';
import * as messages from '../mail/templates/messages';
import { resolveWebOrigin } from '../lib/stripe-client';
import { companyNow } from '../stripe/company-clock';
import { skipToken } from './skip-link';
import { readStandingOrder, type StandingOrderRecord } from './standing-order-record';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The reminder sweep (docs/standing-orders.md#the-reminder-mail): every running standing order
 * whose next charged delivery is at most 3 days away on its company's clock gets one mail for
 * that delivery, to the company's owners and the buyer who started it: the lines, the total, the
 * date and a one-tap skip link. The delivery reminded is recorded on the standing order in the
 * same transaction as the mail is queued (its key names the standing order and the delivery), so
 * a sweep run again, or two at once, queue it once; a delivery moved to another date is a new
 * cycle and is reminded again.
 */
export async function sendStandingOrderReminders(
  ctx: Pick<Context, 'db' | 'auth' | 'env' | 'stripe' | 'now'>,
): Promise<{ checked: number; reminded: number }> {
  const snap = await ctx.db
    .collection(COLLECTIONS.standingOrders)
    .where('status', 'in', ['active', 'payment_failed'])
    .get();
  const clocks = new Map<string, Promise<number>>();
  const nowOf = (companyId: string) => {
    if (!clocks.has(companyId)) clocks.set(companyId, companyNow(ctx, companyId));
    return clocks.get(companyId)!;
  };
  let reminded = 0;
  for (const doc of snap.docs) {
    try {
      const standing = readStandingOrder(doc);
      if (!standing) continue;
      const at = nextChargeAt(standing);
      if (!at || standing.reminded_delivery_at?.getTime() === at.getTime()) continue;
      const now = await nowOf(companyOfRecord(standing));
      if (at.getTime() <= now || at.getTime() - now > REMINDER_DAYS_BEFORE * DAY_MS) continue;
      if (await remind(ctx, standing, at)) reminded += 1;
    } catch (error) {
      log.error('standing_order_reminder_failed', {
        standingOrderId: doc.id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { checked: snap.size, reminded };
}

/** Queues the reminder of `at` and records it, unless it was recorded already. */
async function remind(
  ctx: Pick<Context, 'db' | 'auth' | 'env'>,
  standing: StandingOrderRecord,
  at: Date,
): Promise<boolean> {
  const mails = await reminderMails(ctx, standing, at);
  // No address could be read (Auth failed just now, or nobody is reachable): nothing is recorded,
  // so the next run tries again rather than the reminder being used up unsent.
  if (mails.length === 0) return false;
  const ref = ctx.db.doc(paths.standingOrder(standing.id));
  return ctx.db.runTransaction(async (tx) => {
    const fresh = readStandingOrder(await tx.get(ref));
    const still = fresh ? nextChargeAt(fresh) : null;
    // Changed meanwhile (charged, moved, skipped, cancelled) or reminded by another run.
    if (!fresh || still?.getTime() !== at.getTime()) return false;
    if (fresh.reminded_delivery_at?.getTime() === at.getTime()) return false;
    const write = await stageMails(tx, ctx.db, mails);
    write();
    // Not updated_at: the reminder is no change of the standing order (its change mails key on it).
    tx.update(ref, { reminded_delivery_at: at });
    return true;
  });
}

/** The addresses: the company's owners and the buyer who started it (each enabled, once). */
async function recipients(deps: MailDeps, standing: StandingOrderRecord): Promise<string[]> {
  const owners = standing.company_id
    ? await deps.db
        .collection(COLLECTIONS.profiles)
        .where('company_id', '==', standing.company_id)
        .where('company_role', '==', 'owner')
        .get()
    : null;
  const uids = [...new Set([...(owners?.docs.map((d) => d.id) ?? []), standing.user_id])];
  const addresses = await Promise.all(
    uids.map(async (uid) => {
      try {
        const user = await deps.auth.getUser(uid);
        return user.disabled ? null : (user.email ?? null);
      } catch {
        return null;
      }
    }),
  );
  return [...new Set(addresses.filter((a): a is string => a !== null))];
}

async function reminderMails(
  deps: MailDeps,
  standing: StandingOrderRecord,
  at: Date,
): Promise<QueuedMail[]> {
  const to = await recipients(deps, standing);
  if (to.length === 0) return [];
  const origin = resolveWebOrigin(deps.env);
  const links = portalLinks(origin);
  const contact = contactAddress(deps.env);
  const cycleAmount = standingOrderCycleAmount(standing.lines);
  const message = await renderMail(
    messages.standingOrderReminder({
      storeName: standing.store_name,
      deliveryAt: at,
      lines: standing.lines,
      skipUrl: links.skipDelivery(skipToken(deps.env, standing.id, at)),
      intervalWeeks: standing.interval_weeks,
      cycleAmount,
      nextChargeAt: at,
      standingOrdersUrl: links.standingOrders(),
      contact,
    }),
    { portalUrl: origin, contact },
  );
  return [
    {
      kind: 'standing-order-reminder',
      key: mailKeys.standingOrderReminder(standing.id, at.getTime()),
      mail: { to, message },
    },
  ];
}
