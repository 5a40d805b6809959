// @vitest-environment node
/**
 * Vite bundles its config files to load them, and warns for every relative import without a file
 * extension (which its native config loader cannot follow): nine warnings on every `npm start`
 * and build. Every file a config reaches imports its neighbours with their extension.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONFIGS = [
  'vitest.config.ts',
  'web/vite.config.ts',
  'web/vitest.config.ts',
  'e2e/vitest.config.ts',
  'functions/vitest.config.mts',
  'packages/domain/vitest.config.ts',
  'emulators/firestore/vitest.config.ts',
  'emulators/stripe/vitest.config.ts',
];

/** Relative imports (static, side-effect and re-exports) of one file, as written. */
function relativeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
  ].map((m) => m[1]!);
  return specifiers.filter((s) => s.startsWith('./') || s.startsWith('../'));
}

function withoutExtension(entry: string): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of relativeImports(file)) {
      const target = path.resolve(path.dirname(file), specifier);
      if (!/\.[cm]?[jt]sx?$|\.json$/.test(specifier)) {
        problems.push(`${path.relative(ROOT, file)} imports "${specifier}"`);
        continue;
      }
      if (/\.[cm]?tsx?$/.test(target)) visit(target);
    }
  };
  visit(path.join(ROOT, entry));
  return problems;
}

it('every config and every file it reaches import with file extensions', () => {
  expect(CONFIGS.flatMap(withoutExtension)).toEqual([]);
});
