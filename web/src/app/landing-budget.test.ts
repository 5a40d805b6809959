// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LANDING_BUDGET, landingProblem, measureRouteSizes } from '../../../scripts/route-sizes';

/**
 * Issue 7's budget, checked on a real production build: the landing route loads no Firebase
 * SDK code and at most 200 KB of gzipped JavaScript (built into a temporary folder).
 */
const outDir = mkdtempSync(path.join(tmpdir(), 'portal-web-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the production build', () => {
  it('keeps the landing route free of Firebase and within its budget', () => {
    const web = path.resolve(import.meta.dirname, '../..');
    execFileSync(
      process.execPath,
      [
        path.join(web, '../node_modules/vite/bin/vite.js'),
        'build',
        '--manifest',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      { cwd: web, stdio: 'pipe' },
    );
    const sizes = measureRouteSizes(outDir);
    const landing = sizes.find((s) => s.route === '/');
    expect(landing?.firebase).toBe(false);
    expect(landing?.jsBytes).toBeLessThanOrEqual(LANDING_BUDGET);
    expect(landingProblem(sizes)).toBe('');
    // Signed-in routes do carry Firebase, so the detection itself works.
    expect(sizes.find((s) => s.route === '/portal/store')?.firebase).toBe(true);
  }, 120_000);
});
