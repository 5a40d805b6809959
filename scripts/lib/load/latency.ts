/**
 * What each step of a scenario measured: its calls, how each ended (ok, refused as the portal
 * refuses, or an error) and how long it took, summed up as count, p50, p95 and max.
 */

export type Outcome = 'ok' | 'refused' | 'error';

export interface Sample {
  outcome: Outcome;
  ms: number;
}

export interface StepSummary {
  step: string;
  count: number;
  ok: number;
  refused: number;
  errors: number;
  /** Over every sample, whatever its outcome; null without samples. */
  p50: number | null;
  p95: number | null;
  max: number | null;
}

/**
 * The nearest-rank percentile (the smallest value with at least p % of the values at or below
 * it) of values in any order; null for none.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile ${p} is not in (0, 100]`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? null;
}

export function summarize(step: string, samples: readonly Sample[]): StepSummary {
  const ms = samples.map((sample) => sample.ms);
  const count = (outcome: Outcome) => samples.filter((s) => s.outcome === outcome).length;
  return {
    step,
    count: samples.length,
    ok: count('ok'),
    refused: count('refused'),
    errors: count('error'),
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    max: ms.length === 0 ? null : Math.max(...ms),
  };
}

/** The samples of one scenario, by step, in the order the steps were first recorded. */
export class StepRecorder {
  private readonly steps = new Map<string, Sample[]>();

  record(step: string, outcome: Outcome, ms: number): void {
    const samples = this.steps.get(step) ?? [];
    samples.push({ outcome, ms });
    this.steps.set(step, samples);
  }

  /** Times `work`: ok when it resolves, or the outcome `judge` gives its error (default error). */
  async time<T>(
    step: string,
    work: () => Promise<T>,
    judge: (value: T) => Outcome = () => 'ok',
  ): Promise<T> {
    const started = performance.now();
    try {
      const value = await work();
      this.record(step, judge(value), performance.now() - started);
      return value;
    } catch (error) {
      this.record(step, 'error', performance.now() - started);
      throw error;
    }
  }

  summaries(): StepSummary[] {
    return [...this.steps].map(([step, samples]) => summarize(step, samples));
  }
}
