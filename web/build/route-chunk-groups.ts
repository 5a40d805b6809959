/**
 * Fewer files on every page's first load, without a byte more on any of them.
 *
 * Left to itself, the bundler makes a chunk for every set of dynamic imports that share code, so
 * a signed-in page's first load is 70 to 120 files, half of them under 1 KB: each a request, a
 * compilation and an instantiation, which a first visit and a slow phone pay for. This plugin
 * builds the app once the bundler's own way (in memory), reads which first loads hold each of
 * its chunks (every route's, route-chunks.ts, and every dashboard tab's, admin-tab-chunks.ts),
 * and has the real build put chunks held by the same first loads into one chunk. Every first load
 * then holds the same modules as before, in fewer files. A part loaded later (a dialog, a drawer,
 * the cart's checkout choices) may then fetch code it does not need, with the chunk it does:
 * that is bounded (LATER_EXTRA_BYTES). Entry chunks (the app's, each route's page and each lazy
 * part's) keep the bundler's own split, and so does every module no first load holds.
 * docs/performance.md has the figures.
 */
import { createHash } from 'node:crypto';
import type { Plugin, ResolvedConfig, Rolldown } from 'vite';
// The route table by its file (route-chunks.ts says why).
import { ROUTES } from '../../packages/domain/src/routes.ts';
import { readTabLoaders, tabKey } from './admin-tab-chunks.ts';
import {
  routeFirstLoad,
  routeModuleKey,
  routeModuleKeys,
  staticClosure,
  type Manifest,
} from './route-chunks.ts';

/** The manifest's entry for a chunk, with what the bundler says about it. */
export type PlannedManifest = Record<
  string,
  Manifest[string] & { isDynamicEntry?: boolean; dynamicImports?: string[]; name?: string }
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
    const key = tabKey(manifest, tab, module);
    loads.set(`${ROUTES.admin.path}?tab=${tab}`, staticClosure(manifest, [...dashboard, key]));
  }
  return loads;
}

/** The manifest keys of every route's layouts and page, and of every dashboard tab's module. */
export function pageKeys(
  manifest: Manifest,
  tabs: Readonly<Record<string, string>> = {},
): Set<string> {
  const keys = new Set<string>();
  for (const route of Object.values(ROUTES)) {
    for (const module of [...route.layouts, route.module]) keys.add(routeModuleKey(module));
  }
  for (const [tab, module] of Object.entries(tabs)) keys.add(tabKey(manifest, tab, module));
  return keys;
}

/**
 * How much code a part loaded later (a dialog, a drawer, the cart's checkout choices) may fetch
 * because of the groups without needing it, at most, on any route: 16 KB of minified JavaScript,
 * about 5 KB gzipped. Without a bound the cart's checkout choices fetched 22 KB gzipped more.
 */
export const LATER_EXTRA_BYTES = 16 * 1024;

/**
 * What each part loaded later fetches beyond the first load it is loaded from: for every first
 * load, every chunk it can import (through any number of parts loaded later), that chunk's static
 * imports less the first load. Each distinct set once, as manifest keys. A route's or a tab's own
 * modules (`pages`) are no such part: going to a route or a tab fetches its first load, whose
 * groups it holds whole.
 */
export function laterLoads(
  manifest: PlannedManifest,
  loads: ReadonlyMap<string, ReadonlySet<string>>,
  pages: ReadonlySet<string> = pageKeys(manifest),
): Set<string>[] {
  const found = new Map<string, Set<string>>();
  for (const firstLoad of loads.values()) {
    const reached = new Set<string>(firstLoad);
    const pending = [...firstLoad];
    const later = new Set<string>();
    while (pending.length > 0) {
      for (const target of manifest[pending.pop()!]?.dynamicImports ?? []) {
        if (later.has(target) || pages.has(target)) continue;
        later.add(target);
        for (const key of staticClosure(manifest, [target])) {
          if (reached.has(key)) continue;
          reached.add(key);
          pending.push(key);
        }
      }
    }
    for (const target of later) {
      const extra = [...staticClosure(manifest, [target])].filter((key) => !firstLoad.has(key));
      if (extra.length > 0) found.set(extra.sort().join('\n'), new Set(extra));
    }
  }
  return [...found.values()];
}

/**
 * The group of each module, by module id. Chunks that are not entries and that the same first
 * loads hold are put together, largest first, as long as no part loaded later (`later`,
 * laterLoads) then fetches more than `limit` bytes it does not need: the chunks it would get with
 * the ones it needs, and everything those import. A chunk that fits in no group of its kind
 * starts one. `modulesOf` gives a chunk's modules and `sizeOf` its bytes, by its file.
 */
export function chunkGroups(
  manifest: PlannedManifest,
  loads: ReadonlyMap<string, ReadonlySet<string>>,
  modulesOf: (file: string) => readonly string[],
  sizeOf: (file: string) => number,
  later: readonly ReadonlySet<string>[] = laterLoads(manifest, loads),
  limit = LATER_EXTRA_BYTES,
): Map<string, string> {
  const heldBy = new Map<string, string[]>();
  for (const [name, keys] of loads) {
    for (const key of keys) heldBy.set(key, [...(heldBy.get(key) ?? []), name]);
  }
  const kinds = new Map<string, string[]>();
  for (const [key, names] of heldBy) {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || chunk.isDynamicEntry || !chunk.file.endsWith('.js')) continue;
    const signature = [...names].sort().join('\n');
    kinds.set(signature, [...(kinds.get(signature) ?? []), key]);
  }
  const bytes = (key: string) => sizeOf(manifest[key]?.file ?? '');

  // The groups so far (a chunk alone is a group of one), what each later part fetches with them,
  // and which later parts fetch each chunk.
  const members = new Map<string, string[]>();
  const groupOf = (key: string) => members.get(key) ?? [key];
  const fetched = later.map((keys) => new Set(keys));
  const wasted = later.map(() => 0);
  const fetchedBy = new Map<string, Set<number>>();
  fetched.forEach((keys, part) => {
    for (const key of keys) fetchedBy.set(key, (fetchedBy.get(key) ?? new Set()).add(part));
  });
  /** What a later part would fetch on top of `fetched` once `start` is fetched: groups whole. */
  const wouldAdd = (
    have: ReadonlySet<string>,
    start: readonly string[],
    extra: ReadonlyMap<string, string[]>,
  ) => {
    const added = new Set<string>();
    const pending = [...start];
    while (pending.length > 0) {
      const key = pending.pop()!;
      if (have.has(key) || added.has(key)) continue;
      added.add(key);
      pending.push(...(extra.get(key) ?? groupOf(key)), ...(manifest[key]?.imports ?? []));
    }
    return added;
  };

  const groups = new Map<string, string>();
  for (const [signature, keys] of [...kinds].sort(([a], [b]) => a.localeCompare(b))) {
    keys.sort((a, b) => bytes(b) - bytes(a) || a.localeCompare(b));
    const kindGroups: string[][] = [];
    for (const key of keys) {
      let joined = false;
      for (const group of kindGroups) {
        const merged = [...group, key];
        const extra = new Map(merged.map((member) => [member, merged]));
        const parts = new Set<number>();
        for (const member of merged)
          for (const part of fetchedBy.get(member) ?? []) parts.add(part);
        const changes = [...parts].map((part) => ({
          part,
          added: wouldAdd(fetched[part]!, merged, extra),
        }));
        const fits = changes.every(
          ({ part, added }) =>
            wasted[part]! + [...added].reduce((sum, k) => sum + bytes(k), 0) <= limit,
        );
        if (!fits) continue;
        for (const { part, added } of changes) {
          for (const k of added) {
            fetched[part]!.add(k);
            fetchedBy.set(k, (fetchedBy.get(k) ?? new Set()).add(part));
            wasted[part]! += bytes(k);
          }
        }
        group.push(key);
        for (const member of merged) members.set(member, merged);
        joined = true;
        break;
      }
      if (!joined) kindGroups.push([key]);
    }
    kindGroups.forEach((group, index) => {
      const name = `first-load-${createHash('sha256').update(`${signature}\n${index}`).digest('hex').slice(0, 12)}`;
      for (const key of group) {
        for (const id of modulesOf(manifest[key]!.file)) groups.set(id, name);
      }
    });
  }
  return groups;
}

/** The chunks and the manifest of an in-memory build's output. */
function readOutput(output: Rolldown.RolldownOutput): {
  manifest: PlannedManifest;
  modulesOf: (file: string) => readonly string[];
  sizeOf: (file: string) => number;
} {
  const manifestAsset = output.output.find(
    (item): item is Rolldown.OutputAsset =>
      item.type === 'asset' && item.fileName === '.vite/manifest.json',
  );
  if (!manifestAsset) throw new Error('route-chunk-groups: the planning build wrote no manifest');
  const chunks = new Map(
    output.output
      .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  return {
    manifest: JSON.parse(String(manifestAsset.source)) as PlannedManifest,
    modulesOf: (file) => chunks.get(file)?.moduleIds ?? [],
    sizeOf: (file) => Buffer.byteLength(chunks.get(file)?.code ?? ''),
  };
}

/** Marks the in-memory build, which must not plan one of its own. */
const PLANNING_MARKER = 'portal:route-chunk-groups-planning';

/** Builds the app the bundler's own way, in memory, and plans the groups from its chunks. */
async function planGroups(config: ResolvedConfig): Promise<Map<string, string>> {
  if (!config.configFile) {
    throw new Error(
      'route-chunk-groups: the planning build needs the config file (web/vite.config.ts)',
    );
  }
  const { build } = await import('vite');
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({
      configFile: config.configFile,
      root: config.root,
      mode: config.mode,
      logLevel: 'silent',
      plugins: [{ name: PLANNING_MARKER }],
      build: { write: false, sourcemap: false },
    });
  } catch (cause) {
    throw new Error("route-chunk-groups: the in-memory build (the bundler's own split) failed", {
      cause,
    });
  }
  const output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
  const { manifest, modulesOf, sizeOf } = readOutput(output);
  const tabs = readTabLoaders(config.root).modules;
  const loads = firstLoads(manifest, tabs);
  const later = laterLoads(manifest, loads, pageKeys(manifest, tabs));
  return chunkGroups(manifest, loads, modulesOf, sizeOf, later);
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
      const planning = resolved.plugins.some((p) => p.name === PLANNING_MARKER);
      config = planning ? undefined : resolved;
    },
    async buildStart() {
      if (config) groups = await planGroups(config);
    },
  };
  return { plugin, groupOf: (id) => groups.get(id) ?? null };
}
