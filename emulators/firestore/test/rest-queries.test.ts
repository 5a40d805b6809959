// Structured-query semantics recorded against the official emulator v1.22.0
// (facts from hidane-dev/hidane fixtures queries.json, re-expressed here as our own cases).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docName, rest, startTarget, type Target } from './support/target.js';

let target: Target;
type V = Record<string, unknown>;
const i = (n: string): V => ({ integerValue: n });
const d = (n: number | string): V => ({ doubleValue: n });
const s = (t: string): V => ({ stringValue: t });
const arr = (...values: V[]): V => ({ arrayValue: values.length ? { values } : {} });
const map = (fields: Record<string, V>): V => ({
  mapValue: Object.keys(fields).length ? { fields } : {},
});
const vec = (...n: number[]): V =>
  map({ __type__: s('__vector__'), value: arr(...n.map((x) => d(x))) });
let ref: (path: string) => V = () => ({});

const T: Record<string, () => V> = {
  null: () => ({ nullValue: null }),
  false: () => ({ booleanValue: false }),
  true: () => ({ booleanValue: true }),
  nan: () => d('NaN'),
  ninf: () => d('-Infinity'),
  neg: () => i('-1'),
  negzero: () => d(-0),
  zero: () => i('0'),
  half: () => d(0.5),
  one: () => i('1'),
  onef: () => d(1.0),
  two: () => i('2'),
  big: () => i('9007199254740993'),
  bigf: () => d(9007199254740992),
  inf: () => d('Infinity'),
  ts: () => ({ timestampValue: '2020-01-01T00:00:00Z' }),
  tsus: () => ({ timestampValue: '2020-01-01T00:00:00.000001Z' }),
  sempty: () => s(''),
  sa: () => s('a'),
  saa: () => s('aa'),
  sb: () => s('b'),
  sffff: () => s('\uffff'),
  semoji: () => s('😀'),
  bytes: () => ({ bytesValue: 'AQ==' }),
  bytes2: () => ({ bytesValue: 'AQI=' }),
  ref: () => ref('t/sa'),
  ref2: () => ref('t/sa/x/y'),
  geo: () => ({ geoPointValue: { latitude: 1, longitude: 2 } }),
  arr0: () => arr(),
  arr1: () => arr(i('1')),
  arr1f: () => arr(d(1.0)),
  arr12: () => arr(i('1'), i('2')),
  arr2: () => arr(i('2')),
  arrnull: () => arr({ nullValue: null }),
  arrnan: () => arr(d('NaN')),
  arrs: () => arr(s('a')),
  arrmix: () => arr(s('a'), i('1'), { nullValue: null }),
  arrmap: () => arr(map({ a: i('1') })),
  map0: () => map({}),
  mapa: () => map({ a: i('1') }),
  mapa1f: () => map({ a: d(1.0) }),
  mapb: () => map({ b: i('0') }),
  vec: () => vec(1, 2),
  vec3: () => vec(0, 0, 0),
};

const P: Record<string, Record<string, () => V>> = {
  'p/p1': {
    a: () => i('1'),
    b: () => s('x'),
    tags: () => arr(s('red'), s('blue')),
    m: () => map({ x: i('1') }),
    'a b': () => i('1'),
  },
  'p/p2': {
    a: () => i('2'),
    b: () => s('y'),
    tags: () => arr(s('red')),
    m: () => map({ x: i('2') }),
    opt: () => ({ booleanValue: true }),
  },
  'p/p3': {
    a: () => i('2'),
    b: () => s('x'),
    tags: () => arr(),
    m: () => map({ x: i('3'), y: i('1') }),
  },
  'p/p4': {
    a: () => i('3'),
    b: () => s('z'),
    tags: () => arr(s('blue'), s('green')),
    opt: () => ({ nullValue: null }),
  },
  'p/p5': {
    a: () => i('3'),
    b: () => s('y'),
    m: () => map({}),
    opt: () => ({ booleanValue: false }),
  },
  'p/p6': {
    a: () => i('-1'),
    b: () => s('x'),
    tags: () => arr(s('green')),
    m: () => map({ x: s('s') }),
  },
  'p/p7': { b: () => s('w') },
  'p/p8': { a: () => d(4.5), b: () => s('x') },
  'p/p1/p/sub1': { a: () => i('10'), b: () => s('x') },
  'p/p2/p/sub2': { a: () => i('11'), b: () => s('y') },
  'x/y/p/deep': { a: () => i('12'), b: () => s('x') },
  'p/p1/other/o1': { a: () => i('13'), b: () => s('x') },
};

beforeAll(async () => {
  target = await startTarget('rest-queries');
  ref = (path) => ({ referenceValue: docName(target, path) });
  const writes: unknown[] = Object.entries(T).map(([id, v]) => ({
    update: { name: docName(target, `t/${id}`), fields: { v: v() } },
  }));
  writes.push({ update: { name: docName(target, 't/nov'), fields: { u: i('1') } } });
  for (const [path, fields] of Object.entries(P)) {
    writes.push({
      update: {
        name: docName(target, path),
        fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v()])),
      },
    });
  }
  const res = await rest(target, 'POST', ':commit', { body: { writes } });
  if (res.status !== 200) throw new Error(res.text);
});
afterAll(async () => {
  await target.close();
});

const f = (field: string, op: string, value: V) => ({
  fieldFilter: { field: { fieldPath: field }, op, value },
});
const u = (field: string, op: string) => ({ unaryFilter: { field: { fieldPath: field }, op } });
const and = (...filters: unknown[]) => ({ compositeFilter: { op: 'AND', filters } });
const or = (...filters: unknown[]) => ({ compositeFilter: { op: 'OR', filters } });
const asc = (field: string) => ({ field: { fieldPath: field }, direction: 'ASCENDING' });
const desc = (field: string) => ({ field: { fieldPath: field }, direction: 'DESCENDING' });

interface Outcome {
  docs: string[];
  skipped: number[];
  status: number;
  error?: { message: string; status: string };
  fields: Record<string, unknown>;
}

async function run(query: Record<string, unknown>, parent = ''): Promise<Outcome> {
  const path = parent === '' ? ':runQuery' : `/${parent}:runQuery`;
  const res = await rest(target, 'POST', path, { body: { structuredQuery: query } });
  if (res.status !== 200)
    return {
      docs: [],
      skipped: [],
      status: res.status,
      error: res.json<{ error: { message: string; status: string } }>().error,
      fields: {},
    };
  const entries =
    res.json<
      { document?: { name: string; fields?: unknown }; skippedResults?: number; done?: boolean }[]
    >();
  const prefix = docName(target, '');
  const docs: string[] = [];
  const fields: Record<string, unknown> = {};
  for (const e of entries) {
    if (!e.document) continue;
    const name = e.document.name.slice(prefix.length);
    docs.push(name);
    fields[name] = e.document.fields ?? {};
  }
  expect(entries[entries.length - 1]?.done).toBe(true);
  return { docs, skipped: entries.map((e) => e.skippedResults ?? 0), status: 200, fields };
}

const from = (collectionId: string, allDescendants = false) => ({
  from: [allDescendants ? { collectionId, allDescendants } : { collectionId }],
});
const tv = (where: unknown, extra: Record<string, unknown> = {}) => ({
  ...from('t'),
  where,
  ...extra,
});
const t = (...ids: string[]): string[] => ids.map((x) => `t/${x}`);
const p = (...ids: string[]): string[] => ids.map((x) => `p/${x}`);

const ASC = t(
  'null',
  'false',
  'true',
  'nan',
  'ninf',
  'neg',
  'negzero',
  'zero',
  'half',
  'one',
  'onef',
  'two',
  'bigf',
  'big',
  'inf',
  'ts',
  'tsus',
  'sempty',
  'sa',
  'saa',
  'sb',
  'sffff',
  'semoji',
  'bytes',
  'bytes2',
  'ref',
  'ref2',
  'geo',
  'arr0',
  'arrnull',
  'arrnan',
  'arr1',
  'arr1f',
  'arr12',
  'arr2',
  'arrs',
  'arrmix',
  'arrmap',
  'vec',
  'vec3',
  'map0',
  'mapa',
  'mapa1f',
  'mapb',
);
const without = (...ids: string[]): string[] => ASC.filter((x) => !t(...ids).includes(x));

describe('ordering across types', () => {
  it('no order: by document name', async () => {
    expect((await run(from('t'))).docs).toEqual([...ASC, 't/nov'].sort());
  });
  it('order by v ascending: Firestore type order, documents without v left out', async () => {
    expect((await run({ ...from('t'), orderBy: [asc('v')] })).docs).toEqual(ASC);
  });
  it('order by v descending: the exact reverse', async () => {
    expect((await run({ ...from('t'), orderBy: [desc('v')] })).docs).toEqual([...ASC].reverse());
  });
});

const filterCases: [string, unknown, string[]][] = [
  ['v == null matches nothing', f('v', 'EQUAL', T['null']!()), []],
  ['v == NaN matches nothing', f('v', 'EQUAL', d('NaN')), []],
  ['v == int 1 matches 1 and 1.0', f('v', 'EQUAL', i('1')), t('one', 'onef')],
  ['v == double 1.0', f('v', 'EQUAL', d(1.0)), t('one', 'onef')],
  ['v == -0.0 matches -0.0 and 0', f('v', 'EQUAL', d(-0)), t('negzero', 'zero')],
  ['v == int 2^53+1 is exact', f('v', 'EQUAL', i('9007199254740993')), t('big')],
  ['v == double 2^53 is exact', f('v', 'EQUAL', d(9007199254740992)), t('bigf')],
  ['v == "a"', f('v', 'EQUAL', s('a')), t('sa')],
  ['v == timestamp', f('v', 'EQUAL', { timestampValue: '2020-01-01T00:00:00Z' }), t('ts')],
  ['v == bytes', f('v', 'EQUAL', { bytesValue: 'AQ==' }), t('bytes')],
  ['v == geo point', f('v', 'EQUAL', { geoPointValue: { latitude: 1, longitude: 2 } }), t('geo')],
  ['v == [1] matches [1] and [1.0]', f('v', 'EQUAL', arr(i('1'))), t('arr1', 'arr1f')],
  ['v == []', f('v', 'EQUAL', arr()), t('arr0')],
  ['v == {a: 1} matches {a: 1.0} too', f('v', 'EQUAL', map({ a: i('1') })), t('mapa', 'mapa1f')],
  ['v == {}', f('v', 'EQUAL', map({})), t('map0')],
  ['v == vector', f('v', 'EQUAL', vec(1, 2)), t('vec')],
  ['v == true', f('v', 'EQUAL', { booleanValue: true }), t('true')],
  [
    'v != 1: every other non-null value, in value order',
    f('v', 'NOT_EQUAL', i('1')),
    without('null', 'one', 'onef'),
  ],
  ['v != null matches nothing', f('v', 'NOT_EQUAL', { nullValue: null }), []],
  [
    'v != NaN matches every non-null value, NaN included',
    f('v', 'NOT_EQUAL', d('NaN')),
    without('null'),
  ],
  ['v != "a"', f('v', 'NOT_EQUAL', s('a')), without('null', 'sa')],
  [
    'v < 1: numbers only, NaN left out',
    f('v', 'LESS_THAN', i('1')),
    t('ninf', 'neg', 'negzero', 'zero', 'half'),
  ],
  ['v < "b"', f('v', 'LESS_THAN', s('b')), t('sempty', 'sa', 'saa')],
  ['v < timestamp', f('v', 'LESS_THAN', { timestampValue: '2020-01-01T00:00:00Z' }), []],
  [
    'v < [2]',
    f('v', 'LESS_THAN', arr(i('2'))),
    t('arr0', 'arrnull', 'arrnan', 'arr1', 'arr1f', 'arr12'),
  ],
  ['v < {}', f('v', 'LESS_THAN', map({})), []],
  ['v < vector', f('v', 'LESS_THAN', vec(1, 2)), []],
  ['v < false', f('v', 'LESS_THAN', { booleanValue: false }), []],
  ['v < -Infinity', f('v', 'LESS_THAN', d('-Infinity')), []],
  ['v < NaN', f('v', 'LESS_THAN', d('NaN')), []],
  ['v < null', f('v', 'LESS_THAN', { nullValue: null }), []],
  [
    'v <= 1',
    f('v', 'LESS_THAN_OR_EQUAL', i('1')),
    t('ninf', 'neg', 'negzero', 'zero', 'half', 'one', 'onef'),
  ],
  ['v <= "b"', f('v', 'LESS_THAN_OR_EQUAL', s('b')), t('sempty', 'sa', 'saa', 'sb')],
  [
    'v <= timestamp',
    f('v', 'LESS_THAN_OR_EQUAL', { timestampValue: '2020-01-01T00:00:00Z' }),
    t('ts'),
  ],
  [
    'v <= [2]',
    f('v', 'LESS_THAN_OR_EQUAL', arr(i('2'))),
    t('arr0', 'arrnull', 'arrnan', 'arr1', 'arr1f', 'arr12', 'arr2'),
  ],
  ['v <= {}', f('v', 'LESS_THAN_OR_EQUAL', map({})), t('map0')],
  ['v <= vector', f('v', 'LESS_THAN_OR_EQUAL', vec(1, 2)), t('vec')],
  ['v <= false', f('v', 'LESS_THAN_OR_EQUAL', { booleanValue: false }), t('false')],
  ['v <= -Infinity', f('v', 'LESS_THAN_OR_EQUAL', d('-Infinity')), t('ninf')],
  ['v <= bytes', f('v', 'LESS_THAN_OR_EQUAL', { bytesValue: 'AQ==' }), t('bytes')],
  [
    'v <= geo point',
    f('v', 'LESS_THAN_OR_EQUAL', { geoPointValue: { latitude: 1, longitude: 2 } }),
    t('geo'),
  ],
  ['v <= NaN', f('v', 'LESS_THAN_OR_EQUAL', d('NaN')), []],
  ['v > 1', f('v', 'GREATER_THAN', i('1')), t('two', 'bigf', 'big', 'inf')],
  ['v > "b"', f('v', 'GREATER_THAN', s('b')), t('sffff', 'semoji')],
  ['v > timestamp', f('v', 'GREATER_THAN', { timestampValue: '2020-01-01T00:00:00Z' }), t('tsus')],
  ['v > [2]', f('v', 'GREATER_THAN', arr(i('2'))), t('arrs', 'arrmix', 'arrmap')],
  ['v > {}', f('v', 'GREATER_THAN', map({})), t('mapa', 'mapa1f', 'mapb')],
  ['v in [[1]]', f('v', 'IN', arr(arr(i('1')))), t('arr1', 'arr1f')],
  ['v in [1, 1]', f('v', 'IN', arr(i('1'), i('1'))), t('one', 'onef')],
  [
    'v not-in [1, "a"]',
    f('v', 'NOT_IN', arr(i('1'), s('a'))),
    without('null', 'one', 'onef', 'sa'),
  ],
  ['v not-in [null] matches nothing', f('v', 'NOT_IN', arr({ nullValue: null })), []],
  ['v not-in [NaN] keeps NaN', f('v', 'NOT_IN', arr(d('NaN'))), without('null')],
  [
    'v array-contains-any [1, "a"] (by name)',
    f('v', 'ARRAY_CONTAINS_ANY', arr(i('1'), s('a'))),
    t('arr1', 'arr12', 'arr1f', 'arrmix', 'arrs'),
  ],
  [
    'v array-contains-any [null] matches nothing',
    f('v', 'ARRAY_CONTAINS_ANY', arr({ nullValue: null })),
    [],
  ],
  ['v IS_NULL', u('v', 'IS_NULL'), t('null')],
  ['v IS_NOT_NULL', u('v', 'IS_NOT_NULL'), without('null')],
  ['v IS_NAN', u('v', 'IS_NAN'), t('nan')],
  ['v IS_NOT_NAN leaves out NaN and null', u('v', 'IS_NOT_NAN'), without('null', 'nan')],
];

describe('filters on every type', () => {
  it.each(filterCases)('%s', async (_name, where, expected) => {
    expect((await run(tv(where))).docs).toEqual(expected);
  });
  it('v < reference and v <= reference', async () => {
    expect((await run(tv(f('v', 'LESS_THAN', ref('t/sa'))))).docs).toEqual([]);
    expect((await run(tv(f('v', 'LESS_THAN_OR_EQUAL', ref('t/sa'))))).docs).toEqual(t('ref'));
  });
  it('v == reference', async () => {
    expect((await run(tv(f('v', 'EQUAL', ref('t/sa'))))).docs).toEqual(t('ref'));
  });
});

const pq = (extra: Record<string, unknown>) => ({ ...from('p'), ...extra });
const queryCases: [string, Record<string, unknown>, string[]][] = [
  ['a == 2', pq({ where: f('a', 'EQUAL', i('2')) }), p('p2', 'p3')],
  [
    'a > 1 orders by a implicitly',
    pq({ where: f('a', 'GREATER_THAN', i('1')) }),
    p('p2', 'p3', 'p4', 'p5', 'p8'),
  ],
  [
    'a > 1 order by b',
    pq({ where: f('a', 'GREATER_THAN', i('1')), orderBy: [asc('b')] }),
    p('p3', 'p8', 'p2', 'p5', 'p4'),
  ],
  [
    'a > 1 order by a desc',
    pq({ where: f('a', 'GREATER_THAN', i('1')), orderBy: [desc('a')] }),
    p('p8', 'p5', 'p4', 'p3', 'p2'),
  ],
  [
    'two inequalities order by both fields',
    pq({ where: and(f('a', 'GREATER_THAN', i('1')), f('b', 'LESS_THAN', s('z'))) }),
    p('p3', 'p2', 'p5', 'p8'),
  ],
  ['m.x == 1', pq({ where: f('m.x', 'EQUAL', i('1')) }), p('p1')],
  ['m.x > 1', pq({ where: f('m.x', 'GREATER_THAN', i('1')) }), p('p2', 'p3')],
  ['m == {x: 1}', pq({ where: f('m', 'EQUAL', map({ x: i('1') })) }), p('p1')],
  ['opt == null', pq({ where: f('opt', 'EQUAL', { nullValue: null }) }), []],
  ['opt != false', pq({ where: f('opt', 'NOT_EQUAL', { booleanValue: false }) }), p('p2')],
  ['opt not-in [true]', pq({ where: f('opt', 'NOT_IN', arr({ booleanValue: true })) }), p('p5')],
  ['opt is not null orders by opt', pq({ where: u('opt', 'IS_NOT_NULL') }), p('p5', 'p2')],
  ['quoted field `a b` == 1', pq({ where: f('`a b`', 'EQUAL', i('1')) }), p('p1')],
  [
    'order by a, start at 2',
    pq({ orderBy: [asc('a')], startAt: { values: [i('2')], before: true } }),
    p('p2', 'p3', 'p4', 'p5', 'p8'),
  ],
  [
    'order by a, start after 2',
    pq({ orderBy: [asc('a')], startAt: { values: [i('2')], before: false } }),
    p('p4', 'p5', 'p8'),
  ],
  [
    'order by a, end at 3',
    pq({ orderBy: [asc('a')], endAt: { values: [i('3')], before: false } }),
    p('p6', 'p1', 'p2', 'p3', 'p4', 'p5'),
  ],
  [
    'order by a, end before 3',
    pq({ orderBy: [asc('a')], endAt: { values: [i('3')], before: true } }),
    p('p6', 'p1', 'p2', 'p3'),
  ],
  [
    'order by a, start at 2, end before 3',
    pq({
      orderBy: [asc('a')],
      startAt: { values: [i('2')], before: true },
      endAt: { values: [i('3')], before: true },
    }),
    p('p2', 'p3'),
  ],
  [
    'order by a desc, start at 2',
    pq({ orderBy: [desc('a')], startAt: { values: [i('2')], before: true } }),
    p('p3', 'p2', 'p1', 'p6'),
  ],
  [
    'order by a, start at 2.5 (between values)',
    pq({ orderBy: [asc('a')], startAt: { values: [d(2.5)], before: true } }),
    p('p4', 'p5', 'p8'),
  ],
  [
    'order by a, start at a string (after every number)',
    pq({ orderBy: [asc('a')], startAt: { values: [s('x')], before: true } }),
    [],
  ],
  ['limit 0', pq({ limit: 0 }), []],
  ['limit 3', pq({ limit: 3 }), p('p1', 'p2', 'p3')],
  ['offset beyond the results', pq({ offset: 50 }), []],
  ['empty collection', from('nothing'), []],
  ['collection group with no documents', from('nothing', true), []],
  [
    'order by __name__ ascending',
    pq({ orderBy: [asc('__name__')] }),
    p('p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'),
  ],
  [
    'a == 2 order by __name__ desc',
    pq({ where: f('a', 'EQUAL', i('2')), orderBy: [desc('__name__')] }),
    p('p3', 'p2'),
  ],
  [
    'array-contains + __name__ desc',
    pq({ where: f('tags', 'ARRAY_CONTAINS', s('red')), orderBy: [desc('__name__')] }),
    p('p2', 'p1'),
  ],
  [
    'is null + __name__ desc',
    pq({ where: u('opt', 'IS_NULL'), orderBy: [desc('__name__')] }),
    p('p4'),
  ],
  [
    'or + __name__ desc',
    pq({
      where: or(f('a', 'EQUAL', i('1')), f('a', 'EQUAL', i('3'))),
      orderBy: [desc('__name__')],
    }),
    p('p5', 'p4', 'p1'),
  ],
  [
    'in + __name__ desc',
    pq({ where: f('a', 'IN', arr(i('1'), i('3'))), orderBy: [desc('__name__')] }),
    p('p5', 'p4', 'p1'),
  ],
  [
    'a == 2 and __name__ > p1, __name__ desc',
    pq({
      where: and(
        f('a', 'EQUAL', i('2')),
        f('__name__', 'GREATER_THAN', { referenceValue: 'P:p/p1' }),
      ),
      orderBy: [desc('__name__')],
    }),
    p('p3', 'p2'),
  ],
  ['where a == 1 order by a', pq({ where: f('a', 'EQUAL', i('1')), orderBy: [asc('a')] }), p('p1')],
  [
    'order by a, __name__, start after (2, p2)',
    pq({
      orderBy: [asc('a'), asc('__name__')],
      startAt: { values: [i('2'), { referenceValue: 'P:p/p2' }], before: false },
    }),
    p('p3', 'p4', 'p5', 'p8'),
  ],
  [
    'order by __name__, start after p3',
    pq({
      orderBy: [asc('__name__')],
      startAt: { values: [{ referenceValue: 'P:p/p3' }], before: false },
    }),
    p('p4', 'p5', 'p6', 'p7', 'p8'),
  ],
  [
    'order by __name__, start at another collection',
    pq({
      orderBy: [asc('__name__')],
      startAt: { values: [{ referenceValue: 'P:t/sa' }], before: true },
    }),
    [],
  ],
  [
    'order by __name__, start at a subcollection document',
    pq({
      orderBy: [asc('__name__')],
      startAt: { values: [{ referenceValue: 'P:p/p1/p/sub1' }], before: true },
    }),
    p('p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'),
  ],
  [
    'order by a desc, b, start at (2, x)',
    pq({ orderBy: [desc('a'), asc('b')], startAt: { values: [i('2'), s('x')], before: true } }),
    p('p3', 'p2', 'p1', 'p6'),
  ],
  [
    'order by a desc, b, start after (2, x)',
    pq({ orderBy: [desc('a'), asc('b')], startAt: { values: [i('2'), s('x')], before: false } }),
    p('p2', 'p1', 'p6'),
  ],
  [
    'order by a desc, b, end before (2, y)',
    pq({ orderBy: [desc('a'), asc('b')], endAt: { values: [i('2'), s('y')], before: true } }),
    p('p8', 'p5', 'p4', 'p3'),
  ],
  [
    'in + array-contains-any',
    pq({
      where: and(f('a', 'IN', arr(i('1'), i('2'))), f('tags', 'ARRAY_CONTAINS_ANY', arr(s('red')))),
    }),
    p('p1', 'p2'),
  ],
  [
    'array-contains-any inside or',
    pq({ where: or(f('tags', 'ARRAY_CONTAINS_ANY', arr(s('red'))), f('a', 'EQUAL', i('3'))) }),
    p('p1', 'p2', 'p4', 'p5'),
  ],
  ['__name__ == p3', pq({ where: f('__name__', 'EQUAL', { referenceValue: 'P:p/p3' }) }), p('p3')],
  [
    '__name__ > p4',
    pq({ where: f('__name__', 'GREATER_THAN', { referenceValue: 'P:p/p4' }) }),
    p('p5', 'p6', 'p7', 'p8'),
  ],
  [
    '__name__ in [p2, p5]',
    pq({
      where: f('__name__', 'IN', arr({ referenceValue: 'P:p/p2' }, { referenceValue: 'P:p/p5' })),
    }),
    p('p2', 'p5'),
  ],
  [
    '__name__ not-in [p2, p5]',
    pq({
      where: f(
        '__name__',
        'NOT_IN',
        arr({ referenceValue: 'P:p/p2' }, { referenceValue: 'P:p/p5' }),
      ),
    }),
    p('p1', 'p3', 'p4', 'p6', 'p7', 'p8'),
  ],
  [
    '__name__ != p2',
    pq({ where: f('__name__', 'NOT_EQUAL', { referenceValue: 'P:p/p2' }) }),
    p('p1', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'),
  ],
];

/** References are written as "P:<path>" in the table and resolved to this suite's project here. */
function resolveRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolveRefs);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] =
        k === 'referenceValue' && typeof v === 'string' && v.startsWith('P:')
          ? docName(target, v.slice(2))
          : resolveRefs(v);
    return out;
  }
  return value;
}

describe('queries on documents with several fields', () => {
  it.each(queryCases)('%s', async (_name, query, expected) => {
    expect((await run(resolveRefs(query) as Record<string, unknown>)).docs).toEqual(expected);
  });

  it('select a, m.x projects nested fields', async () => {
    const out = await run(
      pq({ select: { fields: [{ fieldPath: 'a' }, { fieldPath: 'm.x' }] }, orderBy: [asc('a')] }),
    );
    expect(out.docs).toEqual(p('p6', 'p1', 'p2', 'p3', 'p4', 'p5', 'p8'));
    expect(out.fields['p/p3']).toEqual({ a: i('2'), m: map({ x: i('3') }) });
    expect(out.fields['p/p4']).toEqual({ a: i('3') });
  });

  it.each([
    ['nothing', []],
    ['__name__', [{ fieldPath: '__name__' }]],
    ['a missing field', [{ fieldPath: 'nope' }]],
  ])('select %s returns documents without fields', async (_name, fields) => {
    const out = await run(pq({ select: { fields }, limit: 2 }));
    expect(out.docs).toEqual(p('p1', 'p2'));
    expect(out.fields).toEqual({ 'p/p1': {}, 'p/p2': {} });
  });

  it('offset 2 limit 2 reports the skipped count', async () => {
    const out = await run(pq({ orderBy: [asc('a')], offset: 2, limit: 2 }));
    expect(out.docs).toEqual(p('p2', 'p3'));
    expect(out.skipped[0]).toBe(2);
  });

  it('offset 3', async () => {
    expect((await run(pq({ offset: 3 }))).docs).toEqual(p('p4', 'p5', 'p6', 'p7', 'p8'));
  });
});

describe('collection groups and parents', () => {
  it('a collection group spans every depth, ordered by full path', async () => {
    expect((await run(from('p', true))).docs).toEqual([
      'p/p1',
      'p/p1/p/sub1',
      'p/p2',
      'p/p2/p/sub2',
      'p/p3',
      'p/p4',
      'p/p5',
      'p/p6',
      'p/p7',
      'p/p8',
      'x/y/p/deep',
    ]);
  });
  it('a collection group with a filter', async () => {
    expect((await run({ ...from('p', true), where: f('a', 'GREATER_THAN', i('9')) })).docs).toEqual(
      ['p/p1/p/sub1', 'p/p2/p/sub2', 'x/y/p/deep'],
    );
  });
  it('a collection group under a document', async () => {
    expect((await run(from('p', true), 'p/p1')).docs).toEqual(['p/p1/p/sub1']);
    expect((await run(from('p', true), 'x/y')).docs).toEqual(['x/y/p/deep']);
  });
  it('a collection under a document', async () => {
    expect((await run(from('p'), 'p/p1')).docs).toEqual(['p/p1/p/sub1']);
    expect((await run(from('other'), 'p/p1')).docs).toEqual(['p/p1/other/o1']);
  });
  it('a collection group with __name__ >= p/p2', async () => {
    const out = await run(
      resolveRefs({
        ...from('p', true),
        where: f('__name__', 'GREATER_THAN_OR_EQUAL', { referenceValue: 'P:p/p2' }),
      }) as Record<string, unknown>,
    );
    expect(out.docs).toEqual([
      'p/p2',
      'p/p2/p/sub2',
      'p/p3',
      'p/p4',
      'p/p5',
      'p/p6',
      'p/p7',
      'p/p8',
      'x/y/p/deep',
    ]);
  });
  it('a collection group ordered by __name__, starting after p/p8', async () => {
    const out = await run(
      resolveRefs({
        ...from('p', true),
        orderBy: [asc('__name__')],
        startAt: { values: [{ referenceValue: 'P:p/p8' }], before: false },
      }) as Record<string, unknown>,
    );
    expect(out.docs).toEqual(['x/y/p/deep']);
  });
});

const errorCases: [string, Record<string, unknown>, number, string][] = [
  [
    'a cursor longer than the explicit order',
    pq({
      orderBy: [asc('a')],
      startAt: { values: [i('2'), { referenceValue: 'P:p/p2' }], before: false },
    }),
    400,
    'Cursor has too many values.',
  ],
  [
    'a cursor without any explicit order',
    pq({ startAt: { values: [{ referenceValue: 'P:p/p3' }], before: false } }),
    400,
    'Cursor has too many values.',
  ],
  [
    'an end cursor without any explicit order',
    pq({ endAt: { values: [{ referenceValue: 'P:p/p3' }], before: false } }),
    400,
    'Cursor has too many values.',
  ],
  [
    'a cursor on the implicit inequality order only',
    pq({ where: f('a', 'GREATER_THAN', i('1')), startAt: { values: [i('2')], before: true } }),
    400,
    'Cursor has too many values.',
  ],
  [
    'a __name__ cursor that is not a reference',
    pq({ orderBy: [asc('__name__')], startAt: { values: [s('p3')], before: true } }),
    400,
    'Cursor __key__ value is not a document reference.',
  ],
  [
    'a descending key scan of a collection group',
    { ...from('p', true), orderBy: [desc('__name__')] },
    400,
    'Firestore does not support descending key scans',
  ],
  [
    'a descending key scan with a __name__ filter',
    pq({
      where: f('__name__', 'GREATER_THAN', { referenceValue: 'P:p/p2' }),
      orderBy: [desc('__name__')],
    }),
    400,
    'Firestore does not support descending key scans',
  ],
  [
    'a descending key scan with __name__ in',
    pq({
      where: f('__name__', 'IN', arr({ referenceValue: 'P:p/p1' }, { referenceValue: 'P:p/p3' })),
      orderBy: [desc('__name__')],
    }),
    400,
    'Firestore does not support descending key scans',
  ],
  [
    'an inequality field after an explicit __name__ order',
    pq({ where: f('a', 'GREATER_THAN', i('1')), orderBy: [desc('__name__')] }),
    400,
    'order by clause cannot contain more fields after the key',
  ],
  [
    'a field ordered after __name__',
    pq({ orderBy: [desc('__name__'), asc('a')] }),
    400,
    'order by clause cannot contain more fields after the key',
  ],
  [
    '!= with an explicit __name__ order only',
    pq({ where: f('a', 'NOT_EQUAL', i('2')), orderBy: [asc('__name__')] }),
    400,
    'order by clause cannot contain more fields after the key',
  ],
  [
    'a duplicate order field',
    pq({ orderBy: [asc('a'), desc('a')] }),
    400,
    'order by clause cannot contain duplicate fields a',
  ],
];

describe('invalid queries', () => {
  it.each(errorCases)('%s', async (_name, query, status, message) => {
    const out = await run(resolveRefs(query) as Record<string, unknown>);
    expect(out.status).toBe(status);
    expect(out.error?.message).toBe(message);
  });
});
