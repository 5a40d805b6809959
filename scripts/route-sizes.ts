/**
 * Gzipped JavaScript per route of the production web build, and whether the landing route
 * carries any Firebase SDK code. Builds nothing: run `npm run build -w web -- --manifest` first
 * (the Vite manifest gives the chunk import graph), then `npx tsx scripts/route-sizes.ts`.
 *
 * A route's JavaScript is everything loaded to show it: the entry chunk and its static imports,
 * plus every lazy layout and route module on its way (web/src/app/router.tsx) with their static
 * imports. Firebase is detected from the source maps (any module under node_modules/firebase or
 * node_modules/@firebase), with a text marker as a fallback when maps are missing.
 * Exits 1 when the landing route has Firebase code or more than 200 KB gzipped JavaScript.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'web/dist');
const LANDING_BUDGET = 200 * 1024;

/** Route -> lazy route modules on its way, outermost first (mirror of web/src/app/router.tsx). */
const ROUTES: [string, string[]][] = [
  ['/', ['landing']],
  ['/apply', ['ui-shell', 'firebase-layout', 'apply']],
  ['/login', ['ui-shell', 'firebase-layout', 'login']],
  ['/admin/login', ['ui-shell', 'firebase-layout', 'admin-login']],
  ['/payment-success', ['ui-shell', 'firebase-layout', 'payment-success']],
  ['/admin', ['ui-shell', 'firebase-layout', 'admin']],
  ['/portal', ['ui-shell', 'firebase-layout', 'portal-layout', 'portal-index']],
  ['/portal/store', ['ui-shell', 'firebase-layout', 'portal-layout', 'store']],
  ['/portal/cart', ['ui-shell', 'firebase-layout', 'portal-layout', 'cart']],
  ['/portal/my-account', ['ui-shell', 'firebase-layout', 'portal-layout', 'account']],
  ['(404)', ['ui-shell', 'not-found']],
];

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, Chunk>;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const manifestFile = path.join(DIST, '.vite/manifest.json');
if (!existsSync(manifestFile)) fail(`No ${path.relative(ROOT, manifestFile)}: run \`npm run build -w web -- --manifest\` first.`);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

// Keep the table honest: every lazy route module of the router must appear above.
const router = readFileSync(path.join(ROOT, 'web/src/app/router.tsx'), 'utf8');
const lazyModules = [...router.matchAll(/import\('\.\/routes\/([\w-]+)'\)/g)].map((m) => m[1]);
const known = new Set(ROUTES.flatMap(([, modules]) => modules));
const missing = lazyModules.filter((name) => name && !known.has(name));
if (missing.length) fail(`router.tsx has lazy modules this script does not know: ${missing.join(', ')}`);

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) fail('No entry chunk in the Vite manifest');

/** The chunk and its static imports, recursively (manifest keys). */
function closure(key: string, into: Set<string>) {
  if (into.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) fail(`${key} is not in the Vite manifest`);
  into.add(key);
  for (const child of chunk.imports ?? []) closure(child, into);
}

const gzCache = new Map<string, number>();
function gzipped(file: string): number {
  let size = gzCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
    gzCache.set(file, size);
  }
  return size;
}

function hasFirebase(file: string): boolean {
  const map = path.join(DIST, `${file}.map`);
  if (existsSync(map)) {
    const sources = (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
    return sources.some((source) => /node_modules\/(@firebase|firebase)\//.test(source));
  }
  return /@firebase\/|FirebaseError/.test(readFileSync(path.join(DIST, file), 'utf8'));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows: string[][] = [];
let landingProblem = '';
for (const [route, modules] of ROUTES) {
  const keys = new Set<string>();
  closure(entryKey, keys);
  for (const name of modules) closure(`src/app/routes/${name}.tsx`, keys);
  const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const total = files.reduce((sum, file) => sum + gzipped(file), 0);
  const firebase = files.some(hasFirebase);
  rows.push([route, kb(total), String(files.length), firebase ? 'yes' : 'no']);
  if (route === '/') {
    if (firebase) landingProblem += 'The landing route loads Firebase SDK code. ';
    if (total > LANDING_BUDGET) landingProblem += `The landing route is ${kb(total)} gzipped, over ${kb(LANDING_BUDGET)}.`;
  }
}

const header = ['Route', 'JS (gzip)', 'JS files', 'Firebase'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
console.log(landingProblem ? `\nFAIL: ${landingProblem}` : `\nLanding route: no Firebase SDK code, within ${kb(LANDING_BUDGET)} gzipped.`);
process.exit(landingProblem ? 1 : 0);
