// firebase-admin (gRPC) unmodified, with only FIRESTORE_EMULATOR_HOST pointing at the emulator.
import {
  AggregateField,
  FieldPath,
  FieldValue,
  Filter,
  GeoPoint,
  Timestamp,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from './support/sdk-apps.js';
import { startTarget, type Target } from './support/target.js';

let target: Target;
let db: Firestore;
let close: () => Promise<void>;
beforeAll(async () => {
  target = await startTarget('admin');
  const client = adminClient(target, 'admin-suite');
  db = client.db;
  close = client.close;
});
afterAll(async () => {
  await close();
  await target.close();
});

function grpcCode(error: unknown): number | undefined {
  return (error as { code?: number }).code;
}

describe('admin writes', () => {
  it('set and get round-trip every value type', async () => {
    const ref = db.doc('values/all');
    const data = {
      s: 'x',
      i: 7,
      d: 1.25,
      b: false,
      n: null,
      t: Timestamp.fromMillis(1_700_000_000_123),
      g: new GeoPoint(1, 2),
      bytes: Buffer.from([1, 2, 3]),
      r: db.doc('products/abc'),
      a: [1, 'two', { three: 3 }],
      m: { deep: { er: true } },
    };
    await ref.set(data);
    const snap = await ref.get();
    expect(snap.get('s')).toBe('x');
    expect(snap.get('i')).toBe(7);
    expect(snap.get('d')).toBe(1.25);
    expect(snap.get('b')).toBe(false);
    expect(snap.get('n')).toBeNull();
    expect((snap.get('t') as Timestamp).toMillis()).toBe(1_700_000_000_123);
    expect(snap.get('g')).toMatchObject({ latitude: 1, longitude: 2 });
    expect([...(snap.get('bytes') as Uint8Array)]).toEqual([1, 2, 3]);
    expect(snap.get('r').path).toBe('products/abc');
    expect(snap.get('a')).toEqual([1, 'two', { three: 3 }]);
    expect(snap.get('m')).toEqual({ deep: { er: true } });
  });

  it('timestamps are truncated to microseconds', async () => {
    const ref = db.doc('values/ts');
    await ref.set({ t: new Timestamp(1_700_000_000, 123_456_789) });
    expect((await ref.get()).get('t').nanoseconds).toBe(123_456_000);
  });

  it('createTime and updateTime come back as Timestamps', async () => {
    const ref = db.doc('values/times');
    const result = await ref.set({ a: 1 });
    const snap = await ref.get();
    expect(snap.createTime?.isEqual(result.writeTime)).toBe(true);
    expect(snap.updateTime?.isEqual(result.writeTime)).toBe(true);
  });

  it('create() on an existing document fails with ALREADY_EXISTS', async () => {
    const ref = db.doc('w/exists');
    await ref.create({ a: 1 });
    await expect(ref.create({ a: 2 })).rejects.toSatisfy((e) => grpcCode(e) === 6);
  });

  it('update() on a missing document fails with NOT_FOUND', async () => {
    await expect(db.doc('w/missing').update({ a: 1 })).rejects.toSatisfy((e) => grpcCode(e) === 5);
  });

  it('update() with a stale lastUpdateTime fails with FAILED_PRECONDITION', async () => {
    const ref = db.doc('w/stale');
    const first = await ref.set({ a: 1 });
    await ref.set({ a: 2 });
    await expect(ref.update({ a: 3 }, { lastUpdateTime: first.writeTime })).rejects.toSatisfy(
      (e) => grpcCode(e) === 9,
    );
  });

  it('update() with the current lastUpdateTime succeeds', async () => {
    const ref = db.doc('w/fresh');
    const first = await ref.set({ a: 1 });
    await ref.update({ a: 3 }, { lastUpdateTime: first.writeTime });
    expect((await ref.get()).get('a')).toBe(3);
  });

  it('delete() with exists: true on a missing document fails with NOT_FOUND', async () => {
    await expect(db.doc('w/none').delete({ exists: true })).rejects.toSatisfy(
      (e) => grpcCode(e) === 5,
    );
  });

  it('set with merge and FieldValue.delete()', async () => {
    const ref = db.doc('w/merge');
    await ref.set({ a: 1, b: 2 });
    await ref.set({ b: FieldValue.delete(), c: 3 }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: 1, c: 3 });
  });

  it('update with a FieldPath containing dots', async () => {
    const ref = db.doc('w/fieldpath');
    await ref.set({ 'a.b': 1 });
    await ref.update(new FieldPath('a.b'), 2);
    expect((await ref.get()).get(new FieldPath('a.b'))).toBe(2);
  });

  it('serverTimestamp is identical across a batch and not after the write time', async () => {
    const batch = db.batch();
    batch.set(db.doc('w/st1'), { t: FieldValue.serverTimestamp() });
    batch.set(db.doc('w/st2'), { t: FieldValue.serverTimestamp() });
    const results = await batch.commit();
    const t1 = (await db.doc('w/st1').get()).get('t') as Timestamp;
    const t2 = (await db.doc('w/st2').get()).get('t') as Timestamp;
    expect(t1.isEqual(t2)).toBe(true);
    const writeTime = results[0]?.writeTime as Timestamp;
    expect(t1.toMillis()).toBeLessThanOrEqual(writeTime.toMillis());
    expect(writeTime.toMillis() - t1.toMillis()).toBeLessThan(5000);
  });

  it('FieldValue.increment, arrayUnion and arrayRemove', async () => {
    const ref = db.doc('w/transforms');
    await ref.set({ n: 1, a: ['x', 'y'] });
    await ref.update({ n: FieldValue.increment(2), a: FieldValue.arrayUnion('z') });
    await ref.update({ a: FieldValue.arrayRemove('x') });
    expect((await ref.get()).data()).toEqual({ n: 3, a: ['y', 'z'] });
  });

  it('integer increment saturates at the int64 maximum', async () => {
    const ref = db.doc('w/saturate');
    await ref.set({ n: Number.MAX_SAFE_INTEGER });
    await ref.update({ n: FieldValue.increment(1) });
    expect((await ref.get()).get('n')).toBe(Number.MAX_SAFE_INTEGER + 1);
  });

  it('a batch with a failing precondition writes nothing', async () => {
    const batch = db.batch();
    batch.set(db.doc('w/b-ok'), { a: 1 });
    batch.update(db.doc('w/b-missing'), { a: 1 });
    await expect(batch.commit()).rejects.toSatisfy((e) => grpcCode(e) === 5);
    expect((await db.doc('w/b-ok').get()).exists).toBe(false);
  });

  it('a set that changes nothing keeps updateTime', async () => {
    const ref = db.doc('w/unchanged');
    const first = await ref.set({ a: 1, m: { x: [1, 2] } });
    const second = await ref.set({ a: 1, m: { x: [1, 2] } });
    expect(second.writeTime.isEqual(first.writeTime)).toBe(true);
  });

  it('changing 1 to 1.0 is a change', async () => {
    const ref = db.doc('w/typechange');
    const first = await ref.set({ a: 1 });
    await ref.set({ a: 1.5 });
    const third = await ref.set({ a: 1 });
    expect(third.writeTime.isEqual(first.writeTime)).toBe(false);
  });

  it('a document over 1 MiB is rejected with INVALID_ARGUMENT', async () => {
    await expect(
      db.doc('w/huge').set({ a: 'x'.repeat(600_000), b: 'y'.repeat(600_000) }),
    ).rejects.toSatisfy((e) => grpcCode(e) === 3);
  });

  it('recursiveDelete removes a document and everything below it', async () => {
    await db.doc('rd/1').set({ x: 1 });
    await db.doc('rd/1/b/2').set({ y: 1 });
    await db.doc('rd/1/b/2/c/3').set({ z: 1 });
    await db.doc('rd/2').set({ x: 2 });
    await db.recursiveDelete(db.doc('rd/1'));
    expect((await db.collection('rd').get()).docs.map((d) => d.id)).toEqual(['2']);
    expect((await db.collection('rd/1/b').get()).size).toBe(0);
    expect((await db.collection('rd/1/b/2/c').get()).size).toBe(0);
  });

  it('recursiveDelete empties a whole collection', async () => {
    await db.doc('rdc/a').set({ x: 1 });
    await db.doc('rdc/b/sub/c').set({ x: 1 });
    await db.recursiveDelete(db.collection('rdc'));
    expect((await db.collection('rdc').get()).size).toBe(0);
    expect((await db.collection('rdc/b/sub').get()).size).toBe(0);
  });

  it('BulkWriter writes through BatchWrite', async () => {
    const writer = db.bulkWriter();
    for (let i = 0; i < 5; i++) void writer.set(db.doc(`bulk/d${i}`), { i });
    await writer.close();
    expect((await db.collection('bulk').get()).size).toBe(5);
  });
});

describe('admin reads and queries', () => {
  beforeAll(async () => {
    const batch = db.batch();
    for (let i = 1; i <= 6; i++)
      batch.set(db.doc(`q/d${i}`), { i, even: i % 2 === 0, group: i <= 3 ? 'low' : 'high' });
    batch.set(db.doc('q/d3/sub/x'), { i: 30 });
    batch.set(db.doc('other/y/sub/z'), { i: 40 });
    await batch.commit();
  });

  it('getAll returns found and missing documents in order', async () => {
    const snaps = await db.getAll(db.doc('q/d1'), db.doc('q/nope'), db.doc('q/d2'));
    expect(snaps.map((s) => s.exists)).toEqual([true, false, true]);
  });

  it('where + orderBy + limit', async () => {
    const snap = await db
      .collection('q')
      .where('even', '==', true)
      .orderBy('i', 'desc')
      .limit(2)
      .get();
    expect(snap.docs.map((d) => d.id)).toEqual(['d6', 'd4']);
  });

  it('offset skips results', async () => {
    const snap = await db.collection('q').orderBy('i').offset(4).get();
    expect(snap.docs.map((d) => d.id)).toEqual(['d5', 'd6']);
  });

  it('select() projects fields', async () => {
    const snap = await db.collection('q').where('i', '==', 1).select('group').get();
    expect(snap.docs[0]?.data()).toEqual({ group: 'low' });
  });

  it('Filter.or', async () => {
    const snap = await db
      .collection('q')
      .where(Filter.or(Filter.where('i', '==', 1), Filter.where('i', '==', 6)))
      .get();
    expect(snap.docs.map((d) => d.id)).toEqual(['d1', 'd6']);
  });

  it('startAfter a document snapshot', async () => {
    const d2 = await db.doc('q/d2').get();
    const snap = await db.collection('q').orderBy('i').startAfter(d2).limit(2).get();
    expect(snap.docs.map((d) => d.id)).toEqual(['d3', 'd4']);
  });

  it('limitToLast', async () => {
    const snap = await db.collection('q').orderBy('i').limitToLast(2).get();
    expect(snap.docs.map((d) => d.id)).toEqual(['d5', 'd6']);
  });

  it('collectionGroup over subcollections', async () => {
    const snap = await db.collectionGroup('sub').orderBy('i').get();
    expect(snap.docs.map((d) => d.ref.path)).toEqual(['q/d3/sub/x', 'other/y/sub/z']);
  });

  it('count, sum and average aggregations', async () => {
    const snap = await db
      .collection('q')
      .where('group', '==', 'high')
      .aggregate({
        n: AggregateField.count(),
        s: AggregateField.sum('i'),
        a: AggregateField.average('i'),
      })
      .get();
    expect(snap.data()).toEqual({ n: 3, s: 15, a: 5 });
  });

  it('count()', async () => {
    expect((await db.collection('q').count().get()).data().count).toBe(6);
  });

  it('listCollections at the root and under a document', async () => {
    const root = (await db.listCollections()).map((c) => c.id);
    expect(root).toEqual(expect.arrayContaining(['q', 'other']));
    expect((await db.doc('q/d3').listCollections()).map((c) => c.id)).toEqual(['sub']);
  });

  it('listDocuments lists a collection', async () => {
    const refs = await db.collection('q').listDocuments();
    expect(refs.map((r) => r.id).sort()).toEqual(['d1', 'd2', 'd3', 'd4', 'd5', 'd6']);
  });

  it('stream() yields the query results', async () => {
    const seen: string[] = [];
    const stream = db
      .collection('q')
      .where('group', '==', 'low')
      .stream() as unknown as AsyncIterable<QueryDocumentSnapshot>;
    for await (const d of stream) seen.push(d.id);
    expect(seen).toEqual(['d1', 'd2', 'd3']);
  });

  it('a reserved collection id is rejected with INVALID_ARGUMENT', async () => {
    await expect(db.doc('__x__/a').set({ a: 1 })).rejects.toSatisfy(
      (e) =>
        grpcCode(e) === 3 &&
        (e as Error).message ===
          '3 INVALID_ARGUMENT: Collection id "__x__" is invalid because it is reserved.',
    );
  });
});

describe('admin transactions', () => {
  it('a read-write transaction (lazy begin on the first read) commits', async () => {
    const ref = db.doc('tx/one');
    await ref.set({ n: 1 });
    await db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      tx.update(ref, { n: (snap.get('n') as number) + 1 });
    });
    expect((await ref.get()).get('n')).toBe(2);
  });

  it('concurrent transactions lose no increment', async () => {
    const ref = db.doc('tx/counter');
    await ref.set({ n: 0 });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          tx.update(ref, { n: (snap.get('n') as number) + 1 });
        }),
      ),
    );
    expect((await ref.get()).get('n')).toBe(5);
  });

  it('a transaction can read a query', async () => {
    await db.doc('tx/q1').set({ kind: 'k' });
    await db.doc('tx/q2').set({ kind: 'k' });
    const n = await db.runTransaction(async (tx) => {
      const snap = await tx.get(db.collection('tx').where('kind', '==', 'k'));
      tx.set(db.doc('tx/summary'), { n: snap.size });
      return snap.size;
    });
    expect(n).toBe(2);
    expect((await db.doc('tx/summary').get()).get('n')).toBe(2);
  });

  it('a write racing a transaction is not lost, and neither is the transaction', async () => {
    const ref = db.doc('tx/retry');
    await ref.set({ n: 0 });
    let outside: Promise<unknown> | undefined;
    await db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      // Not awaited: the transaction holds a lock on ref, so this write waits for its commit.
      outside ??= ref.update({ n: FieldValue.increment(50) });
      tx.update(ref, { n: (snap.get('n') as number) + 1 });
    });
    await outside;
    expect((await ref.get()).get('n')).toBe(51);
  });

  it('a read-only transaction reads', async () => {
    await db.doc('tx/ro').set({ a: 1 });
    const value = await db.runTransaction(
      async (tx) => (await tx.get(db.doc('tx/ro'))).get('a') as number,
      { readOnly: true },
    );
    expect(value).toBe(1);
  });

  it('an error inside the transaction rolls it back', async () => {
    await expect(
      db.runTransaction(async (tx) => {
        await tx.get(db.doc('tx/none'));
        tx.set(db.doc('tx/none'), { a: 1 });
        throw new Error('abort me');
      }),
    ).rejects.toThrow('abort me');
    expect((await db.doc('tx/none').get()).exists).toBe(false);
  });

  it('getAll inside a transaction', async () => {
    await db.doc('tx/g1').set({ v: 1 });
    const values = await db.runTransaction(async (tx) =>
      (await tx.getAll(db.doc('tx/g1'), db.doc('tx/g2'))).map((s) => s.exists),
    );
    expect(values).toEqual([true, false]);
  });
});
