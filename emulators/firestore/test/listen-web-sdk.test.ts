// Realtime listeners of the full web SDK (`firebase/firestore`, gRPC in Node): onSnapshot on
// documents and queries as another client (firebase-admin) writes, getDoc/getDocs (which the full
// SDK serves through a listen), resets, recovery after a dropped connection, and security rules.
import type { Firestore as AdminFirestore } from 'firebase-admin/firestore';
import {
  collection,
  collectionGroup,
  doc,
  getDoc,
  getDocs,
  limit,
  limitToLast,
  onSnapshot,
  orderBy,
  query,
  where,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QuerySnapshot,
} from 'firebase/firestore';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../src/index.js';
import { EventQueue } from './support/events.js';
import { adminClient } from './support/sdk-apps.js';
import { clearProject, startTarget, type Target } from './support/target.js';
import { startTcpProxy } from './support/tcp-proxy.js';
import { mockUser, webClient } from './support/web-sdk.js';

let target: Target;
let web: Firestore;
let admin: AdminFirestore;
const closers: (() => Promise<void>)[] = [];
const unsubscribes: (() => void)[] = [];

beforeAll(async () => {
  target = await startTarget('listen-web');
  const w = webClient(target, 'listen-web');
  web = w.db;
  const a = adminClient(target, 'listen-web-admin');
  admin = a.db;
  closers.push(w.close, a.close);
});
afterAll(async () => {
  for (const u of unsubscribes) u();
  for (const c of closers.reverse()) await c();
  await target.close();
});

interface QueryEvent {
  ids: string[];
  changes: string[];
  fromCache: boolean;
  snap: QuerySnapshot;
}

function listenQuery(q: Query): EventQueue<QueryEvent> {
  const events = new EventQueue<QueryEvent>();
  unsubscribes.push(
    onSnapshot(
      q,
      (snap) =>
        events.push({
          ids: snap.docs.map((d) => d.id),
          changes: snap
            .docChanges()
            .map((c) => `${c.type}:${c.doc.id} ${c.oldIndex}>${c.newIndex}`)
            .sort(),
          fromCache: snap.metadata.fromCache,
          snap,
        }),
      events.fail,
    ),
  );
  return events;
}

/** The next snapshot the server confirmed (the SDK may show a cached one first). */
const fromServer = (events: EventQueue<QueryEvent>): Promise<QueryEvent> =>
  events.until((e) => !e.fromCache);

describe('web SDK document listeners', () => {
  it('see a missing document, then writes of another client', async () => {
    const events = new EventQueue<DocumentSnapshot>();
    unsubscribes.push(onSnapshot(doc(web, 'wdoc/a'), events.push, events.fail));
    const first = await events.until((s) => !s.metadata.fromCache);
    expect(first.exists()).toBe(false);

    const created = await admin.doc('wdoc/a').set({ n: 1, name: 'widget' });
    const second = await events.next();
    expect(second.data()).toEqual({ n: 1, name: 'widget' });
    expect(second.metadata.fromCache).toBe(false);

    await admin.doc('wdoc/a').update({ n: 2 });
    expect((await events.next()).get('n')).toBe(2);

    await admin.doc('wdoc/a').delete();
    const gone = await events.next();
    expect(gone.exists()).toBe(false);
    expect(created.writeTime.toMillis()).toBeGreaterThan(0);
  });
});

describe('web SDK query listeners', () => {
  it('follow a where/orderBy query: added, modified, removed when leaving and when deleted', async () => {
    await admin.doc('wq/a').set({ kind: 'x', rank: 1 });
    await admin.doc('wq/b').set({ kind: 'x', rank: 2 });
    await admin.doc('wq/c').set({ kind: 'y', rank: 3 });
    const events = listenQuery(
      query(collection(web, 'wq'), where('kind', '==', 'x'), orderBy('rank')),
    );
    const initial = await fromServer(events);
    expect(initial.ids).toEqual(['a', 'b']);

    await admin.doc('wq/d').set({ kind: 'x', rank: 0 });
    const added = await events.next();
    expect(added.ids).toEqual(['d', 'a', 'b']);
    expect(added.changes).toEqual(['added:d -1>0']);

    await admin.doc('wq/a').update({ rank: 5 });
    const modified = await events.next();
    expect(modified.ids).toEqual(['d', 'b', 'a']);
    expect(modified.changes).toEqual(['modified:a 1>2']);

    await admin.doc('wq/b').update({ kind: 'y' });
    const left = await events.until((e) => !e.ids.includes('b'));
    expect(left.ids).toEqual(['d', 'a']);
    expect(left.changes).toEqual(['removed:b 1>-1']);

    await admin.doc('wq/d').delete();
    const deleted = await events.until((e) => !e.ids.includes('d'));
    expect(deleted.ids).toEqual(['a']);
    expect(deleted.changes).toEqual(['removed:d 0>-1']);
    expect(deleted.fromCache).toBe(false);
  });

  it('keep limit() and limitToLast() windows right', async () => {
    for (const [id, rank] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      await admin.doc(`wl/${id}`).set({ rank });
    const first = listenQuery(query(collection(web, 'wl'), orderBy('rank'), limit(2)));
    const last = listenQuery(query(collection(web, 'wl'), orderBy('rank'), limitToLast(2)));
    expect((await fromServer(first)).ids).toEqual(['a', 'b']);
    expect((await fromServer(last)).ids).toEqual(['b', 'c']);

    await admin.doc('wl/z').set({ rank: 0 });
    await admin.doc('wl/y').set({ rank: 9 });
    expect((await first.until((e) => e.ids.includes('z') && !e.fromCache)).ids).toEqual(['z', 'a']);
    expect((await last.until((e) => e.ids.includes('y') && !e.fromCache)).ids).toEqual(['c', 'y']);

    await admin.doc('wl/z').delete();
    expect((await first.until((e) => !e.ids.includes('z') && !e.fromCache)).ids).toEqual([
      'a',
      'b',
    ]);
  });

  it('follow a collection-group query', async () => {
    const events = listenQuery(query(collectionGroup(web, 'wlines'), where('open', '==', true)));
    expect((await fromServer(events)).ids).toEqual([]);
    await admin.doc('word/o1/wlines/l1').set({ open: true });
    await admin.doc('word/o2/wlines/l2').set({ open: true });
    await admin.doc('word/o2/other/l3').set({ open: true });
    const both = await events.until((e) => e.ids.length === 2);
    expect(both.snap.docs.map((d) => d.ref.path)).toEqual([
      'word/o1/wlines/l1',
      'word/o2/wlines/l2',
    ]);
    await admin.doc('word/o1/wlines/l1').update({ open: false });
    expect((await events.until((e) => e.ids.length === 1)).changes).toEqual(['removed:l1 0>-1']);
  });

  it('getDoc and getDocs (served by a listen) read what another client committed', async () => {
    await admin.doc('wget/a').set({ v: 1 });
    await admin.doc('wget/b').set({ v: 2 });
    const one = await getDoc(doc(web, 'wget/a'));
    expect(one.metadata.fromCache).toBe(false);
    expect(one.data()).toEqual({ v: 1 });
    const all = await getDocs(query(collection(web, 'wget'), where('v', '>=', 2)));
    expect(all.docs.map((d) => d.id)).toEqual(['b']);
    expect((await getDoc(doc(web, 'wget/missing'))).exists()).toBe(false);
  });

  it('a project reset removes the documents from the listeners', async () => {
    await admin.doc('wreset/a').set({ v: 1 });
    const events = listenQuery(query(collection(web, 'wreset')));
    expect((await fromServer(events)).ids).toEqual(['a']);
    await clearProject(target);
    const cleared = await events.until((e) => e.ids.length === 0);
    expect(cleared.changes).toEqual(['removed:a 0>-1']);
    await admin.doc('wreset/b').set({ v: 2 });
    expect((await events.until((e) => e.ids.length === 1)).ids).toEqual(['b']);
  });

  it('a listener whose connection drops resumes and catches up', async () => {
    const proxy = await startTcpProxy(target.host, target.port);
    const client = webClient({ ...target, port: proxy.port }, 'listen-web-proxied');
    try {
      await admin.doc('wresume/keep').set({ v: 1 });
      await admin.doc('wresume/change').set({ v: 1 });
      await admin.doc('wresume/drop').set({ v: 1 });
      const events = new EventQueue<QuerySnapshot>();
      const unsubscribe = onSnapshot(
        collection(client.db, 'wresume'),
        { includeMetadataChanges: true },
        events.push,
        events.fail,
      );
      unsubscribes.push(unsubscribe);
      const initial = await events.until((s) => !s.metadata.fromCache);
      expect(initial.docs.map((d) => d.id)).toEqual(['change', 'drop', 'keep']);
      const acceptedBefore = proxy.accepted;

      proxy.hold();
      proxy.dropAll();
      await admin.doc('wresume/change').update({ v: 2 });
      await admin.doc('wresume/drop').delete();
      await admin.doc('wresume/new').set({ v: 1 });
      proxy.release();

      const caughtUp = await events.until(
        (s) => !s.metadata.fromCache && s.docs.some((d) => d.id === 'new'),
        10_000,
      );
      expect(caughtUp.docs.map((d) => `${d.id}=${d.get('v')}`)).toEqual([
        'change=2',
        'keep=1',
        'new=1',
      ]);
      expect(proxy.accepted).toBeGreaterThan(acceptedBefore);

      await admin.doc('wresume/later').set({ v: 1 });
      const later = await events.until((s) => s.docs.some((d) => d.id === 'later'));
      expect(later.docs).toHaveLength(4);
      unsubscribe();
    } finally {
      await client.close();
      await proxy.close();
    }
  });
});

// Rules need this emulator's rules engine (a rules file), so these run against it only.
describe.skipIf(process.env['FIRESTORE_CONFORMANCE_TARGET'] !== undefined)(
  'web SDK listeners and security rules',
  () => {
    const PROJECT = 'demo-listen-web-rules';
    const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /catalog/{id} { allow read: if request.auth != null; }
    match /private/{id} { allow read: if request.auth != null && resource.data.owner == request.auth.uid; }
  }
}
`;
    let emulator: FirestoreEmulator;
    let dir = '';
    let user: Firestore;
    let anonymous: Firestore;
    let owner: AdminFirestore;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'listen-web-rules-'));
      writeFileSync(join(dir, 'firestore.rules'), RULES);
      emulator = await startFirestoreEmulator({
        port: 0,
        projectId: PROJECT,
        rulesFile: join(dir, 'firestore.rules'),
      });
      const where = { host: emulator.host, port: emulator.port, projectId: PROJECT };
      const u = webClient(where, 'listen-web-rules-user', mockUser('u1'));
      const n = webClient(where, 'listen-web-rules-anonymous');
      const a = adminClient({ ...target, ...where }, 'listen-web-rules-admin');
      user = u.db;
      anonymous = n.db;
      owner = a.db;
      closers.push(async () => {
        await u.close();
        await n.close();
        await a.close();
        await emulator.stop();
        rmSync(dir, { recursive: true, force: true });
      });
      await owner.doc('catalog/p1').set({ name: 'widget' });
      await owner.doc('private/mine').set({ owner: 'u1', note: 'hello' });
    });

    it('an allowed query listens; a denied one fails with permission-denied', async () => {
      const allowed = listenQuery(query(collection(user, 'catalog')));
      expect((await fromServer(allowed)).ids).toEqual(['p1']);
      const denied = listenQuery(query(collection(anonymous, 'catalog')));
      const error = (await denied.nextError()) as { code?: string };
      expect(error.code).toBe('permission-denied');
      const listDenied = listenQuery(query(collection(user, 'private')));
      expect(((await listDenied.nextError()) as { code?: string }).code).toBe('permission-denied');
    });

    it('a document listener fails with permission-denied once the document is no longer readable', async () => {
      const events = new EventQueue<DocumentSnapshot>();
      unsubscribes.push(onSnapshot(doc(user, 'private/mine'), events.push, events.fail));
      expect((await events.until((s) => !s.metadata.fromCache)).get('note')).toBe('hello');
      await owner.doc('private/mine').update({ note: 'updated' });
      expect((await events.next()).get('note')).toBe('updated');
      await owner.doc('private/mine').update({ owner: 'u2' });
      const error = (await events.nextError()) as { code?: string };
      expect(error.code).toBe('permission-denied');
    });
  },
);
