/**
 * The business's days: a calendar day in the brand's time zone (Pacific), where the shop is. Its
 * own module, without the Overview's schemas (insights.ts), so a page that only prints a day
 * loads no Zod for it.
 */
import { formatCalendarDay } from './calendar-day';

export const BUSINESS_TIME_ZONE = 'America/Los_Angeles';

/**
 * Made on the first call, not when the module loads: a page's first Intl date format loads ICU's
 * date data (30 to 70 ms in a fresh Chromium page here), and every page of the web app imports
 * this package, so made here it ran before each one's first paint.
 */
let pacificDayFormat: Intl.DateTimeFormat | undefined;

/** The business day (Pacific) an instant falls on. */
export function businessDay(at: Date): string {
  pacificDayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return pacificDayFormat.format(at);
}

/**
 * The business day an instant falls on, as the documents print a day: "Dec 16, 2026". What the
 * mails and the standing orders' texts say about an instant (a charge, a skip, a due date), so a
 * charge at 6 pm in California is that day, not the next one as in UTC.
 */
export function businessDayText(at: Date): string {
  return formatCalendarDay(businessDay(at));
}
