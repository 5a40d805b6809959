import * as z from 'zod/mini';
import { businessDay } from './business-day';
import { ORDER_STATUSES, type OrderStatus } from './orders';
import { sameStoredFields, type OrderRow } from './order-row';
import type { ClaimsOverview } from './claims-overview';
import { BUYER_ROLES, PROFILE_STATUSES, type BuyerRole, type ProfileStatus } from './roles';

/**
 * Manager insight: the date ranges the dashboard's Overview is asked for, and the contracts of
 * the callables behind it (getSalesOverview, searchOrders, searchUsers, getStoreDetails).
 *
 * A business day is a calendar day in the brand's time zone (Pacific), written 'YYYY-MM-DD'.
 * Ranges are inclusive of both days. The design is in docs/manager-insight.md.
 */

export const RANGE_PRESETS = [
  'today',
  'last-7-days',
  'last-30-days',
  'this-month',
  'last-month',
  'this-year',
  'custom',
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_RANGE_PRESET: RangePreset = 'last-30-days';

export const RANGE_PRESET_LABELS: Readonly<Record<RangePreset, string>> = {
  today: 'Today',
  'last-7-days': 'Last 7 days',
  'last-30-days': 'Last 30 days',
  'this-month': 'This month',
  'last-month': 'Last month',
  'this-year': 'This year',
  custom: 'Custom',
};

/** The longest range the Overview and the tables accept: five years of days. */
export const MAX_RANGE_DAYS = 5 * 365 + 1;

export const RANGE_PROBLEMS = {
  badDate: 'Enter dates as YYYY-MM-DD.',
  endBeforeStart: 'The end date is before the start date.',
  tooLong: 'A range can be at most 5 years.',
  unknownPreset: 'Unknown date range.',
} as const;

/** Inclusive business days, 'YYYY-MM-DD'. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 3600 * 1000;

/** Days since 1970-01-01 of a valid 'YYYY-MM-DD' (calendar arithmetic, no time zone), else null. */
export function dayNumber(day: string): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d)
    return null;
  if (y < 2000 || y > 2999) return null;
  return ms / DAY_MS;
}

/** 'YYYY-MM-DD' of a day number (the inverse of dayNumber). */
export function dayOfNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const n = dayNumber(day);
  if (n === null) throw new Error(`Not a day: ${day}`);
  return dayOfNumber(n + days);
}

/** How many days the range covers (both ends included). */
export function rangeLength(range: DayRange): number {
  return (dayNumber(range.to) ?? 0) - (dayNumber(range.from) ?? 0) + 1;
}

/** The first instant of a business day (Pacific midnight, daylight saving included). */
export function startOfBusinessDay(day: string): Date {
  const n = dayNumber(day);
  if (n === null) throw new Error(`Not a day: ${day}`);
  // Pacific midnight is 07:00 or 08:00 UTC: take the later candidate that still falls on `day`.
  for (const hours of [7, 8]) {
    const candidate = new Date(n * DAY_MS + hours * 3600 * 1000);
    const before = new Date(candidate.getTime() - 1);
    if (businessDay(candidate) === day && businessDay(before) !== day) return candidate;
  }
  return new Date(n * DAY_MS + 8 * 3600 * 1000);
}

/** [start, end) instants of a range of business days. */
export function rangeInstants(range: DayRange): { start: Date; endExclusive: Date } {
  return {
    start: startOfBusinessDay(range.from),
    endExclusive: startOfBusinessDay(addDays(range.to, 1)),
  };
}

/** The range of the same length that ends the day before `range` starts. */
export function previousRange(range: DayRange): DayRange {
  const days = rangeLength(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** The last day of the calendar month of `day` ('YYYY-MM-DD'). */
function endOfMonth(day: string): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  return dayOfNumber(Date.UTC(y, m, 1) / DAY_MS - 1);
}

/** `day` moved by whole months, kept inside the month it lands in (Mar 31 - 1 month = Feb 28/29). */
function addMonths(day: string, months: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 + months;
  const first = dayOfNumber(Date.UTC(y, m, 1) / DAY_MS);
  const last = endOfMonth(first);
  const wanted = `${first.slice(0, 8)}${day.slice(8, 10)}`;
  return wanted > last ? last : wanted;
}

/** How many whole calendar months the range is (the 1st of one to the last of another), else 0. */
function wholeMonths(range: DayRange): number {
  if (range.from.slice(8) !== '01' || range.to !== endOfMonth(range.to)) return 0;
  const months = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
  return months(range.to) - months(range.from) + 1;
}

/**
 * The period a range is compared with, as people mean it for each preset:
 * - Today: yesterday. Last 7 / Last 30 days: the 7 / 30 days before them.
 * - This month (the 1st to today): the previous month from its 1st to the same day of the month
 *   (Mar 1-31 against Feb 1-28, or Feb 1-29 in a leap year).
 * - Last month: the whole calendar month before it (November against all of October).
 * - This year (Jan 1 to today): last year from Jan 1 to the same date (Feb 29 against Feb 28).
 * - Custom: whole calendar months against as many whole months before them; any other range
 *   against the days of the same length just before it.
 * Days are business days (Pacific), so a month's days are its days in the store's time zone,
 * daylight saving included (a day is a day whatever its hours).
 */
export function comparisonRange(range: DayRange, preset: RangePreset = 'custom'): DayRange {
  switch (preset) {
    case 'this-month':
      if (range.from.slice(8) === '01' && range.from.slice(0, 7) === range.to.slice(0, 7)) {
        return { from: addMonths(range.from, -1), to: addMonths(range.to, -1) };
      }
      break;
    case 'this-year':
      if (range.from.slice(5) === '01-01' && range.from.slice(0, 4) === range.to.slice(0, 4)) {
        return { from: addMonths(range.from, -12), to: addMonths(range.to, -12) };
      }
      break;
    default:
      break;
  }
  const months = wholeMonths(range);
  if (months > 0 && preset !== 'today' && preset !== 'last-7-days' && preset !== 'last-30-days') {
    return { from: addMonths(range.from, -months), to: endOfMonth(addMonths(range.from, -1)) };
  }
  return previousRange(range);
}

/** The days a preset names, seen from `today` (a business day). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string): DayRange {
  const [y, m] = today.split('-');
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last-7-days':
      return { from: addDays(today, -6), to: today };
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
    case 'this-month':
      return { from: `${y}-${m}-01`, to: today };
    case 'last-month': {
      const firstOfThis = `${y}-${m}-01`;
      const lastOfPrevious = addDays(firstOfThis, -1);
      return { from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious };
    }
    case 'this-year':
      return { from: `${y}-01-01`, to: today };
  }
}

/** A custom range's problem, or null when it is fine. */
export function rangeProblem(range: DayRange): string | null {
  const from = dayNumber(range.from);
  const to = dayNumber(range.to);
  if (from === null || to === null) return RANGE_PROBLEMS.badDate;
  if (to < from) return RANGE_PROBLEMS.endBeforeStart;
  if (to - from + 1 > MAX_RANGE_DAYS) return RANGE_PROBLEMS.tooLong;
  return null;
}

export interface ResolvedRange {
  preset: RangePreset;
  range: DayRange;
  /** Set when what was asked for could not be used: the default range is used instead. */
  problem: string | null;
}

const isPreset = (value: string): value is RangePreset =>
  (RANGE_PRESETS as readonly string[]).includes(value);

/**
 * What the URL (?range=, ?from=, ?to=) asks for, made safe: a preset, or a custom range that is
 * valid; anything else gives the default range and says why. Never throws.
 */
export function resolveRange(
  params: { range?: string | null; from?: string | null; to?: string | null },
  today: string,
): ResolvedRange {
  const fallback = (problem: string | null): ResolvedRange => ({
    preset: DEFAULT_RANGE_PRESET,
    range: presetRange(DEFAULT_RANGE_PRESET as Exclude<RangePreset, 'custom'>, today),
    problem,
  });
  const asked = params.range ?? (params.from || params.to ? 'custom' : null);
  if (asked === null || asked === '') return fallback(null);
  if (!isPreset(asked)) return fallback(RANGE_PROBLEMS.unknownPreset);
  if (asked !== 'custom') return { preset: asked, range: presetRange(asked, today), problem: null };
  const range = { from: params.from ?? '', to: params.to ?? '' };
  const problem = rangeProblem(range);
  return problem ? fallback(problem) : { preset: 'custom', range, problem: null };
}

export const dayRangeSchema = z.strictObject({ from: z.string(), to: z.string() }).check(
  z.superRefine((range, ctx) => {
    const problem = rangeProblem(range);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

// ---- getSalesOverview (managers) -------------------------------------------------------------

export const SERIES_INTERVALS = ['day', 'week', 'month'] as const;
export type SeriesInterval = (typeof SERIES_INTERVALS)[number];

export const salesOverviewRequest = z.strictObject({
  range: dayRangeSchema,
  /** The chart's buckets; the server may use a coarser one for a long range (see the response). */
  interval: z._default(z.enum(['day', 'week']), 'day'),
  /** Which preset the range came from: what it is compared with (comparisonRange). */
  preset: z.optional(z.enum(RANGE_PRESETS)),
});
export type SalesOverviewRequest = z.input<typeof salesOverviewRequest>;

/** Money in cents. Revenue is net of refunds; orders count paid orders (cancelled included). */
export interface SalesTotals {
  revenue: number;
  refunded: number;
  paidOrders: number;
  /** revenue / paidOrders, rounded to the cent; 0 without orders. */
  averageOrderValue: number;
  approvedBuyers: number;
  /**
   * The discount given through price lists: on the lines of paid orders not cancelled, what they
   * would have cost at the tier's price less what they cost.
   */
  listDiscount: number;
  /**
   * Revenue collected: what was booked (revenue) less what orders on payment terms still owe
   * (their invoices open or written off). Equal to revenue when nothing is owed.
   */
  collected: number;
  /**
   * Cents given back by claims settled in the period: refunds to the card, credit notes and store
   * credit (docs/manager-insight.md, "Claims, credits and replacements").
   */
  credits: number;
  /** Net revenue less the credit notes and store credit of those claims (refunds already are). */
  netAfterCredits: number;
}

export interface SalesPoint {
  /** The bucket's first day ('YYYY-MM-DD'; a week starts on Monday, a month on the 1st). */
  start: string;
  revenue: number;
  orders: number;
}

export interface ProductFigure {
  productId: string;
  name: string;
  revenue: number;
  units: number;
  /** Cents: the discount given through price lists on its lines (as listDiscount). */
  listDiscount: number;
}

export interface StoreFigure {
  uid: string;
  storeName: string;
  revenue: number;
  orders: number;
  /** ISO instant of the store's latest order (any time), or null. */
  lastOrderAt: string | null;
}

export interface SalesOverviewResponse {
  range: DayRange;
  previousRange: DayRange;
  totals: SalesTotals;
  previousTotals: SalesTotals;
  /** The interval actually used for `series` (a day series is given for up to 92 days). */
  interval: SeriesInterval;
  /** Every bucket of the range, in order, zero-filled. */
  series: SalesPoint[];
  /** Paid orders of the range by their current status. */
  byStatus: Record<Exclude<OrderStatus, 'pending'>, number>;
  topProductsByRevenue: ProductFigure[];
  topProductsByUnits: ProductFigure[];
  topStores: StoreFigure[];
  /**
   * Cents: what companies on payment terms owe now (their open balances), whatever the range;
   * absent from answers of functions from before payment terms.
   */
  openReceivables?: number;
  /**
   * The period's claims: credits given, replacements and the claims rate per product; absent
   * from answers of functions from before claims.
   */
  claims?: ClaimsOverview;
}

export const TOP_LIST_SIZE = 10;
export const DAY_SERIES_MAX_DAYS = 92;
export const WEEK_SERIES_MAX_DAYS = 2 * 366;

// ---- searchOrders / searchUsers (managers) ---------------------------------------------------

export const TABLE_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_TABLE_PAGE_SIZE = 20;
/** The most rows one CSV export carries. */
export const TABLE_EXPORT_MAX = 5000;
export const SEARCH_TEXT_MAX = 80;

const searchText = z._default(
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(SEARCH_TEXT_MAX, `Search text must be at most ${SEARCH_TEXT_MAX} characters`),
    ),
  '',
);
const page = z._default(
  z
    .number()
    .check(
      z.int('Page must be a whole number'),
      z.gte(1, 'Page must be at least 1'),
      z.lte(10_000, 'Page must be at most 10000'),
    ),
  1,
);
const pageSize = z._default(
  z.number().check(
    z.int(),
    z.refine(
      (n) => (TABLE_PAGE_SIZES as readonly number[]).includes(n),
      `Page size must be one of ${TABLE_PAGE_SIZES.join(', ')}`,
    ),
  ),
  DEFAULT_TABLE_PAGE_SIZE,
);
const sortDirection = z._default(z.enum(['asc', 'desc']), 'desc');

export const ORDER_SORT_FIELDS = ['created_at', 'amount', 'store_name'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

/**
 * The stored field the Orders table sorts by for each sort a request names: the store's name
 * lower-cased (search-fields.ts writes it), so "acme vapes" sorts before "Zed Smoke".
 */
export const ORDER_SORT_FIELD = {
  created_at: 'created_at',
  amount: 'amount',
  store_name: 'store_name_lower',
} as const satisfies Record<OrderSortField, string>;

export const searchOrdersRequest = z.strictObject({
  /** Part of a store name, an email, an order id or an invoice number (INV-000123 or 123). */
  q: searchText,
  status: z._default(z.nullable(z.enum(ORDER_STATUSES)), null),
  role: z._default(z.nullable(z.enum(BUYER_ROLES)), null),
  range: z._default(z.nullable(dayRangeSchema), null),
  sort: z._default(z.enum(ORDER_SORT_FIELDS), 'created_at'),
  direction: sortDirection,
  page,
  pageSize,
  /** Every matching row (up to TABLE_EXPORT_MAX) instead of one page: the CSV export. */
  all: z._default(z.boolean(), false),
});
export type SearchOrdersRequest = z.input<typeof searchOrdersRequest>;
export type SearchOrdersQuery = z.output<typeof searchOrdersRequest>;

/**
 * The stored fields of an order that decide whether a search of the Orders table finds it and
 * where it sorts it: its sort field, and those its filters read (the status, the role, the
 * search text's keys, the days of `created_at`). searchOrders' query plan reads no others
 * (functions/test/insights/search-plan.test.ts holds it to that).
 */
export function orderSearchPlacementFields(request: SearchOrdersRequest): string[] {
  const fields = new Set<string>([ORDER_SORT_FIELD[request.sort ?? 'created_at']]);
  if (request.status) fields.add('status');
  if (request.role) fields.add('buyer_role');
  if (request.q) fields.add('search_keys');
  if (request.range) fields.add('created_at');
  return [...fields];
}

/**
 * Whether two stored versions of an order sit in the same place of a search's results: found by
 * it or not alike, and sorted alike. A change between them leaves every page of that search as
 * it was but for the order's own row, which can then be put in place instead of searching again.
 */
export function samePlaceInSearch(
  request: SearchOrdersRequest,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): boolean {
  return sameStoredFields(orderSearchPlacementFields(request), before, after);
}

export interface SearchResponse<Row> {
  rows: Row[];
  /** How many rows match the filter in all (a count query). */
  total: number;
  page: number;
  pageSize: number;
  /** True when `all` was asked and more than TABLE_EXPORT_MAX rows matched. */
  truncated: boolean;
}

export type SearchOrdersResponse = SearchResponse<OrderRow>;

export const USER_SORT_FIELDS = ['created_at', 'store_name'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export const searchUsersRequest = z.strictObject({
  /** Part of a store name, or an email. */
  q: searchText,
  status: z._default(z.nullable(z.enum(PROFILE_STATUSES)), null),
  role: z._default(z.nullable(z.enum(BUYER_ROLES)), null),
  range: z._default(z.nullable(dayRangeSchema), null),
  sort: z._default(z.enum(USER_SORT_FIELDS), 'created_at'),
  direction: sortDirection,
  page,
  pageSize,
  all: z._default(z.boolean(), false),
});
export type SearchUsersRequest = z.input<typeof searchUsersRequest>;
export type SearchUsersQuery = z.output<typeof searchUsersRequest>;

export interface UserRow {
  uid: string;
  storeName: string;
  fullName: string;
  sellerPermitId: string;
  email: string;
  role: BuyerRole;
  status: ProfileStatus;
  emailVerified: boolean;
  /** ISO instants. */
  createdAt: string | null;
  reviewedAt: string | null;
}

export type SearchUsersResponse = SearchResponse<UserRow>;

// ---- getStoreDetails (managers) --------------------------------------------------------------

export const storeDetailsRequest = z.strictObject({
  uid: z
    .string()
    .check(z.trim(), z.minLength(1), z.maxLength(128), z.regex(/^[^/]+$/, 'Must be a document id')),
});
export type StoreDetailsRequest = z.infer<typeof storeDetailsRequest>;

export interface StoreHistoryEntry {
  /** ISO instant. */
  at: string;
  /** What happened, in words: "Applied", "Email verified", "Approved by manager@…", … */
  event: string;
}

export interface StoreDetailsResponse {
  user: UserRow & { phone: string | null };
  /** Applied, verified, approved/rejected: oldest first. */
  history: StoreHistoryEntry[];
  /** Newest first, at most 50. */
  orders: OrderRow[];
  orderCount: number;
  /** Cents, net of refunds, over every paid order. */
  lifetimeRevenue: number;
  lastOrderAt: string | null;
}
