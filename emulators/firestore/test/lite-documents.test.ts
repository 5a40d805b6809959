// Firestore Lite (REST) through the real web SDK: values, writes, transforms, batches, transactions.
import {
  addDoc,
  arrayRemove,
  arrayUnion,
  Bytes,
  collection,
  deleteDoc,
  deleteField,
  doc,
  GeoPoint,
  getDoc,
  increment,
  runTransaction,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liteClient } from './support/sdk-apps.js';
import { rest, startTarget, type Target } from './support/target.js';

let target: Target;
let db: Firestore;
let close: () => Promise<void>;
beforeAll(async () => {
  target = await startTarget('lite-docs');
  const client = liteClient(target, 'lite-docs');
  db = client.db;
  close = client.close;
});
afterAll(async () => {
  await close();
  await target.close();
});

async function roundTrip(value: unknown): Promise<unknown> {
  const ref = doc(db, 'values', `v${Math.random().toString(36).slice(2)}`);
  await setDoc(ref, { v: value });
  return (await getDoc(ref)).get('v');
}

function codeOf(error: unknown): string {
  return (error as { code?: string }).code ?? String(error);
}

describe('Lite values round trip', () => {
  it.each([
    ['a string', 'héllo 😀'],
    ['an integer', 42],
    ['a negative integer', -7],
    ['a double', 1.5],
    ['true', true],
    ['false', false],
    ['null', null],
    ['an array', [1, 'a', { b: 2 }]],
    ['a nested map', { a: { b: { c: 'd' } } }],
    ['an empty map', {}],
    ['an empty array', []],
  ])('%s', async (_label, value) => {
    expect(await roundTrip(value)).toEqual(value);
  });

  it('NaN', async () => {
    expect(await roundTrip(Number.NaN)).toBeNaN();
  });

  it('Infinity', async () => {
    expect(await roundTrip(-Infinity)).toBe(-Infinity);
  });

  it('a timestamp keeps microseconds', async () => {
    const ts = new Timestamp(1_700_000_000, 123_456_789);
    const back = (await roundTrip(ts)) as Timestamp;
    expect(back.seconds).toBe(1_700_000_000);
    expect(back.nanoseconds).toBe(123_456_000);
  });

  it('a geopoint', async () => {
    const back = (await roundTrip(new GeoPoint(48.85, 2.35))) as GeoPoint;
    expect(back.isEqual(new GeoPoint(48.85, 2.35))).toBe(true);
  });

  it('bytes', async () => {
    const back = (await roundTrip(Bytes.fromUint8Array(new Uint8Array([0, 1, 254, 255])))) as Bytes;
    expect([...back.toUint8Array()]).toEqual([0, 1, 254, 255]);
  });

  it('a document reference', async () => {
    const back = (await roundTrip(doc(db, 'products', 'abc'))) as { path: string };
    expect(back.path).toBe('products/abc');
  });
});

describe('Lite writes', () => {
  it('getDoc of a missing document reports it does not exist', async () => {
    const snap = await getDoc(doc(db, 'w', 'missing'));
    expect(snap.exists()).toBe(false);
  });

  it('addDoc creates a document with a 20-character id', async () => {
    const ref = await addDoc(collection(db, 'w'), { n: 1 });
    expect(ref.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await getDoc(ref)).data()).toEqual({ n: 1 });
  });

  it('updateDoc on a missing document fails with not-found', async () => {
    await expect(updateDoc(doc(db, 'w', 'nope'), { n: 1 })).rejects.toSatisfy(
      (e) => codeOf(e) === 'not-found',
    );
  });

  it('updateDoc sets nested fields by dotted path and deletes with deleteField()', async () => {
    const ref = doc(db, 'w', 'nested');
    await setDoc(ref, { a: { b: 1, c: 2 }, gone: true });
    await updateDoc(ref, { 'a.b': 10, gone: deleteField() });
    expect((await getDoc(ref)).data()).toEqual({ a: { b: 10, c: 2 } });
  });

  it('setDoc with merge keeps other fields', async () => {
    const ref = doc(db, 'w', 'merge');
    await setDoc(ref, { a: 1, b: { c: 1, d: 2 } });
    await setDoc(ref, { b: { c: 5 } }, { merge: true });
    expect((await getDoc(ref)).data()).toEqual({ a: 1, b: { c: 5, d: 2 } });
  });

  it('setDoc with mergeFields only writes the listed fields', async () => {
    const ref = doc(db, 'w', 'mergefields');
    await setDoc(ref, { a: 1, b: 1 });
    await setDoc(ref, { a: 2, b: 2 }, { mergeFields: ['a'] });
    expect((await getDoc(ref)).data()).toEqual({ a: 2, b: 1 });
  });

  it('setDoc replaces the whole document', async () => {
    const ref = doc(db, 'w', 'replace');
    await setDoc(ref, { a: 1, b: 1 });
    await setDoc(ref, { c: 1 });
    expect((await getDoc(ref)).data()).toEqual({ c: 1 });
  });

  it('serverTimestamp() is the commit time, identical for every field of one commit', async () => {
    const ref = doc(db, 'w', 'stamp');
    const before = Date.now();
    await setDoc(ref, { a: serverTimestamp(), b: { c: serverTimestamp() } });
    const snap = await getDoc(ref);
    const a = snap.get('a') as Timestamp;
    const c = snap.get('b.c') as Timestamp;
    expect(a.isEqual(c)).toBe(true);
    expect(Math.abs(a.toMillis() - before)).toBeLessThan(5000);
  });

  it('serverTimestamp() is identical across the documents of one batch', async () => {
    const batch = writeBatch(db);
    batch.set(doc(db, 'w', 's1'), { t: serverTimestamp() });
    batch.set(doc(db, 'w', 's2'), { t: serverTimestamp() });
    await batch.commit();
    const t1 = (await getDoc(doc(db, 'w', 's1'))).get('t') as Timestamp;
    const t2 = (await getDoc(doc(db, 'w', 's2'))).get('t') as Timestamp;
    expect(t1.isEqual(t2)).toBe(true);
  });

  it('increment() adds integers and keeps the integer type', async () => {
    const ref = doc(db, 'w', 'inc');
    await setDoc(ref, { n: 5 });
    await updateDoc(ref, { n: increment(3) });
    expect((await getDoc(ref)).get('n')).toBe(8);
  });

  it('increment() with a double makes a double', async () => {
    const ref = doc(db, 'w', 'incd');
    await setDoc(ref, { n: 1 });
    await updateDoc(ref, { n: increment(0.5) });
    expect((await getDoc(ref)).get('n')).toBe(1.5);
  });

  it('increment() on a missing field sets the operand', async () => {
    const ref = doc(db, 'w', 'incm');
    await setDoc(ref, { other: true });
    await updateDoc(ref, { n: increment(4) });
    expect((await getDoc(ref)).get('n')).toBe(4);
  });

  it('increment() on a non-numeric field replaces it', async () => {
    const ref = doc(db, 'w', 'incs');
    await setDoc(ref, { n: 'text' });
    await updateDoc(ref, { n: increment(2) });
    expect((await getDoc(ref)).get('n')).toBe(2);
  });

  it('arrayUnion() appends only missing elements', async () => {
    const ref = doc(db, 'w', 'union');
    await setDoc(ref, { a: [1, 2] });
    await updateDoc(ref, { a: arrayUnion(2, 3, 3) });
    expect((await getDoc(ref)).get('a')).toEqual([1, 2, 3]);
  });

  it('arrayRemove() removes every equal element', async () => {
    const ref = doc(db, 'w', 'remove');
    await setDoc(ref, { a: [1, 2, 1, 3] });
    await updateDoc(ref, { a: arrayRemove(1) });
    expect((await getDoc(ref)).get('a')).toEqual([2, 3]);
  });

  it('arrayUnion() on a non-array field makes an array', async () => {
    const ref = doc(db, 'w', 'union2');
    await setDoc(ref, { a: 'x' });
    await updateDoc(ref, { a: arrayUnion('y') });
    expect((await getDoc(ref)).get('a')).toEqual(['y']);
  });

  it('deleteDoc removes the document', async () => {
    const ref = doc(db, 'w', 'del');
    await setDoc(ref, { a: 1 });
    await deleteDoc(ref);
    expect((await getDoc(ref)).exists()).toBe(false);
  });

  it('a batch is atomic: one failing update leaves nothing written', async () => {
    const batch = writeBatch(db);
    batch.set(doc(db, 'w', 'batch-ok'), { a: 1 });
    batch.update(doc(db, 'w', 'batch-missing'), { a: 1 });
    await expect(batch.commit()).rejects.toSatisfy((e) => codeOf(e) === 'not-found');
    expect((await getDoc(doc(db, 'w', 'batch-ok'))).exists()).toBe(false);
  });

  it('a write that changes nothing keeps the update time', async () => {
    const ref = doc(db, 'w', 'same');
    await setDoc(ref, { a: 1 });
    const first = await rest(target, 'GET', '/w/same');
    await setDoc(ref, { a: 1 });
    const second = await rest(target, 'GET', '/w/same');
    expect(second.json<{ updateTime: string }>().updateTime).toBe(
      first.json<{ updateTime: string }>().updateTime,
    );
  });

  it('a write that changes a value moves the update time and keeps the create time', async () => {
    const ref = doc(db, 'w', 'moved');
    await setDoc(ref, { a: 1 });
    const first = (await rest(target, 'GET', '/w/moved')).json<{
      createTime: string;
      updateTime: string;
    }>();
    await setDoc(ref, { a: 2 });
    const second = (await rest(target, 'GET', '/w/moved')).json<{
      createTime: string;
      updateTime: string;
    }>();
    expect(second.createTime).toBe(first.createTime);
    expect(second.updateTime).not.toBe(first.updateTime);
  });
});

describe('Lite transactions', () => {
  it('reads and writes atomically', async () => {
    const ref = doc(db, 'tx', 'counter');
    await setDoc(ref, { n: 1 });
    await runTransaction(db, async (tx) => {
      const snap = await tx.get(ref);
      tx.update(ref, { n: (snap.get('n') as number) + 1 });
    });
    expect((await getDoc(ref)).get('n')).toBe(2);
  });

  it('creates a document it read as missing', async () => {
    const ref = doc(db, 'tx', 'fresh');
    await runTransaction(db, async (tx) => {
      const snap = await tx.get(ref);
      if (!snap.exists()) tx.set(ref, { created: true });
    });
    expect((await getDoc(ref)).get('created')).toBe(true);
  });

  it('a write racing a transaction is not lost, and neither is the transaction', async () => {
    const ref = doc(db, 'tx', 'contended');
    await setDoc(ref, { n: 0 });
    let outside: Promise<void> | undefined;
    await runTransaction(db, async (tx) => {
      const snap = await tx.get(ref);
      // Not awaited: Lite's transactions take no server locks; when this write lands first, the
      // transaction's commit fails its precondition and the transaction runs again.
      outside ??= updateDoc(ref, { n: increment(100) });
      tx.update(ref, { n: (snap.get('n') as number) + 1 });
    });
    await outside;
    expect((await getDoc(ref)).get('n')).toBe(101);
  });

  it('a document read but not written is verified at commit: a change to it makes the transaction retry', async () => {
    const price = doc(db, 'tx', 'price');
    const order = doc(db, 'tx', 'order');
    await setDoc(price, { cents: 100 });
    let attempts = 0;
    await runTransaction(db, async (tx) => {
      attempts++;
      const p = await tx.get(price);
      if (attempts === 1) await updateDoc(price, { cents: 250 }).catch(() => undefined);
      tx.set(order, { total: p.get('cents') as number });
    });
    // Whichever way the race went, the order never carries a price that was already replaced.
    expect((await getDoc(order)).get('total')).toBe((await getDoc(price)).get('cents'));
  });

  it('concurrent transactions on one counter lose no update', async () => {
    const ref = doc(db, 'tx', 'concurrent');
    await setDoc(ref, { n: 0 });
    await Promise.all(
      Array.from({ length: 4 }, () =>
        runTransaction(db, async (tx) => {
          const snap = await tx.get(ref);
          tx.update(ref, { n: (snap.get('n') as number) + 1 });
        }),
      ),
    );
    expect((await getDoc(ref)).get('n')).toBe(4);
  });

  it('an error thrown inside the transaction writes nothing', async () => {
    const ref = doc(db, 'tx', 'thrown');
    await expect(
      runTransaction(db, async (tx) => {
        tx.set(ref, { a: 1 });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect((await getDoc(ref)).exists()).toBe(false);
  });
});
