// Fixes found by running the nodejs-firestore system tests against this emulator
// (conformance/run-system-tests.ts); each case drives firebase-admin or raw REST.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from './support/sdk-apps.js';
import { rest, startTarget, type Target } from './support/target.js';

let target: Target;
let db: Firestore;
let close: () => Promise<void>;
beforeAll(async () => {
  target = await startTarget('sysconf');
  const client = adminClient(target, 'sysconf-suite');
  db = client.db;
  close = client.close;
});
afterAll(async () => {
  await close();
  await target.close();
});

function before(ts: Timestamp, micros = 1): Timestamp {
  const nanos = ts.nanoseconds - micros * 1000;
  return nanos >= 0
    ? new Timestamp(ts.seconds, nanos)
    : new Timestamp(ts.seconds - 1, nanos + 1_000_000_000);
}

describe('reads at a readTime (read-only transactions)', () => {
  it('a document read at the time of its first write sees that version', async () => {
    const ref = db.doc('rt-doc/a');
    const first = await ref.set({ foo: 1 });
    await ref.set({ foo: 2 });
    const snap = await db.runTransaction((t) => t.get(ref), {
      readOnly: true,
      readTime: first.writeTime,
    });
    expect(snap.get('foo')).toBe(1);
    expect((await ref.get()).get('foo')).toBe(2);
  });

  it('one microsecond before the first write the document is missing', async () => {
    const ref = db.doc('rt-doc/b');
    const first = await ref.set({ foo: 1 });
    const snap = await db.runTransaction((t) => t.get(ref), {
      readOnly: true,
      readTime: before(first.writeTime),
    });
    expect(snap.exists).toBe(false);
  });

  it('a deleted document is still found at a time before the delete', async () => {
    const ref = db.doc('rt-doc/c');
    const written = await ref.set({ foo: 'kept' });
    await ref.delete();
    const [snap] = await db.runTransaction((t) => t.getAll(ref), {
      readOnly: true,
      readTime: written.writeTime,
    });
    expect(snap?.get('foo')).toBe('kept');
  });

  it('count and queries see the collection as it was', async () => {
    const col = db.collection('rt-count');
    const first = await col.doc('one').create({ n: 1 });
    await col.doc('two').create({ n: 2 });
    await col.doc('one').update({ n: 10 });

    const at = { readOnly: true as const, readTime: first.writeTime };
    const count = await db.runTransaction((t) => t.get(col.count()), at);
    expect(count.data().count).toBe(1);
    const countBefore = await db.runTransaction((t) => t.get(col.count()), {
      readOnly: true,
      readTime: Timestamp.fromMillis(first.writeTime.toMillis() - 1),
    });
    expect(countBefore.data().count).toBe(0);

    const query = await db.runTransaction((t) => t.get(col.where('n', '<', 5)), at);
    expect(query.docs.map((d) => [d.id, d.get('n')])).toEqual([['one', 1]]);
    expect((await col.where('n', '<', 5).get()).docs.map((d) => d.id)).toEqual(['two']);
  });

  it.each([
    ['in the future', 3_600_000],
    ['before the emulator started', -600_000],
  ])('a query at a read time %s is refused', async (_label, offsetMs) => {
    const res = await rest(
      target,
      'POST',
      `/v1/projects/${target.projectId}/databases/(default)/documents:runQuery`,
      {
        body: {
          structuredQuery: { from: [{ collectionId: 'rt-count' }] },
          readTime: new Date(Date.now() + offsetMs).toISOString(),
        },
      },
    );
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
  });

  it('REST: beginTransaction with readOnly.readTime, then reads in that transaction', async () => {
    const commit = async (value: string): Promise<string> => {
      const res = await rest(
        target,
        'POST',
        `/v1/projects/${target.projectId}/databases/(default)/documents:commit`,
        {
          body: {
            writes: [
              {
                update: {
                  name: `projects/${target.projectId}/databases/(default)/documents/rt-rest/d`,
                  fields: { v: { stringValue: value } },
                },
              },
            ],
          },
        },
      );
      return res.json<{ commitTime: string }>().commitTime;
    };
    const t1 = await commit('first');
    await commit('second');
    const begin = await rest(
      target,
      'POST',
      `/v1/projects/${target.projectId}/databases/(default)/documents:beginTransaction`,
      { body: { options: { readOnly: { readTime: t1 } } } },
    );
    expect(begin.status).toBe(200);
    const tx = begin.json<{ transaction: string }>().transaction;
    const got = await rest(target, 'GET', `/rt-rest/d?transaction=${encodeURIComponent(tx)}`);
    expect(got.json<{ fields: unknown }>().fields).toEqual({ v: { stringValue: 'first' } });
    const direct = await rest(target, 'GET', `/rt-rest/d?readTime=${encodeURIComponent(t1)}`);
    expect(direct.json<{ fields: unknown }>().fields).toEqual({ v: { stringValue: 'first' } });
  });
});
