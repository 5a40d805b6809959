// @vitest-environment node
/**
 * The Vite dev server (`npm start`) must not hand out the secrets that live in the repository
 * beside the code: functions/.secret.local (Stripe keys, the SMTP password), .env files and
 * machine-local overrides. Any page open in the developer's browser can reach the dev server, and
 * it serves any file under the workspace root through /@fs/ unless `server.fs.deny` names it.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const ROOT = path.resolve(WEB, '..');
const SECRET = `planted-secret-${Math.random().toString(36).slice(2)}`;
/**
 * Scratch folders inside the workspace, which the dev server would otherwise serve: one beside
 * the functions (reached through /@fs/), one under the web app's root (reached by path too).
 */
const PLANTED = path.join(ROOT, 'functions', `.dev-server-test-${process.pid}`);
const PLANTED_IN_ROOT = path.join(WEB, `dev-server-test-${process.pid}`);
const FILES = [
  '.secret.local',
  '.secret',
  '.env',
  '.env.local',
  '.env.production',
  'settings.local',
  'server.key',
];

let server: ViteDevServer;
let base = '';

beforeAll(async () => {
  for (const dir of [PLANTED, PLANTED_IN_ROOT]) {
    mkdirSync(dir, { recursive: true });
    for (const file of FILES) writeFileSync(path.join(dir, file), `${SECRET}\n`);
    writeFileSync(path.join(dir, 'public.txt'), 'plain\n');
  }
  server = await createServer({
    configFile: path.join(WEB, 'vite.config.ts'),
    root: WEB,
    logLevel: 'silent',
    server: { port: 0, strictPort: false, host: '127.0.0.1', hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('the dev server has no port');
  base = `http://127.0.0.1:${address.port}`;
}, 60_000);

afterAll(async () => {
  await server?.close();
  for (const dir of [PLANTED, PLANTED_IN_ROOT]) rmSync(dir, { recursive: true, force: true });
});

async function fetchText(url: string) {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
}

describe('the Vite dev server', () => {
  it('serves an ordinary file through /@fs/ and by path (the checks below mean something)', async () => {
    for (const url of [
      `${base}/@fs${path.join(PLANTED, 'public.txt')}`,
      `${base}/@fs${path.join(PLANTED_IN_ROOT, 'public.txt')}`,
      `${base}/${path.basename(PLANTED_IN_ROOT)}/public.txt`,
    ]) {
      const answer = await fetchText(url);
      expect(answer.status, url).toBe(200);
      expect(answer.text, url).toContain('plain');
    }
  });

  it.each(FILES)('refuses %s through /@fs/ and by path, without its content', async (file) => {
    const inRoot = `${path.basename(PLANTED_IN_ROOT)}/${file}`;
    for (const url of [
      `${base}/@fs${path.join(PLANTED, file)}`,
      `${base}/@fs${path.join(PLANTED, file)}?raw`,
      `${base}/@fs${path.join(PLANTED, file)}?import`,
      `${base}/@fs${path.join(PLANTED_IN_ROOT, file)}`,
      `${base}/${inRoot}`,
      `${base}/${inRoot}?raw`,
      `${base}/${inRoot}?import`,
    ]) {
      const answer = await fetchText(url);
      expect([403, 404], url).toContain(answer.status);
      expect(answer.text, url).not.toContain(SECRET);
    }
  });
});
