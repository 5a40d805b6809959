/**
 * Fewer files on every page's first load, without a byte more on any of them.
 *
 * Left to itself, the bundler makes a chunk for every set of dynamic imports that share code, so
 * a signed-in page's first load is 70 to 120 files, half of them under 1 KB: each a request, a
 * compilation and an instantiation, which a first visit and a slow phone pay for. This plugin
 * builds the app once the bundler's own way (in memory), reads which first loads hold each of
 * its chunks (every route's, route-chunks.ts, and every dashboard tab's, admin-tab-chunks.ts),
 * and has the real build put the modules of the chunks held by the same first loads into one
 * chunk. Every first load then holds the same modules as before, in fewer files. Entry chunks
 * (the app's, each route's page and each lazy part's) keep the bundler's own split, and so does
 * every module no first load holds. docs/performance.md has the figures.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig, Rolldown } from 'vite';
// The route table by its file (route-chunks.ts says why).
import { ROUTES } from '../../packages/domain/src/routes.ts';
import { TAB_LOADERS_FILE, manifestKey, tabModules } from './admin-tab-chunks.ts';
import { routeFirstLoad, routeModuleKeys, staticClosure, type Manifest } from './route-chunks.ts';

/** Set in the environment of the in-memory build, which must not plan one of its own. */
const PLANNING = 'PORTAL_CHUNK_GROUPS_PLANNING';

/** The manifest's entry for a chunk, with what the bundler says about it. */
export type PlannedManifest = Record<
  string,
  Manifest[string] & { isDynamicEntry?: boolean; name?: string }
>;

/**
 * Every first load a person can make, by name: each route's (route-chunks.ts) and, for the
 * dashboard, each tab's (the dashboard's modules and the tab's chunk, admin-tab-chunks.ts), as
 * manifest keys. `tabs` maps a tab to its module (relative to the web package).
 */
export function firstLoads(
  manifest: Manifest,
  tabs: Readonly<Record<string, string>>,
): Map<string, Set<string>> {
  const loads = new Map<string, Set<string>>();
  for (const route of Object.values(ROUTES)) {
    loads.set(route.path, new Set(routeFirstLoad(manifest, route).keys));
  }
  const dashboard = routeModuleKeys(manifest, ROUTES.admin);
  for (const [tab, module] of Object.entries(tabs)) {
    const key = manifestKey(manifest, module);
    if (!key) throw new Error(`The ${tab} tab's module ${module} is not in the Vite manifest`);
    loads.set(`${ROUTES.admin.path}?tab=${tab}`, staticClosure(manifest, [...dashboard, key]));
  }
  return loads;
}

/**
 * The group of each module, by module id: the modules of every chunk that is not an entry and
 * that the same first loads hold share one group. `modulesOf` gives a chunk's modules by its file.
 */
export function chunkGroups(
  manifest: PlannedManifest,
  loads: ReadonlyMap<string, ReadonlySet<string>>,
  modulesOf: (file: string) => readonly string[],
): Map<string, string> {
  const heldBy = new Map<string, string[]>();
  for (const [name, keys] of loads) {
    for (const key of keys) heldBy.set(key, [...(heldBy.get(key) ?? []), name]);
  }
  const groups = new Map<string, string>();
  for (const [key, names] of heldBy) {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || chunk.isDynamicEntry || !chunk.file.endsWith('.js')) continue;
    const signature = [...names].sort().join('\n');
    const group = `first-load-${createHash('sha256').update(signature).digest('hex').slice(0, 12)}`;
    for (const id of modulesOf(chunk.file)) groups.set(id, group);
  }
  return groups;
}

/** The chunks and the manifest of an in-memory build's output. */
function readOutput(output: Rolldown.RolldownOutput): {
  manifest: PlannedManifest;
  modulesOf: (file: string) => readonly string[];
} {
  const manifestAsset = output.output.find(
    (item): item is Rolldown.OutputAsset =>
      item.type === 'asset' && item.fileName === '.vite/manifest.json',
  );
  if (!manifestAsset) throw new Error('route-chunk-groups: the planning build wrote no manifest');
  const chunks = new Map(
    output.output
      .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk.moduleIds]),
  );
  return {
    manifest: JSON.parse(String(manifestAsset.source)) as PlannedManifest,
    modulesOf: (file) => chunks.get(file) ?? [],
  };
}

/** Builds the app the bundler's own way, in memory, and plans the groups from its chunks. */
async function planGroups(config: ResolvedConfig): Promise<Map<string, string>> {
  if (!config.configFile) {
    throw new Error(
      'route-chunk-groups: the planning build needs the config file (web/vite.config.ts)',
    );
  }
  const { build } = await import('vite');
  const before = process.env[PLANNING];
  process.env[PLANNING] = '1';
  try {
    const result = await build({
      configFile: config.configFile,
      root: config.root,
      mode: config.mode,
      logLevel: 'silent',
      build: { write: false, sourcemap: false, minify: false },
    });
    const output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
    const { manifest, modulesOf } = readOutput(output);
    const loaders = readFileSync(path.join(config.root, TAB_LOADERS_FILE), 'utf8');
    const tabs = tabModules(loaders, path.posix.dirname(TAB_LOADERS_FILE));
    return chunkGroups(manifest, firstLoads(manifest, tabs), modulesOf);
  } finally {
    if (before === undefined) delete process.env[PLANNING];
    else process.env[PLANNING] = before;
  }
}

/**
 * The plugin, and the `name` function of the code-splitting group that applies its plan
 * (vite.config.ts). The plan is made when the build starts, before the bundler names a chunk.
 */
export function routeChunkGroups(): { plugin: Plugin; groupOf: (id: string) => string | null } {
  let groups = new Map<string, string>();
  let config: ResolvedConfig | undefined;
  const plugin: Plugin = {
    name: 'portal:route-chunk-groups',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      if (process.env[PLANNING] || !config) return;
      groups = await planGroups(config);
    },
  };
  return { plugin, groupOf: (id) => groups.get(id) ?? null };
}
