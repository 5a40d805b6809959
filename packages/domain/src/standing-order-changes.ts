/**
 * What a buyer may change on a standing order (docs/standing-orders.md#what-buyers-change): its
 * products and quantities, its interval, its next delivery date, a pause of 1 to 8 weeks, and the
 * reminder mail's one-tap skip. Pure rules shared by the functions (which decide) and the web
 * (which shows the same limits before asking).
 */
import { businessDay } from './business-day';
import { addDays, dayNumber } from './insights';
import { WEEK_MS, type StandingOrder } from './standing-orders';

/** Stripe bills at most 20 items on one subscription. */
export const MAX_STANDING_ORDER_LINES = 20;

/** A buyer's pause: 1 to 8 weeks. */
export const PAUSE_WEEKS = { min: 1, max: 8 } as const;
export const PAUSE_WEEKS_PROBLEM = 'Pause for 1 to 8 weeks.';

/** The next delivery can move to tomorrow at the earliest and 8 weeks ahead at the latest. */
export const NEXT_DELIVERY_MAX_DAYS = 56;

/** The reminder mail goes out this many days before each charge. */
export const REMINDER_DAYS_BEFORE = 3;

/** The history kept on a standing order: its latest entries. */
export const MAX_HISTORY_ENTRIES = 50;

export const STANDING_ORDER_CHANGE_ACTIONS = [
  'skip',
  'unskip',
  'set_quantities',
  'set_lines',
  'set_interval',
  'set_next_delivery',
  'pause',
  'pause_weeks',
  'resume',
  'skip_link',
] as const;
export type StandingOrderChangeAction = (typeof STANDING_ORDER_CHANGE_ACTIONS)[number];

/**
 * Why a next delivery date (a business day, YYYY-MM-DD) cannot be chosen on `today`, or null:
 * tomorrow at the earliest, 8 weeks ahead at the latest.
 */
export function nextDeliveryDateProblem(day: string, today: string): string | null {
  const n = dayNumber(day);
  const t = dayNumber(today);
  if (n === null || t === null) return 'Enter the date as YYYY-MM-DD.';
  if (n <= t) return 'Choose a date from tomorrow on.';
  if (n > t + NEXT_DELIVERY_MAX_DAYS) {
    return `Choose a date at most 8 weeks ahead (by ${addDays(today, NEXT_DELIVERY_MAX_DAYS)}).`;
  }
  return null;
}

/** Whether a buyer's pause covers `at` (a delivery before its end passes without a charge). */
export function pausedAt(order: Pick<StandingOrder, 'paused_until'>, at: Date): boolean {
  return order.paused_until !== null && at.getTime() < order.paused_until.getTime();
}

/**
 * The next delivery that is charged: the next one, stepping over a skipped one and those a
 * buyer's pause covers; null when none is (cancelled, paused by a manager or for every line, or
 * not scheduled yet).
 */
export function nextChargeAt(
  order: Pick<
    StandingOrder,
    'status' | 'next_delivery_at' | 'skipped_delivery_at' | 'interval_weeks' | 'paused_until'
  >,
): Date | null {
  if (order.status === 'cancelled' || order.status === 'paused') return null;
  const next = order.next_delivery_at;
  if (!next) return null;
  const step = order.interval_weeks * WEEK_MS;
  let at = next.getTime();
  for (let i = 0; i < 64; i++) {
    const skipped = order.skipped_delivery_at?.getTime() === at;
    if (!skipped && !pausedAt(order, new Date(at))) return new Date(at);
    at += step;
  }
  return null;
}

/** The weeks a buyer can pause for, as offered: 1 to 8. */
export const PAUSE_WEEK_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** When a buyer's pause of `weeks` asked for at `now` ends. */
export function pauseEnd(now: Date, weeks: number): Date {
  return new Date(now.getTime() + weeks * WEEK_MS);
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The next delivery moved to `day` (YYYY-MM-DD, Pacific) at the time of day of the delivery it
 * replaces. Across a daylight-saving change whole 24 h days end an hour off, which near midnight
 * is the day beside the one chosen: the hour back or on lands on it.
 */
export function deliveryOnDay(next: Date, day: string): Date {
  const days = dayNumber(day)! - dayNumber(businessDay(next))!;
  const at = new Date(next.getTime() + days * 24 * HOUR_MS);
  if (businessDay(at) === day) return at;
  for (const shift of [-HOUR_MS, HOUR_MS]) {
    const shifted = new Date(at.getTime() + shift);
    if (businessDay(shifted) === day) return shifted;
  }
  return at;
}
