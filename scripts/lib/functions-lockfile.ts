/**
 * functions/package-lock.json for the functions upload, made from the root package-lock.json.
 *
 * Cloud Build installs the functions from functions/package.json (`npm ci` when a lockfile is
 * uploaded beside it; without one it resolves every `^` range afresh, so production could run
 * versions no test here ever ran). The workspace has no lockfile of its own: npm keeps one for
 * the whole repository. This module cuts the functions' part out of it:
 *
 *   - it walks from functions/package.json's `dependencies` (what production installs; never a
 *     workspace package: @portal/domain is inlined by the bundle) and `devDependencies` (see
 *     below), following each package's dependencies, optionalDependencies and
 *     peerDependencies the way Node.js resolves them in
 *     the root lock's layout (`functions/node_modules/x` shadows `node_modules/x`; nested
 *     `node_modules/a/node_modules/b` stays nested), taking optional packages where the root
 *     lock installed them, and an optional peer only when something else needs it (as npm
 *     installs them); the devDependencies come along flagged `dev` (npm ci refuses a lockfile
 *     without them, and skips them under NODE_ENV=production, as Cloud Build installs);
 *   - it lays those packages out for the functions folder alone (`functions/node_modules/x`
 *     becomes `node_modules/x`; a root `node_modules/x` shadowed that way moves under the
 *     packages that use it) and checks that every dependency still resolves to the same entry;
 *   - every entry keeps what the root lock recorded (version, resolved, integrity, license,
 *     dependencies, engines, bin, os, cpu...); its dev/optional/devOptional/peer flags are
 *     recomputed for the functions alone, as npm's arborist computes them; a root `overrides`
 *     rule that changed a dependency range is written into the entry it applies to.
 *
 * Before writing, the CLI has npm itself check the result (npm ci --dry-run --offline in a
 * temporary folder), so a lockfile npm would refuse never reaches Cloud Build.
 *
 * The file is git-ignored and written by the functions predeploy (firebase.json), after the
 * build: `tsx scripts/lib/functions-lockfile.ts [root]`. Tested in
 * functions/test/functions-lockfile.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NPM } from './commands';
import { ROOT } from './root';

/** What a package.json and a lockfile entry both say about a package's dependencies. */
interface DependencyFields {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  devDependencies?: Record<string, string>;
  engines?: Record<string, string>;
}

export interface LockEntry extends DependencyFields {
  name?: string;
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  [field: string]: unknown;
}

export interface Lockfile {
  name?: string;
  version?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockEntry>;
}

export interface PackageJson extends DependencyFields {
  name?: string;
  version?: string;
}

export class LockfileError extends Error {
  override name = 'LockfileError';
}

/** Flags that describe the root project's graph, recomputed for the functions' own. */
const GRAPH_FLAGS = new Set(['dev', 'optional', 'devOptional', 'peer', 'extraneous']);

type EdgeType = 'prod' | 'optional' | 'peer' | 'peerOptional' | 'dev';

/**
 * The edges npm follows from a package, as its arborist loads them (a later kind replaces an
 * earlier one of the same name): peers, dependencies, optional ones, and the root's dev ones
 * (a package in both dependencies and devDependencies stays a production one).
 */
function edgesOf(entry: PackageJson | LockEntry, isRoot: boolean): Map<string, EdgeType> {
  const edges = new Map<string, EdgeType>();
  for (const name of Object.keys(entry.peerDependencies ?? {}))
    edges.set(name, entry.peerDependenciesMeta?.[name]?.optional ? 'peerOptional' : 'peer');
  for (const name of Object.keys(entry.dependencies ?? {})) edges.set(name, 'prod');
  for (const name of Object.keys(entry.optionalDependencies ?? {})) edges.set(name, 'optional');
  if (isRoot) {
    for (const name of Object.keys(entry.devDependencies ?? {}))
      if (!edges.has(name)) edges.set(name, 'dev');
  }
  return edges;
}

const isOptional = (type: EdgeType) => type === 'optional' || type === 'peerOptional';

/** The folders Node.js looks in, from `location` up: each one's node_modules/<name>. */
function lookupDirs(location: string): string[] {
  const dirs: string[] = [];
  const parts = location === '' ? [] : location.split('/');
  for (let end = parts.length; end >= 0; end--) {
    if (end > 0 && parts[end - 1] === 'node_modules') continue;
    dirs.push(parts.slice(0, end).join('/'));
  }
  return dirs;
}

/** Where `name` resolves from the package at `location` in `packages`, or undefined. */
export function resolveLocation(
  packages: Record<string, unknown>,
  location: string,
  name: string,
): string | undefined {
  for (const dir of lookupDirs(location)) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (Object.hasOwn(packages, candidate)) return candidate;
  }
  return undefined;
}

/** The location of the top-level package a location sits in: node_modules/a(/node_modules/b) -> node_modules/a. */
function topPackage(location: string): string {
  const rest = location.slice('node_modules/'.length);
  const name = rest.startsWith('@') ? rest.split('/').slice(0, 2).join('/') : rest.split('/')[0]!;
  return `node_modules/${name}`;
}

function sameRecord(a: Record<string, string> | undefined, b: Record<string, string> | undefined) {
  const left = Object.entries(a ?? {}).sort(([x], [y]) => x.localeCompare(y));
  const right = Object.entries(b ?? {}).sort(([x], [y]) => x.localeCompare(y));
  return JSON.stringify(left) === JSON.stringify(right);
}

/** The root package.json's `overrides`. */
export interface Overrides {
  [name: string]: string | Overrides;
}

/** What functionsLockfile gives: the lockfile, and the root overrides it wrote into entries. */
export interface FunctionsLock {
  lockfile: Lockfile;
  /** "js-beautify@2.0.3: nopt ^10.0.1 -> ^9.0.0", one per rewritten dependency range. */
  overridden: string[];
}

/**
 * The overrides this module can carry over: `{ name: spec }` everywhere and `{ parent: { name:
 * spec } }` for parent's own dependencies (a `"."` key is the package itself). Anything else
 * (version selectors, `$` references, deeper nesting) is refused rather than half applied.
 */
function checkOverrides(overrides: Overrides): void {
  const refuse = (what: string) => {
    throw new LockfileError(
      `The root package.json's overrides use ${what}, which the functions' lockfile cannot carry over: give functions/package.json the same overrides, or simplify them.`,
    );
  };
  const checkSpec = (key: string, spec: string) => {
    if (spec.startsWith('$')) refuse(`a reference (${key}: ${spec})`);
  };
  const checkName = (key: string) => {
    if (key.slice(1).includes('@')) refuse(`a version selector (${key})`);
  };
  for (const [key, value] of Object.entries(overrides)) {
    checkName(key);
    if (typeof value === 'string') {
      checkSpec(key, value);
      continue;
    }
    for (const [inner, spec] of Object.entries(value)) {
      if (inner !== '.') checkName(inner);
      if (typeof spec !== 'string') refuse(`nested rules (${key} > ${inner})`);
      else checkSpec(inner, spec);
    }
  }
}

/** The package name of a lock entry: its alias target's name, else its folder's. */
function packageName(location: string, entry: LockEntry): string {
  return (
    entry.name ?? location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length)
  );
}

/** The override spec for `parent`'s dependency on `name`, if the overrides have one. */
function overrideFor(overrides: Overrides, parent: string, name: string): string | undefined {
  const scoped = overrides[parent];
  if (typeof scoped === 'object') {
    const rule = scoped[name];
    if (typeof rule === 'string') return rule;
  }
  const global = overrides[name];
  if (typeof global === 'string') return global;
  if (typeof global === 'object' && typeof global['.'] === 'string') return global['.'];
  return undefined;
}

/**
 * npm applies the root package.json's overrides to the dependency ranges of the packages below
 * it, and the root lock records the packages it chose that way (js-beautify's nopt ^10 installed
 * as nopt 9). Uploaded alone, functions/package.json has none of those overrides, so npm ci would
 * refuse such an entry: the range the override stood for is written into the entry instead.
 */
function applyOverrides(entry: LockEntry, name: string, overrides: Overrides): string[] {
  const applied: string[] = [];
  for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies'] as const) {
    const ranges = entry[field];
    if (!ranges) continue;
    for (const [dependency, range] of Object.entries(ranges)) {
      const spec = overrideFor(overrides, name, dependency);
      if (spec === undefined || spec === range) continue;
      entry[field] = { ...entry[field], [dependency]: spec };
      applied.push(`${name}@${entry.version}: ${dependency} ${range} -> ${spec}`);
    }
  }
  return applied;
}

/**
 * The standalone lockfile of the workspace at `workspace` (e.g. "functions"), whose package.json
 * is `pkg`, cut from the root lockfile `root`. Throws LockfileError when the root lock does not
 * match the package.json, misses a package, or when the layout cannot keep a resolution.
 */
export function functionsLockfile(
  root: Lockfile,
  pkg: PackageJson,
  { workspace = 'functions', overrides = {} }: { workspace?: string; overrides?: Overrides } = {},
): FunctionsLock {
  checkOverrides(overrides);
  if (!root.packages || root.lockfileVersion < 2) {
    throw new LockfileError(
      'The root package-lock.json has no "packages" section (lockfileVersion 2 or 3 needed).',
    );
  }
  const packages = root.packages;
  const recorded = packages[workspace];
  if (!recorded)
    throw new LockfileError(
      `The root package-lock.json does not know the workspace "${workspace}".`,
    );
  for (const field of ['dependencies', 'optionalDependencies', 'devDependencies'] as const) {
    if (!sameRecord(recorded[field], pkg[field])) {
      throw new LockfileError(
        `The root package-lock.json is out of date: its "${workspace}" ${field} differ from ${workspace}/package.json. Run npm install.`,
      );
    }
  }
  const scope = `${workspace}/node_modules/`;
  const inScope = (location: string) => location.startsWith(scope);
  const describe = (location: string) =>
    location === workspace ? `${workspace}/package.json` : location;

  // 1. What the functions reach (location -> name -> [target, kind of edge]). The dev part is
  // there because npm ci refuses a lockfile that lacks any of package.json's devDependencies;
  // it is flagged dev, so an install that omits dev packages (NODE_ENV=production) skips it.
  const targets = new Map<string, Map<string, { target: string; type: EdgeType }>>();
  const included = new Set<string>();
  // An optional peer is never installed for its own sake (npm leaves it to whoever needs it):
  // such an edge counts only when something else brings the package in.
  const optionalPeers: { from: string; name: string; target: string }[] = [];
  const queue = [workspace];
  while (queue.length > 0) {
    const location = queue.shift()!;
    const entry = location === workspace ? pkg : packages[location]!;
    const out = new Map<string, { target: string; type: EdgeType }>();
    targets.set(location, out);
    for (const [name, type] of edgesOf(entry, location === workspace)) {
      const target = resolveLocation(packages, location, name);
      if (!target) {
        if (isOptional(type)) continue;
        throw new LockfileError(
          `${describe(location)} needs ${name}, which the root package-lock.json does not have. Run npm install.`,
        );
      }
      const found = packages[target]!;
      if (found.link) {
        throw new LockfileError(
          `${describe(location)} depends on ${name}, a link to ${String(found.resolved)} (a workspace package): the functions bundle must inline it, so it cannot be one of ${workspace}/package.json's dependencies.`,
        );
      }
      if (!found.version)
        throw new LockfileError(`${target} has no version in the root package-lock.json.`);
      if (type === 'peerOptional') {
        optionalPeers.push({ from: location, name, target });
        continue;
      }
      out.set(name, { target, type });
      if (!included.has(target)) {
        included.add(target);
        queue.push(target);
      }
    }
  }
  for (const { from, name, target } of optionalPeers) {
    if (included.has(target)) targets.get(from)!.set(name, { target, type: 'peerOptional' });
  }

  // The flags npm would record for the functions alone (its arborist's calc-dep-flags): every
  // flag starts set and is unset along the edges that make a package less than dev, optional,
  // dev-and-optional or peer-only.
  interface Flags {
    dev: boolean;
    optional: boolean;
    devOptional: boolean;
    peer: boolean;
  }
  const flags = new Map<string, Flags>([
    [workspace, { dev: false, optional: false, devOptional: false, peer: false }],
  ]);
  for (const location of included)
    flags.set(location, { dev: true, optional: true, devOptional: true, peer: true });
  const pending = [workspace];
  while (pending.length > 0) {
    const location = pending.pop()!;
    const from = flags.get(location)!;
    for (const { target, type } of targets.get(location)!.values()) {
      const to = flags.get(target)!;
      const dev = type === 'dev';
      const optional = isOptional(type);
      const peer = type === 'peer' || type === 'peerOptional';
      const unset = (flag: keyof Flags, when: boolean) => {
        if (to[flag] && when) {
          to[flag] = false;
          return true;
        }
        return false;
      };
      const changed = [
        unset('dev', !from.dev && !dev),
        unset('optional', !from.optional && !optional),
        unset('devOptional', !from.devOptional && !from.dev && !from.optional && !dev && !optional),
        unset('peer', !from.peer && !peer),
      ].some(Boolean);
      if (changed) pending.push(target);
    }
  }
  for (const location of included) {
    const f = flags.get(location)!;
    if (f.devOptional && (f.dev || f.optional)) f.devOptional = false;
  }

  // 2. Where each of them goes in the functions folder.
  const placed = new Map<string, string>(); // new location -> root location
  const placementsOf = new Map<string, string[]>(); // root location -> new locations
  const place = (rootLocation: string, newLocation: string) => {
    const already = placed.get(newLocation);
    if (already !== undefined) {
      if (already === rootLocation) return;
      throw new LockfileError(
        `Cannot lay out ${newLocation}: both ${already} and ${rootLocation} would go there.`,
      );
    }
    placed.set(newLocation, rootLocation);
    placementsOf.set(rootLocation, [...(placementsOf.get(rootLocation) ?? []), newLocation]);
  };
  const shadowedTops = new Set(
    [...included]
      .filter(inScope)
      .map((location) => topPackage(location.slice(workspace.length + 1))),
  );
  const sorted = [...included].sort();
  for (const location of sorted.filter(inScope))
    place(location, location.slice(workspace.length + 1));
  const displaced: string[] = [];
  for (const location of sorted.filter((l) => !inScope(l))) {
    if (shadowedTops.has(topPackage(location))) displaced.push(location);
    else place(location, location);
  }
  // A root package shadowed by the functions' own copy goes under each package that uses it
  // (with whatever is nested in it), as npm would nest it.
  const displacedTops = [...new Set(displaced.map(topPackage))].filter((top) => included.has(top));
  for (let round = 0, pending = displacedTops; pending.length > 0; round++) {
    if (round > included.size) throw new LockfileError(`Cannot lay out ${pending.join(', ')}.`);
    const next: string[] = [];
    for (const top of pending) {
      const dependents = [...targets]
        .filter(
          ([from, out]) =>
            from !== workspace && [...out.values()].some((edge) => edge.target === top),
        )
        .map(([from]) => from)
        .filter((from) => !from.startsWith(`${top}/`));
      if (dependents.some((from) => !placementsOf.has(from))) {
        next.push(top);
        continue;
      }
      const subtree = displaced.filter((l) => l === top || l.startsWith(`${top}/`));
      const name = top.slice('node_modules/'.length);
      for (const from of dependents) {
        for (const host of placementsOf.get(from)!) {
          for (const location of subtree)
            place(location, `${host}/node_modules/${name}${location.slice(top.length)}`);
        }
      }
    }
    if (next.length === pending.length)
      throw new LockfileError(`Cannot lay out ${next.join(', ')}.`);
    pending = next;
  }

  // 3. Every dependency still resolves to the entry it resolved to in the root lock.
  const layout = Object.fromEntries(placed);
  for (const [from, out] of targets) {
    const newLocations = from === workspace ? [''] : (placementsOf.get(from) ?? []);
    for (const newLocation of newLocations) {
      for (const [name, { target }] of out) {
        const there = resolveLocation(layout, newLocation, name);
        if (!there || placed.get(there) !== target) {
          throw new LockfileError(
            `In the functions' lockfile ${name} would resolve from ${newLocation || 'the root'} to ${there ? placed.get(there) : 'nothing'} instead of ${target}.`,
          );
        }
      }
    }
  }

  // 4. The entries.
  const rootEntry: LockEntry = { name: pkg.name, version: pkg.version };
  if (pkg.dependencies) rootEntry.dependencies = pkg.dependencies;
  if (pkg.optionalDependencies) rootEntry.optionalDependencies = pkg.optionalDependencies;
  if (pkg.devDependencies) rootEntry.devDependencies = pkg.devDependencies;
  if (pkg.engines) rootEntry.engines = pkg.engines;
  const entries: Record<string, LockEntry> = { '': rootEntry };
  const applied: string[] = [];
  const newLocations = [...placed.keys()].sort((a, b) => a.localeCompare(b, 'en'));
  for (const newLocation of newLocations) {
    const rootLocation = placed.get(newLocation)!;
    const f = flags.get(rootLocation)!;
    const graphFlags: LockEntry = {
      ...(f.peer ? { peer: true } : {}),
      ...(f.dev ? { dev: true } : {}),
      ...(f.optional ? { optional: true } : {}),
      ...(f.devOptional ? { devOptional: true } : {}),
    };
    // The root lock's fields in their order, the flags after the integrity (where npm writes them).
    const entry: LockEntry = {};
    const fields = Object.entries(packages[rootLocation]!).filter(
      ([field]) => !GRAPH_FLAGS.has(field),
    );
    const at = fields.findIndex(([field]) => field === 'integrity') + 1 || fields.length;
    for (const [field, value] of fields.slice(0, at)) entry[field] = value;
    Object.assign(entry, graphFlags);
    for (const [field, value] of fields.slice(at)) entry[field] = value;
    applied.push(...applyOverrides(entry, packageName(rootLocation, entry), overrides));
    entries[newLocation] = entry;
  }
  return {
    lockfile: {
      name: pkg.name,
      version: pkg.version,
      lockfileVersion: 3,
      requires: true,
      packages: entries,
    },
    overridden: [...new Set(applied)],
  };
}

/**
 * Whether npm itself takes `lockfile` for `pkg`: `npm ci --dry-run --ignore-scripts --offline` in
 * a temporary folder holding only the two files, as Cloud Build would get them (no network: a
 * complete lockfile needs none to be checked).
 */
export function npmCiAccepts(
  pkg: PackageJson,
  lockfile: Lockfile,
): { ok: boolean; output: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'functions-lockfile-'));
  try {
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
    writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lockfile, null, 2));
    const result = spawnSync(
      NPM,
      [
        'ci',
        '--dry-run',
        '--ignore-scripts',
        '--offline',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
      ],
      { cwd: dir, encoding: 'utf8', shell: process.platform === 'win32' },
    );
    return {
      ok: result.status === 0,
      output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Writes functions/package-lock.json under `root` from its package-lock.json, package.json
 * (overrides) and functions/package.json, once npm ci has taken it. Throws LockfileError.
 */
export function writeFunctionsLockfile(root: string): FunctionsLock & { file: string } {
  const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as unknown;
  const pkg = read('functions/package.json') as PackageJson;
  const result = functionsLockfile(read('package-lock.json') as Lockfile, pkg, {
    overrides: (read('package.json') as { overrides?: Overrides }).overrides ?? {},
  });
  const check = npmCiAccepts(pkg, result.lockfile);
  if (!check.ok)
    throw new LockfileError(`npm ci would refuse the functions' lockfile:\n${check.output}`);
  const file = path.join(root, 'functions/package-lock.json');
  writeFileSync(file, `${JSON.stringify(result.lockfile, null, 2)}\n`);
  return { ...result, file };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? ROOT);
  try {
    const { lockfile, overridden } = writeFunctionsLockfile(root);
    const count = Object.keys(lockfile.packages).length - 1;
    console.log(
      `functions/package-lock.json: ${count} packages at the versions of package-lock.json (npm ci takes it)`,
    );
    for (const line of overridden) console.log(`  root override carried over: ${line}`);
  } catch (error) {
    console.error(`functions lockfile: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
