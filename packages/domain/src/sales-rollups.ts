import { businessDay } from './business-day';
import { addDays, dayNumber, dayOfNumber, type DayRange } from './insights';
import { ORDER_STATUSES, type OrderStatus } from './orders';
import type { OrderLine } from './order-schema';
import { COLLECTIONS } from './paths';
import { isReceivable, type TermsInvoiceState } from './payment-terms';

/**
 * Sales rollups: the figures of the manager's Overview, kept per business day, week and month in
 * sales_days/{YYYY-MM-DD}, sales_weeks/{Monday's YYYY-MM-DD} and sales_months/{YYYY-MM}, so that
 * a range of any length is answered from a few hundred documents at most, never by reading the
 * orders. Everything about an order (its amount, its refunds, its status now) counts on the
 * business day (Pacific) it was paid. The functions apply rollupDelta in the transaction of
 * every order change; buildRollups makes the same documents from scratch (a rebuild, the demo
 * data). This module is the write side: the documents, their calendar and what each change adds
 * to them; sales-overview-plan.ts reads them for the Overview. The design and its reasons:
 * docs/manager-insight.md, "Sales figures: rollups".
 */

/**
 * The statuses a counted order can be in (a pending order is not paid yet; an order on terms
 * counts from the day it is booked, awaiting payment).
 */
export type RollupStatus = Exclude<OrderStatus, 'pending'>;
export const ROLLUP_STATUSES: readonly RollupStatus[] = ORDER_STATUSES.filter(
  (status): status is RollupStatus => status !== 'pending',
);

export interface ProductRollup {
  name: string;
  /** Cents: the line totals of paid orders that were not cancelled. */
  revenue: number;
  units: number;
  /** Cents: the discount price lists gave on those lines (lineListDiscount). */
  list_discount: number;
}

export interface StoreRollup {
  name: string;
  /** Cents: paid amount less refunds. */
  revenue: number;
  /** Paid orders (cancelled ones included). */
  orders: number;
}

/** A product's claims in a rollup document (claim-rollups.ts). */
export interface ClaimProductRollup {
  name: string;
  /** Claims (not rejected) reported on these days that name the product. */
  claims: number;
  /** Their units of it. */
  units: number;
}

/**
 * The claims' figures of a rollup document (claim-rollups.ts keeps them from the claims, a
 * trigger on claims/{claimId}): claims reported on these days (not rejected), and what the
 * claims settled on these days gave back. All optional and additive: a document without them (no
 * claim that day, or from before claims) reads as zeros, and the order figures never touch them.
 */
export interface ClaimRollupFields {
  /** Claims reported on these days that were not rejected (open or settled). */
  claims_reported?: number;
  /** Their units, all products. */
  claims_units?: number;
  claims_products?: Record<string, ClaimProductRollup>;
  /** Cents: claims settled on these days by a refund to the card (also in refunded, by order). */
  credits_refund?: number;
  /** Cents: claims settled on these days by a credit note on a terms invoice. */
  credits_credit_note?: number;
  /** Cents: claims settled on these days by store credit. */
  credits_store_credit?: number;
  /** Claims settled on these days by a replacement order. */
  replacements_orders?: number;
  /** Cents: the goods those replacements sent again, at the claims' unit prices. */
  replacements_value?: number;
}

/** The claims' number fields of a rollup document. */
export const CLAIM_ROLLUP_NUMBERS = [
  'claims_reported',
  'claims_units',
  'credits_refund',
  'credits_credit_note',
  'credits_store_credit',
  'replacements_orders',
  'replacements_value',
] as const satisfies ReadonlyArray<keyof ClaimRollupFields>;
export type ClaimRollupNumber = (typeof CLAIM_ROLLUP_NUMBERS)[number];

/**
 * One rollup document: the orders paid on its days, as they stand now, the approvals, and the
 * claims (ClaimRollupFields).
 */
export interface SalesRollup extends ClaimRollupFields {
  /** Cents: the gross amount paid, or booked on terms (booked revenue). */
  revenue: number;
  /**
   * Cents: of that, what orders on terms still owe (their invoice open, or written off as
   * uncollectible): collected revenue is revenue - uncollected.
   */
  uncollected: number;
  /** Cents: refunded of those orders (whenever the refund happened). */
  refunded: number;
  paid_orders: number;
  /**
   * Cents: the discount price lists gave on the lines of those orders that were not cancelled
   * (what the lines would have cost at the tier's price, less what they cost).
   */
  list_discount: number;
  statuses: Record<RollupStatus, number>;
  /** Buyers approved on these days. */
  approved_buyers: number;
  products: Record<string, ProductRollup>;
  stores: Record<string, StoreRollup>;
}

/** What a rollup needs of an order (the order document, timestamps as Dates). */
export interface SalesOrder {
  user_id: string;
  store_name: string;
  status: OrderStatus;
  amount: number;
  refunded_amount: number;
  paid_at: Date | null;
  items: ReadonlyArray<SalesLine>;
  /**
   * An order on payment terms: it counts on the business day it was booked (placed), whether or
   * not its invoice is paid yet, and not at all once its invoice is voided (it was cancelled).
   */
  on_terms?: { booked_at: Date; state: TermsInvoiceState } | null;
  /**
   * Where the order came from: a 'replacement' order (a claim settled by sending the goods again,
   * amount 0) is no sale and counts nowhere here; the claim's settlement counts it
   * (replacements_orders, replacements_value).
   */
  source?: string;
  /**
   * Units and cents refunded by line, per product (refundedByLine): they leave the products'
   * units and revenue (the order's refunded_amount already leaves its net revenue).
   */
  refunded_lines?: ReadonlyMap<string, { units: number; amount: number }>;
  /**
   * Cents of the sale its `amount` does not show (docs/payments.md#store-credit): store credit
   * it spent (a card checkout's discount, or what Stripe applied to its invoice), and credit
   * notes that lowered its open invoice (order-lifecycle.md#settling-a-claim). Both count as
   * revenue: the claims' figures count the credit once, when it is given.
   */
  store_credit_spent?: number;
  credit_notes_on_invoice?: number;
}

/** What a rollup needs of an order line (the list and the tier price only on list-priced lines). */
export type SalesLine = Pick<
  OrderLine,
  | 'product_id'
  | 'name'
  | 'quantity'
  | 'line_total'
  | 'unit_amount'
  | 'price_list'
  | 'tier_unit_amount'
>;

/**
 * Cents: the discount a price list gave on a line, (tier_unit_amount - unit_amount) x quantity,
 * or 0 when the line was charged the tier's price (no price_list, and lines from before lists).
 */
export function lineListDiscount(
  line: Pick<SalesLine, 'quantity' | 'unit_amount' | 'price_list' | 'tier_unit_amount'>,
): number {
  if (!line.price_list || typeof line.tier_unit_amount !== 'number') return 0;
  return (line.tier_unit_amount - line.unit_amount) * line.quantity;
}

export const ROLLUP_LEVELS = ['day', 'week', 'month'] as const;
export type RollupLevel = (typeof ROLLUP_LEVELS)[number];

export const ROLLUP_COLLECTIONS: Readonly<Record<RollupLevel, string>> = {
  day: COLLECTIONS.salesDays,
  week: COLLECTIONS.salesWeeks,
  month: COLLECTIONS.salesMonths,
};

/** One rollup document: its level, its id (YYYY-MM-DD, or YYYY-MM for a month) and its path. */
export interface RollupRef {
  level: RollupLevel;
  id: string;
  path: string;
}

// ---- calendar --------------------------------------------------------------------------------

function dayNumberOf(day: string): number {
  const n = dayNumber(day);
  if (n === null) throw new Error(`Not a day: ${day}`);
  return n;
}

/** The Monday of the week a day is in (weeks run Monday to Sunday). */
export function weekStart(day: string): string {
  const n = dayNumberOf(day);
  // Day 0 (1970-01-01) was a Thursday: (n + 3) % 7 is 0 on Mondays.
  return dayOfNumber(n - ((n + 3) % 7));
}

/** 'YYYY-MM' of a day. */
export function monthOf(day: string): string {
  dayNumberOf(day);
  return day.slice(0, 7);
}

/** The days of a month ('YYYY-MM'). */
export function monthDays(month: string): DayRange {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

export function rollupRef(level: RollupLevel, id: string): RollupRef {
  return { level, id, path: `${ROLLUP_COLLECTIONS[level]}/${id}` };
}

/** The three documents a business day counts in: its day, its week, its month. */
export function rollupRefsOfDay(day: string): RollupRef[] {
  return [
    rollupRef('day', day),
    rollupRef('week', weekStart(day)),
    rollupRef('month', monthOf(day)),
  ];
}

/** The days a rollup document covers. */
export function rollupDays(ref: Pick<RollupRef, 'level' | 'id'>): DayRange {
  if (ref.level === 'day') return { from: ref.id, to: ref.id };
  if (ref.level === 'week') return { from: ref.id, to: addDays(ref.id, 6) };
  return monthDays(ref.id);
}

// ---- figures ---------------------------------------------------------------------------------

export function emptyRollup(): SalesRollup {
  return {
    revenue: 0,
    uncollected: 0,
    refunded: 0,
    paid_orders: 0,
    list_discount: 0,
    statuses: {
      awaiting_payment: 0,
      processing: 0,
      partially_shipped: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
      refunded: 0,
    },
    approved_buyers: 0,
    products: {},
    stores: {},
  };
}

/** Adds `source` (or subtracts it, sign -1) into `target`; a name in `source` replaces the old. */
function addInto(target: SalesRollup, source: SalesRollup, sign: 1 | -1 = 1): void {
  target.revenue += sign * source.revenue;
  target.uncollected += sign * source.uncollected;
  target.refunded += sign * source.refunded;
  target.paid_orders += sign * source.paid_orders;
  target.list_discount += sign * source.list_discount;
  target.approved_buyers += sign * source.approved_buyers;
  for (const status of ROLLUP_STATUSES) target.statuses[status] += sign * source.statuses[status];
  for (const [id, product] of Object.entries(source.products)) {
    const was = target.products[id] ?? { name: '', revenue: 0, units: 0, list_discount: 0 };
    target.products[id] = {
      name: product.name || was.name,
      revenue: was.revenue + sign * product.revenue,
      units: was.units + sign * product.units,
      list_discount: was.list_discount + sign * product.list_discount,
    };
  }
  for (const [uid, store] of Object.entries(source.stores)) {
    const was = target.stores[uid] ?? { name: '', revenue: 0, orders: 0 };
    target.stores[uid] = {
      name: store.name || was.name,
      revenue: was.revenue + sign * store.revenue,
      orders: was.orders + sign * store.orders,
    };
  }
  addClaimsInto(target, source, sign);
}

/** The claims' figures of `source` into `target` (only those `source` has). */
function addClaimsInto(target: SalesRollup, source: SalesRollup, sign: 1 | -1): void {
  for (const key of CLAIM_ROLLUP_NUMBERS) {
    const value = source[key];
    if (value) target[key] = (target[key] ?? 0) + sign * value;
  }
  if (!source.claims_products) return;
  const products = (target.claims_products ??= {});
  for (const [id, product] of Object.entries(source.claims_products)) {
    const was = products[id] ?? { name: '', claims: 0, units: 0 };
    products[id] = {
      name: product.name || was.name,
      claims: was.claims + sign * product.claims,
      units: was.units + sign * product.units,
    };
  }
}

/** The claims' figures of a rollup without those that are zero (none at all: {}). */
function compactClaims(rollup: SalesRollup): ClaimRollupFields {
  const fields: ClaimRollupFields = {};
  for (const key of CLAIM_ROLLUP_NUMBERS) {
    const value = rollup[key];
    if (value) fields[key] = value;
  }
  const products = Object.entries(rollup.claims_products ?? {}).filter(
    ([, p]) => p.claims !== 0 || p.units !== 0,
  );
  if (products.length > 0) fields.claims_products = Object.fromEntries(products);
  return fields;
}

/** The sum of rollups, in order (later names win). */
export function sumRollups(rollups: Iterable<SalesRollup>): SalesRollup {
  const total = emptyRollup();
  for (const rollup of rollups) addInto(total, rollup);
  return total;
}

/** The rollup without product and store entries whose figures are all zero. */
export function compactRollup(rollup: SalesRollup): SalesRollup {
  const keep = <T>(entries: Record<string, T>, counts: (entry: T) => boolean) =>
    Object.fromEntries(Object.entries(entries).filter(([, entry]) => counts(entry)));
  const { revenue, uncollected, refunded, paid_orders, list_discount, approved_buyers } = rollup;
  return {
    revenue,
    uncollected,
    refunded,
    paid_orders,
    list_discount,
    approved_buyers,
    ...compactClaims(rollup),
    statuses: { ...rollup.statuses },
    products: keep(
      rollup.products,
      (p) => p.revenue !== 0 || p.units !== 0 || p.list_discount !== 0,
    ),
    stores: keep(rollup.stores, (s) => s.revenue !== 0 || s.orders !== 0),
  };
}

const num = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * A rollup document as stored (fields that were never incremented are absent, and documents from
 * before price lists have no list_discount), or no document: missing figures read as 0.
 */
export function readRollup(data: unknown): SalesRollup {
  const doc = record(data);
  const statuses = record(doc.statuses);
  const rollup = emptyRollup();
  rollup.revenue = num(doc.revenue);
  rollup.uncollected = num(doc.uncollected);
  rollup.refunded = num(doc.refunded);
  rollup.paid_orders = num(doc.paid_orders);
  rollup.list_discount = num(doc.list_discount);
  rollup.approved_buyers = num(doc.approved_buyers);
  for (const status of ROLLUP_STATUSES) rollup.statuses[status] = num(statuses[status]);
  for (const [id, value] of Object.entries(record(doc.products))) {
    const entry = record(value);
    rollup.products[id] = {
      name: str(entry.name),
      revenue: num(entry.revenue),
      units: num(entry.units),
      list_discount: num(entry.list_discount),
    };
  }
  for (const [uid, value] of Object.entries(record(doc.stores))) {
    const entry = record(value);
    rollup.stores[uid] = {
      name: str(entry.name),
      revenue: num(entry.revenue),
      orders: num(entry.orders),
    };
  }
  for (const key of CLAIM_ROLLUP_NUMBERS) {
    const value = num(doc[key]);
    if (value !== 0) rollup[key] = value;
  }
  const claimed = Object.entries(record(doc.claims_products));
  if (claimed.length > 0) {
    rollup.claims_products = Object.fromEntries(
      claimed.map(([id, value]) => {
        const entry = record(value);
        return [id, { name: str(entry.name), claims: num(entry.claims), units: num(entry.units) }];
      }),
    );
  }
  return rollup;
}

/**
 * What one order adds to the rollups of the business day it was paid on, or null when it counts
 * nowhere (not paid). Products, and the discount price lists gave, count the lines of orders that
 * were not cancelled; the store counts what was paid less what was refunded.
 */
export function orderContribution(
  order: SalesOrder | null,
): { day: string; rollup: SalesRollup } | null {
  if (!order || order.status === 'pending') return null;
  // A replacement is the settlement of a claim, not a sale: the claim's figures count it.
  if (order.source === 'replacement') return null;
  const terms = order.on_terms;
  // A voided invoice: the order was cancelled before anything was owed. It never was a sale.
  if (terms?.state === 'void') return null;
  const countedAt = terms ? terms.booked_at : order.paid_at;
  if (!countedAt) return null;
  const rollup = emptyRollup();
  // Booked: what was paid or is owed, the store credit that paid part of it, and the credit
  // notes that took some off its invoice (the claims' figures count those as credits given).
  const credited = order.credit_notes_on_invoice ?? 0;
  const booked = order.amount + (order.store_credit_spent ?? 0) + credited;
  rollup.revenue = booked;
  if (terms && (isReceivable(terms.state) || terms.state === 'uncollectible')) {
    // Not collected yet: what the invoice asks for, and what its credit notes forgave.
    rollup.uncollected = order.amount + credited;
  }
  rollup.refunded = order.refunded_amount;
  rollup.paid_orders = 1;
  rollup.statuses[order.status] = 1;
  rollup.stores[order.user_id] = {
    name: order.store_name,
    revenue: booked - order.refunded_amount,
    orders: 1,
  };
  if (order.status !== 'cancelled') {
    for (const line of order.items) {
      const discount = lineListDiscount(line);
      const was = rollup.products[line.product_id] ?? {
        name: line.name,
        revenue: 0,
        units: 0,
        list_discount: 0,
      };
      const refunded = order.refunded_lines?.get(line.product_id) ?? { units: 0, amount: 0 };
      rollup.products[line.product_id] = {
        name: was.name || line.name,
        revenue: was.revenue + line.line_total - refunded.amount,
        units: was.units + line.quantity - refunded.units,
        list_discount: was.list_discount + discount,
      };
      rollup.list_discount += discount;
    }
  }
  return { day: businessDay(countedAt), rollup };
}

/** Increments of one rollup document; absent fields and entries do not change. */
export interface RollupIncrement {
  revenue?: number;
  uncollected?: number;
  refunded?: number;
  paid_orders?: number;
  list_discount?: number;
  approved_buyers?: number;
  statuses?: Partial<Record<RollupStatus, number>>;
  /** `name` is set (not incremented) with the figures of the entry. */
  products?: Record<
    string,
    { name: string; revenue?: number; units?: number; list_discount?: number }
  >;
  stores?: Record<string, { name: string; revenue?: number; orders?: number }>;
  claims_reported?: number;
  claims_units?: number;
  claims_products?: Record<string, { name: string; claims?: number; units?: number }>;
  credits_refund?: number;
  credits_credit_note?: number;
  credits_store_credit?: number;
  replacements_orders?: number;
  replacements_value?: number;
}

export interface RollupWrite {
  ref: RollupRef;
  increment: RollupIncrement;
}

/** A rollup as increments, zero figures and entries left out; null when nothing changes. */
function toIncrement(rollup: SalesRollup): RollupIncrement | null {
  const increment: RollupIncrement = {};
  for (const key of [
    'revenue',
    'uncollected',
    'refunded',
    'paid_orders',
    'list_discount',
    'approved_buyers',
  ] as const) {
    if (rollup[key] !== 0) increment[key] = rollup[key];
  }
  const statuses = Object.fromEntries(
    ROLLUP_STATUSES.filter((s) => rollup.statuses[s] !== 0).map((s) => [s, rollup.statuses[s]]),
  );
  if (Object.keys(statuses).length > 0) increment.statuses = statuses;
  const products: NonNullable<RollupIncrement['products']> = {};
  for (const [id, { name, revenue, units, list_discount }] of Object.entries(rollup.products)) {
    if (revenue === 0 && units === 0 && list_discount === 0) continue;
    products[id] = {
      name,
      ...(revenue !== 0 ? { revenue } : {}),
      ...(units !== 0 ? { units } : {}),
      ...(list_discount !== 0 ? { list_discount } : {}),
    };
  }
  if (Object.keys(products).length > 0) increment.products = products;
  const stores: NonNullable<RollupIncrement['stores']> = {};
  for (const [uid, { name, revenue, orders }] of Object.entries(rollup.stores)) {
    if (revenue === 0 && orders === 0) continue;
    stores[uid] = {
      name,
      ...(revenue !== 0 ? { revenue } : {}),
      ...(orders !== 0 ? { orders } : {}),
    };
  }
  if (Object.keys(stores).length > 0) increment.stores = stores;
  const claims = compactClaims(rollup);
  for (const key of CLAIM_ROLLUP_NUMBERS) {
    if (claims[key]) increment[key] = claims[key];
  }
  if (claims.claims_products) {
    increment.claims_products = Object.fromEntries(
      Object.entries(claims.claims_products).map(([id, { name, claims: count, units }]) => [
        id,
        { name, ...(count !== 0 ? { claims: count } : {}), ...(units !== 0 ? { units } : {}) },
      ]),
    );
  }
  return Object.keys(increment).length > 0 ? increment : null;
}

/** Accumulates rollups per document (day, week and month of each contribution). */
class RollupSet {
  private readonly docs = new Map<string, { ref: RollupRef; rollup: SalesRollup }>();

  add(day: string, rollup: SalesRollup, sign: 1 | -1 = 1): void {
    for (const ref of rollupRefsOfDay(day)) {
      let doc = this.docs.get(ref.path);
      if (!doc) {
        doc = { ref, rollup: emptyRollup() };
        this.docs.set(ref.path, doc);
      }
      addInto(doc.rollup, rollup, sign);
    }
  }

  entries(): Array<{ ref: RollupRef; rollup: SalesRollup }> {
    return [...this.docs.values()].sort((a, b) => compare(a.ref.path, b.ref.path));
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * What an order change does to the rollups: contribution(after) - contribution(before), per
 * document, zero figures left out (a change that moves no figure writes nothing). `before` null:
 * the order is created; `after` null: it is deleted.
 */
export function rollupDelta(before: SalesOrder | null, after: SalesOrder | null): RollupWrite[] {
  const was = orderContribution(before);
  const now = orderContribution(after);
  return contributionDelta(was ? [was] : [], now ? [now] : []);
}

/** What one thing adds to the rollup documents of a business day. */
export interface RollupContribution {
  day: string;
  rollup: SalesRollup;
}

/**
 * The writes that turn what was counted (`was`) into what counts now (`now`), per document, zero
 * figures left out: the delta of an order's or a claim's change.
 */
export function contributionDelta(
  was: readonly RollupContribution[],
  now: readonly RollupContribution[],
): RollupWrite[] {
  const set = new RollupSet();
  for (const { day, rollup } of was) set.add(day, rollup, -1);
  for (const { day, rollup } of now) set.add(day, rollup, 1);
  return set.entries().flatMap(({ ref, rollup }) => {
    const increment = toIncrement(rollup);
    return increment ? [{ ref, increment }] : [];
  });
}

/** A buyer approved at `at`: one more approved buyer on that business day, week and month. */
export function approvalDelta(at: Date): RollupWrite[] {
  return rollupRefsOfDay(businessDay(at)).map((ref) => ({
    ref,
    increment: { approved_buyers: 1 },
  }));
}

/**
 * Every rollup document, computed from scratch from the orders, the times buyers were approved
 * and what the claims count (claimContributions of each claim): what the incremental writes add
 * up to. Sorted by path.
 */
export function buildRollups(
  orders: Iterable<SalesOrder>,
  approvals: Iterable<Date>,
  claims: Iterable<RollupContribution> = [],
): Array<{ ref: RollupRef; rollup: SalesRollup }> {
  const set = new RollupSet();
  for (const { day, rollup } of claims) set.add(day, rollup);
  for (const order of orders) {
    const contribution = orderContribution(order);
    if (contribution) set.add(contribution.day, contribution.rollup);
  }
  for (const at of approvals) {
    const rollup = emptyRollup();
    rollup.approved_buyers = 1;
    set.add(businessDay(at), rollup);
  }
  return set.entries().map(({ ref, rollup }) => ({ ref, rollup: compactRollup(rollup) }));
}
