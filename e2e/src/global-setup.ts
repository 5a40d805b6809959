/**
 * Starts the local stack (the same `startStack` as `npm start`, on free ports, serving a
 * production build of the web app), hands its addresses to the journeys, and stops it at the
 * end, also when a journey or the setup itself fails. The journeys run one after another on one
 * stack, as one test file (src/run-journeys.ts); a stack is started for each vitest worker that
 * runs a file of the project (support/provided.ts `thisStack`), so one. The browser is the
 * worker's own (support/browser.ts); the setup only checks that it is installed, before any stack
 * starts. Stack output goes to e2e/artifacts/stack-<n>.log (git-ignored) for diagnosis.
 */
import { createWriteStream, mkdirSync, rmSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PROJECT_ID, ROOT, startStack, type RunningStack } from '../../scripts/lib/stack';
import { headlessShellPath } from '../../scripts/lib/chromium';
import { stacksNeeded } from '../../test-support/worker-stack';
import './support/provided';

const ARTIFACTS = path.join(ROOT, 'e2e/artifacts');
const SCREENSHOTS = path.join(ROOT, 'e2e/screenshots');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Missing, every journey would fail on its first person: say so once, before anything starts.
  headlessShellPath();
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  mkdirSync(SCREENSHOTS, { recursive: true });
  const count = await stacksNeeded(project);
  const logFiles: WriteStream[] = [];
  const logger = (name: string) => {
    const file = createWriteStream(path.join(ARTIFACTS, `${name}.log`));
    logFiles.push(file);
    return (service: string, line: string) => file.write(`${service.padEnd(16)} ${line}\n`);
  };

  const stacks: RunningStack[] = [];
  const teardown = async () => {
    await Promise.allSettled(stacks.map((stack) => stack.stop()));
    await Promise.all(logFiles.map((file) => new Promise<void>((resolve) => file.end(resolve))));
  };

  const t0 = performance.now();
  const webServer = process.env.E2E_WEB_SERVER === 'dev' ? 'dev' : 'build';
  const stackResults = await Promise.allSettled(
    // The production build, as it ships (E2E_WEB_SERVER=dev: the Vite dev server, to debug).
    Array.from({ length: count }, (_, i) =>
      startStack({ ports: 'free', log: logger(`stack-${i + 1}`), webServer }),
    ),
  );
  for (const result of stackResults) {
    if (result.status === 'fulfilled') stacks.push(result.value);
  }
  const failure = stackResults.find((result) => result.status === 'rejected');
  if (failure) {
    await teardown();
    const reason = failure.reason as unknown;
    throw new Error(
      `e2e setup failed (see e2e/artifacts/stack-*.log): ${reason instanceof Error ? reason.message : String(reason)}`,
    );
  }
  const ready = `${count} stack(s) ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
  logger('setup')('e2e', ready);

  project.provide(
    'stacks',
    stacks.map((stack) => ({
      urls: stack.urls,
      projectId: PROJECT_ID,
      appCheckDebugToken: stack.appCheckDebugToken,
      productionBuild: webServer === 'build',
    })),
  );
  return teardown;
}
