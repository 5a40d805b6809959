import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@portal/domain';
import { reconcileStandingOrdersOfCompanies, type ReconcileContext } from './reconcile';

/**
 * A price list's prices begin on its first day and end after its last (docs/pricing.md): a
 * standing order priced while a list applied keeps that price on Stripe's subscription until it
 * is repriced, and saving or deleting a list reprices at once, but nothing happens on the day a
 * list starts or ends by itself. So once a day, the standing orders of the companies whose lists
 * turned since the last run are repriced from their next cycle (reconcile.ts: the same repricing,
 * and the same mail, as a list saved that day).
 */

/** How far back a run looks: two days, so a run the platform missed is made up the next day. */
export const PRICE_LIST_TURN_LOOKBACK_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * The companies named by a price list that began (valid_from) or ended (valid_to: the start of
 * the day after its last) in (since, until].
 */
export async function companiesOfListsTurned(
  db: Firestore,
  since: Date,
  until: Date,
): Promise<string[]> {
  const lists = db.collection(COLLECTIONS.priceLists);
  const window = (field: 'valid_from' | 'valid_to') =>
    lists
      .where(field, '>', Timestamp.fromDate(since))
      .where(field, '<=', Timestamp.fromDate(until))
      .get();
  const [began, ended] = await Promise.all([window('valid_from'), window('valid_to')]);
  const companies = new Set<string>();
  for (const doc of [...began.docs, ...ended.docs]) {
    const ids: unknown = doc.get('company_ids');
    if (!Array.isArray(ids)) continue;
    for (const id of ids) if (typeof id === 'string' && id) companies.add(id);
  }
  return [...companies].sort();
}

/** The daily run: reprices the standing orders of the companies whose lists turned. */
export async function repriceAtPriceListTurns(
  ctx: ReconcileContext,
  now: Date,
): Promise<{ companies: number; checked: number; failed: number }> {
  const since = new Date(now.getTime() - PRICE_LIST_TURN_LOOKBACK_MS);
  const companies = await companiesOfListsTurned(ctx.db, since, now);
  if (companies.length === 0) return { companies: 0, checked: 0, failed: 0 };
  const result = await reconcileStandingOrdersOfCompanies(ctx, companies);
  return { companies: companies.length, ...result };
}
