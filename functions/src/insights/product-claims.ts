import type { Firestore } from 'firebase-admin/firestore';
import {
  addDays,
  businessDay,
  claimProductFigures,
  coverRange,
  PRODUCT_CLAIMS_DAYS,
  readRollup,
  sumRollups,
  type ProductClaimsResponse,
} from '@portal/domain';

/**
 * getProductClaims (managers): every product claimed in the last PRODUCT_CLAIMS_DAYS business
 * days (today included), with its units sold in those days and its claims rate, for the catalog's
 * product rows. From the sales rollups: the fewest documents covering those days (coverRange, a
 * few months, weeks and days), one batch get, never the claims or the orders.
 */
export async function productClaims(db: Firestore, now: Date): Promise<ProductClaimsResponse> {
  const to = businessDay(now);
  const range = { from: addDays(to, -(PRODUCT_CLAIMS_DAYS - 1)), to };
  const refs = coverRange(range);
  const snaps = await db.getAll(...refs.map((ref) => db.doc(ref.path)));
  const total = sumRollups(snaps.map((snap) => readRollup(snap.data())));
  return { range, products: claimProductFigures(total) };
}
