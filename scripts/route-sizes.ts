/**
 * Gzipped JavaScript (and CSS) per route of the production web build, and whether a route carries
 * Firebase SDK code, measured in web/dist (built with `npm run build -w web -- --manifest`: the
 * Vite manifest gives the chunk import graph). `npm run sizes` passes `--build`: a production
 * build into a temporary folder first, with a stand-in App Check site key when none is set (the
 * key changes no size, and web/dist is left as it was). `npm run perf` uses the same measurement.
 *
 * A route's JavaScript is everything loaded to show it: the entry chunk and its static imports,
 * plus every lazy layout and route module on its way (web/src/app/router.tsx) with their static
 * imports. Firebase is detected from the source maps (any module under node_modules/firebase or
 * node_modules/@firebase), with a text marker as a fallback when maps are missing.
 * The CLI exits 1 when the landing route has Firebase code or more than 200 KB gzipped JavaScript.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROUTES } from '@portal/domain';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'web/dist');
export const LANDING_BUDGET = 200 * 1024;

/**
 * Route -> lazy modules on its way, outermost first, from the domain's route table (the router
 * is built from the same table). The 404 page is listed as '(404)'.
 */
export function routeModules(): [string, string[]][] {
  return Object.values(ROUTES).map((r) => [
    r.path === '*' ? '(404)' : r.path,
    [...r.layouts, r.module],
  ]);
}

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, Chunk>;

export interface RouteSize {
  route: string;
  jsBytes: number;
  jsFiles: number;
  cssBytes: number;
  firebase: boolean;
  /** The PDF library is in the route's static closure (it must load only on Download PDF). */
  pdfLib: boolean;
  /** Recharts is in the route's static closure (it must load only with the Overview's charts). */
  charts: boolean;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Measures every route of the built app in web/dist. Throws when the build or the table is off. */
export function measureRouteSizes(dist = DIST): RouteSize[] {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(
      `No ${path.relative(ROOT, manifestFile)}: run \`npm run build -w web -- --manifest\` first.`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

  const routes = routeModules();

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('No entry chunk in the Vite manifest');

  /** The chunk and its static imports, recursively (manifest keys). */
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    into.add(key);
    for (const child of chunk.imports ?? []) closure(child, into);
  };
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
  const hasPdfLib = (file: string) => holds(file, /node_modules\/pdf-lib\//, /PDFDocument/);
  const hasCharts = (file: string) =>
    holds(file, /node_modules\/recharts\//, /recharts-responsive-container/);

  return routes.map(([route, modules]) => {
    const keys = new Set<string>();
    closure(entryKey, keys);
    for (const name of modules) closure(`src/app/routes/${name}.tsx`, keys);
    const chunks = [...keys].map((key) => manifest[key]!);
    const js = chunks.map((chunk) => chunk.file).filter((file) => file.endsWith('.js'));
    const css = new Set(chunks.flatMap((chunk) => chunk.css ?? []));
    return {
      route,
      jsBytes: js.reduce((sum, file) => sum + gzipped(file), 0),
      jsFiles: js.length,
      cssBytes: [...css].reduce((sum, file) => sum + gzipped(file), 0),
      firebase: js.some(hasFirebase),
      pdfLib: js.some(hasPdfLib),
      charts: js.some(hasCharts),
    };
  });
}

export function routeSizeRows(sizes: readonly RouteSize[]): string[][] {
  return sizes.map((s) => [
    s.route,
    kb(s.jsBytes),
    String(s.jsFiles),
    kb(s.cssBytes),
    s.firebase ? 'yes' : 'no',
  ]);
}
export const ROUTE_SIZE_HEADER = ['Route', 'JS (gzip)', 'JS files', 'CSS (gzip)', 'Firebase'];

/** Why the landing route breaks its budget, or '' when it does not. */
export function landingProblem(sizes: readonly RouteSize[]): string {
  const landing = sizes.find((s) => s.route === ROUTES.home.path);
  if (!landing) return 'The landing route was not measured.';
  let problem = '';
  if (landing.firebase) problem += 'The landing route loads Firebase SDK code. ';
  if (landing.jsBytes > LANDING_BUDGET)
    problem += `The landing route is ${kb(landing.jsBytes)} gzipped, over ${kb(LANDING_BUDGET)}.`;
  return problem.trim();
}

/** A production build into a temporary folder, for the report (web-build.ts, loaded only here). */
async function buildForReport(): Promise<{ dir: string; remove: () => void }> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { buildWeb } = await import('./lib/web-build');
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-sizes-'));
  const siteKey = process.env.VITE_APP_CHECK_SITE_KEY?.trim() || 'size-report-stand-in';
  const built = buildWeb(dir, { vars: { VITE_APP_CHECK_SITE_KEY: siteKey } });
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
    const problem = landingProblem(sizes);
    console.log(
      problem
        ? `\nFAIL: ${problem}`
        : `\nLanding route: no Firebase SDK code, within ${kb(LANDING_BUDGET)} gzipped.`,
    );
    process.exit(problem ? 1 : 0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}
