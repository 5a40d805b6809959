/**
 * One `vite build` of the web app into a folder of the caller's, as on a machine with no env
 * file: no VITE_* variable from the calling shell, only those given, and NODE_ENV=production;
 * and `vite preview` of such a folder. Used by the production-build test, the production-bundle
 * e2e test, `npm run sizes`, `npm run perf` and the e2e stack (startStack's webServer 'build').
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { startProcess, type ManagedProcess } from './processes';
import { ROOT } from './root';

export interface WebBuild {
  ok: boolean;
  output: string;
}

export interface WebBuildOptions {
  vars?: Record<string, string>;
  logLevel?: 'error' | 'warn' | 'info';
}

function buildCommand(outDir: string, options: WebBuildOptions) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_')),
  );
  return {
    command: process.execPath,
    args: [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--manifest',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      options.logLevel ?? 'error',
    ],
    cwd: path.join(ROOT, 'web'),
    // Always React's production build: a caller's NODE_ENV (vitest sets `test`, a shell may say
    // `development`) would otherwise bundle the development build, 60-70 KB more per route.
    env: { ...env, ...options.vars, NODE_ENV: 'production' },
  };
}

export function buildWeb(outDir: string, options: WebBuildOptions = {}): WebBuild {
  const { command, args, cwd, env } = buildCommand(outDir, options);
  const result = spawnSync(command, args, {
    cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** The same build without blocking the caller (the stack starts its other services meanwhile). */
export function buildWebInBackground(
  outDir: string,
  options: WebBuildOptions = {},
): Promise<WebBuild> {
  const { command, args, cwd, env } = buildCommand(outDir, options);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => resolve({ ok: false, output: `${output}${error.message}` }));
    child.once('exit', (code) => resolve({ ok: code === 0, output }));
  });
}

/**
 * The VITE_* variables of a build as it ships, for weighing it (`npm run sizes`, `npm run perf`):
 * the shell's App Check site key, or a stand-in when none is set (the key changes no size).
 */
export function shippedBuildVars(): Record<string, string> {
  return {
    VITE_APP_CHECK_SITE_KEY: process.env.VITE_APP_CHECK_SITE_KEY?.trim() || 'size-report-stand-in',
  };
}

/**
 * The VITE_* variables of a build wired to a local stack's emulators (e2e, npm run perf): never
 * deployable, and the build says so.
 */
export function localStackBuildVars(stack: {
  host: string;
  ports: { auth: number; firestore: number; functions: number; storage: number };
  projectId: string;
  appCheckUrl: string;
  appCheckDebugToken: string;
}): Record<string, string> {
  return {
    VITE_USE_EMULATORS: 'true',
    VITE_EMULATOR_HOST: stack.host,
    VITE_AUTH_EMULATOR_PORT: String(stack.ports.auth),
    VITE_FIRESTORE_EMULATOR_PORT: String(stack.ports.firestore),
    VITE_FUNCTIONS_EMULATOR_PORT: String(stack.ports.functions),
    VITE_STORAGE_EMULATOR_PORT: String(stack.ports.storage),
    VITE_FIREBASE_PROJECT_ID: stack.projectId,
    VITE_APP_CHECK_EXCHANGE_URL: stack.appCheckUrl,
    VITE_APP_CHECK_DEBUG_TOKEN: stack.appCheckDebugToken,
  };
}

/**
 * Serves a built folder with `vite preview` on 127.0.0.1:port (the caller waits for the port);
 * with `tls` (a key and certificate file), over HTTP/2 and https, as Firebase Hosting serves.
 */
export function startWebPreview(
  outDir: string,
  port: number,
  options: { tls?: { keyFile: string; certFile: string } } = {},
): ManagedProcess {
  return startProcess({
    name: 'preview',
    command: path.join(ROOT, 'node_modules/.bin/vite'),
    args: [
      'preview',
      '--outDir',
      outDir,
      '--port',
      String(port),
      '--strictPort',
      '--host',
      '127.0.0.1',
    ],
    cwd: path.join(ROOT, 'web'),
    env: options.tls
      ? { PREVIEW_TLS_KEY_FILE: options.tls.keyFile, PREVIEW_TLS_CERT_FILE: options.tls.certFile }
      : undefined,
  });
}
