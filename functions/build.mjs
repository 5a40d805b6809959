// Bundles the functions into lib/index.js for the emulator and for `firebase deploy`.
// @portal/domain (a workspace package) is inlined; packages listed in this package.json's
// dependencies stay external and are installed by Cloud Functions from package.json.
import { build, context } from 'esbuild';
import { readFile } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

const options = {
  entryPoints: [new URL('./src/index.ts', import.meta.url).pathname],
  outfile: new URL('./lib/index.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
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
  const result = await build({ ...options, metafile: true });
  const inputs = Object.keys(result.metafile.inputs);
  const inlined = inputs.filter((file) => file.includes('packages/domain/')).length;
  console.log(`functions: built lib/index.js (${inputs.length} modules, ${inlined} from @portal/domain inlined)`);
}
