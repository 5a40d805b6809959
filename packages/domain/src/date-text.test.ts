import { describe, expect, it } from 'vitest';
import { formatCalendarDay } from './calendar-day';
import {
  DATE_TEXT_OPTIONS,
  PACIFIC_TIME_ZONE,
  dateText,
  pacificWallClock,
  type DateTextOptions,
} from './date-text';

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
    for (const timeZone of [undefined, 'UTC', PACIFIC_TIME_ZONE] as const) {
      const all = { ...options, ...(timeZone ? { timeZone } : {}) };
      it(`writes ${JSON.stringify(all)} as Intl does, for ${checked.length} times`, () => {
        const format = intl(all);
        // Pacific times before 2007 (other daylight-saving rules) are Intl's to write.
        const write = dateText(
          all,
          timeZone === PACIFIC_TIME_ZONE ? (date) => `Intl ${format.format(date)}` : noOutside,
        )!;
        expect(write).toBeTypeOf('function');
        for (const time of checked) {
          const expected =
            timeZone === PACIFIC_TIME_ZONE && time < Date.UTC(2007, 0, 1)
              ? `Intl ${format.format(time)}`
              : format.format(time);
          expect([time, write(time)]).toEqual([time, expected]);
          expect(write(new Date(time))).toBe(expected);
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
      dateText({ dateStyle: 'medium', timeZone: 'America/New_York' }, noOutside),
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

describe('the business’s time zone (Pacific) without Intl', () => {
  it('changes its clock when Intl’s time zone data does, every year from 2007 to 2099', () => {
    const format = intl({ dateStyle: 'medium', timeStyle: 'short', timeZone: PACIFIC_TIME_ZONE });
    const write = dateText(
      { dateStyle: 'medium', timeStyle: 'short', timeZone: PACIFIC_TIME_ZONE },
      noOutside,
    )!;
    let checked = 0;
    for (let year = 2007; year < 2100; year += 1) {
      // Every half hour of the second week of March and the first week of November (the
      // changes fall on a Sunday in each), and of New Year's Eve.
      for (const [month, from] of [
        [2, 7],
        [10, 0],
        [11, 31],
      ] as const) {
        const start = Date.UTC(year, month, from);
        const end = start + (month === 11 ? 2 : 9) * 86_400_000;
        for (let time = start; time < end; time += 30 * 60_000) {
          expect([time, write(time)]).toEqual([time, format.format(time)]);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(75_000);
  });

  it('places a spring and an autumn change at 2 am, and leaves 2006 to Intl', () => {
    // 2026: summer time from Mar 8, 10:00 UTC to Nov 1, 09:00 UTC.
    expect(pacificWallClock(Date.UTC(2026, 2, 8, 9, 59))!.toISOString()).toBe(
      '2026-03-08T01:59:00.000Z',
    );
    expect(pacificWallClock(Date.UTC(2026, 2, 8, 10))!.toISOString()).toBe(
      '2026-03-08T03:00:00.000Z',
    );
    expect(pacificWallClock(Date.UTC(2026, 10, 1, 8, 59))!.toISOString()).toBe(
      '2026-11-01T01:59:00.000Z',
    );
    expect(pacificWallClock(Date.UTC(2026, 10, 1, 9))!.toISOString()).toBe(
      '2026-11-01T01:00:00.000Z',
    );
    expect(pacificWallClock(Date.UTC(2006, 5, 1))).toBeNull();
    const write = dateText(
      { dateStyle: 'medium', timeZone: PACIFIC_TIME_ZONE },
      (date) => `outside ${date.toISOString()}`,
    )!;
    expect(write(Date.UTC(2006, 5, 1))).toBe('outside 2006-06-01T00:00:00.000Z');
    expect(write(Date.UTC(2026, 11, 16, 2))).toBe('Dec 15, 2026');
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
