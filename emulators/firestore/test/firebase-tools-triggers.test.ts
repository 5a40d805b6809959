/**
 * Firestore triggers end to end: firebase-tools runs our emulator as its Firestore emulator, its
 * Functions emulator registers the fixture's functions (test/fixtures/trigger-functions) with it,
 * and writes from Firestore Lite (REST), firebase-admin (gRPC) and a transaction run them.
 */
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  doc as liteDoc,
  getFirestore as getLiteFirestore,
  setDoc as liteSetDoc,
  setLogLevel,
} from 'firebase/firestore/lite';
import {
  deleteApp as deleteAdminApp,
  initializeApp as initializeAdminApp,
  type App,
} from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFirebaseToolsStack,
  type FirebaseToolsStack,
} from './support/firebase-tools-stack.js';
import { uniqueProjectId } from './support/target.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/trigger-functions', import.meta.url));
const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /inbox/{id} { allow read, write: if true; }
  }
}
`;

let stack: FirebaseToolsStack;
let adminApp: App;
let db: Firestore;

async function waitForDoc(
  path: string,
  until: (data: FirebaseFirestore.DocumentData) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<FirebaseFirestore.DocumentData> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const snap = await db.doc(path).get();
    const data = snap.data();
    if (data && until(data)) return data;
    if (Date.now() > deadline) {
      throw new Error(
        `${path} never matched (last: ${JSON.stringify(data)})\n${stack.output().slice(-4000)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  stack = await startFirebaseToolsStack({
    projectId: uniqueProjectId('triggers'),
    functionsSource: FIXTURE,
    rules: RULES,
  });
  process.env['FIRESTORE_EMULATOR_HOST'] = `${stack.firestore.host}:${stack.firestore.port}`;
  adminApp = initializeAdminApp({ projectId: stack.projectId }, 'triggers-admin');
  db = getFirestore(adminApp);
}, 120_000);

afterAll(async () => {
  if (adminApp) await deleteAdminApp(adminApp);
  await stack?.stop();
}, 30_000);

describe('Firestore triggers through firebase-tools', { timeout: 30_000 }, () => {
  it('registers the 2nd- and 1st-gen Firestore functions with our emulator', async () => {
    const res = await fetch(
      `http://${stack.firestore.host}:${stack.firestore.port}/emulator/v1/projects/${stack.projectId}/triggers`,
    );
    const body = (await res.json()) as {
      triggers: { key: string; eventType: string; document: string }[];
    };
    const byType = Object.fromEntries(body.triggers.map((t) => [t.eventType, t.document]));
    expect(byType).toMatchObject({
      'google.cloud.firestore.document.v1.created': 'inbox/{itemId}',
      'google.cloud.firestore.document.v1.written': 'counters/{counterId}',
      'google.cloud.firestore.document.v1.updated': 'profiles/{uid}',
      'providers/cloud.firestore/eventTypes/document.delete': 'inbox/{itemId}',
    });
    expect(stack.output()).not.toContain('function ignored');
  });

  it('runs onDocumentCreated for a write from Firestore Lite (REST, a signed-out web client)', async () => {
    setLogLevel('silent');
    const app = initializeApp(
      { projectId: stack.projectId, apiKey: 'fake-api-key' },
      'triggers-lite',
    );
    try {
      const lite = getLiteFirestore(app);
      connectFirestoreEmulator(lite, stack.firestore.host, stack.firestore.port);
      await liteSetDoc(liteDoc(lite, 'inbox/from-lite'), { via: 'lite', qty: 3 });
    } finally {
      await deleteApp(app);
    }
    const log = await waitForDoc('trigger_log/created-from-lite');
    expect(log).toMatchObject({
      type: 'google.cloud.firestore.document.v1.created',
      document: 'inbox/from-lite',
      data: { via: 'lite', qty: 3 },
    });
    const stored = await db.doc('inbox/from-lite').get();
    expect(log['createTime']).toBe(stored.createTime?.toDate().toISOString());
  });

  it('runs onDocumentCreated for a write from firebase-admin (gRPC) with every value type', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    await db.doc('inbox/from-admin').set({
      via: 'admin',
      nested: { list: [1, 'two', true, null], price: 12.5 },
      at,
      ref: db.doc('profiles/u1'),
    });
    const log = await waitForDoc('trigger_log/created-from-admin');
    expect(log['data']).toMatchObject({
      via: 'admin',
      nested: { list: [1, 'two', true, null], price: 12.5 },
    });
    expect(log['data'].at.toDate().toISOString()).toBe(at.toISOString());
    expect(log['data'].ref.path).toBe('profiles/u1');
  });

  it('runs onDocumentCreated for a document a transaction creates, once the transaction commits', async () => {
    await db.runTransaction(async (tx) => {
      const snap = await tx.get(db.doc('inbox/from-transaction'));
      expect(snap.exists).toBe(false);
      tx.set(db.doc('inbox/from-transaction'), { via: 'transaction' });
    });
    const log = await waitForDoc('trigger_log/created-from-transaction');
    expect(log['data']).toEqual({ via: 'transaction' });
  });

  it('delivers one document’s changes in commit order (onDocumentWritten: create, updates, delete)', async () => {
    const ref = db.doc('counters/c1');
    await ref.set({ n: 1 });
    await ref.update({ n: 2 });
    await ref.update({ n: 3 });
    await ref.delete();
    const log = await waitForDoc('trigger_log/written-c1', (d) => d['count'] === 4);
    expect(log['seen']).toEqual(['null->1', '1->2', '2->3', '3->null']);
  });

  it('gives onDocumentUpdated the before and after versions', async () => {
    await db.doc('profiles/p1').set({ storeName: 'Old', tier: 'retailer' });
    await db.doc('profiles/p1').update({ storeName: 'New' });
    const log = await waitForDoc('trigger_log/updated-p1');
    expect(log).toEqual({
      before: { storeName: 'Old', tier: 'retailer' },
      after: { storeName: 'New', tier: 'retailer' },
    });
  });

  it('runs a 1st-gen onDelete function with the deleted data', async () => {
    await db.doc('inbox/to-delete').set({ keep: 'me' });
    await db.doc('inbox/to-delete').delete();
    const log = await waitForDoc('trigger_log/deleted-v1-to-delete');
    expect(log).toEqual({
      data: { keep: 'me' },
      // firebase-functions v1 reports the registered legacy type under its current name.
      eventType: 'google.firestore.document.delete',
      resource: `projects/${stack.projectId}/databases/(default)/documents/inbox/to-delete`,
    });
  });
});
