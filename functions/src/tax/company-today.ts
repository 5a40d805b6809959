import { businessDay } from '@portal/domain';
import type { Context } from '../lib/context';
import { companyNow } from '../stripe/company-clock';

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
