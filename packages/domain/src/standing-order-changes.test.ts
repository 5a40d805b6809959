import { describe, expect, it } from 'vitest';
import { manageStandingOrderRequest, skipStandingOrderDeliveryRequest } from './contracts';
import { isSkipTokenShape } from './skip-token';
import {
  nextChargeAt,
  nextDeliveryDateProblem,
  pauseEnd,
  deliveryOnDay,
  pausedAt,
} from './standing-order-changes';
import { businessDay } from './business-day';
import { WEEK_MS } from './standing-orders';

const NEXT = new Date('2027-03-10T17:00:00Z');
const order = {
  status: 'active' as const,
  next_delivery_at: NEXT,
  skipped_delivery_at: null as Date | null,
  interval_weeks: 2,
  paused_until: null as Date | null,
};

describe('nextDeliveryDateProblem', () => {
  it('accepts tomorrow up to 8 weeks ahead', () => {
    expect(nextDeliveryDateProblem('2027-03-02', '2027-03-01')).toBeNull();
    expect(nextDeliveryDateProblem('2027-04-26', '2027-03-01')).toBeNull();
  });
  it('refuses today, the past, beyond 8 weeks and dates that do not exist', () => {
    expect(nextDeliveryDateProblem('2027-03-01', '2027-03-01')).toBe(
      'Choose a date from tomorrow on.',
    );
    expect(nextDeliveryDateProblem('2026-12-31', '2027-03-01')).toBe(
      'Choose a date from tomorrow on.',
    );
    expect(nextDeliveryDateProblem('2027-04-27', '2027-03-01')).toBe(
      'Choose a date at most 8 weeks ahead (by 2027-04-26).',
    );
    expect(nextDeliveryDateProblem('2027-02-30', '2027-03-01')).toBe(
      'Enter the date as YYYY-MM-DD.',
    );
    expect(nextDeliveryDateProblem('03/05/2027', '2027-03-01')).toBe(
      'Enter the date as YYYY-MM-DD.',
    );
  });
});

describe('nextChargeAt', () => {
  it('is the next delivery, or the one after a skipped one', () => {
    expect(nextChargeAt(order)).toEqual(NEXT);
    expect(nextChargeAt({ ...order, skipped_delivery_at: NEXT })).toEqual(
      new Date(NEXT.getTime() + 2 * WEEK_MS),
    );
  });
  it('steps over the deliveries a buyer pause covers; a delivery at its end is charged', () => {
    const until = new Date(NEXT.getTime() + 3 * WEEK_MS);
    expect(nextChargeAt({ ...order, paused_until: until })).toEqual(
      new Date(NEXT.getTime() + 4 * WEEK_MS),
    );
    const exact = new Date(NEXT.getTime() + 2 * WEEK_MS);
    expect(nextChargeAt({ ...order, paused_until: exact })).toEqual(exact);
    expect(pausedAt({ paused_until: exact }, NEXT)).toBe(true);
    expect(pausedAt({ paused_until: exact }, exact)).toBe(false);
  });
  it('is null when cancelled, paused for every line or by a manager, or not scheduled', () => {
    expect(nextChargeAt({ ...order, status: 'cancelled' })).toBeNull();
    expect(nextChargeAt({ ...order, status: 'paused' })).toBeNull();
    expect(nextChargeAt({ ...order, next_delivery_at: null })).toBeNull();
  });
  it('ends a pause whole weeks after it starts', () => {
    expect(pauseEnd(NEXT, 3).getTime() - NEXT.getTime()).toBe(3 * WEEK_MS);
  });
});

describe('manageStandingOrderRequest: the buyer changes', () => {
  const parse = (data: unknown) => manageStandingOrderRequest.safeParse(data);
  const issue = (data: unknown) => parse(data).error?.issues[0]?.message;
  const base = { standingOrderId: 'so1' };

  it('takes set_lines of 1 to 20 distinct products in whole units', () => {
    expect(
      parse({ ...base, action: 'set_lines', lines: [{ productId: 'p', quantity: 6 }] }).success,
    ).toBe(true);
    expect(issue({ ...base, action: 'set_lines', lines: [] })).toMatch(/at least one product/);
    expect(
      issue({
        ...base,
        action: 'set_lines',
        lines: Array.from({ length: 21 }, (_, i) => ({ productId: `p${i}`, quantity: 1 })),
      }),
    ).toBe('A standing order holds at most 20 products.');
    expect(
      issue({
        ...base,
        action: 'set_lines',
        lines: [
          { productId: 'p', quantity: 1 },
          { productId: 'p', quantity: 2 },
        ],
      }),
    ).toBe('List each product once.');
    expect(
      issue({ ...base, action: 'set_lines', lines: [{ productId: 'p', quantity: 0 }] }),
    ).toMatch(/at least 1/);
    expect(
      parse({ ...base, action: 'set_lines', lines: [{ productId: 'p', quantity: 1, price: 1 }] })
        .success,
    ).toBe(false);
  });

  it('takes set_interval 2, 4 or 8, set_next_delivery YYYY-MM-DD and pause_weeks 1 to 8', () => {
    expect(parse({ ...base, action: 'set_interval', weeks: 4 }).success).toBe(true);
    expect(issue({ ...base, action: 'set_interval', weeks: 3 })).toBe(
      'Standing orders are delivered every 2, 4 or 8 weeks.',
    );
    expect(parse({ ...base, action: 'set_next_delivery', date: '2027-03-05' }).success).toBe(true);
    expect(issue({ ...base, action: 'set_next_delivery', date: 'Friday' })).toBe(
      'Enter the date as YYYY-MM-DD.',
    );
    for (const weeks of [1, 8]) {
      expect(parse({ ...base, action: 'pause_weeks', weeks }).success).toBe(true);
    }
    for (const weeks of [0, 9, 2.5, '2']) {
      expect(issue({ ...base, action: 'pause_weeks', weeks })).toBe('Pause for 1 to 8 weeks.');
    }
  });
});

describe('the skip link token', () => {
  const token = `${'a'.repeat(40)}.${'B'.repeat(43)}`;
  it('has a payload and a 43-character signature, URL-safe', () => {
    expect(isSkipTokenShape(token)).toBe(true);
    expect(isSkipTokenShape(token.replace('.', ''))).toBe(false);
    expect(isSkipTokenShape(`${'a'.repeat(40)}.${'B'.repeat(42)}`)).toBe(false);
    expect(isSkipTokenShape(`${'a'.repeat(40)}+.${'B'.repeat(43)}`)).toBe(false);
    expect(skipStandingOrderDeliveryRequest.parse({ token })).toEqual({ token, confirm: false });
    expect(
      skipStandingOrderDeliveryRequest.safeParse({ token: 'x' }).error?.issues[0]?.message,
    ).toBe('This skip link is not valid.');
  });
});

describe('deliveryOnDay', () => {
  it('keeps the time of day and lands on the chosen day, across daylight saving too', () => {
    // 23:30 in Los Angeles on 2027-03-01 (PST, UTC-8); daylight saving starts 2027-03-14.
    const late = new Date('2027-03-02T07:30:00Z');
    const moved = deliveryOnDay(late, '2027-03-20');
    expect(businessDay(moved)).toBe('2027-03-20');
    expect(moved.toISOString()).toBe('2027-03-21T06:30:00.000Z');
    // 00:30 on 2027-11-01 (PDT); standard time is back on 2027-11-07.
    const early = new Date('2027-11-01T07:30:00Z');
    expect(businessDay(deliveryOnDay(early, '2027-11-10'))).toBe('2027-11-10');
    // Within one season: exactly whole days.
    const noon = new Date('2027-06-01T19:00:00Z');
    expect(deliveryOnDay(noon, '2027-06-04').toISOString()).toBe('2027-06-04T19:00:00.000Z');
  });
});
