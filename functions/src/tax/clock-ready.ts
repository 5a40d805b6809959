import type Stripe from 'stripe';
import type { Context } from '../lib/context';
import { log } from '../lib/log';
import { useTestClocks } from '../lib/stripe-client';
import { sweepTaxCertificates, type SweepResult } from './certificate-sweep';
import type { TaxDeps } from './certificates';

/**
 * `test_helpers.test_clock.ready` (test mode only): a company's Stripe test clock has moved, so
 * its business day may have too (companyToday). The clock's customers name their company
 * (metadata.company); each such company's certificates are swept on its new day, so moving a
 * clock on (`npm run clock`) past a reminder date mails the reminder as the days passing would.
 * A live-mode event, or where the portal does not run customers on test clocks, does nothing.
 */
export async function sweepAfterClockMoved(
  deps: TaxDeps & Pick<Context, 'stripe'>,
  clock: Pick<Stripe.TestHelpers.TestClock, 'id'>,
  livemode: boolean,
): Promise<SweepResult & { companyIds: string[] }> {
  const none = { companies: 0, reminders: 0, failed: 0, companyIds: [] };
  if (livemode || !useTestClocks(deps.env)) return none;
  const companyIds = new Set<string>();
  for await (const customer of deps.stripe().customers.list({ test_clock: clock.id, limit: 100 })) {
    const company = customer.metadata?.company;
    if (company) companyIds.add(company);
  }
  const result: SweepResult & { companyIds: string[] } = { ...none, companyIds: [...companyIds] };
  for (const companyId of companyIds) {
    const swept = await sweepTaxCertificates(deps, { companyId });
    result.companies += swept.companies;
    result.reminders += swept.reminders;
    result.failed += swept.failed;
  }
  log.info('tax_certificates_swept_for_clock', { clockId: clock.id, ...result });
  return result;
}
