import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundleProblems } from '../../scripts/check-functions-bundle';

const here = (path: string) => new URL(path, import.meta.url);

describe('the deployable functions bundle', () => {
  it('inlines @portal/domain and requires only declared dependencies at run time', () => {
    execFileSync(process.execPath, [here('../build.mjs').pathname], { stdio: 'pipe' });
    const bundle = readFileSync(here('../lib/index.js'), 'utf8');
    const pkg = JSON.parse(readFileSync(here('../package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(bundleProblems(bundle, Object.keys(pkg.dependencies))).toEqual([]);
    // The domain's code is in the bundle itself (its order state machine, for one).
    expect(bundle).toContain('canManagerMoveOrder');
    expect(bundle).not.toMatch(/require\(["']@portal\//);
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
