// Aggregation facts recorded against the official emulator v1.22.0
// (hidane-dev/hidane fixtures aggregations.json, re-expressed as our own cases).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docName, rest, startTarget, type Target } from './support/target.js';

let target: Target;
type V = Record<string, unknown>;
const i = (n: string): V => ({ integerValue: n });
const d = (n: number | string): V => ({ doubleValue: n });

const DATA: Record<string, V> = {
  'mixed/i1': i('1'),
  'mixed/i2': i('2'),
  'mixed/half': d(0.5),
  'mixed/str': { stringValue: 'x' },
  'mixed/null': { nullValue: null },
  'mixed/true': { booleanValue: true },
  'mixed/arr': { arrayValue: { values: [i('1')] } },
  'mixed/map': { mapValue: { fields: { a: i('1') } } },
  'ints/a': i('1'),
  'ints/b': i('2'),
  'ints/c': i('3'),
  'overflow/a': i('9223372036854775807'),
  'overflow/b': i('1'),
  'overflow_back/a': i('9223372036854775807'),
  'overflow_back/b': i('1'),
  'overflow_back/c': i('-1'),
  'underflow/a': i('-9223372036854775808'),
  'underflow/b': i('-1'),
  'nan/a': i('1'),
  'nan/b': d('NaN'),
  'infinities/a': d('Infinity'),
  'infinities/b': d('-Infinity'),
  'infinity/a': d('Infinity'),
  'infinity/b': i('1'),
  'tenths/a': d(0.1),
  'tenths/b': d(0.2),
  'negzero/a': d(-0),
  'precision/a': i('9007199254740993'),
  'precision/b': d(1.0),
  'precision_ints/a': i('9007199254740993'),
  'precision_ints/b': i('9007199254740993'),
  'big_avg/a': i('9223372036854775807'),
  'big_avg/b': i('9223372036854775807'),
  'strings/a': { stringValue: 'x' },
  'strings/b': { stringValue: 'y' },
  'doubles_int_valued/a': d(1.0),
  'doubles_int_valued/b': d(2.0),
};

beforeAll(async () => {
  target = await startTarget('rest-aggs');
  const writes: unknown[] = Object.entries(DATA).map(([path, v]) => ({
    update: { name: docName(target, path), fields: { v, w: i('1') } },
  }));
  writes.push({ update: { name: docName(target, 'mixed/missing'), fields: { w: i('1') } } });
  writes.push({ update: { name: docName(target, 'mixed/i1/sub/x'), fields: { v: i('10') } } });
  writes.push({ update: { name: docName(target, 'other/y/sub/z'), fields: { v: i('20') } } });
  writes.push({
    update: {
      name: docName(target, 'nested/a'),
      fields: { m: { mapValue: { fields: { x: i('5') } } } },
    },
  });
  writes.push({
    update: {
      name: docName(target, 'nested/b'),
      fields: { m: { mapValue: { fields: { x: d(1.5) } } } },
    },
  });
  const res = await rest(target, 'POST', ':commit', { body: { writes } });
  if (res.status !== 200) throw new Error(res.text);
});
afterAll(async () => {
  await target.close();
});

const count = (alias = 'n', upTo?: string) => ({
  count: upTo === undefined ? {} : { upTo },
  alias,
});
const sumOf = (field = 'v', alias = 'sum') => ({ sum: { field: { fieldPath: field } }, alias });
const avgOf = (field = 'v', alias = 'avg') => ({ avg: { field: { fieldPath: field } }, alias });
const CSA = [count(), sumOf(), avgOf()];

async function aggregate(
  query: Record<string, unknown>,
  aggregations: unknown[],
  parent = '',
): Promise<{ status: number; fields?: Record<string, V>; message?: string }> {
  const res = await rest(
    target,
    'POST',
    parent === '' ? ':runAggregationQuery' : `/${parent}:runAggregationQuery`,
    { body: { structuredAggregationQuery: { structuredQuery: query, aggregations } } },
  );
  if (res.status !== 200)
    return {
      status: res.status,
      message: res.json<{ error: { message: string } }>().error.message,
    };
  const entries = res.json<{ result: { aggregateFields: Record<string, V> }; done: boolean }[]>();
  expect(entries).toHaveLength(1);
  expect(entries[0]?.done).toBe(true);
  return { status: 200, fields: entries[0]?.result.aggregateFields ?? {} };
}
const from = (collectionId: string, extra: Record<string, unknown> = {}) => ({
  from: [{ collectionId }],
  ...extra,
});

const cases: [string, Record<string, unknown>, unknown[], Record<string, V>][] = [
  [
    'count, sum and avg of mixed types (non-numbers ignored, missing field left out)',
    from('mixed'),
    CSA,
    { n: i('8'), sum: d(3.5), avg: d(1.1666666666666667) },
  ],
  [
    'integers sum to an integer, average a double',
    from('ints'),
    CSA,
    { n: i('3'), sum: i('6'), avg: d(2) },
  ],
  [
    'an int64 overflow makes a double',
    from('overflow'),
    CSA,
    { n: i('2'), sum: d(9.223372036854776e18), avg: d(4.611686018427388e18) },
  ],
  [
    'a sum that overflows and comes back stays an integer',
    from('overflow_back'),
    CSA,
    { n: i('3'), sum: i('9223372036854775807'), avg: d(3.0744573456182584e18) },
  ],
  [
    'an int64 underflow makes a double',
    from('underflow'),
    CSA,
    { n: i('2'), sum: d(-9.223372036854776e18), avg: d(-4.611686018427388e18) },
  ],
  ['NaN poisons sum and average', from('nan'), CSA, { n: i('2'), sum: d('NaN'), avg: d('NaN') }],
  [
    'Infinity plus -Infinity is NaN',
    from('infinities'),
    CSA,
    { n: i('2'), sum: d('NaN'), avg: d('NaN') },
  ],
  [
    'Infinity plus 1 is Infinity',
    from('infinity'),
    CSA,
    { n: i('2'), sum: d('Infinity'), avg: d('Infinity') },
  ],
  [
    'doubles add in floating point',
    from('tenths'),
    CSA,
    { n: i('2'), sum: d(0.30000000000000004), avg: d(0.15000000000000002) },
  ],
  ['-0.0 sums to 0.0', from('negzero'), CSA, { n: i('1'), sum: d(0), avg: d(0) }],
  [
    'an integer beyond 2^53 plus a double',
    from('precision'),
    CSA,
    { n: i('2'), sum: d(9007199254740992), avg: d(4503599627370496) },
  ],
  [
    'integers beyond 2^53 add exactly',
    from('precision_ints'),
    CSA,
    { n: i('2'), sum: i('18014398509481986'), avg: d(9007199254740992) },
  ],
  [
    'two int64 maximums',
    from('big_avg'),
    CSA,
    { n: i('2'), sum: d(1.8446744073709552e19), avg: d(9.223372036854776e18) },
  ],
  [
    'strings sum to 0 and average to null',
    from('strings'),
    CSA,
    { n: i('2'), sum: i('0'), avg: { nullValue: null } },
  ],
  [
    'integral doubles sum to a double',
    from('doubles_int_valued'),
    CSA,
    { n: i('2'), sum: d(3), avg: d(1.5) },
  ],
  [
    'an empty collection',
    from('nothing'),
    CSA,
    { n: i('0'), sum: i('0'), avg: { nullValue: null } },
  ],
  ['count up to 2', from('mixed'), [count('n', '2')], { n: i('2') }],
  ['count up to 100', from('mixed'), [count('n', '100')], { n: i('9') }],
  ['count up to 0', from('mixed'), [count('n', '0')], { n: i('0') }],
  ['count with limit 2', from('mixed', { limit: 2 }), [count()], { n: i('2') }],
  ['count with offset 2', from('mixed', { offset: 2 }), [count()], { n: i('7') }],
  ['count with limit 3 and up to 2', from('mixed', { limit: 3 }), [count('n', '2')], { n: i('2') }],
  [
    'sum with limit 1 takes the first document by name',
    from('ints', { limit: 1 }),
    [sumOf()],
    { sum: i('1') },
  ],
  [
    'count and sum where v > 0',
    from('mixed', {
      where: { fieldFilter: { field: { fieldPath: 'v' }, op: 'GREATER_THAN', value: i('0') } },
    }),
    [count(), sumOf()],
    { n: i('3'), sum: d(3.5) },
  ],
  [
    'count ordered by v leaves out documents without v',
    from('mixed', { orderBy: [{ field: { fieldPath: 'v' }, direction: 'ASCENDING' }] }),
    [count()],
    { n: i('8') },
  ],
  [
    'a collection group',
    { from: [{ collectionId: 'sub', allDescendants: true }] },
    [count(), sumOf()],
    { n: i('2'), sum: i('30') },
  ],
  ['every collection directly under the root', from(''), [count()], { n: i('40') }],
  [
    'every descendant',
    { from: [{ collectionId: '', allDescendants: true }] },
    [count()],
    { n: i('42') },
  ],
  [
    'count next to avg leaves out documents without the field',
    from('mixed'),
    [count(), avgOf()],
    { n: i('8'), avg: d(1.1666666666666667) },
  ],
  [
    'count next to sums of two fields',
    from('mixed'),
    [count(), sumOf('v', 'sv'), sumOf('w', 'sw')],
    { n: i('8'), sv: d(3.5), sw: i('8') },
  ],
  [
    'count and sum, offset 5 limit 1',
    from('mixed', { offset: 5, limit: 1 }),
    [count(), sumOf()],
    { n: i('1'), sum: i('0') },
  ],
  [
    'count and sum, limit 6',
    from('mixed', { limit: 6 }),
    [count(), sumOf()],
    { n: i('6'), sum: d(3.5) },
  ],
  [
    'count and sum of w ordered by v',
    from('mixed', { orderBy: [{ field: { fieldPath: 'v' }, direction: 'ASCENDING' }] }),
    [count(), sumOf('w')],
    { n: i('8'), sum: i('8') },
  ],
  [
    'sum and average of a nested field',
    from('nested'),
    [sumOf('m.x'), avgOf('m.x')],
    { sum: d(6.5), avg: d(3.25) },
  ],
  [
    'sum and average of a missing field',
    from('ints'),
    [sumOf('nope'), avgOf('nope')],
    { sum: i('0'), avg: { nullValue: null } },
  ],
];

describe('aggregations', () => {
  it.each(cases)('%s', async (_name, query, aggregations, expected) => {
    const out = await aggregate(query, aggregations);
    expect(out.status).toBe(200);
    expect(out.fields).toEqual(expected);
  });

  it('count up to -1 is rejected', async () => {
    const out = await aggregate(from('mixed'), [count('n', '-1')]);
    expect(out.status).toBe(400);
    expect(out.message).toBe(
      'The `up_to` value in a COUNT aggregation must be greater than or equal to zero.',
    );
  });

  it('a subcollection under a document', async () => {
    const out = await aggregate(from('sub'), [count(), sumOf()], 'mixed/i1');
    expect(out.fields).toEqual({ n: i('1'), sum: i('10') });
  });
});
