// @vitest-environment node
/**
 * `npm test` runs the journeys beside the other suites (scripts/test.ts): its closing line sums
 * both runs' and never looks green when a run broke, the journeys that time the page run after
 * the others, and Ctrl-C finds what each run started.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import { descendantGroups } from '../../scripts/lib/processes.ts';
import { readClosingLine, summarize, type RunResult } from '../../scripts/lib/test-runs.ts';
import JourneyOrder, { TIMED_JOURNEYS } from '../../test-support/journey-order.ts';

describe('the closing line of npm test', () => {
  it('reads a run’s own closing line and nothing else', () => {
    expect(readClosingLine('4473 passed, 0 failed')).toEqual({
      passed: 4473,
      failed: 0,
      skipped: 0,
    });
    expect(readClosingLine('12 passed, 2 failed, 3 skipped')).toEqual({
      passed: 12,
      failed: 2,
      skipped: 3,
    });
    expect(readClosingLine('   Tests  12 passed (12)')).toBeUndefined();
    expect(readClosingLine('✓ shows 3 passed, 1 failed in the table')).toBeUndefined();
  });

  const run = (name: string, counts: RunResult['counts'], code: number | null): RunResult => ({
    name,
    counts,
    code,
    seconds: 100,
  });

  it('sums both runs', () => {
    const { lines, failed } = summarize([
      run('suites', { passed: 7900, failed: 0, skipped: 0 }, 0),
      run('journeys', { passed: 190, failed: 2, skipped: 1 }, 1),
    ]);
    expect(failed).toBe(2);
    expect(lines.at(-1)).toBe('8090 passed, 2 failed, 1 skipped');
    expect(lines[1]).toBe(
      'npm test: journeys ended after 100 s: 190 passed, 2 failed, exit code 1',
    );
  });

  it('counts a run without a closing line, or one that failed after saying all passed, as a failure', () => {
    expect(
      summarize([
        run('suites', { passed: 10, failed: 0, skipped: 0 }, 0),
        run('journeys', undefined, 1),
      ]).lines.at(-1),
    ).toBe('10 passed, 1 failed');
    expect(summarize([run('suites', { passed: 10, failed: 0, skipped: 0 }, 1)]).lines.at(-1)).toBe(
      '10 passed, 1 failed',
    );
    expect(summarize([run('suites', { passed: 10, failed: 0, skipped: 0 }, 0)]).failed).toBe(0);
  });
});

describe('the order of the journeys', () => {
  const spec = (file: string, duration: number) =>
    ({
      moduleId: `/repo/e2e/src/${file}`,
      project: { name: 'e2e', config: { sequence: { groupOrder: 0 }, isolate: true } },
      duration,
    }) as unknown as TestSpecification & { duration: number };

  it('keeps vitest’s order (slowest known first) with the timed journeys last', async () => {
    const files = [
      spec('profile-edit.e2e.ts', 5),
      spec('large-catalog.e2e.ts', 60),
      spec('keyboard-only.e2e.ts', 50),
      spec('buyer-onboarding.e2e.ts', 44),
      spec('quotes.e2e.ts', 43),
    ];
    const cache = {
      getTestSpecificationResult: (s: { duration: number }) => ({
        duration: s.duration,
        failed: false,
      }),
    };
    const sorted = await new JourneyOrder({ cache } as never).sort(files);
    expect(sorted.map((s) => s.moduleId.split('/').at(-1))).toEqual([
      'keyboard-only.e2e.ts',
      'quotes.e2e.ts',
      'profile-edit.e2e.ts',
      'large-catalog.e2e.ts',
      'buyer-onboarding.e2e.ts',
    ]);
    expect(TIMED_JOURNEYS).toEqual(['large-catalog.e2e.ts', 'buyer-onboarding.e2e.ts']);
  });
});

describe('stopping npm test', () => {
  it('finds the process groups a child started in groups of their own', async () => {
    // A leader in its own group, with a child that starts a group of its own (as a global setup
    // starts a stack) and a child that stays in the leader's.
    const leader = spawn('sh', ['-c', 'setsid sleep 30 & sleep 30 & wait'], {
      detached: true,
      stdio: 'ignore',
    });
    const pid = leader.pid!;
    try {
      let groups: number[] = [];
      await expect.poll(() => (groups = descendantGroups(pid)).length, { timeout: 5_000 }).toBe(2);
      expect(groups).toContain(pid);
      const other = groups.find((group) => group !== pid)!;
      expect(other).not.toBe(process.pid);
      expect(descendantGroups(process.pid)).toEqual(expect.arrayContaining(groups));
      for (const group of groups) process.kill(-group, 'SIGTERM');
      await expect.poll(() => descendantGroups(pid), { timeout: 5_000 }).toEqual([]);
    } finally {
      for (const group of descendantGroups(pid)) process.kill(-group, 'SIGKILL');
    }
  });
});
