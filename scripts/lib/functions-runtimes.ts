/**
 * The Cloud Functions Node.js runtimes and when Google retires them: the one list the runtime
 * test (functions/test/deploy-config.test.ts) and the deploy check (scripts/deploy.ts) read.
 *
 * Source: Google Cloud's "Runtime support schedule" for Cloud Functions / Cloud Run functions
 * (cloud.google.com/functions/docs/runtime-support), which firebase-tools mirrors in
 * lib/deploy/functions/runtimes/supported/types.js. After the decommission date `firebase deploy`
 * refuses the runtime; after the deprecation date it still deploys but gets no security updates.
 * Update this table when that schedule changes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface NodeRuntime {
  /** The `runtime` value in firebase.json, e.g. nodejs22. */
  id: `nodejs${number}`;
  /** The Node.js major version (functions/package.json `engines.node`). */
  major: number;
  deprecation: string;
  decommission: string;
}

export const NODE_RUNTIMES: readonly NodeRuntime[] = [
  { id: 'nodejs18', major: 18, deprecation: '2025-04-30', decommission: '2025-10-30' },
  { id: 'nodejs20', major: 20, deprecation: '2026-04-30', decommission: '2026-10-30' },
  { id: 'nodejs22', major: 22, deprecation: '2027-04-30', decommission: '2028-10-31' },
  { id: 'nodejs24', major: 24, deprecation: '2028-04-30', decommission: '2028-10-31' },
];

export type RuntimeState = 'supported' | 'deprecated' | 'retired' | 'unknown';

/** Where a runtime stands on a day (YYYY-MM-DD, UTC). */
export function runtimeState(id: string, today: string): RuntimeState {
  const runtime = NODE_RUNTIMES.find((r) => r.id === id);
  if (!runtime) return 'unknown';
  if (today >= runtime.decommission) return 'retired';
  if (today >= runtime.deprecation) return 'deprecated';
  return 'supported';
}

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

export interface DeployRuntimeConfig {
  /** `runtime` of every functions codebase in firebase.json. */
  firebaseJsonRuntimes: (string | undefined)[];
  /** functions/package.json `engines.node`. */
  enginesNode: string | undefined;
}

/** Reads what `firebase deploy` uses: firebase.json's functions runtimes and the engines field. */
export function readDeployRuntimeConfig(root: string): DeployRuntimeConfig {
  const readJson = (file: string) =>
    JSON.parse(readFileSync(path.join(root, file), 'utf8')) as unknown;
  const firebaseJson = readJson('firebase.json') as { functions?: { runtime?: string }[] };
  const pkg = readJson('functions/package.json') as { engines?: { node?: string } };
  return {
    firebaseJsonRuntimes: (firebaseJson.functions ?? []).map((f) => f.runtime),
    enginesNode: pkg.engines?.node,
  };
}

/**
 * Problems with the runtime that `firebase deploy` would use, as sentences (empty when fine).
 * Deprecated runtimes are not problems here; `runtimeWarnings` reports them.
 */
export function runtimeProblems(config: DeployRuntimeConfig, today: string): string[] {
  const problems: string[] = [];
  if (config.firebaseJsonRuntimes.length === 0)
    problems.push('firebase.json has no functions codebase.');
  for (const [i, id] of config.firebaseJsonRuntimes.entries()) {
    if (!id) {
      problems.push(`firebase.json functions[${i}] sets no runtime.`);
      continue;
    }
    const state = runtimeState(id, today);
    const runtime = NODE_RUNTIMES.find((r) => r.id === id);
    if (state === 'unknown')
      problems.push(
        `firebase.json functions[${i}].runtime "${id}" is not a known Node.js runtime.`,
      );
    if (state === 'retired')
      problems.push(
        `firebase.json functions[${i}].runtime "${id}" was retired on ${runtime?.decommission}.`,
      );
    if (runtime && config.enginesNode !== String(runtime.major)) {
      problems.push(
        `functions/package.json engines.node is "${config.enginesNode ?? ''}" but firebase.json deploys ${id}: set it to "${runtime.major}".`,
      );
    }
  }
  return problems;
}

export function runtimeWarnings(config: DeployRuntimeConfig, today: string): string[] {
  return config.firebaseJsonRuntimes
    .filter((id): id is string => !!id && runtimeState(id, today) === 'deprecated')
    .map((id) => {
      const runtime = NODE_RUNTIMES.find((r) => r.id === id);
      return `${id} is deprecated since ${runtime?.deprecation} and will be retired on ${runtime?.decommission}: move to a newer runtime.`;
    });
}
