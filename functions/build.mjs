// Bundles the functions into lib/index.js for the emulator and for `firebase deploy`.
// @portal/domain (a workspace package) is inlined; packages listed in this package.json's
// dependencies stay external and are installed by Cloud Functions from package.json.
import { build, context } from 'esbuild';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

// --outfile <file>: somewhere else than lib/index.js (a test's check of the bundle; rewriting lib/
// would make a running Functions emulator reload).
const outArg = process.argv.indexOf('--outfile');
const outfile =
  outArg > 0 ? process.argv[outArg + 1] : new URL('./lib/index.js', import.meta.url).pathname;
if (!outfile) throw new Error('--outfile needs a path');

const options = {
  entryPoints: [new URL('./src/index.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  sourcemap: true,
  external,
  logLevel: 'warning',
};

if (process.argv.includes('--watch')) {
  const ctx = await context(options);
  await ctx.watch();
  console.log('functions: watching src/ for changes');
} else {
  // Written only where the bytes changed: the Functions emulator reloads on any write to its
  // folder, even of the same bundle, and every stack a test process starts (the cost report's,
  // beside the journeys' stack) builds before it starts.
  const result = await build({ ...options, metafile: true, write: false });
  let written = 0;
  for (const file of result.outputFiles) {
    const before = await readFile(file.path).catch(() => null);
    if (before && Buffer.compare(before, file.contents) === 0) continue;
    await mkdir(path.dirname(file.path), { recursive: true });
    await writeFile(file.path, file.contents);
    written += 1;
  }
  const inputs = Object.keys(result.metafile.inputs);
  const inlined = inputs.filter((file) => file.includes('packages/domain/')).length;
  console.log(
    `functions: built ${outArg > 0 ? outfile : 'lib/index.js'} (${inputs.length} modules, ${inlined} from @portal/domain inlined${written === 0 ? '; unchanged, not rewritten' : ''})`,
  );
}
