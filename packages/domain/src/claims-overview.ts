/**
 * The claims figures as the Overview answers them (getSalesOverview's `claims`): plain shapes,
 * apart from claim-rollups.ts, which computes them from the rollups and imports insights.ts.
 */

/** One product's claims in a period, beside its units sold. */
export interface ClaimProductFigure {
  productId: string;
  name: string;
  /** Claims (not rejected) reported in the period that name it. */
  claims: number;
  unitsClaimed: number;
  /** Units sold in the period (paid orders not cancelled, less units refunded by line). */
  unitsSold: number;
  /** unitsClaimed / unitsSold; null when none was sold in the period. */
  rate: number | null;
}

/** The Overview's claims: reported, credits by remedy, replacements, claims by product. */
export interface ClaimsOverview {
  /** Claims reported in the period (not rejected) and their units. */
  reported: number;
  unitsClaimed: number;
  /** Cents given back by claims settled in the period, by remedy. */
  refunds: number;
  creditNotes: number;
  storeCredit: number;
  /** Replacement orders of claims settled in the period, and their goods at the claims' prices. */
  replacements: number;
  replacementsValue: number;
  /** The products with the highest claims rate (claimProductFigures), at most TOP_LIST_SIZE. */
  byProduct: ClaimProductFigure[];
}
