import type { Firestore } from 'firebase-admin/firestore';
import {
  addDays,
  businessDay,
  claimProductFigures,
  coverRange,
  PRODUCT_CLAIMS_DAYS,
  sumRollups,
  type ProductClaimsResponse,
} from '@portal/domain';
import { readRollups } from './read-rollups';

/**
 * getProductClaims (managers): every product claimed in the last PRODUCT_CLAIMS_DAYS business
 * days (today included), with its units sold in those days and its claims rate, for the catalog's
 * product rows. From the sales rollups: the fewest documents covering those days (coverRange, a
 * few months, weeks and days), read by range per run of consecutive documents (readRollups: a
 * missing day bills nothing where a batch get billed it), never the claims or the orders.
 */
export async function productClaims(db: Firestore, now: Date): Promise<ProductClaimsResponse> {
  const to = businessDay(now);
  const range = { from: addDays(to, -(PRODUCT_CLAIMS_DAYS - 1)), to };
  const rollups = await readRollups(db, coverRange(range));
  const total = sumRollups(rollups.values());
  return { range, products: claimProductFigures(total) };
}
