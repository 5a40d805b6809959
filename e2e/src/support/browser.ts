/**
 * The journeys' Chromium (Debian's headless shell), launched by the worker that runs them, once,
 * on the first journey's first person, and closed after the last journey (src/run-journeys.ts).
 * Launched here rather than as a server in the global setup, Playwright's half that drives the
 * browser runs in the same process as the journeys: each of their calls no longer crosses from
 * the worker to vitest's main process over a WebSocket and back. Four journeys (catalog, claims,
 * quotes, keyboard-only), two runs each way on 2 cores: vitest's processes used 22.2 and 22.6
 * CPU-seconds with the server, 16.3 and 16.8 this way (docs/testing.md).
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, headlessShellPath } from '../../../scripts/lib/chromium';

let launched: Promise<Browser> | undefined;

/** The worker's browser, launched on the first call; a failed launch is tried again next call. */
export function journeyBrowser(): Promise<Browser> {
  launched ??= chromium
    .launch({ executablePath: headlessShellPath(), args: CHROMIUM_ARGS })
    .catch((error: unknown) => {
      launched = undefined;
      throw error;
    });
  return launched;
}

/** Closes the worker's browser, if one was launched (after the last journey). */
export async function closeJourneyBrowser(): Promise<void> {
  const browser = await launched?.catch(() => undefined);
  launched = undefined;
  await browser?.close();
}
