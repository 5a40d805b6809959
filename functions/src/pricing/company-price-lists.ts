import type { Firestore } from 'firebase-admin/firestore';
import {
  applicableEntries,
  COLLECTIONS,
  priceListTerms,
  storedPriceListSchema,
  type AppliedEntry,
  type PriceListTerms,
} from '@portal/domain';
import { log } from '../lib/log';

/**
 * The price lists a company buys at (docs/pricing.md), read from the managers' lists
 * (price_lists where company_ids names it), never from the company's copies: what is charged
 * comes from the source. A malformed list is logged and left out (its products cost the tier
 * price), never trusted.
 */
export async function priceListsOfCompany(
  db: Firestore,
  companyId: string,
): Promise<PriceListTerms[]> {
  if (!companyId) return [];
  const snapshot = await db
    .collection(COLLECTIONS.priceLists)
    .where('company_ids', 'array-contains', companyId)
    .get();
  return snapshot.docs.flatMap((doc) => {
    const parsed = storedPriceListSchema.safeParse(doc.data());
    if (!parsed.success) {
      log.error('price_list_invalid', { listId: doc.id, issue: parsed.error.issues[0]?.message });
      return [];
    }
    return [priceListTerms(doc.id, parsed.data)];
  });
}

/**
 * The company's applicable entries at `now`, by product (price-lists.ts applicableEntries), for
 * the products named in `productIds` only when given (a checkout's lines).
 */
export async function companyPriceIndex(
  db: Firestore,
  companyId: string,
  now: Date,
  productIds?: readonly string[],
): Promise<Map<string, AppliedEntry[]>> {
  const only = productIds ? new Set(productIds) : undefined;
  return applicableEntries(await priceListsOfCompany(db, companyId), now, only);
}
