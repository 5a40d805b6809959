import { renewSubscription, type BillingContext } from './subscription-billing.js';
import { DAY_SECONDS } from './invoice-builder.js';
import type { DueNotice } from './invoice-store.js';
import type { TestClockStore } from './test-clocks.js';
import type { Invoice, StripeEvent, TestClock } from '../core/types.js';

/** What a clock advance needs besides billing: the clocks, ordered delivery, and a log. */
export interface ClockContext extends BillingContext {
  readonly clocks: TestClockStore;
  /** Delivers events after every event sent before them; resolves after their first attempts. */
  send(...events: StripeEvent[]): Promise<void>;
  /**
   * Days before an open `send_invoice` invoice's due date when `invoice.will_be_due` is sent, and
   * days after it when `invoice.overdue` is (Stripe's Billing automations, set in its dashboard).
   */
  readonly dueNotices: { readonly willBeDueDays: number; readonly overdueDays: number };
  /** Bumped by reset(): an advance started before it stops. */
  readonly generation: number;
  log(line: string): void;
}

/** A due-date reminder of an open invoice, and when the clock passes it. */
interface NoticeStep {
  kind: 'notice';
  invoice: Invoice;
  notice: DueNotice;
  at: number;
}

/**
 * The earliest due-date reminder not sent yet, at or before `target`, of the clock's customers'
 * open `send_invoice` invoices: `will_be_due` at `due_date - willBeDueDays`, `overdue` at
 * `due_date + overdueDays` (oldest invoice first at the same second; a reminder whose time the
 * clock had passed already goes out on the next advance).
 */
function nextNotice(
  ctx: ClockContext,
  customers: ReadonlySet<string>,
  target: number,
): NoticeStep | undefined {
  const { willBeDueDays, overdueDays } = ctx.dueNotices;
  const steps: NoticeStep[] = [];
  for (const customer of customers) {
    const open = ctx.invoices
      .list({ customer, collectionMethod: 'send_invoice', status: 'open' })
      .reverse();
    for (const invoice of open) {
      if (invoice.due_date === null) continue;
      const times: Array<[DueNotice, number]> = [
        ['will_be_due', invoice.due_date - willBeDueDays * DAY_SECONDS],
        ['overdue', invoice.due_date + overdueDays * DAY_SECONDS],
      ];
      for (const [notice, at] of times) {
        if (at <= target && !ctx.invoices.noticeSent(invoice.id, notice)) {
          steps.push({ kind: 'notice', invoice, notice, at });
        }
      }
    }
  }
  return steps.sort((a, b) => a.at - b.at)[0];
}

/**
 * The next thing the clock passes on its way to `target`: a subscription's period end or an
 * invoice's due-date reminder, whichever comes first (the period end at the same second).
 */
function nextStep(ctx: ClockContext, clock: TestClock, target: number) {
  const customers = new Set(ctx.customers.onClock(clock.id).map((customer) => customer.id));
  const renewal = nextRenewal(ctx, customers, target);
  const notice = nextNotice(ctx, customers, target);
  if (renewal && (!notice || renewal.at <= notice.at)) return renewal;
  return notice;
}

/** The earliest period end, at or before `target`, of the customers' subscriptions. */
function nextRenewal(ctx: ClockContext, customers: ReadonlySet<string>, target: number) {
  const due = ctx.subscriptions
    .live(customers)
    .map((stored) => ({
      kind: 'renewal' as const,
      stored,
      at: ctx.subscriptions.period(stored).end,
    }))
    .filter((candidate) => candidate.at <= target);
  // Oldest subscription first when two periods end at the same second (the sort is stable).
  return due.sort((a, b) => a.at - b.at)[0];
}

/**
 * Walks a clock (already `advancing`) to `target`: every period end of its customers'
 * subscriptions up to `target` is billed (subscription-billing.ts) and every due-date reminder of
 * their open `send_invoice` invoices sent, in time order, each boundary's events delivered (first attempts awaited) before the next; then the clock stands at
 * `target`, `ready`, and `test_helpers.test_clock.ready` is sent. A failure marks the clock
 * `internal_failure` rather than leaving it advancing.
 */
export async function runClockAdvance(
  ctx: ClockContext,
  clock: TestClock,
  target: number,
): Promise<void> {
  const generation = ctx.generation;
  const current = () => ctx.generation === generation && ctx.clocks.get(clock.id) === clock;
  try {
    for (let step = nextStep(ctx, clock, target); step; step = nextStep(ctx, clock, target)) {
      if (step.kind === 'renewal') {
        const events = renewSubscription(ctx, step.stored, step.at);
        ctx.log(`test clock ${clock.id}: ${step.stored.subscription.id} at ${step.at}`);
        await ctx.send(...events);
      } else {
        ctx.invoices.recordNotice(step.invoice.id, step.notice);
        ctx.log(`test clock ${clock.id}: ${step.invoice.id} ${step.notice} at ${step.at}`);
        await ctx.send(
          ctx.event(
            step.notice === 'will_be_due' ? 'invoice.will_be_due' : 'invoice.overdue',
            step.invoice,
          ),
        );
      }
      if (!current()) return;
    }
    if (!current()) return;
    ctx.clocks.finishAdvance(clock, target);
    ctx.log(`test clock ${clock.id} ready at ${target}`);
    await ctx.send(ctx.event('test_helpers.test_clock.ready', clock));
  } catch (error) {
    clock.status = 'internal_failure';
    ctx.log(
      `test clock ${clock.id} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
}
