/**
 * Starts the whole local stack once (the same `startStack` as `npm start`, on free ports) and
 * one headless Debian Chromium, hands their addresses to the journeys, and stops both at the
 * end, also when a journey or the setup itself fails. Stack output goes to
 * e2e/artifacts/stack.log (git-ignored) for diagnosis.
 */
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { PROJECT_ID, ROOT, startStack, type RunningStack } from '../../scripts/lib/stack';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/chromium';
import './support/provided';

const ARTIFACTS = path.join(ROOT, 'e2e/artifacts');
const SCREENSHOTS = path.join(ROOT, 'e2e/screenshots');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const executablePath = chromiumPath();
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  mkdirSync(SCREENSHOTS, { recursive: true });
  const logFile = createWriteStream(path.join(ARTIFACTS, 'stack.log'));
  const log = (service: string, line: string) => logFile.write(`${service.padEnd(16)} ${line}\n`);

  let stack: RunningStack | undefined;
  let browser: BrowserServer | undefined;
  const teardown = async () => {
    await Promise.allSettled([browser?.close(), stack?.stop()]);
    await new Promise<void>((resolve) => logFile.end(resolve));
  };

  const t0 = performance.now();
  const [stackResult, browserResult] = await Promise.allSettled([
    startStack({ ports: 'free', log }),
    chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS }),
  ]);
  if (stackResult.status === 'fulfilled') stack = stackResult.value;
  if (browserResult.status === 'fulfilled') browser = browserResult.value;
  if (!stack || !browser) {
    await teardown();
    const reason =
      stackResult.status === 'rejected'
        ? stackResult.reason
        : browserResult.status === 'rejected'
          ? browserResult.reason
          : 'unknown';
    throw new Error(
      `e2e setup failed (see e2e/artifacts/stack.log): ${reason instanceof Error ? reason.message : String(reason)}`,
    );
  }
  log('e2e', `stack and browser ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  project.provide('stack', {
    urls: stack.urls,
    projectId: PROJECT_ID,
    appCheckDebugToken: stack.appCheckDebugToken,
  });
  project.provide('browserWsEndpoint', browser.wsEndpoint());
  return teardown;
}
