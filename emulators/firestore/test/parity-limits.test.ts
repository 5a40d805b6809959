/**
 * Query and aggregation shapes that Cloud Firestore refuses are refused here too, with
 * INVALID_ARGUMENT (HTTP 400 / gRPC 3): through raw REST, firebase-admin (gRPC) and Firestore Lite.
 * Where the official emulator's words are known (its recorded v1.22.0 answers), the message is
 * asserted exactly; the per-disjunction array-contains rule keeps ours (the official emulator
 * answers FAILED_PRECONDITION "Only a single array-contains clause is allowed in a query").
 * Each refused case also has an accepted neighbour at the limit, so the test fails if the limit
 * moved either way.
 */
import {
  and as liteAnd,
  collection as liteCollection,
  getCount,
  getDocs,
  or as liteOr,
  query as liteQuery,
  where as liteWhere,
  type Firestore as LiteFirestore,
} from 'firebase/firestore/lite';
import { AggregateField, Filter, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithClients } from './support/sdk-apps.js';
import { rest, type Target } from './support/target.js';

let target: Target;
let admin: Firestore;
let lite: LiteFirestore;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ target, admin, lite, close } = await startWithClients('parity-limits'));
  await admin.doc('items/a').set({ n: 1, a: 2, b: 3, c: 4, d: 5, e: 6, tags: ['x'], color: 'red' });
});
afterAll(async () => {
  await close?.();
});

type V = Record<string, unknown>;
const int = (n: number): V => ({ integerValue: String(n) });
const ints = (n: number): V => ({
  arrayValue: { values: Array.from({ length: n }, (_, i) => int(i)) },
});
const field = (path: string, op: string, value: V): V => ({
  fieldFilter: { field: { fieldPath: path }, op, value },
});
const and = (...filters: V[]): V => ({ compositeFilter: { op: 'AND', filters } });
const or = (...filters: V[]): V => ({ compositeFilter: { op: 'OR', filters } });

async function runQuery(where: V): Promise<{ status: number; message: string }> {
  const res = await rest(target, 'POST', ':runQuery', {
    body: { structuredQuery: { from: [{ collectionId: 'items' }], where } },
  });
  return {
    status: res.status,
    message: res.status === 200 ? '' : res.json<{ error: { message: string } }>().error.message,
  };
}

const ok = { status: 200, message: '' };
const refused = (message: string | RegExp) => ({
  status: 400,
  message: typeof message === 'string' ? message : expect.stringMatching(message),
});

describe('query shape limits over raw REST', () => {
  it.each([
    ['in with 30 values', field('n', 'IN', ints(30)), ok],
    [
      'in with 31 values',
      field('n', 'IN', ints(31)),
      refused("'IN' supports up to 30 comparison values."),
    ],
    [
      'array-contains-any with 31 values',
      field('tags', 'ARRAY_CONTAINS_ANY', ints(31)),
      refused("'ARRAY_CONTAINS_ANY' supports up to 30 comparison values."),
    ],
    ['not-in with 10 values', field('n', 'NOT_IN', ints(10)), ok],
    [
      'not-in with 11 values',
      field('n', 'NOT_IN', ints(11)),
      refused("'NOT_IN' supports up to 10 comparison values."),
    ],
    ['6 x 5 = 30 disjunctions', and(field('n', 'IN', ints(6)), field('color', 'IN', ints(5))), ok],
    [
      '6 x 6 = 36 disjunctions',
      and(field('n', 'IN', ints(6)), field('color', 'IN', ints(6))),
      refused(
        'Too many disjunctions after normalization. Result had 36 disjunctions which is more than the maximum of 30',
      ),
    ],
    [
      'an OR of 31 equalities',
      or(...Array.from({ length: 31 }, (_, i) => field('n', 'EQUAL', int(i)))),
      refused(
        'Too many disjunctions after normalization. Result had 31 disjunctions which is more than the maximum of 30',
      ),
    ],
    [
      'two array-contains in one disjunction',
      and(field('tags', 'ARRAY_CONTAINS', int(1)), field('tags', 'ARRAY_CONTAINS', int(2))),
      refused(/maximum of 1 'ARRAY_CONTAINS'/),
    ],
    [
      'array-contains with array-contains-any',
      and(field('tags', 'ARRAY_CONTAINS', int(1)), field('tags', 'ARRAY_CONTAINS_ANY', ints(2))),
      refused(/maximum of 1 'ARRAY_CONTAINS'/),
    ],
    [
      'array-contains in two different disjunctions',
      or(field('tags', 'ARRAY_CONTAINS', int(1)), field('tags', 'ARRAY_CONTAINS', int(2))),
      ok,
    ],
    [
      'two not-in filters',
      and(field('n', 'NOT_IN', ints(2)), field('color', 'NOT_IN', ints(2))),
      refused(
        "Only a single 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', or 'IS_NOT_NULL' filter allowed per query.",
      ),
    ],
    [
      'not-in with !=',
      and(field('n', 'NOT_IN', ints(2)), field('color', 'NOT_EQUAL', int(1))),
      refused(
        "Only a single 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', or 'IS_NOT_NULL' filter allowed per query.",
      ),
    ],
    [
      'not-in with in',
      and(field('n', 'NOT_IN', ints(2)), field('color', 'IN', ints(2))),
      refused("'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'."),
    ],
    [
      'not-in inside an OR',
      or(field('n', 'NOT_IN', ints(2)), field('color', 'EQUAL', int(1))),
      refused("'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'."),
    ],
  ])('%s', async (_name, where, expected) => {
    expect(await runQuery(where)).toEqual(expected);
  });
});

async function runAggregation(aggregations: V[]): Promise<{ status: number; message: string }> {
  const res = await rest(target, 'POST', ':runAggregationQuery', {
    body: {
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'items' }] },
        aggregations,
      },
    },
  });
  return {
    status: res.status,
    message: res.status === 200 ? '' : res.json<{ error: { message: string } }>().error.message,
  };
}

describe('aggregation limits over raw REST', () => {
  const counts = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ alias: `c${i}`, count: {} }));
  it.each([
    ['5 aggregations', counts(5), ok],
    [
      '6 aggregations',
      counts(6),
      refused(
        'The maximum number of aggregations allowed in an aggregation query is 5. Received: 6',
      ),
    ],
    [
      'a reserved alias',
      [{ alias: '__total__', count: {} }],
      refused('The property.name "__total__" is reserved.'),
    ],
    // proto3 cannot tell an empty alias from none: the official emulator names it field_1.
    ['an empty alias', [{ alias: '', count: {} }], ok],
    ['an alias of 1500 bytes', [{ alias: 'a'.repeat(1500), count: {} }], ok],
    [
      'an alias of 1501 bytes',
      [{ alias: 'a'.repeat(1501), count: {} }],
      refused('An aggregation alias is longer than 1500 bytes.'),
    ],
    [
      'a duplicate alias',
      [
        { alias: 'x', count: {} },
        { alias: 'x', count: {} },
      ],
      refused('Aggregation aliases contain duplicate alias: x.'),
    ],
  ])('%s', async (_name, aggregations, expected) => {
    expect(await runAggregation(aggregations as V[])).toEqual(expected);
  });
});

describe('the same limits through firebase-admin (gRPC)', () => {
  const values = (n: number) => Array.from({ length: n }, (_, i) => i);
  it('refuses an in filter with 31 values and answers one with 30', async () => {
    await expect(
      admin.collection('items').where('n', 'in', values(31)).get(),
    ).rejects.toMatchObject({
      code: 3,
      details: "'IN' supports up to 30 comparison values.",
    });
    expect((await admin.collection('items').where('n', 'in', values(30)).get()).size).toBe(1);
  });

  it('refuses 36 disjunctions built from an OR of in filters', async () => {
    const q = admin
      .collection('items')
      .where(
        Filter.or(Filter.where('n', 'in', values(18)), Filter.where('color', 'in', values(18))),
      );
    await expect(q.get()).rejects.toMatchObject({
      code: 3,
      details:
        'Too many disjunctions after normalization. Result had 36 disjunctions which is more than the maximum of 30',
    });
  });

  it('refuses not-in with != and two array-contains in one disjunction', async () => {
    await expect(
      admin.collection('items').where('n', 'not-in', [1, 2]).where('color', '!=', 'blue').get(),
    ).rejects.toMatchObject({
      code: 3,
      details:
        "Only a single 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', or 'IS_NOT_NULL' filter allowed per query.",
    });
    await expect(
      admin
        .collection('items')
        .where(
          Filter.and(
            Filter.where('tags', 'array-contains', 'x'),
            Filter.where('tags', 'array-contains', 'y'),
          ),
        )
        .get(),
    ).rejects.toMatchObject({
      code: 3,
      details: expect.stringMatching(/maximum of 1 'ARRAY_CONTAINS'/),
    });
  });

  it('refuses six aggregations and answers five', async () => {
    // Distinct aggregations: the SDK sends identical ones once (and maps aliases to its own).
    const fields = ['n', 'a', 'b', 'c', 'd', 'e'];
    const five = Object.fromEntries(
      fields.slice(0, 5).map((f) => [`s_${f}`, AggregateField.sum(f)]),
    );
    expect((await admin.collection('items').aggregate(five).get()).data()).toMatchObject({
      s_n: 1,
    });
    const six = Object.fromEntries(fields.map((f) => [`s_${f}`, AggregateField.sum(f)]));
    await expect(admin.collection('items').aggregate(six).get()).rejects.toMatchObject({
      code: 3,
      details:
        'The maximum number of aggregations allowed in an aggregation query is 5. Received: 6',
    });
  });
});

// The web SDK turns every HTTP 400 into 'failed-precondition' (production answers the same 400),
// keeping the server's message.
describe('the same limits through Firestore Lite (REST)', () => {
  const values = (n: number) => Array.from({ length: n }, (_, i) => i);
  it('refuses more than 30 disjunctions and answers 30', async () => {
    const items = liteCollection(lite, 'items');
    const thirty = liteQuery(
      items,
      liteAnd(
        liteWhere('n', 'in', values(6)),
        liteWhere('color', 'in', ['red', 'green', 'blue', 'black', 'white']),
      ),
    );
    expect((await getDocs(thirty)).size).toBe(1);
    const tooMany = liteQuery(items, liteOr(...values(31).map((i) => liteWhere('n', '==', i))));
    await expect(getDocs(tooMany)).rejects.toMatchObject({
      code: 'failed-precondition',
      // Lite prefixes the server's message with "Request failed with error: ".
      message: expect.stringContaining(
        'Too many disjunctions after normalization. Result had 31 disjunctions which is more than the maximum of 30',
      ),
    });
  });

  it('refuses two array-contains filters in one disjunction', async () => {
    const items = liteCollection(lite, 'items');
    const q = liteQuery(
      items,
      liteOr(
        liteAnd(
          liteWhere('tags', 'array-contains', 'x'),
          liteWhere('color', 'array-contains', 'y'),
        ),
        liteWhere('n', '==', 1),
      ),
    );
    await expect(getDocs(q)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringMatching(/maximum of 1 'ARRAY_CONTAINS'/),
    });
    // The same items answer a query within the limits.
    expect(
      (await getCount(liteQuery(items, liteWhere('tags', 'array-contains', 'x')))).data().count,
    ).toBe(1);
  });
});
