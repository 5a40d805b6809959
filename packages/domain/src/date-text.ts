/**
 * Dates and times as the portal writes them (en-US: "Dec 6, 2026", "December 6, 2026",
 * "Dec 6, 2026, 3:04 PM"), without Intl. A page's first Intl.DateTimeFormat loads ICU's date data:
 * about 22 ms of the main thread in a fresh Chromium page on a laptop (four times that on a
 * mid-range phone), inside the render that first shows a date: the dashboard's Orders tab, My
 * Account, an invoice. Tests hold every format here equal to Intl.DateTimeFormat('en-US') with the
 * same options, in the device's time zone and in UTC (date-text.test.ts).
 *
 * Only the options the portal uses are written here (DATE_TEXT_OPTIONS); `dateText` answers
 * undefined for any other, and for a time zone other than the device's or UTC, so that the caller
 * uses Intl for those (web/src/lib/intl-formats.ts).
 */

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

/** The option sets `dateText` writes without Intl (each also with timeZone 'UTC'). */
export const DATE_TEXT_OPTIONS: readonly DateTextOptions[] = WRITERS.map(({ options }) => options);

const OPTION_NAMES = ['dateStyle', 'timeStyle', 'year', 'month', 'day', 'hour', 'minute'] as const;

function sameOptions(a: DateTextOptions, b: DateTextOptions): boolean {
  return OPTION_NAMES.every((name) => a[name] === b[name]);
}

/**
 * A function that writes a date (a Date or a time in milliseconds) as
 * `new Intl.DateTimeFormat('en-US', options).format` does, or undefined when the options are not
 * ones it writes (see DATE_TEXT_OPTIONS) or name another time zone than the device's or UTC. Like
 * Intl, it throws a RangeError for an invalid date. Years outside 1000 to 9999 go to `outside`
 * (Intl writes them in ways not worth copying).
 */
export function dateText(
  options: DateTextOptions,
  outside: (date: Date) => string,
): ((value: Date | number) => string) | undefined {
  const { timeZone, ...rest } = options;
  if (timeZone !== undefined && timeZone !== 'UTC') return undefined;
  const known = Object.keys(rest).every((name) =>
    (OPTION_NAMES as readonly string[]).includes(name),
  );
  const writer = known
    ? WRITERS.find((candidate) => sameOptions(candidate.options, rest))
    : undefined;
  if (!writer) return undefined;
  const utc = timeZone === 'UTC';
  return (value) => {
    const date = typeof value === 'number' ? new Date(value) : value;
    if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
    const year = utc ? date.getUTCFullYear() : date.getFullYear();
    if (year < 1000 || year > 9999) return outside(date);
    return writer.write({
      year,
      month: utc ? date.getUTCMonth() : date.getMonth(),
      day: utc ? date.getUTCDate() : date.getDate(),
      hours: utc ? date.getUTCHours() : date.getHours(),
      minutes: utc ? date.getUTCMinutes() : date.getMinutes(),
    });
  };
}
