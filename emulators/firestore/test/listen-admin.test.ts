// Realtime listeners through unmodified firebase-admin (the Listen gRPC stream): document and query
// listeners, limits, collection groups, resets, and recovery after the connection drops.
import {
  FieldValue,
  type DocumentSnapshot,
  type Firestore,
  type QuerySnapshot,
} from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator } from '../src/index.js';
import { EventQueue } from './support/events.js';
import { adminClient } from './support/sdk-apps.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';
import { clearProject, startTarget, type Target } from './support/target.js';

let target: Target;
let db: Firestore;
let close: () => Promise<void>;
const unsubscribes: (() => void)[] = [];

beforeAll(async () => {
  target = await startTarget('listen-admin');
  const client = adminClient(target, 'listen-admin');
  db = client.db;
  close = client.close;
});
afterAll(async () => {
  for (const u of unsubscribes) u();
  await close();
  await target.close();
});

interface QueryEvent {
  ids: string[];
  changes: string[];
  readTime: number;
  snap: QuerySnapshot;
}

/** "type:id" plus the indexes, e.g. "added:b -1>1". */
function describeChanges(snap: QuerySnapshot): string[] {
  return snap
    .docChanges()
    .map((c) => `${c.type}:${c.doc.id} ${c.oldIndex}>${c.newIndex}`)
    .sort();
}

function listenQuery(query: FirebaseFirestore.Query): EventQueue<QueryEvent> {
  const events = new EventQueue<QueryEvent>();
  const unsubscribe = query.onSnapshot(
    (snap) =>
      events.push({
        ids: snap.docs.map((d) => d.id),
        changes: describeChanges(snap),
        readTime: snap.readTime.toMillis(),
        snap,
      }),
    events.fail,
  );
  unsubscribes.push(unsubscribe);
  return events;
}

function listenDoc(ref: FirebaseFirestore.DocumentReference): EventQueue<DocumentSnapshot> {
  const events = new EventQueue<DocumentSnapshot>();
  unsubscribes.push(ref.onSnapshot(events.push, events.fail));
  return events;
}

describe('document listeners', () => {
  it('see a missing document, its creation by another client, updates and deletion', async () => {
    const ref = db.doc('doclisten/a');
    const events = listenDoc(ref);
    const first = await events.next();
    expect(first.exists).toBe(false);

    const created = await ref.set({ n: 1, tags: ['x'] });
    const second = await events.next();
    expect(second.exists).toBe(true);
    expect(second.data()).toEqual({ n: 1, tags: ['x'] });
    expect(second.updateTime?.isEqual(created.writeTime)).toBe(true);
    expect(second.readTime.toMillis()).toBeGreaterThanOrEqual(created.writeTime.toMillis());

    const updated = await ref.update({ n: FieldValue.increment(2) });
    const third = await events.next();
    expect(third.get('n')).toBe(3);
    expect(third.updateTime?.isEqual(updated.writeTime)).toBe(true);
    expect(third.createTime?.isEqual(created.writeTime)).toBe(true);

    await ref.delete();
    const fourth = await events.next();
    expect(fourth.exists).toBe(false);
    expect(fourth.readTime.toMillis()).toBeGreaterThanOrEqual(third.readTime.toMillis());
  });

  it('ignore writes to other documents', async () => {
    const ref = db.doc('doclisten/quiet');
    await ref.set({ v: 1 });
    const events = listenDoc(ref);
    expect((await events.next()).get('v')).toBe(1);
    await db.doc('doclisten/noisy').set({ v: 2 });
    await ref.set({ v: 3 });
    const next = await events.next();
    expect(next.get('v')).toBe(3);
    expect(events.pending).toHaveLength(0);
  });
});

describe('query listeners', () => {
  it('deliver the initial result, then added, modified and removed documents in order', async () => {
    const col = db.collection('qlisten');
    await col.doc('a').set({ kind: 'x', rank: 1 });
    await col.doc('b').set({ kind: 'x', rank: 2 });
    await col.doc('c').set({ kind: 'y', rank: 0 });
    const events = listenQuery(col.where('kind', '==', 'x').orderBy('rank'));

    const initial = await events.next();
    expect(initial.ids).toEqual(['a', 'b']);
    expect(initial.changes).toEqual(['added:a -1>0', 'added:b -1>1']);

    await col.doc('d').set({ kind: 'x', rank: 1.5 });
    const added = await events.next();
    expect(added.ids).toEqual(['a', 'd', 'b']);
    expect(added.changes).toEqual(['added:d -1>1']);

    await col.doc('a').update({ rank: 3 });
    const moved = await events.next();
    expect(moved.ids).toEqual(['d', 'b', 'a']);
    expect(moved.changes).toEqual(['modified:a 0>2']);

    // Leaves the result without being deleted, then a deletion.
    await col.doc('d').update({ kind: 'y' });
    const left = await events.next();
    expect(left.ids).toEqual(['b', 'a']);
    expect(left.changes).toEqual(['removed:d 0>-1']);

    await col.doc('b').delete();
    const deleted = await events.next();
    expect(deleted.ids).toEqual(['a']);
    expect(deleted.changes).toEqual(['removed:b 0>-1']);

    // A document entering from outside the filter.
    await col.doc('c').update({ kind: 'x' });
    const entered = await events.next();
    expect(entered.ids).toEqual(['c', 'a']);
    expect(entered.changes).toEqual(['added:c -1>0']);
    expect(entered.readTime).toBeGreaterThanOrEqual(deleted.readTime);
  });

  it('deliver one snapshot per commit, with every document of a batch', async () => {
    const col = db.collection('qbatch');
    const events = listenQuery(col);
    expect((await events.next()).ids).toEqual([]);
    const batch = db.batch();
    batch.set(col.doc('one'), { v: 1 });
    batch.set(col.doc('two'), { v: 2 });
    batch.set(db.doc('elsewhere/three'), { v: 3 });
    await batch.commit();
    const snap = await events.next();
    expect(snap.ids).toEqual(['one', 'two']);
    expect(snap.changes).toEqual(['added:one -1>0', 'added:two -1>1']);
  });

  it('keep limit() windows filled as documents enter and leave', async () => {
    const col = db.collection('qlimit');
    for (const [id, rank] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ] as const)
      await col.doc(id).set({ rank });
    const events = listenQuery(col.orderBy('rank').limit(2));
    expect((await events.next()).ids).toEqual(['a', 'b']);

    await col.doc('z').set({ rank: 0 });
    const pushed = await events.next();
    expect(pushed.ids).toEqual(['z', 'a']);
    expect(pushed.changes).toEqual(['added:z -1>0', 'removed:b 1>-1']);

    await col.doc('z').delete();
    await col.doc('a').delete();
    const refilled = await events.until((e) => !e.ids.includes('a'));
    expect(refilled.ids).toEqual(['b', 'c']);
  });

  it('limitToLast() (reversed on the client) follows the last documents', async () => {
    const col = db.collection('qlast');
    for (const [id, rank] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      await col.doc(id).set({ rank });
    const events = listenQuery(col.orderBy('rank').limitToLast(2));
    expect((await events.next()).ids).toEqual(['b', 'c']);
    await col.doc('d').set({ rank: 9 });
    const next = await events.next();
    expect(next.ids).toEqual(['c', 'd']);
    expect(next.changes).toEqual(['added:d -1>1', 'removed:b 0>-1']);
  });

  it('collection-group listeners see matching documents under any parent', async () => {
    const events = listenQuery(db.collectionGroup('lines').where('open', '==', true));
    expect((await events.next()).ids).toEqual([]);
    await db.doc('cg_orders/o1/lines/l1').set({ open: true });
    expect((await events.next()).ids).toEqual(['l1']);
    await db.doc('cg_orders/o2/lines/l2').set({ open: true });
    await db.doc('cg_orders/o2/notes/n1').set({ open: true });
    await db.doc('cg_orders/o2/lines/l3').set({ open: false });
    const both = await events.until((e) => e.ids.length === 2);
    expect(both.snap.docs.map((d) => d.ref.path)).toEqual([
      'cg_orders/o1/lines/l1',
      'cg_orders/o2/lines/l2',
    ]);
    await db.doc('cg_orders/o1/lines/l1').update({ open: false });
    const last = await events.next();
    expect(last.ids).toEqual(['l2']);
    expect(last.changes).toEqual(['removed:l1 0>-1']);
  });

  it('stop receiving snapshots once unsubscribed', async () => {
    const col = db.collection('qunsub');
    const events = new EventQueue<QuerySnapshot>();
    const unsubscribe = col.onSnapshot(events.push, events.fail);
    await events.next();
    unsubscribe();
    await col.doc('x').set({ v: 1 });
    // A second listener on the same collection sees the write; the first one stays quiet.
    const other = listenQuery(col);
    expect((await other.next()).ids).toEqual(['x']);
    expect(events.pending).toHaveLength(0);
  });
});

describe('resets and reconnection', () => {
  it('clearing the project removes the documents from attached listeners', async () => {
    const col = db.collection('qclear');
    await col.doc('a').set({ v: 1 });
    await col.doc('b').set({ v: 2 });
    const query = listenQuery(col);
    const doc = listenDoc(col.doc('a'));
    expect((await query.next()).ids).toEqual(['a', 'b']);
    expect((await doc.next()).exists).toBe(true);
    await clearProject(target);
    const cleared = await query.next();
    expect(cleared.ids).toEqual([]);
    expect(cleared.changes).toEqual(['removed:a 0>-1', 'removed:b 0>-1']);
    expect((await doc.next()).exists).toBe(false);
    // Listeners keep working after the reset.
    await col.doc('c').set({ v: 3 });
    expect((await query.next()).ids).toEqual(['c']);
  });

  it('a listener whose connection drops resumes and catches up with writes made meanwhile', async () => {
    const proxy: TcpProxy = await startTcpProxy(target.host, target.port);
    const client = adminClient({ ...target, port: proxy.port }, 'listen-admin-proxied');
    try {
      const col = db.collection('qresume');
      await col.doc('keep').set({ v: 1 });
      await col.doc('change').set({ v: 1 });
      await col.doc('drop').set({ v: 1 });
      const events = new EventQueue<QuerySnapshot>();
      const unsubscribe = client.db.collection('qresume').onSnapshot(events.push, events.fail);
      unsubscribes.push(unsubscribe);
      expect((await events.next()).docs.map((d) => d.id)).toEqual(['change', 'drop', 'keep']);
      const acceptedBefore = proxy.accepted;

      proxy.hold();
      proxy.dropAll();
      await col.doc('change').update({ v: 2 });
      await col.doc('drop').delete();
      await col.doc('new').set({ v: 1 });
      proxy.release();

      const caughtUp = await events.until((s) => s.docs.some((d) => d.id === 'new'));
      expect(caughtUp.docs.map((d) => `${d.id}=${d.get('v')}`)).toEqual([
        'change=2',
        'keep=1',
        'new=1',
      ]);
      expect(caughtUp.docChanges().map((c) => `${c.type}:${c.doc.id}`)).toEqual(
        expect.arrayContaining(['removed:drop', 'added:new', 'modified:change']),
      );
      expect(proxy.accepted).toBeGreaterThan(acceptedBefore);

      // And it keeps following later writes on the new connection.
      await col.doc('later').set({ v: 1 });
      const later = await events.until((s) => s.docs.some((d) => d.id === 'later'));
      expect(later.docChanges().map((c) => `${c.type}:${c.doc.id}`)).toEqual(['added:later']);
      unsubscribe();
    } finally {
      await client.close();
      await proxy.close();
    }
  });

  it.skipIf(process.env['FIRESTORE_CONFORMANCE_TARGET'] !== undefined)(
    'stop() returns promptly while listen streams are open',
    async () => {
      const emulator = await startFirestoreEmulator({ port: 0, projectId: 'demo-listen-stop' });
      const client = adminClient(
        { ...target, host: emulator.host, port: emulator.port, projectId: 'demo-listen-stop' },
        'listen-admin-stop',
      );
      const events = new EventQueue<QuerySnapshot>();
      const unsubscribe = client.db.collection('any').onSnapshot(events.push, () => undefined);
      await events.next();
      const started = Date.now();
      await emulator.stop();
      expect(Date.now() - started).toBeLessThan(1000);
      unsubscribe();
      await client.close();
    },
  );
});
