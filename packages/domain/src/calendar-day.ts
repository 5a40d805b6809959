/**
 * A calendar day (YYYY-MM-DD) as the documents print it. Its own module, imported by the few that
 * print one: the store's backorder badge needs only this, not the tax words of order-tax.ts.
 */
import { dateText } from './date-text';

const CALENDAR_DAY = { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' } as const;

const byIntl = (date: Date) => date.toLocaleDateString('en-US', CALENDAR_DAY);
const writeDay = dateText(CALENDAR_DAY, byIntl) ?? byIntl;

/** "Mar 5, 2027" for 2027-03-05 (the date as written, no time zone shift), without Intl. */
export function formatCalendarDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return writeDay(new Date(Date.UTC(year, month - 1, date)));
}
