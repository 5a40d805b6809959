/**
 * The sandbox's stand-in for Stripe Tax: the base (state-level) sales-tax rate of every US state
 * and DC, as a percentage, as published at the start of 2025. County, city and district
 * rates are not modelled, nor are product taxability rules or thresholds: every sale is taxed at
 * its state's base rate, as if the account were registered everywhere. This is test data, not
 * tax advice.
 */
export interface StateRate {
  name: string;
  /** The base state sales-tax rate, in percent (7.25 is 7.25%). */
  percentage: number;
}

export const US_STATE_SALES_TAX_RATES: Readonly<Record<string, StateRate>> = {
  AL: { name: 'Alabama', percentage: 4 },
  AK: { name: 'Alaska', percentage: 0 },
  AZ: { name: 'Arizona', percentage: 5.6 },
  AR: { name: 'Arkansas', percentage: 6.5 },
  CA: { name: 'California', percentage: 7.25 },
  CO: { name: 'Colorado', percentage: 2.9 },
  CT: { name: 'Connecticut', percentage: 6.35 },
  DE: { name: 'Delaware', percentage: 0 },
  DC: { name: 'District of Columbia', percentage: 6 },
  FL: { name: 'Florida', percentage: 6 },
  GA: { name: 'Georgia', percentage: 4 },
  HI: { name: 'Hawaii', percentage: 4 },
  ID: { name: 'Idaho', percentage: 6 },
  IL: { name: 'Illinois', percentage: 6.25 },
  IN: { name: 'Indiana', percentage: 7 },
  IA: { name: 'Iowa', percentage: 6 },
  KS: { name: 'Kansas', percentage: 6.5 },
  KY: { name: 'Kentucky', percentage: 6 },
  LA: { name: 'Louisiana', percentage: 5 },
  ME: { name: 'Maine', percentage: 5.5 },
  MD: { name: 'Maryland', percentage: 6 },
  MA: { name: 'Massachusetts', percentage: 6.25 },
  MI: { name: 'Michigan', percentage: 6 },
  MN: { name: 'Minnesota', percentage: 6.875 },
  MS: { name: 'Mississippi', percentage: 7 },
  MO: { name: 'Missouri', percentage: 4.225 },
  MT: { name: 'Montana', percentage: 0 },
  NE: { name: 'Nebraska', percentage: 5.5 },
  NV: { name: 'Nevada', percentage: 6.85 },
  NH: { name: 'New Hampshire', percentage: 0 },
  NJ: { name: 'New Jersey', percentage: 6.625 },
  NM: { name: 'New Mexico', percentage: 4.875 },
  NY: { name: 'New York', percentage: 4 },
  NC: { name: 'North Carolina', percentage: 4.75 },
  ND: { name: 'North Dakota', percentage: 5 },
  OH: { name: 'Ohio', percentage: 5.75 },
  OK: { name: 'Oklahoma', percentage: 4.5 },
  OR: { name: 'Oregon', percentage: 0 },
  PA: { name: 'Pennsylvania', percentage: 6 },
  RI: { name: 'Rhode Island', percentage: 7 },
  SC: { name: 'South Carolina', percentage: 6 },
  SD: { name: 'South Dakota', percentage: 4.2 },
  TN: { name: 'Tennessee', percentage: 7 },
  TX: { name: 'Texas', percentage: 6.25 },
  UT: { name: 'Utah', percentage: 4.85 },
  VT: { name: 'Vermont', percentage: 6 },
  VA: { name: 'Virginia', percentage: 5.3 },
  WA: { name: 'Washington', percentage: 6.5 },
  WV: { name: 'West Virginia', percentage: 6 },
  WI: { name: 'Wisconsin', percentage: 5 },
  WY: { name: 'Wyoming', percentage: 4 },
};

/** The base rate of a two-letter US state code (any case), or undefined for another code. */
export function stateRate(state: string): number | undefined {
  return US_STATE_SALES_TAX_RATES[state.toUpperCase()]?.percentage;
}

/** The state's name (`California`), or the code itself for an unknown one. */
export function stateName(state: string): string {
  return US_STATE_SALES_TAX_RATES[state.toUpperCase()]?.name ?? state;
}

/**
 * Exclusive tax on `amount` (whole cents) at `percentage`, rounded half up to a whole cent:
 * $10.01 at 7.25% is 72.5725 cents, so 73; $10.00 at 6.85% is 68.5 cents, so 69. The rate is
 * taken in thousandths of a percent so the arithmetic stays in integers.
 */
export function exclusiveTax(amount: number, percentage: number): number {
  const milliPercent = Math.round(percentage * 1000);
  return Math.floor((amount * milliPercent + 50_000) / 100_000);
}

/** `7.25` as Stripe writes a percentage in `percentage_decimal`: `'7.25'`, `'0.0'` for none. */
export function percentageDecimal(percentage: number): string {
  return Number.isInteger(percentage) ? percentage.toFixed(1) : String(percentage);
}
