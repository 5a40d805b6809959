import { renewSubscription, type BillingContext } from './subscription-billing.js';
import type { TestClockStore } from './test-clocks.js';
import type { StripeEvent, TestClock } from '../core/types.js';

/** What a clock advance needs besides billing: the clocks, ordered delivery, and a log. */
export interface ClockContext extends BillingContext {
  readonly clocks: TestClockStore;
  /** Delivers events after every event sent before them; resolves after their first attempts. */
  send(...events: StripeEvent[]): Promise<void>;
  /** Bumped by reset(): an advance started before it stops. */
  readonly generation: number;
  log(line: string): void;
}

/** The earliest period end, at or before `target`, of the clock's customers' subscriptions. */
function nextRenewal(ctx: ClockContext, clock: TestClock, target: number) {
  const customers = new Set(ctx.customers.onClock(clock.id).map((customer) => customer.id));
  const due = ctx.subscriptions
    .live(customers)
    .map((stored) => ({ stored, at: ctx.subscriptions.period(stored).end }))
    .filter((candidate) => candidate.at <= target);
  // Oldest subscription first when two periods end at the same second (the sort is stable).
  return due.sort((a, b) => a.at - b.at)[0];
}

/**
 * Walks a clock (already `advancing`) to `target`: every period end of its customers'
 * subscriptions up to `target`, in time order, is billed (subscription-billing.ts), each
 * boundary's events delivered (first attempts awaited) before the next; then the clock stands at
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
    for (let due = nextRenewal(ctx, clock, target); due; due = nextRenewal(ctx, clock, target)) {
      const events = renewSubscription(ctx, due.stored, due.at);
      ctx.log(`test clock ${clock.id}: ${due.stored.subscription.id} at ${due.at}`);
      await ctx.send(...events);
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
