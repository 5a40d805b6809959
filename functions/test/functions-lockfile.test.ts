import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  functionsLockfile,
  LockfileError,
  npmCiAccepts,
  type Lockfile,
  type Overrides,
  type PackageJson,
} from '../../scripts/lib/functions-lockfile';

/**
 * functions/package-lock.json, the lockfile the functions predeploy writes beside
 * functions/package.json for Cloud Build (scripts/lib/functions-lockfile.ts): the root lock's
 * versions, laid out for the functions folder alone, and taken by npm ci.
 */
const readJson = <T>(file: string) =>
  JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as T;
const rootLock = readJson<Lockfile>('package-lock.json');
const functionsPkg = readJson<PackageJson>('functions/package.json');
const rootOverrides = readJson<{ overrides?: Overrides }>('package.json').overrides ?? {};

/**
 * The oracle: what Node.js would load from the functions folder in the root install, walked
 * naively (name -> the nearest node_modules/<name> up from the package), for the production
 * dependencies only, as "name@version" with the root lock's integrity.
 */
function productionClosure(): Map<string, string> {
  const packages = rootLock.packages;
  const found = new Map<string, string>();
  const up = (from: string, name: string): string | undefined => {
    for (let dir = from; ;) {
      const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (!dir) return undefined;
      const cut = dir.lastIndexOf('/node_modules/');
      dir = cut >= 0 ? dir.slice(0, cut) : '';
    }
  };
  const visit = (from: string, deps: Record<string, string>, optional: Set<string>) => {
    for (const name of Object.keys(deps)) {
      const at = up(from, name);
      if (!at) {
        expect(optional.has(name), `${from} -> ${name}`).toBe(true);
        continue;
      }
      const entry = packages[at]!;
      const key = `${name}@${entry.version}`;
      if (found.has(key)) continue;
      found.set(key, entry.integrity ?? '');
      // An optional peer is not installed for its own sake (npm leaves it to whoever needs it).
      const peers = Object.fromEntries(
        Object.entries(entry.peerDependencies ?? {}).filter(
          ([peer]) => !entry.peerDependenciesMeta?.[peer]?.optional,
        ),
      );
      visit(
        at,
        { ...peers, ...entry.dependencies, ...entry.optionalDependencies },
        new Set(Object.keys(entry.optionalDependencies ?? {})),
      );
    }
  };
  visit('functions', functionsPkg.dependencies ?? {}, new Set());
  return found;
}

describe('functions/package-lock.json (from the root package-lock.json)', () => {
  const { lockfile, overridden } = functionsLockfile(rootLock, functionsPkg, {
    overrides: rootOverrides,
  });
  const entries = Object.entries(lockfile.packages).filter(([location]) => location !== '');
  const nameOf = (location: string) =>
    location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);

  it('is a lockfileVersion 3 whose root entry is functions/package.json', () => {
    expect(lockfile.lockfileVersion).toBe(3);
    expect(lockfile.name).toBe(functionsPkg.name);
    expect(lockfile.packages['']).toEqual({
      name: functionsPkg.name,
      version: functionsPkg.version,
      dependencies: functionsPkg.dependencies,
      devDependencies: functionsPkg.devDependencies,
      engines: functionsPkg.engines,
    });
  });

  it('installs in production exactly the versions the root lock resolved for the functions’ dependencies', () => {
    const locked = new Map(
      entries
        .filter(([, entry]) => !entry.dev)
        .map(([location, entry]) => [`${nameOf(location)}@${entry.version}`, entry]),
    );
    const expected = productionClosure();
    expect(expected.size).toBeGreaterThan(100);
    // Every package production loads, as the same tarball, not only the same version number.
    for (const [key, integrity] of expected)
      expect(locked.get(key)?.integrity, key).toBe(integrity);
    // Besides, only what a devDependency brings in and a production package takes as an optional
    // peer (npm installs those unless dev and optional packages are both left out).
    const besides = [...locked].filter(([key]) => !expected.has(key));
    for (const [key, entry] of besides) expect(entry.devOptional, key).toBe(true);
    for (const name of Object.keys(functionsPkg.dependencies ?? {}))
      expect(lockfile.packages[`node_modules/${name}`]?.version).toBe(
        rootLock.packages[`functions/node_modules/${name}`]?.version ??
          rootLock.packages[`node_modules/${name}`]?.version,
      );
  });

  it('keeps every field the root lock recorded, without the root project’s dev flags', () => {
    const flags = new Set(['dev', 'optional', 'devOptional', 'peer', 'extraneous']);
    const without = (entry: object) =>
      Object.fromEntries(Object.entries(entry).filter(([field]) => !flags.has(field)));
    for (const [location, entry] of entries) {
      const root = rootLock.packages[`functions/${location}`] ?? rootLock.packages[location];
      expect(root, location).toBeDefined();
      // Only a range a root override stood for may differ (js-beautify's nopt, say).
      const dependencies = { ...root!.dependencies };
      for (const line of overridden) {
        const [, pkg, dependency, , spec] = /^(\S+): (\S+) (\S+) -> (\S+)$/.exec(line)!;
        if (pkg === `${nameOf(location)}@${entry.version}`) dependencies[dependency!] = spec!;
      }
      expect(without(entry), location).toEqual({
        ...without(root!),
        ...(root!.dependencies ? { dependencies } : {}),
      });
    }
  });

  it('lists the devDependencies too, flagged dev, so npm ci (NODE_ENV=production) skips them', () => {
    for (const name of Object.keys(functionsPkg.devDependencies ?? {}))
      expect(lockfile.packages[`node_modules/${name}`]?.dev, name).toBe(true);
  });

  it('carries the root overrides over into the entries they apply to', () => {
    for (const line of overridden) expect(line).toMatch(/^\S+@\S+: \S+ \S+ -> \S+$/);
  });

  it('is taken by npm ci (--dry-run --offline, in a folder with functions/package.json alone)', () => {
    const result = npmCiAccepts(functionsPkg, lockfile);
    expect(result.output).not.toMatch(/not in sync|Missing:|Invalid:/);
    expect(result.ok).toBe(true);
    // ...and a lockfile out of step with package.json is refused, so the check can fail.
    const stale = structuredClone(lockfile);
    delete stale.packages['node_modules/zod'];
    const refused = npmCiAccepts(functionsPkg, stale);
    expect(refused.ok).toBe(false);
  }, 60_000);
});

describe('laying out a workspace’s part of a root lockfile', () => {
  const pkg: PackageJson = {
    name: '@x/fns',
    version: '1.0.0',
    dependencies: { a: '^1.0.0', x: '^2.0.0' },
    devDependencies: { d: '^1.0.0' },
    engines: { node: '22' },
  };
  const root = (): Lockfile => ({
    lockfileVersion: 3,
    packages: {
      '': { name: 'root', workspaces: ['fns'] },
      fns: { name: '@x/fns', version: '1.0.0', ...pkg, engines: pkg.engines },
      'node_modules/@x/fns': { resolved: 'fns', link: true },
      'node_modules/@x/shared': { resolved: 'shared', link: true },
      // The workspace's own x shadows the root one, which a still needs.
      'fns/node_modules/x': { version: '2.0.0', integrity: 'sha512-x2', license: 'MIT' },
      'node_modules/x': {
        version: '1.0.0',
        integrity: 'sha512-x1',
        dependencies: { z: '^1.0.0', w: '^3.0.0' },
      },
      'node_modules/x/node_modules/w': { version: '3.0.0', integrity: 'sha512-w3' },
      'node_modules/a': {
        version: '1.0.0',
        integrity: 'sha512-a1',
        bin: { a: 'bin/a.js' },
        dependencies: { x: '^1.0.0', b: '^2.0.0' },
        optionalDependencies: { fsevents: '^2.0.0', o: '^1.0.0' },
        peerDependencies: { p: '^1.0.0', q: '^1.0.0', t: '^5.0.0', z: '^1.0.0' },
        peerDependenciesMeta: {
          q: { optional: true },
          t: { optional: true },
          z: { optional: true },
        },
      },
      'node_modules/a/node_modules/b': { version: '2.0.0', integrity: 'sha512-b2' },
      'node_modules/b': { version: '1.0.0', integrity: 'sha512-b1', dev: true },
      'node_modules/z': { version: '1.0.0', integrity: 'sha512-z1' },
      'node_modules/o': {
        version: '1.0.0',
        integrity: 'sha512-o1',
        optional: true,
        os: ['linux'],
        cpu: ['x64'],
      },
      'node_modules/p': { version: '1.0.0', integrity: 'sha512-p1', devOptional: true },
      'node_modules/d': {
        version: '1.0.0',
        integrity: 'sha512-d1',
        dev: true,
        dependencies: { e: '^1.0.0' },
      },
      'node_modules/e': { version: '1.0.0', integrity: 'sha512-e1', dev: true },
      'node_modules/unrelated': { version: '9.9.9', integrity: 'sha512-u9', dev: true },
      // Installed for the root project's own sake: a's optional peer, which nothing else needs.
      'node_modules/t': { version: '5.0.0', integrity: 'sha512-t5', dev: true },
    },
  });

  it('lifts the workspace’s own packages, nests the ones they shadow under their users, keeps nesting', () => {
    const { lockfile } = functionsLockfile(root(), pkg, { workspace: 'fns' });
    const versions = Object.fromEntries(
      Object.entries(lockfile.packages).map(([location, entry]) => [location, entry.version]),
    );
    expect(versions).toEqual({
      '': '1.0.0',
      'node_modules/a': '1.0.0',
      'node_modules/a/node_modules/b': '2.0.0',
      'node_modules/a/node_modules/x': '1.0.0',
      'node_modules/a/node_modules/x/node_modules/w': '3.0.0',
      'node_modules/d': '1.0.0',
      'node_modules/e': '1.0.0',
      'node_modules/o': '1.0.0',
      'node_modules/p': '1.0.0',
      'node_modules/x': '2.0.0',
      'node_modules/z': '1.0.0',
    });
  });

  it('flags what only dev, optional or peer edges reach, as npm would for this package alone', () => {
    const { packages } = functionsLockfile(root(), pkg, { workspace: 'fns' }).lockfile;
    expect(packages['node_modules/o']).toEqual({
      version: '1.0.0',
      integrity: 'sha512-o1',
      optional: true,
      os: ['linux'],
      cpu: ['x64'],
    });
    expect(packages['node_modules/d']?.dev).toBe(true);
    expect(packages['node_modules/e']?.dev).toBe(true);
    expect(packages['node_modules/p']).toEqual({
      version: '1.0.0',
      integrity: 'sha512-p1',
      peer: true,
    });
    expect(packages['node_modules/a']).toMatchObject({ bin: { a: 'bin/a.js' } });
    expect(packages['node_modules/a']?.dev).toBeUndefined();
  });

  it('refuses a workspace package among the dependencies, a missing package and a stale root lock', () => {
    const withLink = root();
    withLink.packages.fns!.dependencies = { ...pkg.dependencies, '@x/shared': '*' };
    expect(() =>
      functionsLockfile(
        withLink,
        { ...pkg, dependencies: { ...pkg.dependencies, '@x/shared': '*' } },
        { workspace: 'fns' },
      ),
    ).toThrow(/@x\/shared, a link to shared \(a workspace package\)/);
    const missing = root();
    delete missing.packages['node_modules/z'];
    expect(() => functionsLockfile(missing, pkg, { workspace: 'fns' })).toThrow(
      'node_modules/x needs z, which the root package-lock.json does not have',
    );
    expect(() =>
      functionsLockfile(
        root(),
        { ...pkg, dependencies: { ...pkg.dependencies, zod: '^4' } },
        { workspace: 'fns' },
      ),
    ).toThrow(LockfileError);
  });

  it('writes what a root override stood for into the entry it applies to', () => {
    const overridden = root();
    overridden.packages['node_modules/a']!.dependencies = { x: '^1.0.0', b: '^3.0.0' };
    const { lockfile, overridden: lines } = functionsLockfile(overridden, pkg, {
      workspace: 'fns',
      overrides: { a: { b: '^2.0.0' } },
    });
    expect(lockfile.packages['node_modules/a']?.dependencies).toEqual({ x: '^1.0.0', b: '^2.0.0' });
    expect(lines).toEqual(['a@1.0.0: b ^3.0.0 -> ^2.0.0']);
    expect(() =>
      functionsLockfile(root(), pkg, { workspace: 'fns', overrides: { 'a@1': { b: '^2' } } }),
    ).toThrow('version selector');
  });
});
