/**
 * Price lists: negotiated prices for some companies (docs/pricing.md). A list names products and,
 * for each, either a fixed unit price or a percentage off the company's tier price (retailer or
 * wholesaler), each with optional quantity breaks of its own; it applies to the companies it is
 * assigned to, within its validity window.
 *
 * Which price wins: a line's unit price is the LOWEST of the tier price at the line's quantity
 * (the tier's own breaks included) and every applicable list's price at that quantity. On a tie
 * the tier price wins (nothing is attributed to a list); between lists, the list whose id sorts
 * first. The same function prices the catalog in the browser (display) and every line on the
 * server (what is charged), so what a buyer sees is what they pay.
 *
 * No schema here (the stored shapes are in price-list-schemas.ts): the store's pages import this
 * without Zod.
 */
import type { Cents } from './money';
import { MAX_LINE_QUANTITY } from './orders';
import { unitPriceAt, type PriceBreak } from './price-breaks';

/** A percentage in basis points: 500 = 5%. From 0.01% to 90% (a list never gives goods away). */
export type BasisPoints = number;
export const MIN_PERCENT_OFF_BPS = 1;
export const MAX_PERCENT_OFF_BPS = 9000;

/** From `min_quantity` units on a line, this much off the tier price (a percentage entry's break). */
export interface PercentBreak {
  min_quantity: number;
  percent_off_bps: BasisPoints;
}

/** One product's price in a list. */
export type PriceListEntry =
  | { kind: 'fixed'; unit_amount: Cents; breaks: PriceBreak[] }
  | { kind: 'percent'; percent_off_bps: BasisPoints; breaks: PercentBreak[] };

/** Limits: a list is a deal, not a second catalog, but it may cover the whole catalog. */
export const PRICE_LIST_LIMITS = {
  name: 60,
  /**
   * Products per list: a deal, or a category of a large catalog (a company may hold several
   * lists). The list is saved in one request (functions/src/lib/payload-limits.ts).
   */
  entries: 500,
  /**
   * Companies per list: a save writes each one's copy, removes those of the companies taken off
   * and stamps all of them, in one transaction (Firestore takes 500 writes).
   */
  companies: 100,
  /** Quantity breaks per entry, as for the catalog's prices. */
  breaks: 5,
  /** A tier move's or a list change's reason. */
  reason: 300,
} as const;

/** A list as the pricing needs it: who, when, and the entries by product id. */
export interface PriceListTerms {
  id: string;
  name: string;
  /** First day it applies (inclusive), or null: from its creation. */
  valid_from: Date | null;
  /** The moment it stops applying (exclusive), or null: no end. */
  valid_to: Date | null;
  entries: Readonly<Record<string, PriceListEntry>>;
}

/** Whether the list applies at `now` (its window contains it). */
export function priceListActiveAt(
  list: Pick<PriceListTerms, 'valid_from' | 'valid_to'>,
  now: Date,
): boolean {
  const t = now.getTime();
  if (list.valid_from && t < list.valid_from.getTime()) return false;
  if (list.valid_to && t >= list.valid_to.getTime()) return false;
  return true;
}

/** Where a list stands at `now`, for the managers' table. */
export type PriceListState = 'scheduled' | 'active' | 'expired';
export function priceListState(
  list: Pick<PriceListTerms, 'valid_from' | 'valid_to'>,
  now: Date,
): PriceListState {
  if (list.valid_from && now.getTime() < list.valid_from.getTime()) return 'scheduled';
  if (list.valid_to && now.getTime() >= list.valid_to.getTime()) return 'expired';
  return 'active';
}

/** `price` less `bps` basis points, rounded to the nearest cent (never below a cent). */
export function percentOff(price: Cents, bps: BasisPoints): Cents {
  return Math.max(1, Math.round((price * (10_000 - bps)) / 10_000));
}

/** "5%", "7.5%", "12.25%" */
export function formatPercentOff(bps: BasisPoints): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/** The tier's price of a product for a company: its base and the tier's own breaks. */
export interface TierPrice {
  base: Cents;
  breaks: readonly PriceBreak[];
}

/** What one list entry asks per unit on a line of `quantity` units. */
export function entryUnitPrice(entry: PriceListEntry, tier: TierPrice, quantity: number): Cents {
  if (entry.kind === 'fixed') return unitPriceAt(entry.unit_amount, entry.breaks, quantity);
  let bps = entry.percent_off_bps;
  for (const step of entry.breaks) if (quantity >= step.min_quantity) bps = step.percent_off_bps;
  return percentOff(unitPriceAt(tier.base, tier.breaks, quantity), bps);
}

/** A list that names this product, with its entry for it. */
export interface AppliedEntry {
  listId: string;
  listName: string;
  entry: PriceListEntry;
}

/** A line's price: what is charged per unit, the list that set it (or none), the tier's price. */
export interface ResolvedPrice {
  unit_amount: Cents;
  /** The tier price at this quantity (what the unit would cost without any list). */
  tier_unit_amount: Cents;
  price_list: { id: string; name: string } | null;
}

/**
 * The unit price of a line of `quantity` units: the lowest of the tier price and each applied
 * entry's price (see the rule above). `applied` must hold only lists active now and assigned to
 * the buyer's company (applicableEntries).
 */
export function resolveUnitPrice(
  tier: TierPrice,
  applied: readonly AppliedEntry[],
  quantity: number,
): ResolvedPrice {
  const tierUnit = unitPriceAt(tier.base, tier.breaks, quantity);
  let best: ResolvedPrice = { unit_amount: tierUnit, tier_unit_amount: tierUnit, price_list: null };
  for (const candidate of applied) {
    const unit = entryUnitPrice(candidate.entry, tier, quantity);
    const better =
      unit < best.unit_amount ||
      (unit === best.unit_amount &&
        best.price_list !== null &&
        candidate.listId < best.price_list.id);
    if (better) {
      best = {
        unit_amount: unit,
        tier_unit_amount: tierUnit,
        price_list: { id: candidate.listId, name: candidate.listName },
      };
    }
  }
  return best;
}

/**
 * The lists that apply now, indexed by product: product id -> the entries naming it, each list
 * once, in id order. Built once per request (a cart of 100 lines against 50 lists of 2,000
 * products is priced in well under a millisecond per line: docs/pricing.md#benchmark).
 */
export function applicableEntries(
  lists: readonly PriceListTerms[],
  now: Date,
  /** Only these products (a cart's): the others are not indexed. */
  only?: ReadonlySet<string>,
): Map<string, AppliedEntry[]> {
  const byProduct = new Map<string, AppliedEntry[]>();
  const active = lists
    .filter((list) => priceListActiveAt(list, now))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const list of active) {
    const productIds = only
      ? [...only].filter((id) => Object.hasOwn(list.entries, id))
      : Object.keys(list.entries);
    for (const productId of productIds) {
      const entry = list.entries[productId]!;
      const applied = { listId: list.id, listName: list.name, entry };
      const existing = byProduct.get(productId);
      if (existing) existing.push(applied);
      else byProduct.set(productId, [applied]);
    }
  }
  return byProduct;
}

/**
 * The company's whole price ladder for one product, for display (the card's price, the product
 * page's table, the cart): a base price and breaks, exactly what resolveUnitPrice gives at every
 * quantity. Each step says which list set it (null: the tier). The tier's and every entry's break
 * points are the only quantities where the lowest price can change, so those are evaluated.
 */
export interface CompanyLadder {
  base: Cents;
  breaks: PriceBreak[];
  /** The list of the base price, or null. */
  baseList: { id: string; name: string } | null;
  /** The tier's base price (shown struck through when a list lowers it). */
  tierBase: Cents;
}

export function companyLadder(tier: TierPrice, applied: readonly AppliedEntry[]): CompanyLadder {
  const first = resolveUnitPrice(tier, applied, 1);
  if (applied.length === 0) {
    return { base: tier.base, breaks: [...tier.breaks], baseList: null, tierBase: tier.base };
  }
  const points = new Set<number>();
  for (const step of tier.breaks) points.add(step.min_quantity);
  for (const { entry } of applied) for (const step of entry.breaks) points.add(step.min_quantity);
  const breaks: PriceBreak[] = [];
  let previous = first.unit_amount;
  for (const quantity of [...points].sort((a, b) => a - b)) {
    if (quantity < 2 || quantity > MAX_LINE_QUANTITY) continue;
    const unit = resolveUnitPrice(tier, applied, quantity).unit_amount;
    if (unit < previous) {
      breaks.push({ min_quantity: quantity, unit_amount: unit });
      previous = unit;
    }
  }
  return { base: first.unit_amount, breaks, baseList: first.price_list, tierBase: tier.base };
}
