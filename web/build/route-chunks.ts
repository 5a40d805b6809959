/**
 * What each route loads first, read from the Vite manifest (`.vite/manifest.json` of a build):
 * the entry chunk, the route's lazy layouts and page module (web/src/app/router.tsx builds them
 * from the domain's route table) and everything they import statically. The route documents
 * (route-documents.ts) preload these files, and the size report (scripts/route-sizes.ts) weighs
 * them, so both agree on what a route's first load is.
 */
// The route table by its file: Vite loads its config (and these modules) with Node, which cannot
// import the domain package's TypeScript entry, but bundles a relative import.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTES, type RouteDef } from '../../packages/domain/src/routes.ts';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Where Vite writes the manifest in a build folder (`build.manifest: true`). */
const MANIFEST_FILE = '.vite/manifest.json';

/** The manifest of the build in `dir`. Throws, saying how to make one, when there is none. */
export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file)) {
    throw new Error(
      `No ${path.relative(process.cwd(), file)}: run \`npm run build -w web\` first.`,
    );
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * Lazy chunks a route fetches as soon as it shows, beyond its route module (by source file, as
 * the Vite manifest names them): the dashboard's default tab is its own chunk, but a manager
 * opening /admin gets it at once, so it belongs to /admin's first load (its document preloads the
 * chunks of the tab in the URL instead, admin-tab-chunks.ts); /portal goes straight on
 * to the store, so the store's page module belongs to its first load (its document preloads it).
 */
export const FIRST_LOAD_CHUNKS: Readonly<Record<string, readonly string[]>> = {
  [ROUTES.admin.path]: ['src/features/admin/orders/orders-tab.tsx'],
  [ROUTES.portal.path]: [routeModuleKey(ROUTES.store.module)],
};

/** The chunks (manifest keys) these chunks load statically, themselves included. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  keys.forEach(visit);
  return seen;
}

/** The manifest key of the entry chunk (index.html). Throws when the manifest has none. */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!key) throw new Error('No entry chunk in the Vite manifest');
  return key;
}

export interface FirstLoad {
  /** Manifest keys, the entry's closure first, then each layout's and the page's. */
  keys: string[];
  /** JavaScript files (relative to the build folder), in that order. */
  js: string[];
  /** CSS files, in that order, each once. */
  css: string[];
}

type RouteModules = Pick<RouteDef, 'path' | 'layouts' | 'module'>;

/** A route layout's or page's module (a name of the route table) as the Vite manifest keys it. */
export function routeModuleKey(name: string): string {
  return `src/app/routes/${name}.tsx`;
}

/**
 * The manifest keys a route's page is built from: the entry, its lazy layouts and its page
 * module, without the FIRST_LOAD_CHUNKS it fetches next. Throws when one of them has no chunk in
 * the manifest (a route table the build does not match).
 */
export function routeModuleKeys(manifest: Manifest, route: RouteModules): string[] {
  const keys = [entryKey(manifest), ...[...route.layouts, route.module].map(routeModuleKey)];
  return inManifest(manifest, keys);
}

/** The keys as given, once each is known to the manifest. */
function inManifest(manifest: Manifest, keys: string[]): string[] {
  for (const key of keys) {
    if (!manifest[key]) throw new Error(`${key} is not in the Vite manifest`);
  }
  return keys;
}

/**
 * The route's first load: its modules (routeModuleKeys) and the chunks it fetches at once
 * (`fetchedNext`, its FIRST_LOAD_CHUNKS unless given), with their static imports. Throws when one
 * of them has no chunk in the manifest.
 */
export function routeFirstLoad(
  manifest: Manifest,
  route: RouteModules,
  fetchedNext: readonly string[] = FIRST_LOAD_CHUNKS[route.path] ?? [],
): FirstLoad {
  const roots = [...routeModuleKeys(manifest, route), ...inManifest(manifest, [...fetchedNext])];
  const keys = [...staticClosure(manifest, roots)];
  const chunks = keys.map((key) => manifest[key]!);
  return {
    keys,
    js: chunks.map((chunk) => chunk.file).filter((file) => file.endsWith('.js')),
    css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
  };
}
