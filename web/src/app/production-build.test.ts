// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bundleJs,
  emulatorPortLiterals,
  localMarkers,
  localWiring,
} from '../../../scripts/lib/bundle-scan';
import { buildWeb } from '../../../scripts/lib/web-build';
import {
  antdProblems,
  budgetProblem,
  INTERIM_CEILINGS,
  authFreeRoutes,
  firebaseFreeRoutes,
  firebaseProblems,
  measureRouteSizes,
  routeKind,
  SIZE_TARGETS,
  sizeProblems,
  type RouteSize,
} from '../../../scripts/route-sizes';
import { ROUTES, TABLE_EXPORT_MAX } from '@portal/domain';
import { readManifest, routeFirstLoad, staticClosure } from '../../build/route-chunks';
import { type PlannedManifest } from '../../build/route-chunk-groups';
import { runInNewContext } from 'node:vm';
import { routeDocument } from '../../build/route-documents';
import { firebaseDataOrigins } from '../config/firebase-web-config';

/**
 * Real production builds (`vite build`, a couple of seconds each) into temporary folders, with
 * no VITE_* variables but those a case sets, as on a machine with no env file.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const temp = mkdtempSync(path.join(tmpdir(), 'portal-web-build-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function build(
  name: string,
  vars: Record<string, string> = {},
  logLevel: 'error' | 'warn' = 'error',
) {
  const outDir = path.join(temp, name);
  // vitest sets NODE_ENV=test; buildWeb builds with NODE_ENV=production all the same.
  const { ok, output } = buildWeb(outDir, { vars, logLevel });
  const js = () => bundleJs(outDir);
  return { ok, output, outDir, js };
}

const markers = localMarkers(root);

/** Every production build needs the App Check site key (reCAPTCHA Enterprise). */
const SITE_KEY = { VITE_APP_CHECK_SITE_KEY: '6Lc-production-build-test-key' };

/** Where `needle` first appears in the bundle, with a little context (null when it does not). */
function around(js: string, needle: string): string | null {
  const at = js.indexOf(needle);
  return at < 0 ? null : js.slice(Math.max(0, at - 60), at + needle.length + 60);
}

describe('the production build with no env file', () => {
  const prod = build('production', SITE_KEY);
  // Measured once (source maps read for every chunk: about 4 s), read by the checks below.
  let measured: RouteSize[] | undefined;
  const prodSizes = () => (measured ??= measureRouteSizes(prod.outDir));

  it('builds', () => {
    expect(prod.output).toBe('');
    expect(prod.ok).toBe(true);
  });

  it('is not wired to the emulators or a demo project, and reads its config from Firebase Hosting', () => {
    const js = prod.js();
    expect(localWiring(js, markers)).toEqual([]);
    expect(around(js, markers.demoProject)).toBeNull();
    expect(around(js, '/__/firebase/init.json')).not.toBeNull();
  });

  it('writes its source maps for this machine, but no chunk names one (Hosting never serves them)', () => {
    const assets = path.join(prod.outDir, 'assets');
    const files = readdirSync(assets);
    const chunks = files.filter((file) => /\.(js|css)$/.test(file));
    expect(chunks.filter((file) => files.includes(`${file}.map`)).length).toBeGreaterThan(0);
    for (const file of chunks)
      expect(readFileSync(path.join(assets, file), 'utf8'), file).not.toMatch(/sourceMappingURL/);
  });

  it('starts App Check with reCAPTCHA Enterprise and the site key it was given', () => {
    const js = prod.js();
    expect(around(js, SITE_KEY.VITE_APP_CHECK_SITE_KEY)).not.toBeNull();
    expect(around(js, 'recaptcha/enterprise.js')).not.toBeNull();
    // The local exchange provider stays out of a production build (the dev-server one has it).
    expect(around(js, 'local App Check exchange')).toBeNull();
  });

  it('keeps the landing page, the 404 page, the policy pages, the sign-in and application forms, the account and invitation links free of Firebase', () => {
    const sizes = prodSizes();
    const at = (route: string) => sizes.find((s) => s.route === route)!;
    expect(firebaseFreeRoutes().sort()).toEqual(
      [
        '/',
        '/apply',
        '/login',
        '/admin/login',
        '/forgot-password',
        '/auth/action',
        '/join',
        '/legal/:page',
        '(404)',
      ].sort(),
    );
    for (const route of firebaseFreeRoutes()) expect(at(route).firebase, route).toBe(false);
    // The newsletter and skip links call a function on arrival: Firebase's app and App Check, no
    // Auth.
    expect(authFreeRoutes().sort()).toEqual(
      [...firebaseFreeRoutes(), '/newsletter/:action', '/skip'].sort(),
    );
    expect(at('/newsletter/:action')).toMatchObject({ firebase: true, firebaseAuth: false });
    expect(at('/skip')).toMatchObject({ firebase: true, firebaseAuth: false });
    expect(firebaseProblems(sizes)).toEqual([]);
    // Signed-in routes do carry Firebase and its Auth, so the detection itself works.
    expect(at('/portal/store')).toMatchObject({ firebase: true, firebaseAuth: true });
    expect(firebaseProblems([{ ...at('/newsletter/:action'), firebaseAuth: true }])).toContain(
      '/newsletter/:action loads Firebase Auth in its first load.',
    );
    expect(firebaseProblems([{ ...at('/auth/action'), firebase: true }])).toContain(
      '/auth/action loads Firebase SDK code in its first load.',
    );
  });

  it('keeps every route within its size limit (its target, or its interim ceiling)', () => {
    expect(sizeProblems(prodSizes())).toEqual([]);
  });

  it('lists an interim ceiling only for a route still over its target', () => {
    const sizes = prodSizes();
    for (const [route, ceiling] of Object.entries(INTERIM_CEILINGS)) {
      const size = sizes.find((s) => s.route === route);
      expect(size, `${route} is not a route`).toBeDefined();
      const target = SIZE_TARGETS[routeKind(route)];
      expect(ceiling, `${route}'s ceiling is not above its target`).toBeGreaterThan(target);
      expect(size!.jsBytes, `${route} meets its target: remove its ceiling`).toBeGreaterThan(
        target,
      );
    }
  });

  it('loads the PDF library only when an invoice is downloaded, in its own chunk', () => {
    const sizes = prodSizes();
    expect(sizes.filter((s) => s.pdfLib).map((s) => s.route)).toEqual([]);
    expect(sizes.map((s) => s.route)).toContain('/portal/orders/:orderId/invoice');
    // ...but it is in the build (a lazy chunk), so the check above can see it.
    expect(prod.js()).toContain('PDFDocument');
  });

  it("loads antd in no route's first load: every page draws its look without it", () => {
    const sizes = prodSizes();
    expect(sizes.filter((s) => s.antd).map((s) => s.route)).toEqual([]);
    expect(antdProblems(sizes)).toEqual([]);
    // The checks see antd when the dashboard's pages load it...
    for (const route of ['/admin', '/admin/companies/:companyId']) {
      const page = sizes.find((s) => s.route === route)!;
      expect(antdProblems([{ ...page, antd: true }])).toEqual([
        `${route} loads antd in its first load.`,
      ]);
    }
    // ...or a buyer's route.
    const store = sizes.find((s) => s.route === '/portal/store')!;
    expect(antdProblems([{ ...store, antd: true }])).toEqual([
      '/portal/store loads antd in its first load.',
    ]);
  });

  it('loads each page in fewer files, grouped by the first loads that hold them (build/route-chunk-groups.ts)', () => {
    const files = (route: string) => prodSizes().find((s) => s.route === route)!.jsFiles;
    // Without the groups (2026-12-06): the store 89 files, the cart 86, the dashboard 119.
    expect(files(ROUTES.store.path)).toBeLessThan(65);
    expect(files(ROUTES.cart.path)).toBeLessThan(65);
    expect(files(ROUTES.admin.path)).toBeLessThan(95);
  });

  it("keeps what the cart's checkout choices fetch after its first load within what they need", () => {
    const manifest = readManifest(prod.outDir) as PlannedManifest;
    const cart = new Set(routeFirstLoad(manifest, ROUTES.cart).keys);
    const choices = Object.keys(manifest).find((key) =>
      key.endsWith('features/shop/components/checkout-choices.ts'),
    );
    expect(choices, 'the checkout choices are a chunk of their own').toBeDefined();
    const later = [...staticClosure(manifest, [choices!])].filter((key) => !cart.has(key));
    const gzipped = later.reduce(
      (sum, key) =>
        sum + gzipSync(readFileSync(path.join(prod.outDir, manifest[key]!.file))).length,
      0,
    );
    // 9.9 KB gzipped without the groups; 31.8 KB when they ignored what parts loaded later need.
    expect(gzipped).toBeLessThan(12 * 1024);
  });

  it('loads the chart library only with the Overview charts, in its own chunk', () => {
    const sizes = prodSizes();
    expect(sizes.filter((s) => s.charts).map((s) => s.route)).toEqual([]);
    expect(prod.js()).toContain('recharts-responsive-container');
  });

  it("writes each route's document, preloading exactly that route's first load", () => {
    const manifest = readManifest(prod.outDir);
    const preloaded = (html: string, rel: string) =>
      [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="/([^"]+)"`, 'g'))].map(
        (match) => match[1],
      );
    for (const route of Object.values(ROUTES)) {
      const html = readFileSync(path.join(prod.outDir, routeDocument(route)), 'utf8');
      // The dashboard's document leaves its tab to a script (below).
      const { js, css } = routeFirstLoad(
        manifest,
        route,
        route.path === ROUTES.admin.path ? [] : undefined,
      );
      const entry = js[0]!;
      expect(html, route.path).toContain(`<script type="module" crossorigin src="/${entry}">`);
      expect(preloaded(html, 'modulepreload').sort(), route.path).toEqual(js.slice(1).sort());
      expect(
        [...preloaded(html, 'stylesheet'), ...preloaded(html, 'preload')].sort(),
        route.path,
      ).toEqual([...css].sort());
    }
    // The dashboard's script preloads the tab in the URL: with the document's own preloads, that
    // is /admin's first load with that tab's chunks, and no other tab's.
    const admin = readFileSync(path.join(prod.outDir, routeDocument(ROUTES.admin)), 'utf8');
    const scriptFile = /<script src="\/(assets\/admin-tab-preload-[\w-]+\.js)"><\/script>/.exec(
      admin,
    )?.[1];
    expect(scriptFile).toBeDefined();
    const script = readFileSync(path.join(prod.outDir, scriptFile!), 'utf8');
    const adminLoad = (search: string) => {
      const links: string[] = [];
      const document = {
        createElement: () => ({ href: '' }),
        head: { appendChild: (link: { href: string }) => links.push(link.href.slice(1)) },
      };
      runInNewContext(script, { document, location: { search }, URLSearchParams });
      return [
        ...preloaded(admin, 'modulepreload'),
        ...preloaded(admin, 'stylesheet'),
        ...preloaded(admin, 'preload'),
        ...links,
      ];
    };
    const withTab = (tab: string | undefined) => {
      const load = routeFirstLoad(manifest, ROUTES.admin, tab ? [tab] : undefined);
      return [...new Set([...load.js.slice(1), ...load.css])].sort();
    };
    expect([...new Set(adminLoad(''))].sort()).toEqual(withTab(undefined));
    const overview = 'src/features/admin/overview/overview-panel.tsx';
    expect([...new Set(adminLoad('?tab=overview'))].sort()).toEqual(withTab(overview));
    expect(adminLoad('?tab=overview')).not.toContain(
      manifest['src/features/admin/orders/orders-tab.tsx']!.file,
    );
    // The login page fetches its form at once, the landing page does not.
    const login = readFileSync(path.join(prod.outDir, routeDocument(ROUTES.login)), 'utf8');
    const landing = readFileSync(path.join(prod.outDir, 'index.html'), 'utf8');
    const loginChunk = manifest['src/app/routes/login.tsx']!.file;
    expect(login).toContain(loginChunk);
    expect(landing).not.toContain(loginChunk);
    // Pages that read Firebase on arrival connect to Google's APIs while their code downloads;
    // the public ones do not.
    const store = readFileSync(path.join(prod.outDir, routeDocument(ROUTES.store)), 'utf8');
    const preconnects = (html: string) =>
      [...html.matchAll(/<link rel="preconnect" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preconnects(store)).toEqual(firebaseDataOrigins({}));
    expect(preconnects(login)).toEqual([]);
    expect(preconnects(landing)).toEqual([]);
  });
});

// A test that runs a build of its own (about 10 s alone, far more on a busy machine).
const BUILDS = { timeout: 120_000 };

describe('the checks themselves', BUILDS, () => {
  const size = (route: string, jsKb: number, cssKb = 2): RouteSize => ({
    route,
    jsBytes: jsKb * 1024,
    jsFiles: 10,
    cssBytes: cssKb * 1024,
    firebase: false,
    firebaseAuth: false,
    antd: false,
    pdfLib: false,
    charts: false,
  });

  it('hold each kind of route to its own size target', () => {
    expect(routeKind('/apply')).toBe('public');
    expect(routeKind('/admin/login')).toBe('public');
    expect(routeKind('*')).toBe('public');
    expect(routeKind('/portal/cart')).toBe('portal');
    expect(routeKind('/payment-success')).toBe('portal');
    expect(routeKind('/admin')).toBe('admin');
    expect(routeKind('/admin/companies/:companyId')).toBe('admin');
    expect(budgetProblem(size('/', 149))).toBe('');
    expect(budgetProblem(size('/', 151))).toContain('over its budget of 150.0 KB');
    expect(budgetProblem(size('/', 100, 31))).toContain('of CSS, over 30.0 KB');
    expect(budgetProblem(size('/admin', 329))).toBe('');
    // A route still over its target is held to its interim ceiling instead.
    const ceilings = { '/admin': 400 * 1024 };
    expect(budgetProblem(size('/admin', 399), ceilings)).toBe('');
    expect(budgetProblem(size('/admin', 401), ceilings)).toContain(
      'over its interim ceiling of 400.0 KB',
    );
  });

  it('see the emulator wiring in a local build (VITE_USE_EMULATORS=true)', () => {
    const local = build('local', { VITE_USE_EMULATORS: 'true' }, 'warn');
    expect(local.ok).toBe(true);
    expect(local.output).toContain('never deploy it');
    const js = local.js();
    expect(localWiring(js, markers)).toEqual(
      expect.arrayContaining([
        'the loopback address 127.0.0.1',
        `the demo project id "${markers.demoProject}"`,
        'the emulator port 9099',
        'the emulator port 8080',
      ]),
    );
    // One past the export's cap (the Functions emulator's port) is not a finding.
    expect(emulatorPortLiterals(js, markers)).not.toContain(TABLE_EXPORT_MAX + 1);
  });
});

describe('a production build that could not work', BUILDS, () => {
  it('is refused when only part of the Firebase web config is given', () => {
    const partial = build('partial', {
      VITE_FIREBASE_API_KEY: 'AIza-test',
      VITE_FIREBASE_PROJECT_ID: 'acme-portal',
    });
    expect(partial.ok).toBe(false);
    expect(partial.output).toContain(
      'Incomplete Firebase web config: VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_APP_ID are missing.',
    );
  });

  it('is refused for a demo- project', () => {
    const demo = build('demo', {
      VITE_FIREBASE_API_KEY: 'AIza-test',
      VITE_FIREBASE_AUTH_DOMAIN: 'demo-x.firebaseapp.com',
      VITE_FIREBASE_PROJECT_ID: 'demo-x',
      VITE_FIREBASE_APP_ID: '1:1:web:1',
    });
    expect(demo.ok).toBe(false);
    expect(demo.output).toContain(
      'VITE_FIREBASE_PROJECT_ID is "demo-x": a demo- project only exists in the emulators.',
    );
  });

  it('is refused without the App Check site key', () => {
    const noKey = build('no-site-key');
    expect(noKey.ok).toBe(false);
    expect(noKey.output).toContain('VITE_APP_CHECK_SITE_KEY is not set');
  });

  it('uses a complete config given at build time', () => {
    const given = build('given', {
      ...SITE_KEY,
      VITE_FIREBASE_API_KEY: 'AIza-given-key',
      VITE_FIREBASE_AUTH_DOMAIN: 'acme-portal.firebaseapp.com',
      VITE_FIREBASE_PROJECT_ID: 'acme-portal',
      VITE_FIREBASE_APP_ID: '1:42:web:abc',
    });
    expect(given.ok).toBe(true);
    const js = given.js();
    expect(around(js, 'AIza-given-key')).not.toBeNull();
    expect(localWiring(js, markers)).toEqual([]);
  });
});
