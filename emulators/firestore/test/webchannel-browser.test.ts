// The full web SDK (`firebase/firestore`, the npm package the web app uses) in headless Chromium,
// where it talks WebChannel (`/google.firestore.v1.Firestore/{Listen,Write}/channel`) to the
// emulator. Matches the SDK contract against production / the official emulator, which serve the
// same transport: onSnapshot sees every add, change and remove as it is committed; setDoc,
// getDocs and runTransaction work; a listener the rules deny gets `permission-denied` (production's
// PERMISSION_DENIED target removal); and a dropped connection is resumed without losing a change,
// over a streaming back channel and with forced long polling.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../src/index.js';
import { rest, uniqueProjectId, type Target } from './support/target.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';
import { serveHarnessPage, type HarnessPage } from './support/webchannel-page.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{collection}/{id} {
      allow read, write: if request.auth != null && collection != 'denied';
    }
  }
}
`;

interface ChangeEvent {
  path: string;
  type: 'added' | 'modified' | 'removed' | 'snapshot' | 'document';
  id?: string;
  data?: Record<string, unknown>;
  at: number;
  fromCache: boolean;
  /** Document listeners: whether it exists, and hasPendingWrites. */
  exists?: boolean;
  pending?: boolean;
}

interface HarnessApi {
  open(
    name: string,
    options: { host: string; port: number; projectId: string; transport: string; uid?: string },
  ): void;
  listen(name: string, path: string): void;
  listenDoc(name: string, path: string): void;
  events(name: string): ChangeEvent[];
  errors(name: string): { path: string; code: string; message: string }[];
  set(name: string, path: string, data: Record<string, unknown>): Promise<void>;
  trySet(name: string, path: string, data: Record<string, unknown>): Promise<string>;
  remove(name: string, path: string): Promise<void>;
  list(name: string, path: string): Promise<{ id: string; data: Record<string, unknown> }[]>;
  increment(name: string, path: string): Promise<number>;
  closeAll(): Promise<void>;
}

/** The page's global (the test's tsconfig has no DOM types); functions passed to `page.evaluate` run there. */
type PageGlobal = { harness: HarnessApi };

let dir: string;
let emulator: FirestoreEmulator;
let target: Target;
let pageServer: HarnessPage;
let browser: Browser;
let page: Page;
const proxies: TcpProxy[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'webchannel-browser-'));
  writeFileSync(join(dir, 'firestore.rules'), RULES);
  const projectId = uniqueProjectId('webchannel');
  emulator = await startFirestoreEmulator({
    port: 0,
    projectId,
    rulesFile: join(dir, 'firestore.rules'),
    log: () => undefined,
  });
  target = {
    host: emulator.host,
    port: emulator.port,
    url: emulator.url,
    projectId,
    external: false,
    close: () => emulator.stop(),
  };
  pageServer = await serveHarnessPage();
  browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  page = await browser.newPage();
  await page.goto(pageServer.url);
  await page.waitForFunction(
    () => (globalThis as unknown as Partial<PageGlobal>).harness !== undefined,
    undefined,
    {
      timeout: 20_000,
    },
  );
}, 60_000);

afterAll(async () => {
  await page
    ?.evaluate(() => (globalThis as unknown as PageGlobal).harness.closeAll())
    .catch(() => undefined);
  await browser?.close();
  await pageServer?.close();
  for (const proxy of proxies) await proxy.close();
  await emulator?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function open(name: string, port: number, transport: string): Promise<void> {
  return page.evaluate(
    ([n, options]) => (globalThis as unknown as PageGlobal).harness.open(n, options),
    [name, { host: target.host, port, projectId: target.projectId, transport, uid: 'u1' }] as const,
  );
}

const events = (name: string): Promise<ChangeEvent[]> =>
  page.evaluate((n) => (globalThis as unknown as PageGlobal).harness.events(n), name);

/** Polls (generously: a loaded machine) until `check` holds for the client's events. */
async function waitForEvents(
  name: string,
  check: (all: ChangeEvent[]) => boolean,
  timeoutMs = 20_000,
): Promise<ChangeEvent[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = await events(name);
    if (check(all)) return all;
    if (Date.now() > deadline)
      throw new Error(`timed out; events so far: ${JSON.stringify(all.slice(-10))}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A commit through REST as the admin (another client than the browser). */
async function commit(write: Record<string, unknown>): Promise<number> {
  const start = performance.timeOrigin + performance.now();
  const res = await rest(target, 'POST', ':commit', { body: { writes: [write] } });
  expect(res.status, res.text).toBe(200);
  return start;
}

const docName = (path: string): string =>
  `projects/${target.projectId}/databases/(default)/documents/${path}`;
const setWrite = (path: string, n: number): Record<string, unknown> => ({
  update: { name: docName(path), fields: { n: { integerValue: String(n) } } },
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

describe('full web SDK in Chromium over WebChannel', () => {
  it('onSnapshot sees each add, change and remove within 100 ms (median)', async () => {
    await open('live', target.port, 'auto');
    await page.evaluate(() => (globalThis as unknown as PageGlobal).harness.listen('live', 'live'));
    await waitForEvents('live', (all) => all.some((e) => !e.fromCache));

    const latency: Record<'added' | 'modified' | 'removed', number[]> = {
      added: [],
      modified: [],
      removed: [],
    };
    const measure = async (
      type: 'added' | 'modified' | 'removed',
      id: string,
      write: Record<string, unknown>,
    ): Promise<void> => {
      const start = await commit(write);
      const all = await waitForEvents('live', (es) =>
        es.some((e) => e.type === type && e.id === id),
      );
      const seen = all.find((e) => e.type === type && e.id === id) as ChangeEvent;
      latency[type].push(seen.at - start);
    };
    for (let i = 0; i < 7; i += 1) {
      const id = `d${i}`;
      await measure('added', id, setWrite(`live/${id}`, 1));
      await measure('modified', id, setWrite(`live/${id}`, 2));
      await measure('removed', id, { delete: docName(`live/${id}`) });
    }
    const fmt = (xs: number[]): string => xs.map((x) => x.toFixed(1)).join(', ');
    console.log(
      `WebChannel onSnapshot latency (ms) add [${fmt(latency.added)}] change [${fmt(latency.modified)}] remove [${fmt(latency.removed)}]; medians ${median(latency.added).toFixed(1)} / ${median(latency.modified).toFixed(1)} / ${median(latency.removed).toFixed(1)}`,
    );
    const modified = (await events('live')).filter((e) => e.type === 'modified');
    expect(modified.every((e) => e.data?.['n'] === 2)).toBe(true);
    expect(median(latency.added)).toBeLessThanOrEqual(100);
    expect(median(latency.modified)).toBeLessThanOrEqual(100);
    expect(median(latency.removed)).toBeLessThanOrEqual(100);
  }, 60_000);

  it('setDoc, getDocs, runTransaction and a document listener with metadata changes', async () => {
    await open('tx', target.port, 'auto');
    await page.evaluate(() =>
      (globalThis as unknown as PageGlobal).harness.listenDoc('tx', 'accounts/a'),
    );
    await waitForEvents('tx', (all) => all.some((e) => e.exists === false && !e.fromCache));
    await page.evaluate(() =>
      (globalThis as unknown as PageGlobal).harness.set('tx', 'accounts/a', { n: 10 }),
    );
    // The local write first (hasPendingWrites), then the same data acknowledged by the server.
    const seen = await waitForEvents('tx', (all) =>
      all.some((e) => e.exists === true && e.pending === false && e.data?.['n'] === 10),
    );
    expect(seen.some((e) => e.exists === true && e.pending === true)).toBe(true);
    const listed = await page.evaluate(() =>
      (globalThis as unknown as PageGlobal).harness.list('tx', 'accounts'),
    );
    expect(listed).toEqual([{ id: 'a', data: { n: 10 } }]);
    const results = await page.evaluate(() =>
      Promise.all([
        (globalThis as unknown as PageGlobal).harness.increment('tx', 'accounts/a'),
        (globalThis as unknown as PageGlobal).harness.increment('tx', 'accounts/a'),
      ]),
    );
    expect([...results].sort()).toEqual([11, 12]);
    const stored = await rest(target, 'GET', '/accounts/a');
    expect(stored.json<{ fields: unknown }>().fields).toEqual({ n: { integerValue: '12' } });
    await page.evaluate(() =>
      (globalThis as unknown as PageGlobal).harness.remove('tx', 'accounts/a'),
    );
    expect((await rest(target, 'GET', '/accounts/a')).status).toBe(404);
  }, 60_000);

  it('a listener the rules deny gets permission-denied', async () => {
    await commit(setWrite('denied/x', 1));
    await open('rules', target.port, 'auto');
    await page.evaluate(() => {
      (globalThis as unknown as PageGlobal).harness.listen('rules', 'denied');
      (globalThis as unknown as PageGlobal).harness.listen('rules', 'allowed');
    });
    const deadline = Date.now() + 20_000;
    let errors: { path: string; code: string }[] = [];
    while (Date.now() < deadline) {
      errors = await page.evaluate(() =>
        (globalThis as unknown as PageGlobal).harness.errors('rules'),
      );
      if (errors.length > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(errors.map((e) => [e.path, e.code])).toEqual([['denied', 'permission-denied']]);
    // The other target of the same stream keeps working.
    await commit(setWrite('allowed/y', 1));
    await waitForEvents('rules', (all) => all.some((e) => e.type === 'added' && e.id === 'y'));
    // A denied write fails its Write channel with PERMISSION_DENIED; the next write goes through.
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as PageGlobal).harness.trySet('rules', 'denied/z', { n: 1 }),
      ),
    ).toBe('permission-denied');
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as PageGlobal).harness.trySet('rules', 'allowed/z', { n: 1 }),
      ),
    ).toBe('ok');
    expect((await rest(target, 'GET', '/denied/z')).status).toBe(404);
    expect((await rest(target, 'GET', '/allowed/z')).status).toBe(200);
  }, 60_000);

  for (const transport of ['streaming', 'long-polling'] as const) {
    it(`resumes after dropped connections without losing a change (${transport})`, async () => {
      const proxy = await startTcpProxy(target.host, target.port);
      proxies.push(proxy);
      const name = `resume-${transport}`;
      await open(name, proxy.port, transport);
      await page.evaluate((n) => (globalThis as unknown as PageGlobal).harness.listen(n, n), name);
      await commit(setWrite(`${name}/before`, 1));
      await waitForEvents(name, (all) => all.some((e) => e.id === 'before' && !e.fromCache));
      // The browser writes through the Write channel too, so both channels are dropped.
      await page.evaluate(
        (n) => (globalThis as unknown as PageGlobal).harness.set(n, `${n}/own`, { n: 1 }),
        name,
      );
      const acceptedBefore = proxy.accepted;

      proxy.hold();
      proxy.dropAll();
      for (let i = 0; i < 3; i += 1) await commit(setWrite(`${name}/while-down-${i}`, i));
      await commit(setWrite(`${name}/before`, 2));
      await commit({ delete: docName(`${name}/own`) });
      await new Promise((r) => setTimeout(r, 300));
      proxy.release();

      const all = await waitForEvents(
        name,
        (es) =>
          [0, 1, 2].every((i) =>
            es.some((e) => e.id === `while-down-${i}` && e.type === 'added'),
          ) &&
          es.some((e) => e.id === 'before' && e.type === 'modified' && e.data?.['n'] === 2) &&
          es.some((e) => e.id === 'own' && e.type === 'removed'),
        25_000,
      );
      expect(proxy.accepted).toBeGreaterThan(acceptedBefore);
      // Live again afterwards, through the same channel machinery.
      await commit(setWrite(`${name}/after`, 1));
      await waitForEvents(name, (es) => es.some((e) => e.id === 'after' && e.type === 'added'));
      const listed = await page.evaluate(
        (n) => (globalThis as unknown as PageGlobal).harness.list(n, n),
        name,
      );
      expect(listed.map((d) => d.id).sort()).toEqual([
        'after',
        'before',
        'while-down-0',
        'while-down-1',
        'while-down-2',
      ]);
      expect(all.filter((e) => e.id === 'own' && e.type === 'removed')).toHaveLength(1);
    }, 60_000);
  }
});
