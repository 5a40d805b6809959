import type { BillingInterval, Price } from '../core/types.js';

const DAY_SECONDS = 24 * 60 * 60;

function addMonths(anchorSeconds: number, months: number): number {
  const anchor = new Date(anchorSeconds * 1000);
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  // The anchor's day, or the month's last day when it is shorter (Jan 31 -> Feb 28 -> Mar 31).
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(anchor.getUTCDate(), lastDay);
  return (
    Date.UTC(
      year,
      month,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
    ) / 1000
  );
}

/**
 * The start of billing period `cycle` (0 is the anchor itself) of a subscription anchored at
 * `anchorSeconds`: periods of days and weeks are fixed lengths; months and years keep the
 * anchor's day of the month, or the month's last day when it has fewer days, as Stripe does.
 */
export function periodBoundary(
  anchorSeconds: number,
  billing: BillingInterval,
  cycle: number,
): number {
  const steps = billing.interval_count * cycle;
  switch (billing.interval) {
    case 'day':
      return anchorSeconds + steps * DAY_SECONDS;
    case 'week':
      return anchorSeconds + steps * 7 * DAY_SECONDS;
    case 'month':
      return addMonths(anchorSeconds, steps);
    case 'year':
      return addMonths(anchorSeconds, steps * 12);
  }
}

/** `week`, `2 weeks`: how often a price bills. */
export function intervalText(billing: BillingInterval): string {
  return billing.interval_count === 1
    ? billing.interval
    : `${billing.interval_count} ${billing.interval}s`;
}

/** The longest interval_count per interval: one year, as Stripe allows. */
export const MAX_INTERVAL_COUNT: Readonly<Record<BillingInterval['interval'], number>> = {
  day: 365,
  week: 52,
  month: 12,
  year: 1,
};

export function sameInterval(a: BillingInterval, b: BillingInterval): boolean {
  return a.interval === b.interval && a.interval_count === b.interval_count;
}

/** A recurring price's interval (the sandbox makes only the four Stripe documents); else null. */
export function billingOf(price: Price): BillingInterval | null {
  if (!price.recurring) return null;
  return {
    interval: price.recurring.interval as BillingInterval['interval'],
    interval_count: price.recurring.interval_count,
  };
}
