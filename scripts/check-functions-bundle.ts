/**
 * Fails when the built functions bundle would need a workspace package at run time
 * (Cloud Functions installs only functions/package.json dependencies).
 */
import { readFile } from 'node:fs/promises';

const bundle = await readFile(new URL('../functions/lib/index.js', import.meta.url), 'utf8');
const requires = [...bundle.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]!);
const offending = requires.filter((name) => name.startsWith('@portal/'));
if (offending.length > 0) {
  console.error(`functions bundle requires workspace packages at run time: ${offending.join(', ')}`);
  process.exit(1);
}
console.log(`functions bundle OK: run-time requires = ${[...new Set(requires)].sort().join(', ') || '(none)'}`);
