// The usage endpoint: reads and writes billed per project, the way tests count what a page or
// function reads and writes.
import { AggregateField, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from './support/sdk-apps.js';
import { docName, rest, startTarget, type Target } from './support/target.js';

let target: Target;
let db: Firestore;
let close: () => Promise<void>;

interface Usage {
  documentReads: number;
  getReads: number;
  queryReads: number;
  aggregationReads: number;
  listenReads: number;
  rulesReads: number;
  readRequests: number;
  documentWrites: number;
  documentDeletes: number;
  writeRequests: number;
}

const NO_WRITES = { documentWrites: 0, documentDeletes: 0, writeRequests: 0 };

async function usage(): Promise<Usage> {
  const res = await rest(target, 'GET', `/emulator/v1/projects/${target.projectId}/usage`);
  expect(res.status).toBe(200);
  return res.json<Usage>();
}

async function reset(): Promise<void> {
  const res = await rest(target, 'DELETE', `/emulator/v1/projects/${target.projectId}/usage`);
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  target = await startTarget('usage');
  const client = adminClient(target, 'usage-suite');
  db = client.db;
  close = client.close;
  const batch = db.batch();
  for (let i = 0; i < 30; i++) batch.set(db.doc(`items/i${String(i).padStart(2, '0')}`), { n: i });
  await batch.commit();
});
afterAll(async () => {
  await close();
  await target.close();
});

describe.skipIf(process.env['FIRESTORE_CONFORMANCE_TARGET'])('usage counters', () => {
  it('start at zero for a project and reset on DELETE', async () => {
    await db.doc('items/i00').get();
    await db.doc('written/reset').set({ n: 1 });
    await db.doc('written/reset').delete();
    const before = await usage();
    expect(before.documentReads).toBeGreaterThan(0);
    expect(before.documentWrites).toBeGreaterThan(0);
    expect(before.documentDeletes).toBeGreaterThan(0);
    expect(before.writeRequests).toBeGreaterThan(0);
    await reset();
    expect(await usage()).toEqual({
      documentReads: 0,
      getReads: 0,
      queryReads: 0,
      aggregationReads: 0,
      listenReads: 0,
      rulesReads: 0,
      readRequests: 0,
      documentWrites: 0,
      documentDeletes: 0,
      writeRequests: 0,
    });
  });

  it('count gets and batch gets per document, missing ones included', async () => {
    await reset();
    await db.doc('items/i01').get();
    await db.getAll(db.doc('items/i02'), db.doc('items/i03'), db.doc('items/nope'));
    const u = await usage();
    expect(u.getReads).toBe(4);
    expect(u.documentReads).toBe(4);
    expect(u.readRequests).toBe(2);
  });

  it('count a query per document returned, and one for an empty result', async () => {
    await reset();
    await db.collection('items').where('n', '<', 5).get();
    await db.collection('items').where('n', '>', 100).get();
    await db.collection('items').orderBy('n').limit(7).get();
    const u = await usage();
    expect(u.queryReads).toBe(5 + 1 + 7);
    expect(u.documentReads).toBe(13);
  });

  it('count an aggregation as one read per thousand entries, at least one', async () => {
    await reset();
    const agg = await db
      .collection('items')
      .aggregate({ count: AggregateField.count(), total: AggregateField.sum('n') })
      .get();
    expect(agg.data().count).toBe(30);
    const u = await usage();
    expect(u.aggregationReads).toBe(1);
    expect(u.documentReads).toBe(1);
  });

  it('count what a listener receives', async () => {
    await reset();
    await new Promise<void>((resolve, reject) => {
      const stop = db
        .collection('items')
        .where('n', '>=', 25)
        .onSnapshot((snap) => {
          stop();
          if (snap.size === 5) resolve();
          else reject(new Error(`expected 5, got ${snap.size}`));
        }, reject);
    });
    const u = await usage();
    expect(u.listenReads).toBe(5);
  });

  it('keep projects apart', async () => {
    await reset();
    await db.doc('items/i04').get();
    const other = await rest(target, 'GET', '/emulator/v1/projects/someone-else/usage');
    expect(other.json<Usage>().documentReads).toBe(0);
    expect((await usage()).documentReads).toBe(1);
  });

  it('count a set, and an update with a server timestamp once', async () => {
    await reset();
    await db.doc('written/a').set({ n: 1 });
    expect(await usage()).toMatchObject({
      documentWrites: 1,
      documentDeletes: 0,
      writeRequests: 1,
    });
    await db.doc('written/a').update({ n: 2, at: FieldValue.serverTimestamp() });
    const u = await usage();
    expect(u).toMatchObject({ documentWrites: 2, documentDeletes: 0, writeRequests: 2 });
    expect(u.documentReads).toBe(0);
  });

  it('count a transform-only write once', async () => {
    await db.doc('written/t').set({ n: 1 });
    await reset();
    const res = await rest(target, 'POST', ':commit', {
      body: {
        writes: [
          {
            transform: {
              document: docName(target, 'written/t'),
              fieldTransforms: [{ fieldPath: 'n', increment: { integerValue: '1' } }],
            },
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(await usage()).toMatchObject({
      documentWrites: 1,
      documentDeletes: 0,
      writeRequests: 1,
    });
  });

  it('count each write and delete of a batch, in one request', async () => {
    await db.doc('written/gone').set({ n: 0 });
    await reset();
    const batch = db.batch();
    for (const id of ['b1', 'b2', 'b3']) batch.set(db.doc(`written/${id}`), { id });
    batch.delete(db.doc('written/gone'));
    await batch.commit();
    expect(await usage()).toMatchObject({
      documentWrites: 3,
      documentDeletes: 1,
      writeRequests: 1,
    });
  });

  it('count the delete of a missing document', async () => {
    await reset();
    await db.doc('written/never-there').delete();
    expect(await usage()).toMatchObject({
      documentWrites: 0,
      documentDeletes: 1,
      writeRequests: 1,
    });
  });

  it("count a transaction's writes as well as its reads", async () => {
    await db.doc('written/x').set({ n: 1 });
    await db.doc('written/y').set({ n: 2 });
    await reset();
    await db.runTransaction(async (t) => {
      const [x, y] = await t.getAll(db.doc('written/x'), db.doc('written/y'));
      t.update(db.doc('written/x'), { n: (x?.get('n') as number) + 10 });
      t.set(db.doc('written/y'), { n: (y?.get('n') as number) + 10 });
    });
    expect(await usage()).toMatchObject({
      documentReads: 2,
      getReads: 2,
      documentWrites: 2,
      documentDeletes: 0,
      writeRequests: 1,
    });
  });

  it('count nothing for writes that fail', async () => {
    await db.doc('written/exists').set({ n: 1 });
    const stale = (await db.doc('written/exists').get()).updateTime;
    await db.doc('written/exists').set({ n: 2 });
    await reset();
    // Preconditions: a missing document to update, an existing one to create, a stale version.
    await expect(db.doc('written/missing').update({ n: 1 })).rejects.toMatchObject({ code: 5 });
    await expect(db.doc('written/exists').create({ n: 1 })).rejects.toMatchObject({ code: 6 });
    await expect(
      db.doc('written/exists').update({ n: 3 }, { lastUpdateTime: stale }),
    ).rejects.toMatchObject({ code: 9 });
    // A failed precondition fails the whole batch: its other writes are not billed either.
    const batch = db.batch();
    batch.set(db.doc('written/ok'), { n: 1 });
    batch.delete(db.doc('written/exists'));
    batch.update(db.doc('written/missing'), { n: 1 });
    await expect(batch.commit()).rejects.toMatchObject({ code: 5 });
    // An invalid write.
    const invalid = await rest(target, 'POST', ':commit', {
      body: { writes: [{ update: { name: docName(target, 'written/bad'), fields: { '': {} } } }] },
    });
    expect(invalid.status).toBe(400);
    expect(await usage()).toMatchObject(NO_WRITES);
  });

  it('count nothing for writes the rules deny', async () => {
    const project = `/emulator/v1/projects/${target.projectId}`;
    const setRules = async (content: string): Promise<void> => {
      const res = await rest(target, 'PUT', `${project}:securityRules`, {
        body: { rules: { files: [{ content }] } },
      });
      expect(res.status, res.text).toBe(200);
    };
    await setRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{collection}/{id} { allow read: if true; allow write: if collection != 'locked'; }
  }
}
`);
    try {
      await reset();
      const denied = await rest(target, 'PATCH', '/locked/a', {
        admin: false,
        body: { fields: { n: { integerValue: '1' } } },
      });
      expect(denied.status).toBe(403);
      const deniedCommit = await rest(target, 'POST', ':commit', {
        admin: false,
        body: {
          writes: [
            { update: { name: docName(target, 'written/open'), fields: {} } },
            { delete: docName(target, 'locked/b') },
          ],
        },
      });
      expect(deniedCommit.status).toBe(403);
      expect(await usage()).toMatchObject(NO_WRITES);
      const allowed = await rest(target, 'PATCH', '/written/open', {
        admin: false,
        body: { fields: { n: { integerValue: '1' } } },
      });
      expect(allowed.status).toBe(200);
      expect(await usage()).toMatchObject({ documentWrites: 1, writeRequests: 1 });
    } finally {
      await setRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} { allow read, write: if true; }
  }
}
`);
    }
  });

  it("bill the documents a client request's rules read, once per request", async () => {
    const project = `/emulator/v1/projects/${target.projectId}`;
    const setRules = async (content: string): Promise<void> => {
      const res = await rest(target, 'PUT', `${project}:securityRules`, {
        body: { rules: { files: [{ content }] } },
      });
      expect(res.status, res.text).toBe(200);
    };
    await db.doc('gate/open').set({ on: true });
    for (const id of ['a', 'b', 'c']) await db.doc(`gated/${id}`).set({ n: 1 });
    // exists() and get() of the same gate: one document; getAfter() of the document written.
    await setRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function gateOpen() {
      let gate = /databases/$(database)/documents/gate/open;
      return exists(gate) && get(gate).data.on == true;
    }
    match /gated/{id} {
      allow read: if gateOpen();
      allow write: if gateOpen()
        && getAfter(/databases/$(database)/documents/gated/$(id)).data.n > 0;
    }
    match /{collection}/{id} { allow read, write: if collection != 'gated'; }
  }
}
`);
    try {
      await reset();
      expect((await rest(target, 'GET', '/gated/a', { admin: false })).status).toBe(200);
      expect(await usage()).toMatchObject({ documentReads: 2, getReads: 1, rulesReads: 1 });

      // A batch get of three: the gate once.
      await reset();
      const batch = await rest(target, 'POST', ':batchGet', {
        admin: false,
        body: { documents: ['a', 'b', 'c'].map((id) => docName(target, `gated/${id}`)) },
      });
      expect(batch.status, batch.text).toBe(200);
      expect(await usage()).toMatchObject({ documentReads: 4, getReads: 3, rulesReads: 1 });

      // A query's rules are judged once, whatever it returns.
      await reset();
      const query = await rest(target, 'POST', ':runQuery', {
        admin: false,
        body: { structuredQuery: { from: [{ collectionId: 'gated' }] } },
      });
      expect(query.status, query.text).toBe(200);
      expect(await usage()).toMatchObject({ documentReads: 4, queryReads: 3, rulesReads: 1 });

      // A commit of two: the gate once; the documents it writes, read after it, are its own.
      await reset();
      const commit = await rest(target, 'POST', ':commit', {
        admin: false,
        body: {
          writes: ['x', 'y'].map((id) => ({
            update: { name: docName(target, `gated/${id}`), fields: { n: { integerValue: '2' } } },
          })),
        },
      });
      expect(commit.status, commit.text).toBe(200);
      expect(await usage()).toMatchObject({ documentReads: 1, rulesReads: 1, documentWrites: 2 });

      // A denied request is billed what its rules read.
      await db.doc('gate/open').set({ on: false });
      await reset();
      expect((await rest(target, 'GET', '/gated/a', { admin: false })).status).toBe(403);
      expect(await usage()).toMatchObject({ rulesReads: 1 });

      // Admin requests skip the rules: nothing more.
      await reset();
      await db.doc('gated/a').get();
      expect(await usage()).toMatchObject({ documentReads: 1, rulesReads: 0 });
    } finally {
      await setRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} { allow read, write: if true; }
  }
}
`);
    }
  });

  it('do not bill a verify write', async () => {
    await db.doc('written/v').set({ n: 1 });
    await reset();
    const verify = { verify: docName(target, 'written/v'), currentDocument: { exists: true } };
    const only = await rest(target, 'POST', ':commit', { body: { writes: [verify] } });
    expect(only.status, only.text).toBe(200);
    expect(await usage()).toMatchObject(NO_WRITES);
    const withSet = await rest(target, 'POST', ':commit', {
      body: { writes: [verify, { update: { name: docName(target, 'written/v2'), fields: {} } }] },
    });
    expect(withSet.status, withSet.text).toBe(200);
    expect(await usage()).toMatchObject({
      documentWrites: 1,
      documentDeletes: 0,
      writeRequests: 1,
    });
  });

  it('count each REST document request, and each write of a batch write that succeeds', async () => {
    await reset();
    const created = await rest(target, 'POST', '/written?documentId=r1', {
      body: { fields: { n: { integerValue: '1' } } },
    });
    expect(created.status, created.text).toBe(200);
    const patched = await rest(target, 'PATCH', '/written/r1', {
      body: { fields: { n: { integerValue: '2' } } },
    });
    expect(patched.status, patched.text).toBe(200);
    const deleted = await rest(target, 'DELETE', '/written/r1');
    expect(deleted.status, deleted.text).toBe(200);
    expect(await usage()).toMatchObject({
      documentWrites: 2,
      documentDeletes: 1,
      writeRequests: 3,
    });
    await reset();
    const batch = await rest(target, 'POST', ':batchWrite', {
      body: {
        writes: [
          { update: { name: docName(target, 'written/w1'), fields: {} } },
          { delete: docName(target, 'written/w2') },
          {
            update: { name: docName(target, 'written/w3'), fields: {} },
            currentDocument: { exists: true },
          },
        ],
      },
    });
    expect(batch.status, batch.text).toBe(200);
    expect(batch.json<{ status: { code?: number }[] }>().status.map((s) => s.code ?? 0)).toEqual([
      0, 0, 5,
    ]);
    expect(await usage()).toMatchObject({
      documentWrites: 1,
      documentDeletes: 1,
      writeRequests: 2,
    });
  });
});
