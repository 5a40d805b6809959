// The Write stream: the full web SDK's setDoc/updateDoc/deleteDoc/writeBatch go through it (checked
// with firebase-admin), and the raw protocol (handshake, tokens, results, a failed batch's status).
import type {
  Firestore as AdminFirestore,
  Timestamp as AdminTimestamp,
} from 'firebase-admin/firestore';
import {
  arrayUnion,
  deleteDoc,
  deleteField,
  doc,
  increment,
  onSnapshot,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase/firestore';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator } from '../src/index.js';
import { EventQueue } from './support/events.js';
import { openDuplex, rawFirestoreClient, type RawClient } from './support/grpc-client.js';
import { adminClient } from './support/sdk-apps.js';
import { startTarget, type Target } from './support/target.js';
import { mockUser, webClient } from './support/web-sdk.js';

let target: Target;
let web: Firestore;
let admin: AdminFirestore;
let raw: RawClient;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  target = await startTarget('write-stream');
  const w = webClient(target, 'write-stream-web');
  const a = adminClient(target, 'write-stream-admin');
  web = w.db;
  admin = a.db;
  raw = rawFirestoreClient(target.host, target.port);
  closers.push(w.close, a.close);
});
afterAll(async () => {
  raw.close();
  for (const c of closers.reverse()) await c();
  await target.close();
});

describe('web SDK writes (Write stream)', () => {
  it('setDoc, updateDoc with transforms, and deleteDoc', async () => {
    const ref = doc(web, 'wsdocs/a');
    await setDoc(ref, { name: 'widget', qty: 1, tags: ['a'], drop: true });
    expect((await admin.doc('wsdocs/a').get()).data()).toEqual({
      name: 'widget',
      qty: 1,
      tags: ['a'],
      drop: true,
    });

    await updateDoc(ref, {
      qty: increment(4),
      tags: arrayUnion('b'),
      drop: deleteField(),
      at: serverTimestamp(),
      'nested.deep': 'x',
    });
    const updated = (await admin.doc('wsdocs/a').get()).data() as Record<string, unknown>;
    expect(updated['qty']).toBe(5);
    expect(updated['tags']).toEqual(['a', 'b']);
    expect(updated).not.toHaveProperty('drop');
    expect(updated['nested']).toEqual({ deep: 'x' });
    const at = (updated['at'] as AdminTimestamp).toMillis();
    expect(Math.abs(at - Date.now())).toBeLessThan(10_000);

    await setDoc(ref, { extra: 1 }, { merge: true });
    expect((await admin.doc('wsdocs/a').get()).get('extra')).toBe(1);
    expect((await admin.doc('wsdocs/a').get()).get('name')).toBe('widget');

    await deleteDoc(ref);
    expect((await admin.doc('wsdocs/a').get()).exists).toBe(false);
  });

  it('a batch commits atomically; a failing batch changes nothing and later writes still work', async () => {
    const batch = writeBatch(web);
    batch.set(doc(web, 'wsbatch/a'), { v: 1 });
    batch.set(doc(web, 'wsbatch/b'), { v: 2 });
    await batch.commit();
    expect((await admin.collection('wsbatch').get()).docs.map((d) => d.id)).toEqual(['a', 'b']);

    const failing = writeBatch(web);
    failing.set(doc(web, 'wsbatch/c'), { v: 3 });
    failing.update(doc(web, 'wsbatch/missing'), { v: 4 });
    await expect(failing.commit()).rejects.toMatchObject({ code: 'not-found' });
    expect((await admin.doc('wsbatch/c').get()).exists).toBe(false);

    await updateDoc(doc(web, 'wsbatch/a'), { v: 10 });
    expect((await admin.doc('wsbatch/a').get()).get('v')).toBe(10);
  });

  it("the writer's own listener sees the pending write, then the committed one", async () => {
    const events = new EventQueue<DocumentSnapshot>();
    const unsubscribe = onSnapshot(
      doc(web, 'wsown/a'),
      { includeMetadataChanges: true },
      events.push,
      events.fail,
    );
    try {
      await events.until((s) => !s.metadata.fromCache && !s.exists());
      const write = setDoc(doc(web, 'wsown/a'), { v: 1 });
      const pending = await events.until((s) => s.exists());
      expect(pending.metadata.hasPendingWrites).toBe(true);
      await write;
      const committed = await events.until((s) => !s.metadata.hasPendingWrites);
      expect(committed.get('v')).toBe(1);
    } finally {
      unsubscribe();
    }
  });
});

describe.skipIf(process.env['FIRESTORE_CONFORMANCE_TARGET'] !== undefined)(
  'web SDK writes and security rules',
  () => {
    it('allowed writes commit, denied ones fail with permission-denied', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'write-stream-rules-'));
      const project = 'demo-write-stream-rules';
      writeFileSync(
        join(dir, 'firestore.rules'),
        `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /carts/{uid} { allow write: if request.auth.uid == uid; }
  }
}
`,
      );
      const emulator = await startFirestoreEmulator({
        port: 0,
        projectId: project,
        rulesFile: join(dir, 'firestore.rules'),
      });
      const where = { host: emulator.host, port: emulator.port, projectId: project };
      const user = webClient(where, 'write-stream-rules-user', mockUser('u1'));
      const owner = adminClient({ ...target, ...where }, 'write-stream-rules-admin');
      try {
        await setDoc(doc(user.db, 'carts/u1'), { items: 1 });
        expect((await owner.db.doc('carts/u1').get()).get('items')).toBe(1);
        await expect(setDoc(doc(user.db, 'carts/u2'), { items: 1 })).rejects.toMatchObject({
          code: 'permission-denied',
        });
        expect((await owner.db.doc('carts/u2').get()).exists).toBe(false);
      } finally {
        await user.close();
        await owner.close();
        await emulator.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);

interface WriteResponse {
  streamId?: string;
  streamToken?: Buffer;
  writeResults?: { updateTime?: { seconds?: string } }[];
  commitTime?: { seconds?: string; nanos?: number };
}

describe('Write stream protocol', () => {
  const database = (): string => `projects/${target.projectId}/databases/(default)`;
  const name = (path: string): string => `${database()}/documents/${path}`;

  it('handshake, then one response per batch with results, commit time and a new token', async () => {
    const s = openDuplex<WriteResponse>(raw, 'write');
    s.call.write({ database: database() });
    const handshake = await s.responses.next();
    expect(handshake.streamId).toMatch(/^\w+$/);
    expect(handshake.streamToken?.length).toBeGreaterThan(0);
    expect(handshake.writeResults ?? []).toEqual([]);

    s.call.write({
      streamToken: handshake.streamToken,
      writes: [
        { update: { name: name('wsraw/a'), fields: { v: { integerValue: '1' } } } },
        { update: { name: name('wsraw/b'), fields: {} } },
      ],
    });
    const first = await s.responses.next();
    expect(first.writeResults).toHaveLength(2);
    expect(first.commitTime?.seconds).toBeDefined();
    expect(first.writeResults?.[0]?.updateTime).toEqual(first.commitTime);
    expect(first.streamToken?.equals(handshake.streamToken as Buffer)).toBe(false);
    expect((await admin.doc('wsraw/a').get()).get('v')).toBe(1);

    // An empty batch (the SDK's goodbye) is answered too.
    s.call.write({ streamToken: first.streamToken, writes: [] });
    const empty = await s.responses.next();
    expect(empty.writeResults ?? []).toEqual([]);
    expect(empty.commitTime).toBeDefined();
    s.call.end();
    expect(await s.status).toEqual({ code: 0, details: '' });
  });

  it('a failing batch ends the stream with its status and applies nothing', async () => {
    const s = openDuplex<WriteResponse>(raw, 'write');
    s.call.write({ database: database() });
    const handshake = await s.responses.next();
    s.call.write({
      streamToken: handshake.streamToken,
      writes: [
        { update: { name: name('wsraw/c'), fields: {} } },
        { update: { name: name('wsraw/none'), fields: {} }, currentDocument: { exists: true } },
      ],
    });
    const status = await s.status;
    expect(status.code).toBe(5);
    expect(status.details).toMatch(/no entity to update/);
    expect((await admin.doc('wsraw/c').get()).exists).toBe(false);
  });

  it('a stream whose first request lacks the database fails with INVALID_ARGUMENT', async () => {
    const s = openDuplex<WriteResponse>(raw, 'write');
    s.call.write({ writes: [] });
    expect((await s.status).code).toBe(3);
  });
});
