/**
 * Gzipped JavaScript (and CSS) per route of the production web build, and whether a route carries
 * Firebase SDK code, measured in web/dist (built with `npm run build -w web`: the Vite manifest
 * gives the chunk import graph). `npm run sizes` passes `--build`: a production
 * build into a temporary folder first, with a stand-in App Check site key when none is set (the
 * key changes no size, and web/dist is left as it was). `npm run perf` uses the same measurement.
 *
 * A route's JavaScript is everything loaded to show it: the entry chunk and its static imports,
 * plus every lazy layout and route module on its way (web/src/app/router.tsx) with their static
 * imports. Firebase is detected from the source maps (any module under node_modules/firebase or
 * node_modules/@firebase), with a text marker as a fallback when maps are missing.
 * Limits: SIZE_TARGETS per kind of route, INTERIM_CEILINGS for the routes not there yet, no
 * Firebase Auth on the routes outside the Firebase layout (authFreeRoutes) and no Firebase code at
 * all on most of them (firebaseFreeRoutes). The CLI prints every route with its verdict and exits
 * 1 when any route breaks its limit (production-build.test.ts checks the same in `npm test`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROUTES } from '@portal/domain';
import { readManifest, routeFirstLoad } from '../web/build/route-chunks';
import {
  pathLabel,
  PUBLIC_ROUTES,
  routeAudience,
  routeNamed,
  type RouteAudience,
} from './lib/route-access';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'web/dist');

/**
 * Route -> lazy modules on its way, outermost first, from the domain's route table (the router
 * is built from the same table). The 404 page is listed as '(404)'.
 */
export function routeModules(): [string, string[]][] {
  return Object.values(ROUTES).map((r) => [pathLabel(r.path), [...r.layouts, r.module]]);
}

export interface RouteSize {
  route: string;
  jsBytes: number;
  jsFiles: number;
  cssBytes: number;
  firebase: boolean;
  /** Whether the first load holds the Firebase Auth SDK (a part of `firebase`). */
  firebaseAuth: boolean;
  /** Whether the first load holds antd's code (its components or its theme runtime). */
  antd: boolean;
  /** The PDF library is in the route's static closure (it must load only on Download PDF). */
  pdfLib: boolean;
  /** Recharts is in the route's static closure (it must load only with the Overview's charts). */
  charts: boolean;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Measures every route of the built app in web/dist. Throws when the build or the table is off. */
export function measureRouteSizes(dist = DIST): RouteSize[] {
  const manifest = readManifest(dist);

  const gzCache = new Map<string, number>();
  const gzipped = (file: string): number => {
    let size = gzCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
      gzCache.set(file, size);
    }
    return size;
  };
  /** Whether a chunk holds code from a package (by its source map; by a marker without one). */
  const holds = (file: string, source: RegExp, marker: RegExp): boolean => {
    const map = path.join(dist, `${file}.map`);
    if (existsSync(map)) {
      const sources = (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
      return sources.some((name) => source.test(name));
    }
    return marker.test(readFileSync(path.join(dist, file), 'utf8'));
  };
  const hasFirebase = (file: string) =>
    holds(file, /node_modules\/(@firebase|firebase)\//, /@firebase\/|FirebaseError/);
  const hasFirebaseAuth = (file: string) =>
    holds(file, /node_modules\/(.+\/)?@firebase\/auth\//, /firebase:authUser/);
  const hasAntd = (file: string) =>
    holds(file, /node_modules\/(antd|@ant-design\/cssinjs)\//, /ant-btn|ant-design/);
  const hasPdfLib = (file: string) => holds(file, /node_modules\/pdf-lib\//, /PDFDocument/);
  const hasCharts = (file: string) =>
    holds(file, /node_modules\/recharts\//, /recharts-responsive-container/);

  return Object.values(ROUTES).map((def) => {
    const { js, css } = routeFirstLoad(manifest, def);
    return {
      route: pathLabel(def.path),
      jsBytes: js.reduce((sum, file) => sum + gzipped(file), 0),
      jsFiles: js.length,
      cssBytes: css.reduce((sum, file) => sum + gzipped(file), 0),
      firebase: js.some(hasFirebase),
      firebaseAuth: js.some(hasFirebaseAuth),
      antd: js.some(hasAntd),
      pdfLib: js.some(hasPdfLib),
      charts: js.some(hasCharts),
    };
  });
}

const KB = 1024;

/** The size targets: first-load JavaScript (gzip) per kind of route, and CSS (gzip) per route. */
export const SIZE_TARGETS = { public: 150 * KB, portal: 250 * KB, admin: 330 * KB, css: 30 * KB };
export type RouteKind = 'public' | 'portal' | 'admin';

const KIND_OF_AUDIENCE: Readonly<Record<RouteAudience, RouteKind>> = {
  visitor: 'public',
  buyer: 'portal',
  manager: 'admin',
};

/**
 * Public: a visitor opens it (landing, apply, sign-in pages, mail links, policy pages, 404).
 * Portal: a signed-in buyer (the portal, invoices, the page Stripe returns to). Admin: a signed-in
 * manager. Who opens each route comes from the route table (lib/route-access.ts); `route` is its
 * path or its label in the report.
 */
export function routeKind(route: string): RouteKind {
  return KIND_OF_AUDIENCE[routeAudience(routeNamed(route))];
}

/**
 * Ceilings for the routes that are still over their target: no route may grow past its size
 * when the ceiling was set (plus 3 KB, rounded up), so each change can only bring them closer.
 * A ceiling is removed once its route meets the target (a test keeps this list honest). No route
 * is over its target now; a new ceiling is only for a route that cannot meet its target yet, with
 * the reason beside it (why a route is over, and what would bring it down: docs/performance.md).
 */
export const INTERIM_CEILINGS: Readonly<Record<string, number>> = {};

type Ceilings = Readonly<Record<string, number>>;

/** The most a route's first-load JavaScript may weigh now: its target, or its interim ceiling. */
export function jsLimit(route: string, ceilings: Ceilings = INTERIM_CEILINGS): number {
  return ceilings[route] ?? SIZE_TARGETS[routeKind(route)];
}

/** Why a route breaks its limits ('' when it does not). */
export function budgetProblem(size: RouteSize, ceilings: Ceilings = INTERIM_CEILINGS): string {
  const problems: string[] = [];
  const limit = jsLimit(size.route, ceilings);
  if (size.jsBytes > limit) {
    problems.push(
      `${size.route} loads ${kb(size.jsBytes)} of JavaScript, over its ${
        ceilings[size.route] ? 'interim ceiling' : 'budget'
      } of ${kb(limit)}`,
    );
  }
  if (size.cssBytes > SIZE_TARGETS.css) {
    problems.push(`${size.route} loads ${kb(size.cssBytes)} of CSS, over ${kb(SIZE_TARGETS.css)}`);
  }
  return problems.join('; ');
}

/** Every route's problem (landing rules included), one line each. */
export function sizeProblems(sizes: readonly RouteSize[]): string[] {
  return [
    ...firebaseProblems(sizes),
    ...antdProblems(sizes),
    ...sizes.map((size) => budgetProblem(size)).filter(Boolean),
  ];
}

export function routeSizeRows(sizes: readonly RouteSize[]): string[][] {
  return sizes.map((s) => {
    const target = SIZE_TARGETS[routeKind(s.route)];
    const verdict = budgetProblem(s)
      ? 'FAIL'
      : s.jsBytes <= target
        ? 'ok'
        : `over target by ${kb(s.jsBytes - target)}`;
    return [
      s.route,
      kb(s.jsBytes),
      `${kb(target)}${INTERIM_CEILINGS[s.route] ? ` (now ≤ ${kb(INTERIM_CEILINGS[s.route])})` : ''}`,
      String(s.jsFiles),
      kb(s.cssBytes),
      s.firebaseAuth ? 'yes' : s.firebase ? 'app, no Auth' : 'no',
      verdict,
    ];
  });
}
export const ROUTE_SIZE_HEADER = [
  'Route',
  'JS (gzip)',
  'JS target',
  'JS files',
  'CSS (gzip)',
  'Firebase',
  'Verdict',
];

/**
 * Routes outside the Firebase layout that call a function as soon as they open, so their first
 * load holds Firebase's app, App Check and the callables, but not Firebase Auth: the newsletter
 * links (confirm, unsubscribe).
 */
export const CALLABLE_ON_ARRIVAL: readonly string[] = [
  ROUTES.newsletter.path,
  // A standing order reminder's skip link: it shows the delivery as it opens.
  ROUTES.skip.path,
];

/**
 * Routes whose first load must carry no Firebase code: those outside the Firebase layout (the
 * landing and 404 pages, the sign-in and application forms, which fetch Firebase when they are
 * used, and the account e-mail links, which use Auth's REST API) but the CALLABLE_ON_ARRIVAL ones.
 */
export function firebaseFreeRoutes(): string[] {
  return authFreeRoutes().filter((route) => !CALLABLE_ON_ARRIVAL.includes(route));
}

/**
 * Routes whose first load must carry no Firebase Auth SDK: every public route outside the
 * Firebase layout (lib/route-access.ts; every signed-in route is inside it).
 */
export function authFreeRoutes(): string[] {
  return PUBLIC_ROUTES.filter(
    (name) => !(ROUTES[name].layouts as readonly string[]).includes('firebase-layout'),
  ).map((name) => pathLabel(ROUTES[name].path));
}

/**
 * Each Firebase-free route that loads Firebase SDK code, and each Auth-free route that loads
 * Firebase Auth (or was not measured).
 */
export function firebaseProblems(sizes: readonly RouteSize[]): string[] {
  const firebaseFree = firebaseFreeRoutes();
  return authFreeRoutes().flatMap((route) => {
    const size = sizes.find((s) => s.route === route);
    if (!size) return [`${route} was not measured.`];
    if (firebaseFree.includes(route) && size.firebase) {
      return [`${route} loads Firebase SDK code in its first load.`];
    }
    return size.firebaseAuth ? [`${route} loads Firebase Auth in its first load.`] : [];
  });
}

/**
 * Routes whose first load must carry no antd: every one. The pages draw antd's look with plain
 * elements (web/src/components/button.tsx and its siblings, the dashboard's data-table.tsx); a
 * dashboard tab or dialog that needs antd loads it lazily with its own theme (withAntdTheme).
 */
export function antdFreeRoutes(): string[] {
  return routeModules().map(([route]) => route);
}

/** Each antd-free route that loads antd's code in its first load. */
export function antdProblems(sizes: readonly RouteSize[]): string[] {
  return antdFreeRoutes().flatMap((route) => {
    const size = sizes.find((s) => s.route === route);
    return size?.antd ? [`${route} loads antd in its first load.`] : [];
  });
}

/** A production build into a temporary folder, for the report (web-build.ts, loaded only here). */
async function buildForReport(): Promise<{ dir: string; remove: () => void }> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { buildWeb, shippedBuildVars } = await import('./lib/web-build');
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-sizes-'));
  const built = buildWeb(dir, { vars: shippedBuildVars() });
  const remove = () => rmSync(dir, { recursive: true, force: true });
  if (!built.ok) {
    remove();
    throw new Error(`vite build failed:\n${built.output}`);
  }
  return { dir, remove };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const build = process.argv.includes('--build') ? await buildForReport() : null;
    const sizes = measureRouteSizes(build?.dir);
    build?.remove();
    const rows = routeSizeRows(sizes);
    const widths = ROUTE_SIZE_HEADER.map((h, i) =>
      Math.max(h.length, ...rows.map((row) => row[i]!.length)),
    );
    const line = (cells: string[]) =>
      `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
    console.log(line(ROUTE_SIZE_HEADER));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const row of rows) console.log(line(row));
    const problems = sizeProblems(sizes);
    const met = sizes.filter((s) => s.jsBytes <= SIZE_TARGETS[routeKind(s.route)]).length;
    console.log(
      `\nTargets: public ${kb(SIZE_TARGETS.public)}, portal ${kb(SIZE_TARGETS.portal)}, admin ${kb(
        SIZE_TARGETS.admin,
      )} of JavaScript; ${kb(SIZE_TARGETS.css)} of CSS per route. ${met} of ${sizes.length} routes meet their JavaScript target.`,
    );
    for (const problem of problems) console.log(`FAIL: ${problem}`);
    if (problems.length === 0)
      console.log(
        `No route is over its limit; no Firebase code on ${firebaseFreeRoutes().join(', ')}; no Firebase Auth on ${CALLABLE_ON_ARRIVAL.join(', ')}; no antd in any route's first load.`,
      );
    process.exit(problems.length > 0 ? 1 : 0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}
