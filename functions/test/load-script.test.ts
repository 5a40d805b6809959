/**
 * `npm run load` (scripts/load.ts): its options, its percentile maths and the webhook burst's
 * plan. The scenarios themselves need a whole stack and run only as the script.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_OPTIONS, LoadUsageError, parseLoadArgs } from '../../scripts/lib/load/args';
import {
  burstOrder,
  EVENTS_OF,
  planCheckouts,
  seededRandom,
} from '../../scripts/lib/load/burst-plan';
import { percentile, summarize } from '../../scripts/lib/load/latency';
import { stepRow } from '../../scripts/lib/load/report';

describe('parseLoadArgs', () => {
  it('has the documented defaults', () => {
    expect(parseLoadArgs([])).toEqual({
      buyers: 100,
      windowSeconds: 60,
      events: 1000,
      hot: 50,
      only: ['rush', 'burst', 'hot'],
      help: false,
    });
    expect(parseLoadArgs([])).toEqual(DEFAULT_LOAD_OPTIONS);
  });

  it('reads `--flag value` and `--flag=value`, and --only in the scenarios order', () => {
    expect(
      parseLoadArgs([
        '--buyers',
        '5',
        '--events=40',
        '--hot',
        '5',
        '--window=0',
        '--only',
        'hot,rush',
      ]),
    ).toMatchObject({ buyers: 5, events: 40, hot: 5, windowSeconds: 0, only: ['rush', 'hot'] });
    expect(parseLoadArgs(['--help']).help).toBe(true);
  });

  it.each([
    [['--buyers', '0'], '--buyers takes a whole number from 1 to 1000, not "0"'],
    [['--buyers', '1001'], '--buyers takes a whole number from 1 to 1000'],
    [['--events', '2.5'], '--events takes a whole number from 4 to 5000, not "2.5"'],
    [['--hot', '2'], '--hot takes a whole number from 3 to 500'],
    [['--window', '61'], '--window takes a whole number from 0 to 60'],
    [['--buyers'], '--buyers needs a value'],
    [['--buyers', '--hot', '5'], '--buyers needs a value'],
    [['--hot', '5', '--hot', '6'], '--hot given twice'],
    [['--users', '5'], 'unknown option --users'],
    [['buyers=5'], 'unexpected argument "buyers=5"'],
    [['--only', 'rush,soak'], '--only takes scenarios from rush, burst, hot, not "rush,soak"'],
    [['--only', ''], '--only takes scenarios'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseLoadArgs(argv)).toThrow(LoadUsageError);
    expect(() => parseLoadArgs(argv)).toThrow(message);
  });
});

describe('percentile (nearest rank) and summarize', () => {
  it('takes the smallest value with at least p % at or below it, in any order', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile(values, 90)).toBe(9);
    expect(percentile(values, 100)).toBe(10);
    expect(percentile([7], 50)).toBe(7);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNull();
    expect(() => percentile([1], 0)).toThrow(RangeError);
  });

  it('counts each outcome and takes the latencies of every sample', () => {
    expect(
      summarize('createCheckoutSession', [
        { outcome: 'ok', ms: 100 },
        { outcome: 'refused', ms: 20 },
        { outcome: 'error', ms: 300 },
        { outcome: 'ok', ms: 200 },
      ]),
    ).toEqual({
      step: 'createCheckoutSession',
      count: 4,
      ok: 2,
      refused: 1,
      errors: 1,
      p50: 100,
      p95: 300,
      max: 300,
    });
    expect(summarize('none', [])).toMatchObject({ count: 0, p50: null, p95: null, max: null });
  });
});

describe('the webhook burst plan', () => {
  it('makes exactly the events asked for, card, bank transfer and expiry in turn', () => {
    for (const events of [4, 5, 7, 40, 1000]) {
      const plan = planCheckouts(events);
      expect(plan.reduce((sum, kind) => sum + EVENTS_OF[kind], 0)).toBe(events);
    }
    expect(planCheckouts(8)).toEqual(['card', 'bank', 'expired', 'card', 'bank', 'expired']);
    // One event short of a bank transfer's two: a card payment instead.
    expect(planCheckouts(5)).toEqual(['card', 'bank', 'expired', 'card']);
  });

  it('sends each event one to three times, shuffled, the same for the same seed', () => {
    const events = Array.from({ length: 200 }, (_, i) => i);
    const order = burstOrder(events, seededRandom(42));
    expect(burstOrder(events, seededRandom(42))).toEqual(order);
    expect(burstOrder(events, seededRandom(43))).not.toEqual(order);
    const times = new Map<number, number>();
    for (const event of order) times.set(event, (times.get(event) ?? 0) + 1);
    expect(times.size).toBe(events.length);
    expect([...times.values()].every((n) => n >= 1 && n <= 3)).toBe(true);
    expect(new Set(times.values())).toEqual(new Set([1, 2, 3]));
    // Out of order: not sorted as given.
    expect(order.slice(0, 20)).not.toEqual([...order.slice(0, 20)].sort((a, b) => a - b));
  });
});

describe('the load table', () => {
  it('writes counts with thousands separators and latencies in whole milliseconds', () => {
    const row = stepRow('Rush', {
      step: 'checkout',
      count: 12_345,
      ok: 12_000,
      refused: 340,
      errors: 5,
      p50: 1_234.4,
      p95: 2_501.6,
      max: null,
    });
    expect(row).toEqual([
      'Rush',
      'checkout',
      '12,345',
      '12,000',
      '340',
      '5',
      '1,234 ms',
      '2,502 ms',
      '–',
    ]);
  });
});
