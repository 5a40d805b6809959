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

/** Debian's Chromium (`apt-get install chromium`); CHROMIUM_PATH overrides. Never downloads one. */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH ?? CHROMIUM_DEFAULT_PATH;
  if (!existsSync(candidate)) {
    throw new Error(`Chromium not found at ${candidate}: install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH.`);
  }
  return candidate;
}
