/** The load report: one table of every scenario's steps, then each scenario's checks and verdict. */
import { formatCount } from '@portal/domain';
import type { StepSummary } from './latency';
import type { ScenarioResult } from './scenario';

const ms = (value: number | null) =>
  value === null ? '–' : `${formatCount(Math.round(value))} ms`;

export const LOAD_TABLE_HEADER = [
  'Scenario',
  'Step',
  'Count',
  'OK',
  'Refused',
  'Errors',
  'p50',
  'p95',
  'Max',
] as const;

export function stepRow(scenario: string, step: StepSummary): string[] {
  return [
    scenario,
    step.step,
    formatCount(step.count),
    formatCount(step.ok),
    formatCount(step.refused),
    formatCount(step.errors),
    ms(step.p50),
    ms(step.p95),
    ms(step.max),
  ];
}

export function markdownTable(header: readonly string[], rows: readonly string[][]): string {
  return [header, header.map(() => '---'), ...rows]
    .map((cells) => `| ${cells.join(' | ')} |`)
    .join('\n');
}

export function passed(result: ScenarioResult): boolean {
  return result.checks.length > 0 && result.checks.every((c) => c.ok);
}

export function loadTable(results: readonly ScenarioResult[]): string {
  return markdownTable(
    LOAD_TABLE_HEADER,
    results.flatMap((result) => result.steps.map((step) => stepRow(result.name, step))),
  );
}

/** Per scenario: its notes, each check (✓ / ✗ with what was found) and the PASS/FAIL line. */
export function verdicts(results: readonly ScenarioResult[]): string {
  return results
    .map((result) => {
      const lines = [
        ...result.notes.map((note) => `  ${note}`),
        ...result.checks.map((c) => `  ${c.ok ? '✓' : '✗'} ${c.name}: ${c.detail}`),
        `${passed(result) ? 'PASS' : 'FAIL'} ${result.name} (${(result.wallMs / 1000).toFixed(1)} s)` +
          (passed(result)
            ? ''
            : `: ${result.checks
                .filter((c) => !c.ok)
                .map((c) => c.name)
                .join('; ')}`),
      ];
      return `${result.name}:\n${lines.join('\n')}`;
    })
    .join('\n\n');
}
