import { existsSync } from 'node:fs';

/** Flags for headless Debian Chromium (e2e and npm run perf) in containers and CI (no sandbox, no background traffic). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export const CHROMIUM_DEFAULT_PATH = '/usr/bin/chromium';

/**
 * Debian's headless shell (`apt-get install chromium-headless-shell`): the same Blink and V8 as
 * the browser, without the browser's own user interface layers, as Playwright's own runner uses
 * for headless tests. Journeys took about 12% less time and 15% less CPU on it than on the full
 * browser (two A/B runs of four journeys each: docs/testing.md).
 */
export const HEADLESS_SHELL_DEFAULT_PATH = '/usr/lib/chromium/chromium-headless-shell';

/** Debian's Chromium (`apt-get install chromium`); CHROMIUM_PATH overrides. Never downloads one. */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH ?? CHROMIUM_DEFAULT_PATH;
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}: install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH.`,
    );
  }
  return candidate;
}

/**
 * The browser the end-to-end journeys and the cost report drive: Debian's headless shell;
 * CHROMIUM_HEADLESS_SHELL_PATH overrides. `npm run perf` keeps the full browser (chromiumPath),
 * which is what Lighthouse measures a page in. Never downloads one.
 */
export function headlessShellPath(): string {
  const candidate = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? HEADLESS_SHELL_DEFAULT_PATH;
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium's headless shell not found at ${candidate}: install it with \`apt-get install -y chromium-headless-shell\` or set CHROMIUM_HEADLESS_SHELL_PATH.`,
    );
  }
  return candidate;
}
