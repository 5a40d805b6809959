// Pessimistic transactions, as the server SDKs see them in production (src/engine/locks.ts): a
// read-write transaction locks the documents it reads (shared with other readers, after a short
// grace for older ones to end); writes from outside and other transactions' commits wait for it;
// conflicts resolve by wound-wait (the younger transaction is ABORTED and retried). Ours only: the official emulator's commits wait on each
// other until its lock timeout instead (test/transaction-lock-parity.test.ts covers the timeout).
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../src/engine/caller.js';
import { CONTENTION_ABORT, Databases, EXPIRED_TRANSACTION } from '../src/engine/database.js';
import { FirestoreError } from '../src/store/errors.js';
import { FirestoreService } from '../src/engine/firestore-service.js';
import type { JsonRecord } from '../src/engine/service-core.js';
import { createAuthorizer } from '../src/server/authorize.js';
import { adminClient } from './support/sdk-apps.js';
import {
  clearProject,
  docName,
  rest,
  startTarget,
  type RestResponse,
  type Target,
} from './support/target.js';

const OURS_ONLY = process.env['FIRESTORE_CONFORMANCE_TARGET'] !== undefined;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

let target: Target;
let db: Firestore;
let closeAdmin: () => Promise<void>;
beforeAll(async () => {
  target = await startTarget('locks');
  const client = adminClient(target, 'locks-suite');
  db = client.db;
  closeAdmin = client.close;
});
afterAll(async () => {
  await closeAdmin();
  await target.close();
});

/** Resolves with the promise's value, and tells whether it settled within `ms`. */
async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await sleep(ms);
  return settled;
}

describe.skipIf(OURS_ONLY)('transaction locks over REST', () => {
  const fields = (n: number) => ({ n: { integerValue: String(n) } });
  const seed = async (path: string, n: number): Promise<void> => {
    const res = await rest(target, 'POST', ':commit', {
      body: { writes: [{ update: { name: docName(target, path), fields: fields(n) } }] },
    });
    expect(res.status).toBe(200);
  };
  const begin = async (): Promise<string> =>
    (await rest(target, 'POST', ':beginTransaction', { body: {} })).json<{ transaction: string }>()
      .transaction;
  const read = (tx: string, ...paths: string[]): Promise<RestResponse> =>
    rest(target, 'POST', ':batchGet', {
      body: { documents: paths.map((p) => docName(target, p)), transaction: tx },
    });
  const commit = (tx: string | undefined, path: string, n: number): Promise<RestResponse> =>
    rest(target, 'POST', ':commit', {
      body: {
        ...(tx ? { transaction: tx } : {}),
        writes: [{ update: { name: docName(target, path), fields: fields(n) } }],
      },
    });
  const value = async (path: string): Promise<string | undefined> =>
    (await rest(target, 'GET', `/${path}`)).json<{ fields?: { n: { integerValue: string } } }>()
      .fields?.n.integerValue;

  it('an outside write to a document a transaction read waits for its commit, then applies', async () => {
    await seed('l/d', 1);
    const tx = await begin();
    expect((await read(tx, 'l/d')).status).toBe(200);
    const outside = commit(undefined, 'l/d', 2);
    expect(await settledWithin(outside, 150)).toBe(false);
    // A plain read does not wait, and still sees the committed value.
    expect(await value('l/d')).toBe('1');
    expect((await commit(tx, 'l/d', 3)).status).toBe(200);
    expect((await outside).status).toBe(200);
    expect(await value('l/d')).toBe('2');
  });

  it('a rollback releases the locks', async () => {
    await seed('l/rb', 1);
    const tx = await begin();
    await read(tx, 'l/rb');
    const outside = commit(undefined, 'l/rb', 2);
    expect(await settledWithin(outside, 100)).toBe(false);
    expect((await rest(target, 'POST', ':rollback', { body: { transaction: tx } })).status).toBe(
      200,
    );
    expect((await outside).status).toBe(200);
    expect(await value('l/rb')).toBe('2');
  });

  it('a multi-document commit waits for every locked target and stays atomic', async () => {
    await seed('l/m1', 1);
    const tx = await begin();
    await read(tx, 'l/m1');
    const outside = rest(target, 'POST', ':commit', {
      body: {
        writes: ['l/m1', 'l/m-free'].map((p) => ({
          update: { name: docName(target, p), fields: fields(5) },
        })),
      },
    });
    expect(await settledWithin(outside, 100)).toBe(false);
    expect(await value('l/m-free')).toBeUndefined();
    expect((await commit(tx, 'l/m1', 3)).status).toBe(200);
    expect((await outside).status).toBe(200);
    expect([await value('l/m1'), await value('l/m-free')]).toEqual(['5', '5']);
  });

  it('an invalid outside write to a locked document fails at once', async () => {
    await seed('l/inv', 1);
    const tx = await begin();
    await read(tx, 'l/inv');
    const res = await rest(target, 'POST', ':commit', {
      body: {
        writes: [{ update: { name: docName(target, 'l/inv'), fields: { __x__: fields(1).n } } }],
      },
    });
    expect(res.status).toBe(400);
    await rest(target, 'POST', ':rollback', { body: { transaction: tx } });
  });

  it('documents returned by a query in a transaction are locked', async () => {
    await seed('lq/a', 1);
    await seed('lq/b', 1);
    const tx = await begin();
    const query = await rest(target, 'POST', ':runQuery', {
      body: { transaction: tx, structuredQuery: { from: [{ collectionId: 'lq' }] } },
    });
    expect(query.json<unknown[]>()).toHaveLength(2);
    const outside = commit(undefined, 'lq/b', 7);
    expect(await settledWithin(outside, 100)).toBe(false);
    expect((await commit(tx, 'lq/a', 2)).status).toBe(200);
    expect((await outside).status).toBe(200);
    expect(await value('lq/b')).toBe('7');
  });

  it('a conflict resolves: the older transaction wounds the younger one, which is ABORTED', async () => {
    await seed('l/x', 1);
    await seed('l/y', 1);
    const older = await begin();
    const younger = await begin();
    expect((await read(older, 'l/x')).status).toBe(200);
    expect((await read(younger, 'l/y')).status).toBe(200);
    // Read locks are shared: the younger one reads l/x at once ...
    expect((await read(younger, 'l/x')).status).toBe(200);
    // ... and the older one's commit of l/y takes the younger one's lock, aborting it.
    expect((await commit(older, 'l/y', 2)).status).toBe(200);
    expect((await commit(younger, 'l/x', 9)).json()).toEqual({
      error: { code: 409, message: CONTENTION_ABORT, status: 'ABORTED' },
    });
    expect(await value('l/y')).toBe('2');
    expect(await value('l/x')).toBe('1');
  });

  it('a younger commit waits for an older reader, and is ABORTED when the older one writes', async () => {
    await seed('l/w', 1);
    const older = await begin();
    const younger = await begin();
    await read(older, 'l/w');
    await read(younger, 'l/w');
    const youngerCommit = commit(younger, 'l/w', 5);
    expect(await settledWithin(youngerCommit, 100)).toBe(false);
    expect((await commit(older, 'l/w', 3)).status).toBe(200);
    expect((await youngerCommit).json()).toEqual({
      error: { code: 409, message: CONTENTION_ABORT, status: 'ABORTED' },
    });
    expect(await value('l/w')).toBe('3');
  });

  it('a retry that names the aborted transaction keeps its age and wins over newer ones', async () => {
    await seed('l/age', 1);
    const first = await begin();
    await rest(target, 'POST', ':rollback', { body: { transaction: first } });
    const newer = await begin();
    expect((await read(newer, 'l/age')).status).toBe(200);
    // The retry of `first` is older than `newer`: its read takes the lock and aborts `newer`.
    // (Its retry reads lock exclusively, so it takes the lock from the younger reader.)
    const retry = await rest(target, 'POST', ':batchGet', {
      body: {
        documents: [docName(target, 'l/age')],
        newTransaction: { readWrite: { retryTransaction: first } },
      },
    });
    expect(retry.status).toBe(200);
    expect((await commit(newer, 'l/age', 5)).status).toBe(409);
  });
});

describe.skipIf(OURS_ONLY)('transaction locks and an emulator reset', () => {
  it('a reset ends the transactions and fails the writes waiting for them', async () => {
    const name = docName(target, 'reset/d');
    const fields = { n: { integerValue: '1' } };
    await rest(target, 'POST', ':commit', { body: { writes: [{ update: { name, fields } }] } });
    const tx = (await rest(target, 'POST', ':beginTransaction', { body: {} })).json<{
      transaction: string;
    }>().transaction;
    await rest(target, 'POST', ':batchGet', { body: { documents: [name], transaction: tx } });
    const outside = rest(target, 'POST', ':commit', {
      body: { writes: [{ update: { name, fields: { n: { integerValue: '2' } } } }] },
    });
    expect(await settledWithin(outside, 100)).toBe(false);
    await clearProject(target);
    expect((await outside).status).toBe(409);
    expect((await rest(target, 'GET', '/reset/d')).status).toBe(404);
    const commit = await rest(target, 'POST', ':commit', { body: { transaction: tx } });
    expect(commit.status).toBe(409);
  });
});

describe.skipIf(OURS_ONLY)('transaction locks through firebase-admin (gRPC)', () => {
  it('an outside write to a document held by a transaction waits for it, then applies', async () => {
    const ref = db.doc('admin-locks/outside');
    await ref.set({ n: 1 });
    let attempts = 0;
    let outside: Promise<unknown> | undefined;
    let waitedForCommit: boolean | undefined;
    await db.runTransaction(async (tx) => {
      attempts++;
      const snap = await tx.get(ref);
      if (!outside) {
        outside = ref.set({ n: 50, by: 'outside' });
        waitedForCommit = !(await settledWithin(outside, 150));
      }
      tx.update(ref, { n: (snap.get('n') as number) + 1 });
    });
    await outside;
    expect(waitedForCommit).toBe(true);
    // Not retried, and the outside write applied after the transaction's commit.
    expect(attempts).toBe(1);
    expect((await ref.get()).data()).toEqual({ n: 50, by: 'outside' });
  });

  it('20 concurrent runTransaction increments of one document end at 20, queued (read lock grace), without retries', async () => {
    const ref = db.doc('admin-locks/counter');
    await ref.set({ n: 0 });
    let attempts = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.runTransaction(async (tx) => {
          attempts++;
          const snap = await tx.get(ref);
          tx.update(ref, { n: (snap.get('n') as number) + 1 });
        }),
      ),
    );
    const elapsed = performance.now() - started;
    expect((await ref.get()).get('n')).toBe(20);
    // Each read waits (the read lock grace, 500 ms) for the older readers to end rather than share
    // their lock, so the transactions run in turn. (Sharing at once, the oldest commit would abort
    // the 19 others, retried after the SDK's backoff of about a second.) A slow machine may let a
    // grace run out, hence the small margin.
    expect(attempts).toBeLessThanOrEqual(25);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('increments through FieldValue and transactions interleave without a lost update', async () => {
    const ref = db.doc('admin-locks/mixed');
    await ref.set({ n: 0 });
    await Promise.all([
      ...Array.from({ length: 10 }, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          tx.update(ref, { n: (snap.get('n') as number) + 1 });
        }),
      ),
      ...Array.from({ length: 10 }, () => ref.update({ n: FieldValue.increment(1) })),
    ]);
    expect((await ref.get()).get('n')).toBe(20);
  });

  it('a deadlock between two transactions resolves: one is aborted and retried, both commit', async () => {
    const a = db.doc('admin-locks/a');
    const b = db.doc('admin-locks/b');
    await a.set({ n: 0 });
    await b.set({ n: 0 });
    let attempts = 0;
    let firstReads = 0;
    let bothRead!: () => void;
    const barrier = new Promise<void>((r) => (bothRead = r));
    const cross = (first: typeof a, second: typeof a) =>
      db.runTransaction(async (tx) => {
        attempts++;
        const s1 = await tx.get(first);
        if (firstReads < 2) {
          // First attempts: each holds one document before asking for the other's.
          if (++firstReads === 2) bothRead();
          await barrier;
        }
        const s2 = await tx.get(second);
        tx.update(first, { n: (s1.get('n') as number) + 1 });
        tx.update(second, { n: (s2.get('n') as number) + 1 });
      });
    const started = performance.now();
    await Promise.all([cross(a, b), cross(b, a)]);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(attempts).toBeGreaterThanOrEqual(3);
    expect((await a.get()).get('n')).toBe(2);
    expect((await b.get()).get('n')).toBe(2);
  });
});

describe('transaction expiry releases locks (engine)', () => {
  const dbName = { project: 'demo-expiry', database: '(default)' };
  const name = (path: string): string =>
    `projects/${dbName.project}/databases/(default)/documents/${path}`;
  const write = (path: string, n: number) => ({
    update: { name: name(path), fields: { n: { integerValue: String(n) } } },
  });

  it('a write waiting for an idle transaction goes through once the transaction expires', async () => {
    const service = new FirestoreService(new Databases({ idleMs: 150 }), () =>
      createAuthorizer({}),
    );
    await service.commit(dbName, { writes: [write('e/d', 1)] }, ADMIN);
    const tx = service.beginTransaction(dbName, {})['transaction'] as string;
    const read = service.batchGet(dbName, { documents: [name('e/d')], transaction: tx }, ADMIN);
    expect(Array.isArray(read)).toBe(true);
    const started = performance.now();
    const outside = service.commit(dbName, { writes: [write('e/d', 2)] }, ADMIN);
    expect(outside).toBeInstanceOf(Promise);
    const result = (await outside) as JsonRecord;
    expect(result['commitTime']).toBeTypeOf('string');
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    expect(() => service.database(dbName).lookup(tx)).toThrow(
      new FirestoreError('ABORTED', EXPIRED_TRANSACTION),
    );
  });

  it('no transaction open: reads and commits answer synchronously', () => {
    const service = new FirestoreService(new Databases(), () => createAuthorizer({}));
    expect(service.commit(dbName, { writes: [write('s/d', 1)] }, ADMIN)).not.toBeInstanceOf(
      Promise,
    );
    expect(service.batchGet(dbName, { documents: [name('s/d')] }, ADMIN)).not.toBeInstanceOf(
      Promise,
    );
  });
});
