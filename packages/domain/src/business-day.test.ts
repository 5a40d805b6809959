import { describe, expect, it } from 'vitest';
import { businessDay, businessDayLongText, businessDayText } from './business-day';

describe('businessDayText: an instant as the business day the documents print', () => {
  it('is the day in California, not in UTC, through the evening and across daylight saving', () => {
    // 6 pm on Dec 15 in California (PST, UTC-8) is Dec 16 in UTC.
    expect(businessDayText(new Date('2026-12-16T02:00:00Z'))).toBe('Dec 15, 2026');
    expect(businessDayText(new Date('2026-12-16T07:59:59Z'))).toBe('Dec 15, 2026');
    expect(businessDayText(new Date('2026-12-16T08:00:00Z'))).toBe('Dec 16, 2026');
    // 11:30 pm on Jun 30 (PDT, UTC-7) is Jul 1 in UTC.
    expect(businessDayText(new Date('2026-07-01T06:30:00Z'))).toBe('Jun 30, 2026');
    expect(businessDayText(new Date('2026-07-01T07:00:00Z'))).toBe('Jul 1, 2026');
    // The days daylight saving starts (Mar 8, 2026) and ends (Nov 1, 2026) end at their own
    // Pacific midnight: 07:00 UTC after the spring change, 08:00 UTC after the autumn one.
    expect(businessDayText(new Date('2026-03-09T06:59:00Z'))).toBe('Mar 8, 2026');
    expect(businessDayText(new Date('2026-03-09T07:00:00Z'))).toBe('Mar 9, 2026');
    expect(businessDayText(new Date('2026-11-02T07:59:00Z'))).toBe('Nov 1, 2026');
    expect(businessDayText(new Date('2026-11-02T08:00:00Z'))).toBe('Nov 2, 2026');
    // New Year's Eve in California is still the old year.
    expect(businessDayText(new Date('2027-01-01T05:00:00Z'))).toBe('Dec 31, 2026');
  });

  it('leaves the days before 2007 (other daylight-saving rules) and after 9999 to Intl', () => {
    // Daylight saving in 2006 began on the first Sunday of April: 3 am UTC on Jun 1 was
    // 8 pm on May 31 (PDT).
    expect(businessDay(Date.UTC(2006, 5, 1, 3))).toBe('2006-05-31');
    expect(businessDay(new Date(Date.UTC(2006, 3, 2, 12)))).toBe('2006-04-02');
    expect(businessDay(Date.UTC(10_000, 0, 1, 12))).toBe('10000-01-01');
    expect(() => businessDay(Number.NaN)).toThrow(RangeError);
  });

  it('writes the long day of the documents from the same clock', () => {
    expect(businessDayLongText(new Date('2026-12-16T07:59:59Z'))).toBe('December 15, 2026');
    expect(businessDayLongText(Date.UTC(2026, 11, 16, 8))).toBe('December 16, 2026');
  });

  it('writes the days before 2007 and after 9999 through Intl, and refuses an invalid date', () => {
    expect(businessDayText(Date.UTC(2006, 5, 1, 3))).toBe('May 31, 2006');
    expect(businessDayLongText(Date.UTC(2006, 5, 1, 3))).toBe('May 31, 2006');
    expect(businessDayText(Date.UTC(10_000, 0, 1, 12))).toBe(
      new Intl.DateTimeFormat('en-US', {
        dateStyle: 'medium',
        timeZone: 'America/Los_Angeles',
      }).format(Date.UTC(10_000, 0, 1, 12)),
    );
    expect(() => businessDayText(Number.NaN)).toThrow(RangeError);
  });
});
