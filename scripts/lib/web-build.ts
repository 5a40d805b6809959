/**
 * One `vite build` of the web app into a folder of the caller's, as on a machine with no env
 * file: no VITE_* variable from the calling shell, only those given, and NODE_ENV=production;
 * and `vite preview` of such a folder. Used by the production-build test, the production-bundle
 * e2e test, `npm run sizes` and `npm run perf`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startProcess, type ManagedProcess } from './processes';
import { ROOT } from './stack';

export interface WebBuild {
  ok: boolean;
  output: string;
}

export function buildWeb(
  outDir: string,
  options: { vars?: Record<string, string>; logLevel?: 'error' | 'warn' | 'info' } = {},
): WebBuild {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_')));
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--manifest',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      options.logLevel ?? 'error',
    ],
    {
      cwd: path.join(ROOT, 'web'),
      // Always React's production build: a caller's NODE_ENV (vitest sets `test`, a shell may say
      // `development`) would otherwise bundle the development build, 60-70 KB more per route.
      env: { ...env, ...options.vars, NODE_ENV: 'production' },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** Serves a built folder with `vite preview` on 127.0.0.1:port (the caller waits for the port). */
export function startWebPreview(outDir: string, port: number): ManagedProcess {
  return startProcess({
    name: 'preview',
    command: path.join(ROOT, 'node_modules/.bin/vite'),
    args: ['preview', '--outDir', outDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    cwd: path.join(ROOT, 'web'),
  });
}
