/**
 * The claims' figures (docs/manager-insight.md, "Claims, credits and replacements"): what a claim
 * adds to the sales rollups (sales-rollups.ts, the ClaimRollupFields of sales_days, sales_weeks
 * and sales_months), and the figures read from them: credits given, replacements, and the claims
 * rate per product (units claimed / units sold).
 *
 * A claim that is not rejected counts on the business day it was reported: one claim, its units,
 * per product. A settled claim also counts on the business day of its settlement: the cents it
 * gave back by remedy (refund, credit note, store credit) or one replacement and the goods it
 * sent again at the claim's unit prices. A trigger on claims/{claimId} applies claimRollupDelta
 * from what it counted before to the claim as it is now.
 */
import * as z from 'zod/mini';
import { businessDay } from './business-day';
import type { DayRange } from './insights';
import type { ClaimRemedy, ClaimStatus } from './claims';
import type { ClaimProductFigure, ClaimsOverview } from './claims-overview';

export type { ClaimProductFigure, ClaimsOverview } from './claims-overview';
import {
  contributionDelta,
  emptyRollup,
  type ClaimRollupNumber,
  type RollupContribution,
  type RollupWrite,
  type SalesRollup,
} from './sales-rollups';

/** What the rollups read of a claim (claims/{claimId}, instants as Dates). */
export interface RollupClaim {
  status: ClaimStatus;
  created_at: Date;
  lines: ReadonlyArray<{ product_id: string; name: string; quantity: number; unit_amount: number }>;
  settlement: { remedy: ClaimRemedy; amount: number; at: Date } | null;
}

/** Which credit field a remedy that gives money back adds to. */
const CREDIT_FIELDS: Readonly<Record<Exclude<ClaimRemedy, 'replacement'>, ClaimRollupNumber>> = {
  refund: 'credits_refund',
  credit_note: 'credits_credit_note',
  store_credit: 'credits_store_credit',
};

/** Cents: the goods of a claim at its unit prices (what a replacement sends again). */
export function claimGoodsValue(claim: Pick<RollupClaim, 'lines'>): number {
  return claim.lines.reduce((sum, line) => sum + line.quantity * line.unit_amount, 0);
}

/**
 * What one claim adds to the rollups: its report (unless rejected) on the day it was reported,
 * and its settlement on the day it was settled. [] for a rejected claim (or none).
 */
export function claimContributions(claim: RollupClaim | null): RollupContribution[] {
  if (!claim || claim.status === 'rejected') return [];
  const reported = emptyRollup();
  reported.claims_reported = 1;
  reported.claims_units = 0;
  const products: NonNullable<SalesRollup['claims_products']> = {};
  for (const line of claim.lines) {
    const was = products[line.product_id];
    products[line.product_id] = {
      name: was?.name || line.name,
      // A product named twice is still one claim of it.
      claims: 1,
      units: (was?.units ?? 0) + line.quantity,
    };
    reported.claims_units += line.quantity;
  }
  reported.claims_products = products;
  const contributions: RollupContribution[] = [
    { day: businessDay(claim.created_at), rollup: reported },
  ];
  const settlement = claim.status === 'settled' ? claim.settlement : null;
  if (settlement) {
    const settled = emptyRollup();
    if (settlement.remedy === 'replacement') {
      settled.replacements_orders = 1;
      settled.replacements_value = claimGoodsValue(claim);
    } else {
      settled[CREDIT_FIELDS[settlement.remedy]] = settlement.amount;
    }
    contributions.push({ day: businessDay(settlement.at), rollup: settled });
  }
  return contributions;
}

/**
 * What a claim's change does to the rollups: claimContributions(after) -
 * claimContributions(before), per document, zero figures left out (a question asked, an answer,
 * a photo: nothing). `before` is what was counted (null: nothing yet), `after` the claim now
 * (null: deleted).
 */
export function claimRollupDelta(
  before: RollupClaim | null,
  after: RollupClaim | null,
): RollupWrite[] {
  return contributionDelta(claimContributions(before), claimContributions(after));
}

// ---- reading them ------------------------------------------------------------------------------

/**
 * The claims rate: units claimed / units sold, a fraction (0.025 is 2.5%), or null when nothing
 * was sold (no rate to give).
 */
export function claimsRate(unitsClaimed: number, unitsSold: number): number | null {
  return unitsSold > 0 ? unitsClaimed / unitsSold : null;
}

/** "2.5%" (one decimal), "—" without a rate. */
export function formatClaimsRate(rate: number | null): string {
  if (rate === null) return '—';
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every product claimed in the rollup's days, with its units sold then, highest rate first (a
 * product claimed but not sold in the period, no rate, after those with one), then more units
 * claimed, then id.
 */
export function claimProductFigures(rollup: SalesRollup): ClaimProductFigure[] {
  return Object.entries(rollup.claims_products ?? {})
    .filter(([, p]) => p.units > 0 || p.claims > 0)
    .map(([productId, p]) => {
      const unitsSold = rollup.products[productId]?.units ?? 0;
      return {
        productId,
        name: p.name || rollup.products[productId]?.name || productId,
        claims: p.claims,
        unitsClaimed: p.units,
        unitsSold,
        rate: claimsRate(p.units, unitsSold),
      };
    })
    .sort(
      (a, b) =>
        (b.rate ?? -1) - (a.rate ?? -1) ||
        b.unitsClaimed - a.unitsClaimed ||
        compare(a.productId, b.productId),
    );
}

/** The Overview's claims card: the period's claims, what they gave back, and per product. */
export function claimsOverview(rollup: SalesRollup, size: number): ClaimsOverview {
  return {
    reported: rollup.claims_reported ?? 0,
    unitsClaimed: rollup.claims_units ?? 0,
    refunds: rollup.credits_refund ?? 0,
    creditNotes: rollup.credits_credit_note ?? 0,
    storeCredit: rollup.credits_store_credit ?? 0,
    replacements: rollup.replacements_orders ?? 0,
    replacementsValue: rollup.replacements_value ?? 0,
    byProduct: claimProductFigures(rollup).slice(0, size),
  };
}

/** Cents: credits given by claims settled in the rollup's days (refunds, credit notes, store credit). */
export function creditsGiven(rollup: SalesRollup): number {
  return (
    (rollup.credits_refund ?? 0) +
    (rollup.credits_credit_note ?? 0) +
    (rollup.credits_store_credit ?? 0)
  );
}

/**
 * Cents: net revenue (paid less refunded) less the credit notes and store credit claims gave in
 * the same days. A claim's refund is already a refund.
 */
export function netRevenueAfterCredits(rollup: SalesRollup): number {
  return (
    rollup.revenue -
    rollup.refunded -
    (rollup.credits_credit_note ?? 0) -
    (rollup.credits_store_credit ?? 0)
  );
}

// ---- getProductClaims (managers): the catalog's product rows -----------------------------------

/** The catalog's claims column covers the last 90 business days, today included. */
export const PRODUCT_CLAIMS_DAYS = 90;

export const productClaimsRequest = /* @__PURE__ */ z.strictObject({});
export type ProductClaimsRequest = z.input<typeof productClaimsRequest>;

export interface ProductClaimsResponse {
  /** The days covered: the last PRODUCT_CLAIMS_DAYS business days, today included. */
  range: DayRange;
  /** Every product claimed in those days (claimProductFigures); the others had no claim. */
  products: ClaimProductFigure[];
}

/** "Last 90 days: 3 claims, 5 of 200 units sold (2.5%)": the product row's tooltip. */
export function productClaimsTitle(figure: ClaimProductFigure | undefined): string {
  const head = `Last ${PRODUCT_CLAIMS_DAYS} days`;
  if (!figure) return `${head}: no claims`;
  const claims = `${figure.claims} claim${figure.claims === 1 ? '' : 's'}`;
  const units = `${figure.unitsClaimed} unit${figure.unitsClaimed === 1 ? '' : 's'} claimed`;
  const sold =
    figure.unitsSold > 0
      ? `of ${figure.unitsSold} sold (${formatClaimsRate(figure.rate)})`
      : 'none sold in that time';
  return `${head}: ${claims}, ${units} ${sold}. Rate: claimed units / units sold.`;
}

// ---- getCompanyDetails: a company's claims ------------------------------------------------------

/** The company page's claims: how many are open and settled, what they gave, the credit left. */
export interface CompanyClaimFigures {
  /** Claims waiting for a manager or the buyer (new, awaiting buyer). */
  open: number;
  settled: number;
  rejected: number;
  /** Cents given back by settled claims, by remedy. */
  refunds: number;
  creditNotes: number;
  storeCredit: number;
  /** Claims settled with a replacement order. */
  replacements: number;
  /** Cents of store credit the company has now (store_credit/{companyId}.balance). */
  storeCreditBalance: number;
}
