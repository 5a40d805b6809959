/**
 * Dates and times as the portal writes them (en-US: "Dec 6, 2026", "December 6, 2026",
 * "Dec 6, 2026, 3:04 PM"), without Intl. A page's first Intl.DateTimeFormat loads ICU's date data:
 * about 22 ms of the main thread in a fresh Chromium page on a laptop (four times that on a
 * mid-range phone), inside the render that first shows a date: the dashboard's Orders tab, My
 * Account, an invoice. Tests hold every format here equal to Intl.DateTimeFormat('en-US') with the
 * same options, in the device's time zone, in UTC and in the business's (Pacific)
 * (date-text.test.ts).
 *
 * Only the options the portal uses are written here (DATE_TEXT_OPTIONS); `dateText` answers
 * undefined for any other, and for a time zone other than the device's, UTC or the business's
 * (Pacific), so that the caller uses Intl for those (web/src/lib/intl-formats.ts).
 */

/**
 * The business's time zone: the brand's shop is in California. Its days are written here without
 * Intl, by the United States' daylight-saving rule (from 2 am on the second Sunday of March to 2 am
 * on the first Sunday of November, since 2007); tests hold it equal to Intl's time zone data.
 */
export const PACIFIC_TIME_ZONE = 'America/Los_Angeles';
const HOUR_MS = 3_600_000;

/** The first Sunday on or after a day of a month (UTC), as its day of the month. */
function sundayFrom(year: number, month: number, day: number): number {
  return day + ((7 - new Date(Date.UTC(year, month, day)).getUTCDay()) % 7);
}

/**
 * The wall-clock time in California at an instant, as a Date whose UTC fields hold it; null
 * before 2007 (other rules: Intl writes those) and for a time that is no date.
 */
export function pacificWallClock(time: number): Date | null {
  const year = new Date(time).getUTCFullYear();
  if (Number.isNaN(year) || year < 2007) return null;
  // 2 am PST is 10:00 UTC; 2 am PDT is 09:00 UTC. New Year's Eve in UTC is standard time in
  // California either way, so the UTC year names the right rule.
  const summerFrom = Date.UTC(year, 2, sundayFrom(year, 2, 8), 10);
  const summerUntil = Date.UTC(year, 10, sundayFrom(year, 10, 1), 9);
  const behind = time >= summerFrom && time < summerUntil ? 7 : 8;
  return new Date(time - behind * HOUR_MS);
}

const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The options of Intl.DateTimeFormat that `dateText` reads. */
export interface DateTextOptions {
  dateStyle?: 'long' | 'medium' | 'short' | 'full';
  timeStyle?: 'long' | 'medium' | 'short' | 'full';
  year?: 'numeric' | '2-digit';
  month?: 'numeric' | '2-digit' | 'long' | 'short' | 'narrow';
  day?: 'numeric' | '2-digit';
  hour?: 'numeric' | '2-digit';
  minute?: 'numeric' | '2-digit';
  timeZone?: string;
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

type Write = (parts: Parts) => string;

const time = ({ hours, minutes }: Parts) =>
  `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
const mediumDate = ({ year, month, day }: Parts) => `${SHORT_MONTHS[month]} ${day}, ${year}`;

/** Each set of options the portal formats dates with (time zone apart), and how it writes. */
const WRITERS: readonly { options: DateTextOptions; write: Write }[] = [
  {
    options: { dateStyle: 'long' },
    write: ({ year, month, day }) => `${LONG_MONTHS[month]} ${day}, ${year}`,
  },
  { options: { dateStyle: 'medium' }, write: mediumDate },
  {
    options: { dateStyle: 'medium', timeStyle: 'short' },
    write: (parts) => `${mediumDate(parts)}, ${time(parts)}`,
  },
  { options: { year: 'numeric', month: 'short', day: 'numeric' }, write: mediumDate },
  {
    options: { month: 'short', day: 'numeric' },
    write: ({ month, day }) => `${SHORT_MONTHS[month]} ${day}`,
  },
  {
    options: { month: 'short', year: 'numeric' },
    write: ({ year, month }) => `${SHORT_MONTHS[month]} ${year}`,
  },
  {
    options: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    write: (parts) => `${SHORT_MONTHS[parts.month]} ${parts.day}, ${time(parts)}`,
  },
];

/**
 * The option sets `dateText` writes without Intl (each also with timeZone 'UTC' or
 * PACIFIC_TIME_ZONE).
 */
export const DATE_TEXT_OPTIONS: readonly DateTextOptions[] = WRITERS.map(({ options }) => options);

const OPTION_NAMES = ['dateStyle', 'timeStyle', 'year', 'month', 'day', 'hour', 'minute'] as const;

function sameOptions(a: DateTextOptions, b: DateTextOptions): boolean {
  return OPTION_NAMES.every((name) => a[name] === b[name]);
}

/**
 * A function that writes a date (a Date or a time in milliseconds) as
 * `new Intl.DateTimeFormat('en-US', options).format` does, or undefined when the options are not
 * ones it writes (see DATE_TEXT_OPTIONS) or name another time zone than the device's, UTC or
 * PACIFIC_TIME_ZONE. Like Intl, it throws a RangeError for an invalid date. Years outside 1000 to
 * 9999 go to `outside` (Intl writes them in ways not worth copying), and so do Pacific times
 * before 2007.
 */
export function dateText(
  options: DateTextOptions,
  outside: (date: Date) => string,
): ((value: Date | number) => string) | undefined {
  const { timeZone, ...rest } = options;
  if (timeZone !== undefined && timeZone !== 'UTC' && timeZone !== PACIFIC_TIME_ZONE) {
    return undefined;
  }
  const known = Object.keys(rest).every((name) =>
    (OPTION_NAMES as readonly string[]).includes(name),
  );
  const writer = known
    ? WRITERS.find((candidate) => sameOptions(candidate.options, rest))
    : undefined;
  if (!writer) return undefined;
  const pacific = timeZone === PACIFIC_TIME_ZONE;
  const utc = timeZone === 'UTC' || pacific;
  return (value) => {
    const given = typeof value === 'number' ? new Date(value) : value;
    if (Number.isNaN(given.getTime())) throw new RangeError('Invalid time value');
    const date = pacific ? pacificWallClock(given.getTime()) : given;
    if (!date) return outside(given);
    // The one place that reads the device's calendar: when the options name no time zone, as
    // Intl does (a moment with its time of day is the reader's own).
    /* eslint-disable no-restricted-syntax */
    const year = utc ? date.getUTCFullYear() : date.getFullYear();
    if (year < 1000 || year > 9999) return outside(given);
    return writer.write({
      year,
      month: utc ? date.getUTCMonth() : date.getMonth(),
      day: utc ? date.getUTCDate() : date.getDate(),
      hours: utc ? date.getUTCHours() : date.getHours(),
      minutes: utc ? date.getUTCMinutes() : date.getMinutes(),
    });
    /* eslint-enable no-restricted-syntax */
  };
}
