import { describe, expect, it } from 'vitest';
import { formatCalendarDay } from './calendar-day';
import { DATE_TEXT_OPTIONS, dateText, type DateTextOptions } from './date-text';

const intl = (options: DateTextOptions) => new Intl.DateTimeFormat('en-US', options);
const noOutside = () => {
  throw new Error('not expected outside 1000 to 9999');
};

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * Times to check: 4,000 random ones from 1970 to 2100, every hour of the days around this time
 * zone's clock changes in 2026 (and of New Year's Eve), and each minute of two noons and midnights.
 */
function times(): number[] {
  const next = random(6);
  const from = Date.UTC(1970, 0, 1);
  const to = Date.UTC(2100, 0, 1);
  const list = Array.from({ length: 4000 }, () => Math.floor(from + next() * (to - from)));
  for (const [month, day] of [
    [2, 7],
    [2, 8],
    [2, 29],
    [9, 25],
    [10, 1],
    [11, 31],
  ] as const) {
    for (let hour = 0; hour < 48; hour += 1) list.push(new Date(2026, month, day, hour).getTime());
  }
  for (const hour of [0, 12]) {
    for (let minute = -2; minute <= 61; minute += 1) {
      list.push(new Date(2026, 11, 6, hour, minute).getTime());
      list.push(Date.UTC(2026, 11, 6, hour, minute));
    }
  }
  return list;
}

describe('dateText', () => {
  const checked = times();

  for (const options of DATE_TEXT_OPTIONS) {
    for (const timeZone of [undefined, 'UTC'] as const) {
      const all = { ...options, ...(timeZone ? { timeZone } : {}) };
      it(`writes ${JSON.stringify(all)} as Intl does, for ${checked.length} times`, () => {
        const write = dateText(all, noOutside)!;
        expect(write).toBeTypeOf('function');
        const format = intl(all);
        for (const time of checked) {
          expect([time, write(time)]).toEqual([time, format.format(time)]);
          expect(write(new Date(time))).toBe(format.format(new Date(time)));
        }
      });
    }
  }

  it('writes the shapes the portal shows', () => {
    const day = new Date(2026, 11, 6, 15, 4);
    expect(dateText({ dateStyle: 'medium' }, noOutside)!(day)).toBe('Dec 6, 2026');
    expect(dateText({ dateStyle: 'long' }, noOutside)!(day)).toBe('December 6, 2026');
    expect(dateText({ dateStyle: 'medium', timeStyle: 'short' }, noOutside)!(day)).toBe(
      'Dec 6, 2026, 3:04 PM',
    );
    expect(
      dateText({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }, noOutside)!(
        new Date(2026, 0, 2, 0, 5),
      ),
    ).toBe('Jan 2, 12:05 AM');
  });

  it('leaves other options and other time zones to Intl', () => {
    expect(dateText({ dateStyle: 'short' }, noOutside)).toBeUndefined();
    expect(dateText({ dateStyle: 'medium', timeStyle: 'medium' }, noOutside)).toBeUndefined();
    expect(dateText({ month: 'long', day: 'numeric' }, noOutside)).toBeUndefined();
    expect(
      dateText({ dateStyle: 'medium', timeZone: 'America/Los_Angeles' }, noOutside),
    ).toBeUndefined();
    expect(
      dateText({ dateStyle: 'medium', hourCycle: 'h23' } as DateTextOptions, noOutside),
    ).toBeUndefined();
  });

  it('refuses an invalid date as Intl does, and hands years outside 1000 to 9999 on', () => {
    const write = dateText({ dateStyle: 'medium' }, (date) => `outside ${date.getUTCFullYear()}`)!;
    expect(() => write(Number.NaN)).toThrow(RangeError);
    expect(() => intl({ dateStyle: 'medium' }).format(Number.NaN)).toThrow(RangeError);
    expect(write(Date.UTC(10_000, 5, 1))).toBe('outside 10000');
    expect(write(new Date('0900-06-01T12:00:00Z'))).toBe('outside 900');
  });
});

describe('formatCalendarDay', () => {
  it('writes a YYYY-MM-DD day as Intl does in UTC, whatever the device’s time zone', () => {
    const options = { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' } as const;
    for (let day = Date.UTC(2020, 0, 1); day < Date.UTC(2031, 0, 1); day += 86_400_000 * 3) {
      const iso = new Date(day).toISOString().slice(0, 10);
      expect([iso, formatCalendarDay(iso)]).toEqual([
        iso,
        new Date(day).toLocaleDateString('en-US', options),
      ]);
    }
    expect(formatCalendarDay('2027-03-05')).toBe('Mar 5, 2027');
  });
});
