import { businessDay } from '@portal/domain';
import type { Context } from '../lib/context';
import { useTestClocks } from '../lib/stripe-client';
import { storedCustomerId } from '../stripe/stripe-customers';

/**
 * The business day (YYYY-MM-DD, Pacific) it is for a company, which decides whether its resale
 * certificates are valid (docs/tax.md). In production: today. On the local stack and in the
 * tests, where each company's Stripe Customer runs on its own test clock (useTestClocks), the
 * day of that clock, so that moving the clock on (`npm run clock`) lets a certificate expire
 * exactly as time would: the exemption, the reminders and the cart all follow it.
 */
export async function companyToday(
  ctx: Pick<Context, 'env' | 'db' | 'stripe' | 'now'>,
  companyId: string,
): Promise<string> {
  return businessDay(new Date(await companyNow(ctx, companyId)));
}

/** Milliseconds since the epoch for a company: its test clock's time where there is one. */
export async function companyNow(
  ctx: Pick<Context, 'env' | 'db' | 'stripe' | 'now'>,
  companyId: string,
): Promise<number> {
  if (!useTestClocks(ctx.env) || !companyId) return ctx.now();
  const customerId = await storedCustomerId(ctx.db, companyId);
  if (!customerId) return ctx.now();
  try {
    const customer = await ctx.stripe().customers.retrieve(customerId);
    const clock = customer.deleted ? null : customer.test_clock;
    if (!clock) return ctx.now();
    const clockId = typeof clock === 'string' ? clock : clock.id;
    const { frozen_time } = await ctx.stripe().testHelpers.testClocks.retrieve(clockId);
    // A clock never runs behind the real time it was made at; the later of the two.
    return Math.max(frozen_time * 1000, ctx.now());
  } catch {
    // A sandbox restarted without the customer: the real day.
    return ctx.now();
  }
}
