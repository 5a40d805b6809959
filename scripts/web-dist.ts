/**
 * The web app's part of a deploy, run by firebase.json's hosting predeploy (so by `npm run deploy`
 * and by a bare `firebase deploy` alike), so what Hosting uploads is never a stale or local build:
 *
 *   build          the production build of the web app into web/dist (`npm run build -w web` with
 *                  VITE_USE_EMULATORS=false, whatever the shell or an env file says)
 *   check [dir]    stops the deploy when the built site (default web/dist; the predeploy passes
 *                  $RESOURCE_DIR, the hosting public folder) points at the emulators or a demo
 *                  project (scripts/lib/bundle-scan.ts)
 *
 * Exit codes: 0 done, 1 the build failed or the site is wired locally, 2 bad usage.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webDistFindings } from './lib/bundle-scan';
import { NPM } from './lib/commands';
import { ROOT } from './lib/root';

const USAGE = 'Usage: tsx scripts/web-dist.ts build | check [dir]';

/** Builds web/dist for production; returns the build's exit code. */
export function buildWebForDeploy(): number {
  const result = spawnSync(NPM, ['run', '--silent', 'build', '-w', 'web'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, VITE_USE_EMULATORS: 'false' },
    shell: process.platform === 'win32',
  });
  return result.status ?? 1;
}

/** Checks the built site at `dir`: prints what it found and returns the exit code. */
export function checkWebDist(dir: string): number {
  let findings: string[];
  try {
    findings = webDistFindings(dir);
  } catch (error) {
    console.error(`web-dist: cannot read the built site in ${dir}: ${(error as Error).message}`);
    return 1;
  }
  if (findings.length > 0) {
    console.error(
      `web-dist: ${dir} points at the emulators or a demo project (${findings.join(', ')}); it must not be deployed. Build it for production: tsx scripts/web-dist.ts build`,
    );
    return 1;
  }
  console.log(`web-dist: ${dir} is a production build (no emulator address, port or demo project)`);
  return 0;
}

function main(argv: string[]): number {
  const [command, dir, ...rest] = argv;
  if (command === 'build' && dir === undefined) return buildWebForDeploy();
  if (command === 'check' && rest.length === 0)
    return checkWebDist(path.resolve(dir ?? path.join(ROOT, 'web/dist')));
  console.error(USAGE);
  return 2;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
