/**
 * The business's days: a calendar day in the brand's time zone (Pacific), where the shop is. Its
 * own module, without the Overview's schemas (insights.ts), so a page that only prints a day
 * loads no Zod for it.
 *
 * Every day the portal prints without a time of day is one of these: an invoice's date, a due
 * date, a quote's last valid day, a standing order's next delivery, the day an order was placed.
 * So a mail, a document and a page say the same day, wherever the reader is. A moment with its
 * time ("Dec 7, 2026, 3:04 PM") is written in the reader's own time zone.
 */
import { dateText, PACIFIC_TIME_ZONE, pacificWallClock, type DateTextOptions } from './date-text';

export const BUSINESS_TIME_ZONE = PACIFIC_TIME_ZONE;

/**
 * Made on the first call, for the instants the domain does not place itself (before 2007): a
 * page's first Intl date format loads ICU's date data (30 to 70 ms in a fresh Chromium page here).
 */
let pacificDayFormat: Intl.DateTimeFormat | undefined;

/** The business day (Pacific) an instant falls on, as YYYY-MM-DD. */
export function businessDay(at: Date | number): string {
  const time = typeof at === 'number' ? at : at.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid time value');
  const wall = pacificWallClock(time);
  if (wall && wall.getUTCFullYear() <= 9999) return wall.toISOString().slice(0, 10);
  pacificDayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return pacificDayFormat.format(time);
}

/**
 * A writer of the business's day in one of dateText's styles, without Intl; with an Intl format
 * made on its first use for the instants dateText leaves out (before 2007, after 9999).
 */
function businessDayWriter(dateStyle: 'medium' | 'long'): (at: Date | number) => string {
  const options: DateTextOptions = { dateStyle, timeZone: BUSINESS_TIME_ZONE };
  let byIntl: Intl.DateTimeFormat | undefined;
  const outside = (date: Date) => {
    byIntl ??= new Intl.DateTimeFormat('en-US', options);
    return byIntl.format(date);
  };
  const write = dateText(options, outside);
  if (!write) throw new Error(`dateText does not write ${dateStyle} business days`);
  return write;
}

/**
 * The business day an instant falls on, as the pages and the mails print a day: "Dec 16, 2026".
 * What the mails and the standing orders' texts say about an instant (a charge, a skip, a due
 * date), and the web's `businessDayFormat`, so a charge at 6 pm in California is that day, not
 * the next one as in UTC, on every page and in every mail.
 */
export const businessDayText = businessDayWriter('medium');

/** The business day as a document prints it: "December 16, 2026" (invoices, quotes, policies). */
export const businessDayLongText = businessDayWriter('long');
