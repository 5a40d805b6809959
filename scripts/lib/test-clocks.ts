import { setTimeout as sleep } from 'node:timers/promises';
import type Stripe from 'stripe';

const DAY_SECONDS = 24 * 60 * 60;
const WEEK_SECONDS = 7 * DAY_SECONDS;

export class TestClockError extends Error {}

/**
 * Advances a buyer's Stripe test clock (every Customer gets one on the local stack:
 * STRIPE_TEST_CLOCKS=per-customer) by `weeks` weeks (and `days` days) and an hour, and waits until Stripe (the
 * sandbox) has billed every renewal due and delivered its webhooks. Returns the clock's new time.
 */
export async function advanceBuyerClock(input: {
  stripe: Stripe;
  /** The buyer's Stripe Customer (stripe_customers/{uid}); null before their first checkout. */
  customerId: string | null;
  weeks: number;
  days?: number;
  timeoutMs?: number;
}): Promise<Date> {
  const { stripe, customerId, weeks } = input;
  if (!customerId) {
    throw new TestClockError('This buyer has not checked out yet: there is no clock to advance.');
  }
  const customer = await stripe.customers.retrieve(customerId);
  const clock = customer.deleted ? null : customer.test_clock;
  const clockId = typeof clock === 'string' ? clock : (clock?.id ?? null);
  if (!clockId) {
    throw new TestClockError(
      `Customer ${customerId} is not on a test clock (start the stack with STRIPE_TEST_CLOCKS=per-customer).`,
    );
  }
  const before = await stripe.testHelpers.testClocks.retrieve(clockId);
  const target = before.frozen_time + weeks * WEEK_SECONDS + (input.days ?? 0) * DAY_SECONDS + 3600;
  await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: target });
  const deadline = Date.now() + (input.timeoutMs ?? 30_000);
  for (;;) {
    const now = await stripe.testHelpers.testClocks.retrieve(clockId);
    if (now.status === 'ready') return new Date(now.frozen_time * 1000);
    if (now.status === 'internal_failure') throw new TestClockError(`Clock ${clockId} failed.`);
    if (Date.now() > deadline) throw new TestClockError(`Clock ${clockId} is still advancing.`);
    await sleep(50);
  }
}
