import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  businessDayFormat,
  businessDayLongFormat,
  dateFormatter,
  numberFormatter,
} from './intl-formats';

afterEach(() => {
  vi.restoreAllMocks();
});

const DAY = Date.UTC(2026, 11, 6, 17, 5);

describe('Intl formatters made on first use', () => {
  it("writes the portal's own date formats without Intl, in the device's time zone or UTC", () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    expect(dateFormatter({ dateStyle: 'medium', timeZone: 'UTC' }).format(DAY)).toBe('Dec 6, 2026');
    expect(
      dateFormatter({ dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
        new Date(DAY),
      ),
    ).toBe('Dec 6, 2026, 5:05 PM');
    const local = new Date(2026, 11, 6, 9, 30);
    expect(dateFormatter({ year: 'numeric', month: 'short', day: 'numeric' }).format(local)).toBe(
      'Dec 6, 2026',
    );
    expect(made).not.toHaveBeenCalled();
  });

  it("writes the business's days (Pacific) without Intl, whatever the device's time zone", () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    // 6 pm on Dec 15 in California is Dec 16 in UTC and later east of it.
    const evening = Date.UTC(2026, 11, 16, 2);
    expect(businessDayFormat.format(evening)).toBe('Dec 15, 2026');
    expect(businessDayLongFormat.format(new Date(evening))).toBe('December 15, 2026');
    // Midnight in California, in summer time.
    expect(businessDayFormat.format(Date.UTC(2026, 6, 1, 6, 59))).toBe('Jun 30, 2026');
    expect(businessDayFormat.format(Date.UTC(2026, 6, 1, 7))).toBe('Jul 1, 2026');
    expect(made).not.toHaveBeenCalled();
  });

  it('makes an Intl date format for other options on the first date, one for the same options', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const options: Intl.DateTimeFormatOptions = {
      dateStyle: 'medium',
      timeZone: 'America/New_York',
    };
    const day = dateFormatter(options);
    const sameOptions = dateFormatter({ ...options });
    expect(made).not.toHaveBeenCalled();

    expect(day.format(DAY)).toBe('Dec 6, 2026');
    expect(sameOptions.format(new Date(DAY))).toBe('Dec 6, 2026');
    expect(day.format(DAY + 86_400_000)).toBe('Dec 7, 2026');
    expect(made).toHaveBeenCalledTimes(1);
    expect(made).toHaveBeenCalledWith('en-US', options);
  });

  it('writes what Intl writes for each set of options, each its own formatter', () => {
    const sets: Intl.DateTimeFormatOptions[] = [
      { dateStyle: 'long', timeZone: 'UTC' },
      { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Los_Angeles' },
      { month: 'short', year: 'numeric', timeZone: 'UTC' },
    ];
    for (const options of sets) {
      expect(dateFormatter(options).format(DAY)).toBe(
        new Intl.DateTimeFormat('en-US', options).format(DAY),
      );
    }
    expect(dateFormatter({ dateStyle: 'long', timeZone: 'UTC' }).format(DAY)).toBe(
      'December 6, 2026',
    );
  });

  it('makes a number format on its first use too', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    const compact = numberFormatter({ style: 'currency', currency: 'USD', notation: 'compact' });
    expect(made).not.toHaveBeenCalled();
    expect(compact.format(1234)).toBe('$1.2K');
    expect(compact.format(2_500_000)).toBe('$2.5M');
    expect(made).toHaveBeenCalledTimes(1);
  });
});
