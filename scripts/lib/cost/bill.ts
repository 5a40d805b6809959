/**
 * The monthly Firestore and Cloud Functions bill of a brand, computed from the measured cost of
 * each action (the cost report's table) and a month of use: BRAND_MONTH says how often each
 * action happens. List prices, us-central1 (a regional location), before the free tier:
 * https://cloud.google.com/firestore/pricing and https://cloud.google.com/functions/pricing.
 */
import type { ActionCost } from './meter';

export const LIST_PRICES = {
  /** US dollars per 100,000 document reads, writes and deletes. */
  readsPer100k: 0.03,
  writesPer100k: 0.09,
  deletesPer100k: 0.01,
  /** US dollars per million function invocations (compute time is billed apart). */
  invocationsPerMillion: 0.4,
} as const;

/** Weeks in an average month. */
const WEEKS = 52 / 12;
const BUYERS = 200;
/** Working days in an average month, for the manager. */
const DAYS = 22;

/**
 * A month of a brand with 200 buyers ordering weekly: each buyer signs in once a week, opens the
 * store, searches twice, opens 3 product pages, adds 4 products, opens the cart, checks out once
 * and opens My Account twice; a quarter of them have a standing order that renews every 2 weeks.
 * The brand's manager opens the dashboard twice a day, looks at each tab once a day (Orders
 * 4 times), ships every order and refunds one in 20; 1,000 visitors see the landing page.
 */
export function brandMonth(action: string): number {
  const weekly = BUYERS * WEEKS;
  const perAction: Record<string, number> = {
    Landing: 1_000,
    'Sign-in': weekly,
    'Store open': weekly,
    Search: 2 * weekly,
    'Product page': 3 * weekly,
    'Add to cart': 4 * weekly,
    Cart: weekly,
    'Checkout to paid order': weekly,
    'My Account': 2 * weekly,
    'Dashboard: Overview': 2 * DAYS,
    'Dashboard: Orders': 4 * DAYS,
    Ship: weekly,
    Refund: weekly / 20,
    'Standing-order renewal': (BUYERS / 4) * (WEEKS / 2),
  };
  if (action in perAction) return perAction[action] as number;
  if (action.startsWith('Dashboard: ')) return DAYS;
  throw new Error(`No monthly count for the action "${action}"`);
}

export interface MonthlyBill {
  reads: number;
  writes: number;
  deletes: number;
  invocations: number;
  /** US dollars, by item and in all. */
  readsUsd: number;
  writesUsd: number;
  deletesUsd: number;
  invocationsUsd: number;
  totalUsd: number;
}

export function monthlyBill(costs: readonly ActionCost[]): MonthlyBill {
  let reads = 0;
  let writes = 0;
  let deletes = 0;
  let invocations = 0;
  for (const cost of costs) {
    const times = brandMonth(cost.action);
    reads += cost.reads * times;
    writes += cost.writes * times;
    deletes += cost.deletes * times;
    invocations += cost.invocations * times;
  }
  const readsUsd = (reads / 100_000) * LIST_PRICES.readsPer100k;
  const writesUsd = (writes / 100_000) * LIST_PRICES.writesPer100k;
  const deletesUsd = (deletes / 100_000) * LIST_PRICES.deletesPer100k;
  const invocationsUsd = (invocations / 1_000_000) * LIST_PRICES.invocationsPerMillion;
  return {
    reads: Math.round(reads),
    writes: Math.round(writes),
    deletes: Math.round(deletes),
    invocations: Math.round(invocations),
    readsUsd,
    writesUsd,
    deletesUsd,
    invocationsUsd,
    totalUsd: readsUsd + writesUsd + deletesUsd + invocationsUsd,
  };
}
