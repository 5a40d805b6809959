import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleProblems } from '../../scripts/check-functions-bundle';

const here = (path: string) => new URL(path, import.meta.url);

describe('the deployable functions bundle', () => {
  it('inlines @portal/domain and requires only declared dependencies at run time', () => {
    // Built beside, not into lib/: a running Functions emulator (e2e) would reload.
    const dir = mkdtempSync(path.join(tmpdir(), 'functions-bundle-'));
    let bundle: string;
    try {
      const outfile = path.join(dir, 'index.js');
      execFileSync(process.execPath, [here('../build.mjs').pathname, '--outfile', outfile], {
        stdio: 'pipe',
      });
      bundle = readFileSync(outfile, 'utf8');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const pkg = JSON.parse(readFileSync(here('../package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(bundleProblems(bundle, Object.keys(pkg.dependencies))).toEqual([]);
    // The domain's code is in the bundle itself (its order state machine, for one).
    expect(bundle).toContain('canManagerMoveOrder');
    expect(bundle).not.toMatch(/require\(["']@portal\//);
  });

  it('leaves an unchanged bundle unwritten (a running Functions emulator reloads on any write)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'functions-bundle-'));
    try {
      const outfile = path.join(dir, 'index.js');
      const build = () =>
        execFileSync(process.execPath, [here('../build.mjs').pathname, '--outfile', outfile], {
          encoding: 'utf8',
        });
      expect(build()).not.toContain('unchanged');
      const first = statSync(outfile, { bigint: true });
      const mapFirst = statSync(`${outfile}.map`, { bigint: true });
      expect(build()).toContain('unchanged, not rewritten');
      expect(statSync(outfile, { bigint: true }).mtimeNs).toBe(first.mtimeNs);
      expect(statSync(`${outfile}.map`, { bigint: true }).mtimeNs).toBe(mapFirst.mtimeNs);
      // A bundle that differs (an older build) is rewritten.
      writeFileSync(outfile, '// an older build\n');
      expect(build()).not.toContain('unchanged');
      expect(readFileSync(outfile, 'utf8')).toContain('canManagerMoveOrder');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('flags a workspace package or an undeclared dependency', () => {
    const bundle =
      'require("@portal/domain"); require("left-pad"); require("node:fs"); require("path"); require("stripe/lib/x");';
    expect(bundleProblems(bundle, ['stripe'])).toEqual([
      '@portal/domain: a workspace package must be inlined',
      'left-pad: not in functions/package.json dependencies',
    ]);
  });
});
