import { UNKNOWN } from './evaluator.js';
import type { QueryFilter, RulesQuery, Value } from './firestore-types.js';
import { fromRest } from './rest-values.js';
import { RContains, RMap, RPath, type RValue } from './values.js';

/**
 * Rules are not filters: a list query is allowed only when the rule holds for every document the
 * query could return. The query is split into scenarios (one per OR branch / `in` value); in each,
 * `resource` is a symbolic document whose fields are known only where an equality-like filter
 * fixes them. Anything else is unknown, and using it is an error, so the rule denies.
 */
export interface Constraint {
  /** The field's value (==, in, is-null, is-nan). */
  eq?: RValue;
  /** Values the array field holds (array-contains, array-contains-any). */
  contains?: RValue[];
}

export type Scenario = Map<string, Constraint>;

/** Firestore allows at most 30 disjunctions; beyond a small multiple of that we stop. */
export const MAX_SCENARIOS = 100;

export class TooManyScenarios extends Error {}

export function scenarios(query: RulesQuery): Scenario[] {
  if (query.where === undefined) return [new Map()];
  return expand(query.where);
}

function fieldPathOf(path: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < path.length) {
    if (path[i] === '`') {
      let j = i + 1;
      let seg = '';
      while (j < path.length && path[j] !== '`') {
        if (path[j] === '\\') j++;
        seg += path[j] ?? '';
        j++;
      }
      out.push(seg);
      i = j + 1;
    } else {
      const j = path.indexOf('.', i);
      const end = j < 0 ? path.length : j;
      out.push(path.slice(i, end));
      i = end;
    }
    if (path[i] === '.') i++;
  }
  return out;
}

function single(field: string, c: Constraint): Scenario[] {
  return [new Map([[field, c]])];
}

function cross(a: Scenario[], b: Scenario[]): Scenario[] {
  const out: Scenario[] = [];
  for (const x of a) {
    for (const y of b) {
      const m = new Map(x);
      for (const [k, c] of y) {
        const prev = m.get(k);
        m.set(k, prev === undefined ? c : merge(prev, c));
      }
      out.push(m);
      if (out.length > MAX_SCENARIOS) throw new TooManyScenarios();
    }
  }
  return out;
}

function merge(a: Constraint, b: Constraint): Constraint {
  return {
    eq: a.eq !== undefined ? a.eq : b.eq,
    contains: a.contains || b.contains ? [...(a.contains ?? []), ...(b.contains ?? [])] : undefined,
  };
}

function valuesOf(v: Value): RValue[] {
  return (v.arrayValue?.values ?? []).map(fromRest);
}

function expand(f: QueryFilter): Scenario[] {
  if (typeof f !== 'object' || f === null) return [new Map()];
  if (f.compositeFilter !== undefined) {
    const parts = (f.compositeFilter.filters ?? []).map(expand);
    if (f.compositeFilter.op === 'OR') {
      const out = parts.flat();
      if (out.length > MAX_SCENARIOS) throw new TooManyScenarios();
      return out.length > 0 ? out : [new Map()];
    }
    return parts.reduce(cross, [new Map()]);
  }
  if (f.fieldFilter !== undefined) {
    const { field, op, value } = f.fieldFilter;
    const name = field?.fieldPath ?? '';
    switch (op) {
      case 'EQUAL':
        return single(name, { eq: fromRest(value) });
      case 'IN': {
        const vs = valuesOf(value);
        if (vs.length > MAX_SCENARIOS) throw new TooManyScenarios();
        return vs.length === 0 ? [new Map()] : vs.map((v) => new Map([[name, { eq: v }]]));
      }
      case 'ARRAY_CONTAINS':
        return single(name, { contains: [fromRest(value)] });
      case 'ARRAY_CONTAINS_ANY': {
        const vs = valuesOf(value);
        return vs.length === 0 ? [new Map()] : vs.map((v) => new Map([[name, { contains: [v] }]]));
      }
      default:
        // <, <=, >, >=, !=, not-in: the field's value stays unknown.
        return [new Map()];
    }
  }
  if (f.unaryFilter !== undefined) {
    const name = f.unaryFilter.field?.fieldPath ?? '';
    if (f.unaryFilter.op === 'IS_NULL') return single(name, { eq: null });
    if (f.unaryFilter.op === 'IS_NAN') return single(name, { eq: Number.NaN });
    return [new Map()];
  }
  return [new Map()];
}

/** The symbolic `resource` of one scenario: { data, id, __name__ }. */
export function symbolicResource(scenario: Scenario): RMap {
  const root = new Map<string, RValue>();
  let id: RValue = UNKNOWN;
  let name: RValue = UNKNOWN;
  for (const [field, c] of scenario) {
    if (field === '__name__') {
      if (c.eq instanceof RPath) {
        name = c.eq;
        id = c.eq.segments[c.eq.segments.length - 1] ?? UNKNOWN;
      }
      continue;
    }
    const path = fieldPathOf(field);
    let cur = root;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i] as string;
      let next = cur.get(key);
      if (!(next instanceof RMap)) {
        next = new RMap(new Map(), true);
        cur.set(key, next);
      }
      cur = next.entries;
    }
    const leaf = path[path.length - 1] as string;
    cur.set(leaf, c.eq !== undefined ? c.eq : new RContains(c.contains ?? []));
  }
  return RMap.of({ data: new RMap(root, true), id, __name__: name });
}
