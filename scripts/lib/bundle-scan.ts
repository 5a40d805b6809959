/**
 * Finds signs that a built web bundle is wired to the local emulators or a demo project: what a
 * deployed site must never contain. Used by the production-build test and, through
 * `scripts/web-dist.ts check`, by firebase.json's hosting predeploy (so by `npm run deploy` and a
 * bare `firebase deploy` alike) before anything is uploaded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TABLE_EXPORT_MAX } from '@portal/domain';
import { ROOT } from './root';

/**
 * Numbers the app itself uses that equal an emulator port: the order export asks for one row
 * past its cap (5001, the Functions emulator's port) to tell that it was cut.
 */
const APP_NUMBERS = [TABLE_EXPORT_MAX + 1];

interface FirebaseJson {
  emulators?: Record<string, { port?: number }>;
}

/** The emulator ports of firebase.json and the local project id of .firebaserc. */
export function localMarkers(root = ROOT): { ports: number[]; demoProject: string } {
  const firebaseJson = JSON.parse(
    readFileSync(path.join(root, 'firebase.json'), 'utf8'),
  ) as FirebaseJson;
  const rc = JSON.parse(readFileSync(path.join(root, '.firebaserc'), 'utf8')) as {
    projects: { default: string };
  };
  const ports = Object.values(firebaseJson.emulators ?? {})
    .map((e) => e.port)
    .filter((p): p is number => typeof p === 'number');
  return { ports, demoProject: rc.projects.default };
}

/** Every .js file under `dir`/assets, concatenated. */
export function bundleJs(dir: string): string {
  const assets = path.join(dir, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(assets, f), 'utf8'))
    .join('\n');
}

export interface ScanOptions {
  ports: number[];
  demoProject: string;
}

/** Emulator ports written as numbers in the bundle (not inside identifiers or hex colours). */
export function emulatorPortLiterals(js: string, options: ScanOptions): number[] {
  const allowed = new Set(APP_NUMBERS);
  return options.ports.filter(
    (port) => !allowed.has(port) && new RegExp(`(?<![\\w#.$])${port}(?![\\w])`).test(js),
  );
}

/** `demo-` ids, not counting the Firebase SDK's own default for mock tokens (`demo-project`). */
export function demoIds(js: string): string[] {
  return [...new Set(js.match(/demo-[\w-]+/g) ?? [])].filter((id) => id !== 'demo-project');
}

/** What in `js` points at the emulators or a demo project, as sentences (empty when clean). */
export function localWiring(js: string, options: ScanOptions): string[] {
  const findings: string[] = [];
  if (js.includes('127.0.0.1')) findings.push('the loopback address 127.0.0.1');
  // (The Auth SDK's own OAuth code mentions http://localhost; a local server address has a port.)
  const localhost = js.match(/localhost:\d+/);
  if (localhost) findings.push(`a local address (${localhost[0]})`);
  for (const id of demoIds(js)) findings.push(`the demo project id "${id}"`);
  for (const port of emulatorPortLiterals(js, options)) findings.push(`the emulator port ${port}`);
  return findings;
}

/** What in the built site at `dir` points at the emulators or a demo project (empty when clean). */
export function webDistFindings(dir: string, root = ROOT): string[] {
  return localWiring(bundleJs(dir), localMarkers(root));
}
