import { describe, expect, it } from 'vitest';
import { Timestamp } from '@/testing/fake-firestore-lite';
import { toDate } from './firestore';

describe('toDate', () => {
  const at = new Date('2026-12-03T10:00:00Z');

  it("reads Lite's Timestamps, the full SDK's (anything with toDate) and Dates", () => {
    expect(toDate(Timestamp.fromDate(at))).toEqual(at);
    // The live views' full SDK has a Timestamp class of its own.
    expect(toDate({ seconds: 1, nanoseconds: 0, toDate: () => at })).toEqual(at);
    expect(toDate(at)).toBe(at);
  });

  it('answers null for anything else', () => {
    expect(toDate(null)).toBeNull();
    expect(toDate('2026-12-03')).toBeNull();
    expect(toDate({ toDate: 'not a function' })).toBeNull();
    expect(toDate({ toDate: () => 'not a date' })).toBeNull();
  });
});
