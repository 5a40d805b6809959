/**
 * The journeys' Chromium (Debian's headless shell), launched by the worker that runs them, once,
 * as the first journey starts, and closed after the last journey (src/run-journeys.ts). A browser
 * that crashed or was closed is launched again for the next journey.
 * Launched here rather than as a server in the global setup, Playwright's half that drives the
 * browser runs in the same process as the journeys: each of their calls no longer crosses from
 * the worker to vitest's main process over a WebSocket and back. Four journeys (catalog, claims,
 * quotes, keyboard-only), two runs each way on 2 cores: vitest's processes used 22.2 and 22.6
 * CPU-seconds with the server, 16.3 and 16.8 this way (docs/testing.md).
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, headlessShellPath } from '../../../scripts/lib/chromium';

let launched: Promise<Browser> | undefined;

/**
 * The worker's browser, launched on the first call; a failed launch, or a browser gone since,
 * is launched again on the next call.
 */
export function journeyBrowser(): Promise<Browser> {
  if (!launched) {
    const launching = chromium
      .launch({ executablePath: headlessShellPath(), args: CHROMIUM_ARGS })
      .then((browser) => {
        browser.on('disconnected', () => {
          if (launched === launching) launched = undefined;
        });
        return browser;
      })
      .catch((error: unknown) => {
        if (launched === launching) launched = undefined;
        throw error;
      });
    launched = launching;
  }
  return launched;
}

/** Closes the worker's browser, if one was launched (after the last journey). */
export async function closeJourneyBrowser(): Promise<void> {
  const browser = await launched?.catch(() => undefined);
  launched = undefined;
  await browser?.close();
}
