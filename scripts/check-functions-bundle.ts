/**
 * Checks the built functions bundle (functions/lib/index.js): Cloud Functions installs only
 * functions/package.json's dependencies, so every run-time require must be a Node built-in or
 * one of those dependencies, never a workspace package (@portal/*), which must be inlined.
 * Run by `npm run build -w functions`; tested in functions/test/bundle.test.ts.
 */
import { builtinModules } from 'node:module';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export function bundleProblems(bundle: string, dependencies: readonly string[]): string[] {
  const requires = new Set([...bundle.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]!));
  const problems: string[] = [];
  for (const name of requires) {
    const bare = name.replace(/^node:/, '');
    if (name.startsWith('node:') || builtinModules.includes(bare)) continue;
    const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!;
    if (pkg.startsWith('@portal/')) problems.push(`${name}: a workspace package must be inlined`);
    else if (!dependencies.includes(pkg))
      problems.push(`${name}: not in functions/package.json dependencies`);
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = new URL('../functions/', import.meta.url);
  const bundle = await readFile(new URL('lib/index.js', root), 'utf8');
  const pkg = JSON.parse(await readFile(new URL('package.json', root), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const problems = bundleProblems(bundle, Object.keys(pkg.dependencies ?? {}));
  if (problems.length > 0) {
    console.error(`functions bundle check failed:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    'functions bundle OK: only Node built-ins and declared dependencies are required at run time',
  );
}
