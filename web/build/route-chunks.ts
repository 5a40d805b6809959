/**
 * What each route loads first, read from the Vite manifest (`.vite/manifest.json` of a build):
 * the entry chunk, the route's lazy layouts and page module (web/src/app/router.tsx builds them
 * from the domain's route table) and everything they import statically. The route documents
 * (route-documents.ts) preload these files, and the size report (scripts/route-sizes.ts) weighs
 * them, so both agree on what a route's first load is.
 */
// The route table by its file: Vite loads its config (and these modules) with Node, which cannot
// import the domain package's TypeScript entry, but bundles a relative import.
import { ROUTES, type RouteDef } from '../../packages/domain/src/routes';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * Lazy chunks a route fetches as soon as it shows, beyond its route module (by source file, as
 * the Vite manifest names them): the dashboard's default tab is its own chunk, but a manager
 * opening /admin gets it at once, so it belongs to /admin's first load.
 */
export const FIRST_LOAD_CHUNKS: Readonly<Record<string, readonly string[]>> = {
  [ROUTES.admin.path]: ['src/features/admin/tabs/orders-tab.tsx'],
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

/**
 * The route's first load. Throws when one of its modules has no chunk in the manifest (a route
 * table the build does not match).
 */
export function routeFirstLoad(
  manifest: Manifest,
  route: Pick<RouteDef, 'path' | 'layouts' | 'module'>,
): FirstLoad {
  const roots = [
    entryKey(manifest),
    ...[...route.layouts, route.module].map((name) => `src/app/routes/${name}.tsx`),
    ...(FIRST_LOAD_CHUNKS[route.path] ?? []),
  ];
  for (const root of roots) {
    if (!manifest[root]) throw new Error(`${root} is not in the Vite manifest`);
  }
  const keys = [...staticClosure(manifest, roots)];
  const chunks = keys.map((key) => manifest[key]!);
  return {
    keys,
    js: chunks.map((chunk) => chunk.file).filter((file) => file.endsWith('.js')),
    css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
  };
}
