// Queries with a limit keep only their first offset + limit rows, and count() reads matches in no
// order (src/engine/query.ts). Production and the official emulator answer a limited query with the
// first rows of the fully ordered result, and skippedResults counts the offset skipped; these cases
// check that over random documents, against the same query without a limit (every match sorted).
import { describe, expect, it } from 'vitest';
import { DocumentStore } from '../src/store/document-store.js';
import { compileQuery, executeQuery } from '../src/engine/query.js';
import type { StructuredQueryJson } from '../src/engine/request-types.js';
import type { Value } from '../src/store/value.js';

const DB = { project: 'demo-bounded', database: '(default)' };

/** A small deterministic generator (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomValue(next: () => number): Value | undefined {
  const pick = Math.floor(next() * 9);
  const n = Math.floor(next() * 20) - 10;
  switch (pick) {
    case 0:
      return undefined; // field missing: not in an ordered result
    case 1:
      return { nullValue: null };
    case 2:
      return { doubleValue: n / 4 };
    case 3:
      return { integerValue: String(BigInt(n) * 1_000_000_000_000_000n) }; // beyond 15 digits
    case 4:
      return { stringValue: `s${n + 10}` };
    case 5:
      return { booleanValue: n > 0 };
    default:
      return { integerValue: String(n) };
  }
}

function store(seed: number, size: number): DocumentStore {
  const next = random(seed);
  const docs = new DocumentStore();
  for (let i = 0; i < size; i++) {
    const fields: Record<string, Value> = {};
    for (const name of ['a', 'b']) {
      const v = randomValue(next);
      if (v) fields[name] = v;
    }
    // Ids inserted in no particular order, numeric ids among them.
    const id = next() < 0.2 ? `__id${Math.floor(next() * 1000)}__` : `d${Math.floor(next() * 1e6)}`;
    docs.put({ path: `c/${id}`, fields, createTime: 1, updateTime: 1 });
    docs.put({ path: `other/${id}`, fields, createTime: 1, updateTime: 1 });
  }
  return docs;
}

function names(docs: { path: string }[]): string[] {
  return docs.map((d) => d.path);
}

function run(docs: DocumentStore, query: StructuredQueryJson, unordered = false) {
  return executeQuery(docs, DB, compileQuery(DB, '', query), unordered);
}

const ORDERS: StructuredQueryJson['orderBy'][] = [
  undefined,
  [{ field: { fieldPath: 'a' }, direction: 'DESCENDING' }],
  [{ field: { fieldPath: 'a' } }, { field: { fieldPath: 'b' }, direction: 'DESCENDING' }],
  [{ field: { fieldPath: 'b' } }, { field: { fieldPath: '__name__' }, direction: 'DESCENDING' }],
];

describe('a limit keeps the first rows of the ordered result', () => {
  for (const [seed, size] of [
    [1, 0],
    [2, 7],
    [3, 60],
    [4, 500],
  ] as const) {
    it(`${size} documents (seed ${seed})`, () => {
      const docs = store(seed, size);
      const next = random(seed * 31);
      for (const orderBy of ORDERS) {
        for (let round = 0; round < 12; round++) {
          const base: StructuredQueryJson = {
            from: [{ collectionId: 'c' }],
            ...(orderBy ? { orderBy } : {}),
            ...(round % 3 === 1
              ? {
                  where: {
                    fieldFilter: {
                      field: { fieldPath: 'b' },
                      op: 'NOT_EQUAL',
                      value: { nullValue: null },
                    },
                  },
                }
              : {}),
          };
          if (round % 4 === 2 && orderBy?.[0]?.field?.fieldPath === 'a')
            base.startAt = { values: [{ integerValue: '0' }], before: true };
          const all = run(docs, base).documents;
          const limit = Math.floor(next() * (size + 3));
          const offset = round % 2 === 0 ? 0 : Math.floor(next() * (size + 3));
          const limited = run(docs, { ...base, limit, offset });
          expect(names(limited.documents)).toEqual(names(all.slice(offset, offset + limit)));
          expect(limited.skipped).toBe(Math.min(offset, all.length));
        }
      }
    });
  }
});

describe('count() reads the same documents in no order', () => {
  it('without cursors, with ordered fields that some documents lack', () => {
    const docs = store(9, 300);
    for (const orderBy of ORDERS) {
      const query: StructuredQueryJson = {
        from: [{ collectionId: 'c' }],
        ...(orderBy ? { orderBy } : {}),
      };
      const ordered = names(run(docs, query).documents);
      const unordered = names(run(docs, query, true).documents);
      expect([...unordered].sort()).toEqual([...ordered].sort());
      expect(unordered.length).toBeLessThanOrEqual(300);
    }
  });
});
