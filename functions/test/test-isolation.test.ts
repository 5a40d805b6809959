/**
 * The functions suite runs with `isolate: false` (vitest.config.mts): a worker keeps its modules
 * from one test file to the next. That is safe only while no file replaces a module or a global
 * for the files after it; this test names any file that starts to.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const FUNCTIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LEAKING = /\bvi\.(mock|doMock|stubGlobal)\(/;
const SELF = path.basename(fileURLToPath(import.meta.url));

async function testFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && entry.name !== SELF)
    .map((entry) => path.join(entry.parentPath, entry.name));
}

it('no test file mocks a module or stubs a global for the files after it', async () => {
  const files = [
    ...(await testFiles(path.join(FUNCTIONS, 'test'))),
    ...(await testFiles(path.join(FUNCTIONS, 'src'))).filter((file) => file.endsWith('.test.ts')),
  ];
  expect(files.length).toBeGreaterThan(100); // it found the suite
  const leaking: string[] = [];
  for (const file of files) {
    if (LEAKING.test(await readFile(file, 'utf8'))) leaking.push(path.relative(FUNCTIONS, file));
  }
  expect(leaking, 'use vi.spyOn (restored) or isolate these files').toEqual([]);
});
