import type { AllowStmt, FunctionDecl, MatchBlock, PatternSegment, RulesetAst } from './ast.js';
import { UNKNOWN } from './evaluator.js';
import { FunctionTable } from './scope.js';
import { RPath, type RValue } from './values.js';

/** A request path segment: a document/collection id, or a part a query leaves open. */
export type RequestSegment = string | typeof ANY_ID | typeof ANY_PATH;
/** Any single id (the documents of a collection a query lists). */
export const ANY_ID: unique symbol = Symbol('any id');
/** Any run of segments (the parents a collection-group query spans). */
export const ANY_PATH: unique symbol = Symbol('any path');

export interface MatchedBlock {
  block: MatchBlock;
  allows: readonly AllowStmt[];
  bindings: Map<string, RValue>;
  functions: FunctionTable;
}

interface CompiledBlock {
  block: MatchBlock;
  functions: FunctionTable;
  children: CompiledBlock[];
}

/** Finds every match block whose full path matches a request path, with its wildcard bindings. */
export class PathMatcher {
  private readonly roots: CompiledBlock[];

  constructor(ast: RulesetAst) {
    const top = new FunctionTable(toTable(ast.functions));
    this.roots = ast.matches.map((m) => compile(m, top));
  }

  match(segments: readonly RequestSegment[]): MatchedBlock[] {
    const out: MatchedBlock[] = [];
    for (const root of this.roots) visit(root, segments, 0, new Map(), out);
    return out;
  }
}

function toTable(fns: readonly FunctionDecl[]): Map<string, FunctionDecl> {
  const m = new Map<string, FunctionDecl>();
  for (const f of fns) m.set(f.name, f);
  return m;
}

function compile(block: MatchBlock, parent: FunctionTable): CompiledBlock {
  const functions =
    block.functions.length > 0 ? new FunctionTable(toTable(block.functions), parent) : parent;
  return { block, functions, children: block.children.map((c) => compile(c, functions)) };
}

function visit(
  node: CompiledBlock,
  segs: readonly RequestSegment[],
  from: number,
  bindings: Map<string, RValue>,
  out: MatchedBlock[],
): void {
  matchPattern(node.block.pattern, 0, segs, from, bindings, (end, b) => {
    if (end === segs.length)
      out.push({
        block: node.block,
        allows: node.block.allows,
        bindings: b,
        functions: node.functions,
      });
    for (const child of node.children) visit(child, segs, end, b, out);
  });
}

function matchPattern(
  pattern: readonly PatternSegment[],
  pi: number,
  segs: readonly RequestSegment[],
  si: number,
  bindings: Map<string, RValue>,
  done: (end: number, bindings: Map<string, RValue>) => void,
): void {
  if (pi === pattern.length) {
    done(si, bindings);
    return;
  }
  const p = pattern[pi] as PatternSegment;
  if (p.kind === 'rest') {
    // {name=**} takes zero or more segments; a collection-group's open run must fall inside it.
    for (let end = si; end <= segs.length; end++) {
      const taken = segs.slice(si, end);
      const remaining = segs.slice(end);
      if (remaining.includes(ANY_PATH)) continue;
      const known = taken.every((s): s is string => typeof s === 'string');
      const b = new Map(bindings);
      b.set(p.name, known ? new RPath(taken as string[]) : UNKNOWN);
      matchPattern(pattern, pi + 1, segs, end, b, done);
    }
    return;
  }
  if (si >= segs.length) return;
  const s = segs[si] as RequestSegment;
  if (s === ANY_PATH) return;
  if (p.kind === 'literal') {
    if (s === p.text) matchPattern(pattern, pi + 1, segs, si + 1, bindings, done);
    return;
  }
  const b = new Map(bindings);
  b.set(p.name, s === ANY_ID ? UNKNOWN : s);
  matchPattern(pattern, pi + 1, segs, si + 1, b, done);
}
