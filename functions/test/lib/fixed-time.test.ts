import { describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_ANSWER_MS, inFixedTime } from '../../src/lib/fixed-time';
import { log } from '../../src/lib/log';

/** Answers that take the same time whatever they found (lib/fixed-time.ts). */
describe('inFixedTime', () => {
  const timed = async (work: () => Promise<unknown>, minMs: number) => {
    const started = performance.now();
    const outcome = await inFixedTime(work, minMs).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    return { outcome, ms: performance.now() - started };
  };

  it('answers quick work, and its refusals, no sooner than the minimum', async () => {
    const quick = await timed(async () => 'done', 120);
    expect(quick.outcome).toEqual({ value: 'done' });
    expect(quick.ms).toBeGreaterThanOrEqual(118);
    const refusal = new Error('refused');
    const failed = await timed(async () => Promise.reject(refusal), 120);
    expect(failed.outcome).toEqual({ error: refusal });
    expect(failed.ms).toBeGreaterThanOrEqual(118);
  });

  it('lets slow work finish and logs that the minimum was too short', async () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    try {
      const slow = await timed(() => new Promise((resolve) => setTimeout(resolve, 80, 'late')), 20);
      expect(slow.outcome).toEqual({ value: 'late' });
      expect(warn).toHaveBeenCalledWith(
        'fixed_time_overrun',
        expect.objectContaining({ min_ms: 20 }),
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('waits longer than the anonymous mail calls take', () => {
    expect(ANONYMOUS_ANSWER_MS).toBeGreaterThanOrEqual(300);
  });
});
