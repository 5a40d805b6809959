import type { Context } from '../lib/context';
import { useTestClocks } from '../lib/stripe-client';
import { storedCustomerId } from './stripe-customers';

/**
 * What time it is for a company, in milliseconds since the epoch: the real time in production;
 * on the local stack and in the tests, where each company's Stripe Customer runs on its own test
 * clock (useTestClocks), that clock's time, so that moving the clock on (`npm run clock`) moves
 * the company's day (its certificates, tax/company-today.ts) and its "now" (when a shipment
 * left, orders/shipments.ts) exactly as time would. The real time for no company.
 */
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
    // A sandbox restarted without the customer: the real time.
    return ctx.now();
  }
}
