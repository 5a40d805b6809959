// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The domain's modules import each other without cycles (type-only imports included). */
const dir = path.join(import.meta.dirname, '../src');
const modules = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const importsOf = (file: string) =>
  [...readFileSync(path.join(dir, file), 'utf8').matchAll(/from '\.\/([\w-]+)'/g)].map(
    (m) => `${m[1]}.ts`,
  );

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const visit = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) return void found.push([...trail.slice(at), node]);
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
  };
  for (const node of graph.keys()) visit(node, []);
  return found;
}

describe('packages/domain module graph', () => {
  it('has no import cycles', () => {
    const graph = new Map(modules.filter((m) => m !== 'index.ts').map((m) => [m, importsOf(m)]));
    expect(cycles(graph)).toEqual([]);
  });

  it('would see one', () => {
    expect(
      cycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['a.ts']],
        ]),
      ),
    ).not.toEqual([]);
  });
});
