/**
 * The prebuilt CLIs: `dist/cli.mjs`, one ESM file bundled by esbuild from `src/cli.ts`, so that
 * starting the emulator compiles no TypeScript (`node emulators/firestore/dist/cli.mjs ...`), and
 * `dist/storage-rules.mjs` from `src/storage-rules/cli.ts`, the Cloud Storage rules runtime
 * firebase-tools' Storage emulator talks to (docs/storage.md).
 * Packages from node_modules stay external: the emulator loads none of them at start
 * (protobufjs and re2js are required on first use), and `src/proto/firestore-proto.ts` finds the
 * protos in @google-cloud/firestore's folder from the bundle's location (dist/ sits next to src/,
 * so the same node_modules resolve).
 *
 *   npm run build -w emulators/firestore          # always rebuilds
 *   await ensureFirestoreCliBundle()              # rebuilds only when missing or older than src/
 *
 * Not part of the bundle itself (cli.ts does not import it); esbuild is a root devDependency.
 */
import { readdirSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC_DIR = path.join(PACKAGE_DIR, 'src');

/** Absolute path of the bundle: run it with `node <path> --port 8080 ...` (same flags as src/cli.ts). */
export const FIRESTORE_CLI_BUNDLE = path.join(PACKAGE_DIR, 'dist', 'cli.mjs');
/** Absolute path of the Storage rules runtime: `node <path> serve` (src/storage-rules/cli.ts). */
export const STORAGE_RULES_BUNDLE = path.join(PACKAGE_DIR, 'dist', 'storage-rules.mjs');

function newestMtimeMs(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtimeMs(full) : statSync(full).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

/** True when dist/cli.mjs and dist/storage-rules.mjs exist and are newer than every file under src/. */
export function firestoreCliBundleIsFresh(): boolean {
  let built: number;
  try {
    built = Math.min(
      statSync(FIRESTORE_CLI_BUNDLE).mtimeMs,
      statSync(STORAGE_RULES_BUNDLE).mtimeMs,
    );
  } catch {
    return false;
  }
  return built >= newestMtimeMs(SRC_DIR);
}

/**
 * Builds dist/cli.mjs and dist/storage-rules.mjs (and their source maps) now. The files are written under temporary names and
 * renamed, so a process starting the bundle meanwhile never reads a half-written file.
 */
export async function buildFirestoreCli(): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: {
      cli: path.join(SRC_DIR, 'cli.ts'),
      'storage-rules': path.join(SRC_DIR, 'storage-rules/cli.ts'),
    },
    outdir: path.dirname(FIRESTORE_CLI_BUNDLE),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    packages: 'external',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  });
  await mkdir(path.dirname(FIRESTORE_CLI_BUNDLE), { recursive: true });
  // The source map first: the bundle's rename is what makes the new build visible.
  const files = [...result.outputFiles].sort((a, b) =>
    a.path.endsWith('.map') === b.path.endsWith('.map') ? 0 : a.path.endsWith('.map') ? -1 : 1,
  );
  for (const file of files) {
    // Unique per build: two builds at once (two stacks starting) must not rename each other's file.
    const temp = `${file.path}.${process.pid}.${randomUUID()}.tmp`;
    await writeFile(temp, file.contents);
    await rename(temp, file.path);
  }
  return FIRESTORE_CLI_BUNDLE;
}

/** The build under way, shared by the stacks that start together in one process. */
let pendingBuild: Promise<string> | undefined;

/**
 * Builds dist/cli.mjs only when it is missing or older than any file in src/; resolves with its
 * absolute path. For the local stack: `node <that path> --port ...` instead of tsx + src/cli.ts.
 */
export async function ensureFirestoreCliBundle(): Promise<string> {
  pendingBuild ??= firestoreCliBundleIsFresh()
    ? Promise.resolve(FIRESTORE_CLI_BUNDLE)
    : buildFirestoreCli();
  try {
    return await pendingBuild;
  } finally {
    pendingBuild = undefined;
  }
}

// `node --import tsx src/build-cli.ts` (npm run build): always rebuild.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  buildFirestoreCli().then(
    (file) =>
      console.log(
        `firestore emulator: built ${path.relative(process.cwd(), file)} in ${(performance.now() - started).toFixed(0)} ms`,
      ),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
