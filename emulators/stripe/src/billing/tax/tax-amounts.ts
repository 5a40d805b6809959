import type Stripe from 'stripe';
import { exclusiveTax, stateRate } from './state-rates.js';
import { isNontaxable } from './tax-codes.js';
import type { Known } from '../../core/types.js';
import { TAX_EXEMPT_VALUES, type TaxExempt } from '../../customers/customer-store.js';

export type { TaxExempt };

/** Why a line is taxed as it is (Stripe's `taxability_reason`, the values the sandbox gives). */
export type TaxabilityReason = Extract<
  Known<Stripe.LineItem.Tax.TaxabilityReason>,
  'standard_rated' | 'not_subject_to_tax' | 'not_collecting' | 'customer_exempt' | 'reverse_charge'
>;

/** Where a sale is taxed: a US state (by its base rate), or a country the sandbox does not tax. */
export interface TaxLocation {
  country: string;
  /** Two-letter state code (upper case) for a US location. */
  state: string | null;
  /** Which of the buyer's addresses it came from. */
  source: 'shipping' | 'billing';
}

/** The tax of one line: its amount, the rate applied and why. */
export interface LineTax {
  /** Tax in cents (exclusive: on top of the line's amount). */
  amount: number;
  /** What the tax was computed on: the line's amount, 0 when nothing is taxed. */
  taxableAmount: number;
  /** The percentage applied (0 when exempt, not taxed or not collecting). */
  percentage: number;
  /** The state, for a US location. */
  state: string | null;
  country: string;
  reason: TaxabilityReason;
}

/** The tax of a set of lines at one location (null: no usable location, nothing computed). */
export interface TaxResult {
  location: TaxLocation;
  lines: LineTax[];
  /** The sum of the lines' tax. */
  amount: number;
}

/**
 * The first address that can locate a sale, as Stripe Tax picks it: each candidate in order
 * (the shipping address collected, then the customer's `shipping.address`, then their `address`),
 * skipping empty ones. A US address needs a state of the rate table; another country is enough
 * by itself. Null when none will do (Stripe's `requires_location_inputs`).
 */
export function taxLocation(
  candidates: ReadonlyArray<{
    address: Partial<Stripe.Address> | null | undefined;
    source: TaxLocation['source'];
  }>,
): TaxLocation | null {
  for (const { address, source } of candidates) {
    const country = address?.country?.toUpperCase();
    if (!country) continue;
    if (country !== 'US') return { country, state: address?.state?.toUpperCase() || null, source };
    const state = address?.state?.toUpperCase() ?? '';
    return stateRate(state) === undefined ? null : { country, state, source };
  }
  return null;
}

/**
 * Exclusive sales tax of each line amount (cents) at `location`, each line rounded on its own
 * (half up, see state-rates.ts): the state's base rate (`standard_rated`, or
 * `not_subject_to_tax` in a state without sales tax); nothing outside the US or for a line whose
 * tax code (`taxCodes[i]`, null for the preset) is the nontaxable `txcd_00000000`
 * (`not_collecting`, as Stripe answers for both), for an exempt customer (`customer_exempt`) or a
 * `reverse` one (`reverse_charge`).
 */
export function computeTax(
  amounts: ReadonlyArray<number>,
  location: TaxLocation,
  exempt: TaxExempt,
  taxCodes: ReadonlyArray<string | null> = [],
): TaxResult {
  const rate = location.country === 'US' && location.state ? stateRate(location.state) : undefined;
  const lines = amounts.map((amount, index): LineTax => {
    const base = { state: location.state, country: location.country };
    if (rate === undefined || isNontaxable(taxCodes[index])) {
      return { ...base, amount: 0, taxableAmount: 0, percentage: 0, reason: 'not_collecting' };
    }
    if (exempt !== 'none') {
      const reason = exempt === 'exempt' ? 'customer_exempt' : 'reverse_charge';
      return { ...base, amount: 0, taxableAmount: 0, percentage: 0, reason };
    }
    if (rate === 0) {
      return { ...base, amount: 0, taxableAmount: 0, percentage: 0, reason: 'not_subject_to_tax' };
    }
    return {
      ...base,
      amount: exclusiveTax(amount, rate),
      taxableAmount: amount,
      percentage: rate,
      reason: 'standard_rated',
    };
  });
  return { location, lines, amount: lines.reduce((sum, line) => sum + line.amount, 0) };
}

/** `tax_exempt` as stored on a customer (`none` when unset). */
export function exemptionOf(customer: { tax_exempt?: string | null } | undefined): TaxExempt {
  const value = customer?.tax_exempt;
  return TAX_EXEMPT_VALUES.find((known) => known === value) ?? 'none';
}

/** What a hosted page or a PDF says about an object's tax. */
export interface TaxSummary {
  status: 'complete' | 'requires_location_inputs';
  amount: number;
  /** The taxed state (null outside the US or without a location). */
  state: string | null;
  percentage: number;
  reason: TaxabilityReason | null;
}

/**
 * The tax entry a one-row summary describes: the first that is not `not_collecting` (a line with
 * the nontaxable code says nothing of the sale's tax), else the first.
 */
export function summaryTaxEntry<T extends { taxability_reason: string | null }>(
  entries: ReadonlyArray<T>,
): T | undefined {
  return entries.find((entry) => entry.taxability_reason !== 'not_collecting') ?? entries[0];
}

/** `Tax (CA, 7.25%)` and `$6.34`, `Tax (NV)` and `Exempt`, or what the tax waits for. */
export function taxRowText(
  tax: TaxSummary,
  formatted: (amount: number) => string,
): { label: string; value: string } {
  const where = tax.state ?? 'outside the US';
  if (tax.status === 'requires_location_inputs') {
    return { label: 'Tax', value: 'Calculated from the shipping address' };
  }
  switch (tax.reason) {
    case 'customer_exempt':
      return { label: `Tax (${where})`, value: 'Exempt' };
    case 'reverse_charge':
      return { label: `Tax (${where})`, value: 'Reverse charge' };
    case 'not_subject_to_tax':
      return { label: `Tax (${where}, no sales tax)`, value: formatted(0) };
    case 'not_collecting':
      return { label: `Tax (not collected ${where})`, value: formatted(0) };
    default:
      return { label: `Tax (${where}, ${tax.percentage}%)`, value: formatted(tax.amount) };
  }
}
