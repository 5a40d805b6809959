import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../root';

/** The Firestore emulator benchmark (`npm run bench -w emulators/firestore`): its output lines. */
export function firestoreBench(): string[] {
  const pkg = JSON.parse(
    readFileSync(path.join(ROOT, 'emulators/firestore/package.json'), 'utf8'),
  ) as {
    scripts?: Record<string, string>;
  };
  if (!pkg.scripts?.bench)
    return ['No `bench` script in emulators/firestore: benchmark not available.'];
  const result = run('npm', ['run', '--silent', 'bench', '-w', 'emulators/firestore']);
  const lines = result.out.split('\n').filter((l) => l.trim() && !/^npm warn/i.test(l));
  return result.ok ? lines : ['The benchmark failed:', ...lines.slice(-15)];
}

function run(command: string, args: string[], cwd = ROOT): { ok: boolean; out: string } {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: process.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ok: result.status === 0, out: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}
