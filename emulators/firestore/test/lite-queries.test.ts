// Queries through the real Firestore Lite SDK: every operator, ordering, cursors, aggregations, collection groups.
import {
  and,
  average,
  collection,
  collectionGroup,
  count,
  doc,
  documentId,
  endAt,
  endBefore,
  getAggregate,
  getCount,
  getDocs,
  limit,
  limitToLast,
  or,
  orderBy,
  query,
  startAfter,
  startAt,
  sum,
  Timestamp,
  where,
  writeBatch,
  type Firestore,
  type Query,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liteClient } from './support/sdk-apps.js';
import { startTarget, type Target } from './support/target.js';

let target: Target;
let db: Firestore;
let close: () => Promise<void>;

const ITEMS: Record<string, Record<string, unknown>> = {
  a: { n: 1, s: 'apple', tags: ['red', 'fruit'], cat: 'fruit', price: 100 },
  b: { n: 2, s: 'banana', tags: ['yellow', 'fruit'], cat: 'fruit', price: 50.5 },
  c: { n: 3, s: 'carrot', tags: ['orange', 'veg'], cat: 'veg', price: 30 },
  d: { n: 4, s: 'date', tags: [], cat: 'fruit', price: null },
  e: { s: 'eggplant', cat: 'veg' },
  f: { n: Number.NaN, s: 'fig', cat: 'fruit' },
  g: { n: 2.0, s: 'grape', cat: 'fruit', note: null },
};

beforeAll(async () => {
  target = await startTarget('lite-queries');
  const client = liteClient(target, 'lite-queries');
  db = client.db;
  close = client.close;
  const batch = writeBatch(db);
  for (const [id, data] of Object.entries(ITEMS)) batch.set(doc(db, 'items', id), data);
  batch.set(doc(db, 'mixed', 'null'), { v: null });
  batch.set(doc(db, 'mixed', 'bool'), { v: true });
  batch.set(doc(db, 'mixed', 'num'), { v: 1 });
  batch.set(doc(db, 'mixed', 'ts'), { v: Timestamp.fromMillis(0) });
  batch.set(doc(db, 'mixed', 'str'), { v: 'a' });
  batch.set(doc(db, 'mixed', 'arr'), { v: [1] });
  batch.set(doc(db, 'mixed', 'map'), { v: { a: 1 } });
  batch.set(doc(db, 'mixed', 'nan'), { v: Number.NaN });
  batch.set(doc(db, 'shops', 's1', 'orders', 'o1'), { total: 10 });
  batch.set(doc(db, 'shops', 's2', 'orders', 'o2'), { total: 20 });
  batch.set(doc(db, 'orders', 'o3'), { total: 30 });
  batch.set(doc(db, 'shops', 's1', 'other', 'x'), { total: 40 });
  await batch.commit();
});
afterAll(async () => {
  await close();
  await target.close();
});

const items = () => collection(db, 'items');
async function ids(q: Query): Promise<string[]> {
  return (await getDocs(q)).docs.map((d) => d.id);
}

describe('Lite filters', () => {
  it('== matches integers and equal doubles', async () => {
    expect(await ids(query(items(), where('n', '==', 2)))).toEqual(['b', 'g']);
  });
  it('!= excludes missing fields, nulls and the value, ordered by the field', async () => {
    expect(await ids(query(items(), where('n', '!=', 2)))).toEqual(['f', 'a', 'c', 'd']);
  });
  it('< orders by the field, keeps the same type only and leaves NaN out', async () => {
    expect(await ids(query(items(), where('n', '<', 3)))).toEqual(['a', 'b', 'g']);
  });
  it('<=', async () => {
    expect(await ids(query(items(), where('n', '<=', 2)))).toEqual(['a', 'b', 'g']);
  });
  it('>', async () => {
    expect(await ids(query(items(), where('n', '>', 2)))).toEqual(['c', 'd']);
  });
  it('>=', async () => {
    expect(await ids(query(items(), where('n', '>=', 2)))).toEqual(['b', 'g', 'c', 'd']);
  });
  it('range on strings', async () => {
    expect(await ids(query(items(), where('s', '>=', 'b'), where('s', '<', 'd')))).toEqual([
      'b',
      'c',
    ]);
  });
  it('in', async () => {
    expect(await ids(query(items(), where('s', 'in', ['apple', 'date', 'zzz'])))).toEqual([
      'a',
      'd',
    ]);
  });
  it('not-in excludes missing fields', async () => {
    expect(await ids(query(items(), where('cat', 'not-in', ['veg'])))).toEqual([
      'a',
      'b',
      'd',
      'f',
      'g',
    ]);
  });
  it('array-contains', async () => {
    expect(await ids(query(items(), where('tags', 'array-contains', 'fruit')))).toEqual(['a', 'b']);
  });
  it('array-contains-any', async () => {
    expect(await ids(query(items(), where('tags', 'array-contains-any', ['veg', 'red'])))).toEqual([
      'a',
      'c',
    ]);
  });
  it('== null matches explicit nulls only', async () => {
    expect(await ids(query(items(), where('price', '==', null)))).toEqual(['d']);
  });
  it('!= null matches present non-null values', async () => {
    expect(await ids(query(items(), where('price', '!=', null)))).toEqual(['c', 'b', 'a']);
  });
  it('== NaN', async () => {
    expect(await ids(query(items(), where('n', '==', Number.NaN)))).toEqual(['f']);
  });
  it('!= NaN excludes NaN and missing', async () => {
    expect(await ids(query(items(), where('n', '!=', Number.NaN)))).toEqual([
      'a',
      'b',
      'g',
      'c',
      'd',
    ]);
  });
  it('or() of two equalities', async () => {
    expect(
      await ids(query(items(), or(where('s', '==', 'apple'), where('cat', '==', 'veg')))),
    ).toEqual(['a', 'c', 'e']);
  });
  it('and() nested in or()', async () => {
    expect(
      await ids(
        query(
          items(),
          or(and(where('cat', '==', 'fruit'), where('n', '>', 3)), where('s', '==', 'carrot')),
        ),
      ),
    ).toEqual(['c', 'd']);
  });
  it('two equality filters', async () => {
    expect(await ids(query(items(), where('cat', '==', 'fruit'), where('n', '==', 1)))).toEqual([
      'a',
    ]);
  });
  it('documentId() filters by name', async () => {
    expect(await ids(query(items(), where(documentId(), '>', 'e')))).toEqual(['f', 'g']);
  });
  it('documentId() in', async () => {
    expect(await ids(query(items(), where(documentId(), 'in', ['c', 'a'])))).toEqual(['a', 'c']);
  });
});

describe('Lite ordering and cursors', () => {
  it('orderBy excludes documents missing the field', async () => {
    expect(await ids(query(items(), orderBy('n')))).toEqual(['f', 'a', 'b', 'g', 'c', 'd']);
  });
  it('orderBy desc breaks ties by name descending', async () => {
    expect(await ids(query(items(), orderBy('n', 'desc')))).toEqual(['d', 'c', 'g', 'b', 'a', 'f']);
  });
  it('orders values of every type in Firestore type order', async () => {
    expect(await ids(query(collection(db, 'mixed'), orderBy('v')))).toEqual([
      'null',
      'bool',
      'nan',
      'num',
      'ts',
      'str',
      'arr',
      'map',
    ]);
  });
  it('limit', async () => {
    expect(await ids(query(items(), orderBy('s'), limit(2)))).toEqual(['a', 'b']);
  });
  it('limitToLast', async () => {
    expect(await ids(query(items(), orderBy('s'), limitToLast(2)))).toEqual(['f', 'g']);
  });
  it('startAt is inclusive', async () => {
    expect(await ids(query(items(), orderBy('s'), startAt('carrot'), limit(2)))).toEqual([
      'c',
      'd',
    ]);
  });
  it('startAfter is exclusive', async () => {
    expect(await ids(query(items(), orderBy('s'), startAfter('carrot'), limit(2)))).toEqual([
      'd',
      'e',
    ]);
  });
  it('endAt is inclusive', async () => {
    expect(await ids(query(items(), orderBy('s'), endAt('banana')))).toEqual(['a', 'b']);
  });
  it('endBefore is exclusive', async () => {
    expect(await ids(query(items(), orderBy('s'), endBefore('banana')))).toEqual(['a']);
  });
  it('a cursor on two fields', async () => {
    expect(
      await ids(query(items(), orderBy('cat'), orderBy('s'), startAfter('fruit', 'fig'))),
    ).toEqual(['g', 'c', 'e']);
  });
  it('a cursor from a document snapshot pages through results', async () => {
    const first = await getDocs(query(items(), orderBy('s'), limit(3)));
    const last = first.docs[first.docs.length - 1];
    expect(last?.id).toBe('c');
    expect(await ids(query(items(), orderBy('s'), startAfter(last), limit(3)))).toEqual([
      'd',
      'e',
      'f',
    ]);
  });
});

describe('Lite aggregations and collection groups', () => {
  it('getCount', async () => {
    expect((await getCount(query(items(), where('cat', '==', 'fruit')))).data().count).toBe(5);
  });
  it('sum and average over numbers only; documents without the field leave the count too', async () => {
    const snap = await getAggregate(query(items(), where('cat', '==', 'fruit')), {
      total: sum('price'),
      mean: average('price'),
      n: count(),
    });
    expect(snap.data().total).toBe(150.5);
    expect(snap.data().mean).toBeCloseTo(75.25);
    expect(snap.data().n).toBe(3);
  });
  it('average over no numbers is null', async () => {
    const snap = await getAggregate(query(items(), where('cat', '==', 'veg')), {
      mean: average('missing'),
    });
    expect(snap.data().mean).toBeNull();
  });
  it('sum of integers stays an integer', async () => {
    const snap = await getAggregate(query(collection(db, 'orders')), { total: sum('total') });
    expect(snap.data().total).toBe(30);
  });
  it('count of an empty collection is 0', async () => {
    expect((await getCount(collection(db, 'empty'))).data().count).toBe(0);
  });
  it('collectionGroup finds every collection with that id', async () => {
    expect(await ids(query(collectionGroup(db, 'orders'), orderBy('total')))).toEqual([
      'o1',
      'o2',
      'o3',
    ]);
  });
  it('a subcollection query only sees its own documents', async () => {
    expect(await ids(collection(db, 'shops', 's1', 'orders'))).toEqual(['o1']);
  });
  it('collectionGroup with a filter', async () => {
    expect(await ids(query(collectionGroup(db, 'orders'), where('total', '>=', 20)))).toEqual([
      'o2',
      'o3',
    ]);
  });
});
