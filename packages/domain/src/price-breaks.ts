import type { Cents } from './money';
import { MAX_LINE_QUANTITY } from './orders';

/**
 * Quantity price breaks: from `min_quantity` units on one order line, each unit costs
 * `unit_amount`. A role's breaks live beside its base price: the retail breaks on the product
 * document, the wholesale breaks on its wholesale_prices document (retailers never read those).
 */
export interface PriceBreak {
  min_quantity: number;
  unit_amount: Cents;
}

/** At most this many breaks per price (each a row on the card and the product page). */
export const MAX_PRICE_BREAKS = 5;

/**
 * Why these breaks are not a valid ladder over `base`, or null: each break starts above 1 unit
 * and at most at the line cap, starts after the one before and costs less than it (and less than
 * the base price).
 */
export function priceBreaksProblem(base: Cents, breaks: readonly PriceBreak[]): string | null {
  if (breaks.length > MAX_PRICE_BREAKS) return `At most ${MAX_PRICE_BREAKS} price breaks`;
  let previous: PriceBreak = { min_quantity: 1, unit_amount: base };
  for (const step of breaks) {
    if (
      !Number.isInteger(step.min_quantity) ||
      step.min_quantity < 2 ||
      step.min_quantity > MAX_LINE_QUANTITY
    ) {
      return `A price break starts at a whole number from 2 to ${MAX_LINE_QUANTITY}`;
    }
    if (!Number.isInteger(step.unit_amount) || step.unit_amount < 1) {
      return 'A break price must be at least $0.01';
    }
    if (step.min_quantity <= previous.min_quantity) {
      return 'Price breaks must start at increasing quantities';
    }
    if (step.unit_amount >= previous.unit_amount) {
      return 'Each price break must be cheaper than the price before it';
    }
    previous = step;
  }
  return null;
}

/** The unit price of a line of `quantity` units: the base price or the largest break reached. */
export function unitPriceAt(base: Cents, breaks: readonly PriceBreak[], quantity: number): Cents {
  let price = base;
  for (const step of breaks) if (quantity >= step.min_quantity) price = step.unit_amount;
  return price;
}

/** One row of a price table: `from`..`to` units (to null: and more) at `unit_amount`. */
export interface PriceTier {
  from: number;
  to: number | null;
  unit_amount: Cents;
}

/** The price ladder as rows for display: "1–23 $4.50", "24+ $3.90". One row when no breaks. */
export function priceTiers(base: Cents, breaks: readonly PriceBreak[]): PriceTier[] {
  const starts = [{ min_quantity: 1, unit_amount: base }, ...breaks];
  return starts.map((step, index) => {
    const next = starts[index + 1];
    return {
      from: step.min_quantity,
      to: next ? next.min_quantity - 1 : null,
      unit_amount: step.unit_amount,
    };
  });
}

/** "1–23" or "24+" */
export function tierLabel(tier: PriceTier): string {
  if (tier.to === null) return `${tier.from}+`;
  return tier.from === tier.to ? `${tier.from}` : `${tier.from}–${tier.to}`;
}

/** Breaks in the catalog CSV's form: "24:3.90|48:3.50" (none: ""). */
export function formatPriceBreaks(breaks: readonly PriceBreak[]): string {
  return breaks
    .map((step) => `${step.min_quantity}:${(step.unit_amount / 100).toFixed(2)}`)
    .join('|');
}
