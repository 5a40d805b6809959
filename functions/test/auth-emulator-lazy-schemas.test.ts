/**
 * scripts/lib/auth-emulator-lazy-schemas.cjs: in firebase-tools' own process, exegesis (which
 * routes and validates the Auth emulator's requests) compiles each request validator on its first
 * use instead of every one at start. A stand-in named as firebase-tools' command reads the
 * options exegesis would compile, with and without the preload; the worker stack's Auth emulator,
 * started with it, still refuses a request of the wrong shape.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFirebaseToolsPreloads } from '../../scripts/lib/firebase-tools-launch';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PRELOAD = path.join(ROOT, 'scripts/lib/auth-emulator-lazy-schemas.cjs');

/** Prints what exegesis's compileOptions makes of no choice, then of an explicit `false`. */
const STAND_IN = `
const { createRequire } = require('node:module');
const fromFirebaseTools = createRequire(require.resolve('firebase-tools/package.json', { paths: [process.env.REPO_ROOT] }));
const { compileOptions } = fromFirebaseTools('exegesis/lib/options');
process.stdout.write(JSON.stringify([
  compileOptions({}).lazyCompileValidationSchemas,
  compileOptions({ lazyCompileValidationSchemas: false }).lazyCompileValidationSchemas,
]));
`;

let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lazy-schemas-'));
  // The names firebase-tools runs under: its bin script, and npm's link to it.
  await mkdir(path.join(dir, '.bin'));
  await writeFile(path.join(dir, '.bin/firebase'), STAND_IN);
  await writeFile(path.join(dir, 'other-tool.js'), STAND_IN);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function lazyChoices(script: string, withPreload: boolean): Promise<[boolean, boolean]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...(withPreload ? ['--require', PRELOAD] : []), path.join(dir, script)],
      { env: { ...process.env, REPO_ROOT: ROOT, NODE_OPTIONS: '' } },
      (error, stdout) =>
        error ? reject(error) : resolve(JSON.parse(stdout) as [boolean, boolean]),
    );
  });
}

describe('the Auth emulator compiles its request validators on first use', () => {
  it('in firebase-tools: lazy unless an API chooses otherwise', async () => {
    expect(await lazyChoices('.bin/firebase', true)).toEqual([true, false]);
  });

  it("is exegesis's own default without the preload, and in any other process", async () => {
    expect(await lazyChoices('.bin/firebase', false)).toEqual([false, false]);
    expect(await lazyChoices('other-tool.js', true)).toEqual([false, false]);
  });

  it('is loaded into firebase-tools by every local stack, beside the Functions worker order', () => {
    const options = withFirebaseToolsPreloads('--max-old-space-size=2048');
    expect(options.startsWith('--max-old-space-size=2048 ')).toBe(true);
    for (const file of ['auth-emulator-lazy-schemas.cjs', 'functions-worker-order.cjs']) {
      const preload = path.join(ROOT, 'scripts/lib', file);
      expect(options).toContain(`--require ${JSON.stringify(preload)}`);
      expect(existsSync(preload)).toBe(true);
    }
  });

  it("still refuses a request of the wrong shape, and serves a right one (this worker's stack)", async () => {
    const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    expect(host).toBeTruthy();
    const signUp = (body: unknown) =>
      fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const email = `lazy-schemas-${Date.now()}@accounts.test`;
    const refused = await signUp({ email: [email], password: 'secret-123' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Invalid JSON payload received. /email must be string',
    );
    const served = await signUp({ email, password: 'secret-123' });
    expect(served.status).toBe(200);
    expect(((await served.json()) as { email: string }).email).toBe(email);
  });
});
