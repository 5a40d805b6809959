import { describe, expect, it } from 'vitest';
import { businessDayText } from './business-day';

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
});
