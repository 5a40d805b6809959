// Transaction locks and validation as the official emulator (and production) answer them: a lock
// wait that gives up with ABORTED `Transaction lock timeout.`, shared read locks, range locks for
// queries and listings, FAILED_PRECONDITION for a read-only transaction too far in the past, and a
// verify write without a precondition refused. The lock cases start their own emulator (ours) with
// a short lock timeout and no read lock grace; the validation cases also run against another emulator
// (FIRESTORE_CONFORMANCE_TARGET).
import { spawn } from 'node:child_process';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirestoreCliBundle } from '../src/build-cli.js';
import { ADMIN } from '../src/engine/caller.js';
import { Databases, DEFAULT_LOCK_TIMEOUT_MS } from '../src/engine/database.js';
import { FirestoreService } from '../src/engine/firestore-service.js';
import { LOCK_TIMEOUT } from '../src/engine/locks.js';
import { startFirestoreEmulator, type FirestoreEmulator } from '../src/index.js';
import { createAuthorizer } from '../src/server/authorize.js';
import { FirestoreError } from '../src/store/errors.js';
import { adminClient } from './support/sdk-apps.js';
import {
  docName,
  rest,
  startTarget,
  uniqueProjectId,
  type RestResponse,
  type Target,
} from './support/target.js';

const LOCK_TIMEOUT_MS = 400;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Tells whether the promise settled within `ms`. */
async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await sleep(ms);
  return settled;
}

const TIMEOUT_ANSWER = { error: { code: 409, message: LOCK_TIMEOUT, status: 'ABORTED' } };

let emulator: FirestoreEmulator;
let target: Target;
let admin: Firestore;
let closeAdmin: () => Promise<void>;
beforeAll(async () => {
  const projectId = uniqueProjectId('lock-parity');
  // No read lock grace: reads share a lock at once, as in the official emulator.
  emulator = await startFirestoreEmulator({
    port: 0,
    projectId,
    lockTimeoutMs: LOCK_TIMEOUT_MS,
    readLockGraceMs: 0,
  });
  target = {
    host: emulator.host,
    port: emulator.port,
    url: emulator.url,
    projectId,
    external: false,
    close: () => emulator.stop(),
  };
  const client = adminClient(target, 'lock-parity');
  admin = client.db;
  closeAdmin = client.close;
});
afterAll(async () => {
  await closeAdmin();
  await target.close();
});

const fields = (n: number) => ({ n: { integerValue: String(n) } });
const seed = async (path: string, n: number): Promise<void> => {
  const res = await rest(target, 'POST', ':commit', {
    body: { writes: [{ update: { name: docName(target, path), fields: fields(n) } }] },
  });
  expect(res.status).toBe(200);
};
const begin = async (options: unknown = {}): Promise<string> =>
  (await rest(target, 'POST', ':beginTransaction', { body: { options } })).json<{
    transaction: string;
  }>().transaction;
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

describe('lock timeout: ABORTED "Transaction lock timeout." (official emulator)', () => {
  it('an outside commit waiting for a transaction read lock gives up after the lock timeout', async () => {
    await seed('lt/d', 1);
    const tx = await begin();
    expect((await read(tx, 'lt/d')).status).toBe(200);
    const started = performance.now();
    const outside = await commit(undefined, 'lt/d', 2);
    const waited = performance.now() - started;
    expect(outside.status).toBe(409);
    expect(outside.json()).toEqual(TIMEOUT_ANSWER);
    expect(waited).toBeGreaterThanOrEqual(LOCK_TIMEOUT_MS - 20);
    expect(waited).toBeLessThan(LOCK_TIMEOUT_MS + 1_500);
    // Nothing of it applied; the transaction holding the lock is not affected.
    expect(await value('lt/d')).toBe('1');
    expect((await commit(tx, 'lt/d', 3)).status).toBe(200);
    expect(await value('lt/d')).toBe('3');
  });

  it("a transaction's commit waiting for an older reader times out, and that transaction ends", async () => {
    await seed('lt/c', 1);
    const older = await begin();
    const younger = await begin();
    await read(older, 'lt/c');
    await read(younger, 'lt/c');
    const res = await commit(younger, 'lt/c', 5);
    expect(res.json()).toEqual(TIMEOUT_ANSWER);
    // The timed-out transaction is over: its later requests are ABORTED with the same message.
    expect((await read(younger, 'lt/c')).json()).toEqual(TIMEOUT_ANSWER);
    expect((await commit(older, 'lt/c', 7)).status).toBe(200);
    expect(await value('lt/c')).toBe('7');
  });

  it('a BatchGet and a RunQuery in a transaction waiting for a lock time out too', async () => {
    await seed('ltq/d', 1);
    // A retry's reads lock exclusively (ours), so the younger transaction's reads must wait.
    const first = await begin();
    await rest(target, 'POST', ':rollback', { body: { transaction: first } });
    const holder = await begin({ readWrite: { retryTransaction: first } });
    expect((await read(holder, 'ltq/d')).status).toBe(200);
    const waitingGet = await read(await begin(), 'ltq/d');
    expect(waitingGet.json()).toEqual(TIMEOUT_ANSWER);
    const waitingQuery = await rest(target, 'POST', ':runQuery', {
      body: {
        newTransaction: { readWrite: {} },
        structuredQuery: { from: [{ collectionId: 'ltq' }] },
      },
    });
    expect(waitingQuery.json()).toEqual(TIMEOUT_ANSWER);
    await rest(target, 'POST', ':rollback', { body: { transaction: holder } });
  });

  it('firebase-admin (gRPC): a transaction read waiting for a lock fails with ABORTED and the message', async () => {
    await seed('lt-admin/d', 1);
    const first = await begin();
    await rest(target, 'POST', ':rollback', { body: { transaction: first } });
    const holder = await begin({ readWrite: { retryTransaction: first } });
    await read(holder, 'lt-admin/d');
    const error = await admin
      .runTransaction(async (tx) => (await tx.get(admin.doc('lt-admin/d'))).get('n') as number, {
        maxAttempts: 1,
      })
      .then(
        () => undefined,
        (e: unknown) => e as { code?: number; details?: string },
      );
    expect(error?.code).toBe(10); // ABORTED
    expect(error?.details).toBe(LOCK_TIMEOUT);
    await rest(target, 'POST', ':rollback', { body: { transaction: holder } });
  });

  it('firebase-admin (gRPC): a set() that timed out is retried by the SDK and applies once the lock is free', async () => {
    await seed('lt-admin/s', 1);
    const tx = await begin();
    await read(tx, 'lt-admin/s');
    const set = admin.doc('lt-admin/s').set({ n: 2 });
    await sleep(LOCK_TIMEOUT_MS * 1.5);
    await rest(target, 'POST', ':rollback', { body: { transaction: tx } });
    await set;
    expect(await value('lt-admin/s')).toBe('2');
  });

  it('the default lock timeout is 2 s and applies to the engine', async () => {
    expect(DEFAULT_LOCK_TIMEOUT_MS).toBe(2_000);
    const service = new FirestoreService(new Databases(), () => createAuthorizer({}));
    const dbName = { project: 'demo-default-timeout', database: '(default)' };
    const name = `projects/${dbName.project}/databases/(default)/documents/d/x`;
    const write = { update: { name, fields: fields(1) } };
    await service.commit(dbName, { writes: [write] }, ADMIN);
    const tx = service.beginTransaction(dbName, {})['transaction'] as string;
    await service.batchGet(dbName, { documents: [name], transaction: tx }, ADMIN);
    const started = performance.now();
    await expect(service.commit(dbName, { writes: [write] }, ADMIN)).rejects.toEqual(
      new FirestoreError('ABORTED', LOCK_TIMEOUT),
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_950);
  });
});

describe('the CLI flags --lock-timeout-ms and --read-lock-grace-ms', () => {
  /** Runs the prebuilt CLI with `args`; resolves with its URL once ready, or its exit code. */
  const run = async (args: string[]) => {
    const proc = spawn(process.execPath, [await ensureFirestoreCliBundle(), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const outcome = await new Promise<{ url?: string; code?: number | null; err: string }>(
      (resolve) => {
        let out = '';
        let err = '';
        proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
        proc.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /ready on (http:\/\/\S+)/.exec(out);
          if (m) resolve({ url: m[1] as string, err });
        });
        proc.once('exit', (code) => resolve({ code, err }));
      },
    );
    return { ...outcome, stop: () => proc.kill() };
  };

  it('set the lock timeout of the running emulator; a bad value is refused', async () => {
    const projectId = uniqueProjectId('lock-cli');
    const started = await run([
      '--port',
      '0',
      '--project',
      projectId,
      '--quiet',
      '--lock-timeout-ms',
      '250',
      '--read-lock-grace-ms',
      '0',
    ]);
    try {
      expect(started.url).toBeDefined();
      const cli: Target = {
        host: '127.0.0.1',
        port: Number(new URL(started.url as string).port),
        url: started.url as string,
        projectId,
        external: false,
        close: async () => undefined,
      };
      const name = docName(cli, 'cli/d');
      const write = { update: { name, fields: fields(1) } };
      await rest(cli, 'POST', ':commit', { body: { writes: [write] } });
      const tx = (await rest(cli, 'POST', ':beginTransaction', { body: {} })).json<{
        transaction: string;
      }>().transaction;
      await rest(cli, 'POST', ':batchGet', { body: { documents: [name], transaction: tx } });
      const t = performance.now();
      const outside = await rest(cli, 'POST', ':commit', { body: { writes: [write] } });
      expect(outside.json()).toEqual(TIMEOUT_ANSWER);
      expect(performance.now() - t).toBeLessThan(1_500);
    } finally {
      started.stop();
    }
    const bad = await run(['--port', '0', '--quiet', '--lock-timeout-ms', 'soon']);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('invalid --lock-timeout-ms soon');
  }, 60_000);
});

describe('shared read locks (official emulator, production)', () => {
  it('two transactions read the same document at once; neither read waits', async () => {
    await seed('sh/d', 1);
    const t1 = await begin();
    const t2 = await begin();
    expect((await read(t1, 'sh/d')).status).toBe(200);
    const second = read(t2, 'sh/d');
    expect(await settledWithin(second, 100)).toBe(true);
    expect((await second).status).toBe(200);
    // A query in a third transaction reads it too.
    const query = await rest(target, 'POST', ':runQuery', {
      body: {
        newTransaction: { readWrite: {} },
        structuredQuery: { from: [{ collectionId: 'sh' }] },
      },
    });
    expect(query.status).toBe(200);
    // An outside write waits for every reader.
    const outside = commit(undefined, 'sh/d', 9);
    expect(await settledWithin(outside, 100)).toBe(false);
    await rest(target, 'POST', ':rollback', { body: { transaction: t1 } });
    expect(await settledWithin(outside, 50)).toBe(false);
    await rest(target, 'POST', ':rollback', { body: { transaction: t2 } });
    const tx3 = query.json<{ transaction?: string }[]>()[0]?.transaction as string;
    await rest(target, 'POST', ':rollback', { body: { transaction: tx3 } });
    expect((await outside).status).toBe(200);
  });
});

describe('read lock grace (ours): a read waits a little for an older reader before sharing', () => {
  const dbName = { project: 'demo-grace', database: '(default)' };
  const name = `projects/${dbName.project}/databases/(default)/documents/g/d`;
  const start = async (): Promise<FirestoreService> => {
    const service = new FirestoreService(new Databases({ readLockGraceMs: 200 }), () =>
      createAuthorizer({}),
    );
    await service.commit(dbName, { writes: [{ update: { name, fields: fields(1) } }] }, ADMIN);
    return service;
  };
  const txRead = (service: FirestoreService, tx: string) =>
    Promise.resolve(service.batchGet(dbName, { documents: [name], transaction: tx }, ADMIN));
  const n = (answer: unknown): string | undefined =>
    (answer as { found?: { fields?: { n?: { integerValue?: string } } } }[])[0]?.found?.fields?.n
      ?.integerValue;

  it('an older reader that commits within the grace: the younger read sees its write, no abort', async () => {
    const service = await start();
    const older = service.beginTransaction(dbName, {})['transaction'] as string;
    const younger = service.beginTransaction(dbName, {})['transaction'] as string;
    await txRead(service, older);
    const read = txRead(service, younger);
    expect(await settledWithin(read, 80)).toBe(false);
    await service.commit(
      dbName,
      { transaction: older, writes: [{ update: { name, fields: fields(2) } }] },
      ADMIN,
    );
    expect(n(await read)).toBe('2');
    await service.commit(
      dbName,
      { transaction: younger, writes: [{ update: { name, fields: fields(3) } }] },
      ADMIN,
    );
  });

  it('an older reader that stays open: after the grace the younger read shares the lock', async () => {
    const service = await start();
    const older = service.beginTransaction(dbName, {})['transaction'] as string;
    const younger = service.beginTransaction(dbName, {})['transaction'] as string;
    await txRead(service, older);
    const started = performance.now();
    expect(n(await txRead(service, younger))).toBe('1');
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });
});

describe('range locks: queries and listings lock their collection (official emulator)', () => {
  const runQuery = (tx: string, from: unknown, parent = ''): Promise<RestResponse> =>
    rest(target, 'POST', `${parent}:runQuery`, {
      body: { transaction: tx, structuredQuery: { from: [from] } },
    });

  it('a document that would join a query result waits for the transaction that ran it', async () => {
    await seed('rq/a', 1);
    const tx = await begin();
    expect((await runQuery(tx, { collectionId: 'rq' })).status).toBe(200);
    const create = commit(undefined, 'rq/new', 1);
    expect(await settledWithin(create, 100)).toBe(false);
    // Another collection is not locked.
    expect((await commit(undefined, 'rq-other/x', 1)).status).toBe(200);
    expect((await commit(tx, 'rq/a', 2)).status).toBe(200);
    expect((await create).status).toBe(200);
    expect(await value('rq/new')).toBe('1');
  });

  it('an insert into a queried collection that waits too long is ABORTED with the lock timeout', async () => {
    const tx = await begin();
    await runQuery(tx, { collectionId: 'rq-empty' });
    expect((await commit(undefined, 'rq-empty/new', 1)).json()).toEqual(TIMEOUT_ANSWER);
    expect((await commit(tx, 'rq-empty/mine', 1)).status).toBe(200);
  });

  it('a collection-group query locks the collection id under every parent', async () => {
    const tx = await begin();
    expect((await runQuery(tx, { collectionId: 'grp', allDescendants: true })).status).toBe(200);
    const nested = commit(undefined, 'p/one/grp/new', 1);
    expect(await settledWithin(nested, 100)).toBe(false);
    expect((await commit(undefined, 'p/one/notgrp/new', 1)).status).toBe(200);
    await rest(target, 'POST', ':rollback', { body: { transaction: tx } });
    expect((await nested).status).toBe(200);
  });

  it('ListDocuments in a transaction locks the collection id', async () => {
    await seed('lists/a', 1);
    const tx = await begin();
    const list = await rest(target, 'GET', `/lists?transaction=${encodeURIComponent(tx)}`);
    expect(list.status).toBe(200);
    expect(list.json<{ documents: unknown[] }>().documents).toHaveLength(1);
    const elsewhere = commit(undefined, 'x/y/lists/new', 1);
    expect(await settledWithin(elsewhere, 100)).toBe(false);
    expect((await commit(tx, 'lists/a', 2)).status).toBe(200);
    expect((await elsewhere).status).toBe(200);
  });
});

describe('validation (official emulator, production)', () => {
  let shared: Target;
  beforeAll(async () => {
    shared = await startTarget('lock-parity-validation');
  });
  afterAll(async () => {
    await shared.close();
  });

  it('a read-only transaction at a read time older than the retention is FAILED_PRECONDITION', async () => {
    const old = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const tooOld = {
      error: {
        code: 400,
        message: 'The requested snapshot version is too old.',
        status: 'FAILED_PRECONDITION',
      },
    };
    const begun = await rest(shared, 'POST', ':beginTransaction', {
      body: { options: { readOnly: { readTime: old } } },
    });
    expect(begun.json()).toEqual(tooOld);
    const get = await rest(shared, 'POST', ':batchGet', {
      body: {
        documents: [docName(shared, 'ro/d')],
        newTransaction: { readOnly: { readTime: old } },
      },
    });
    expect(get.json()).toEqual(tooOld);
  });

  it('a verify write without a precondition is INVALID_ARGUMENT, and nothing of the commit applies', async () => {
    const res = await rest(shared, 'POST', ':commit', {
      body: {
        writes: [
          { update: { name: docName(shared, 'vf/set'), fields: fields(1) } },
          { verify: docName(shared, 'vf/set') },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.json<{ error: { status: string } }>().error.status).toBe('INVALID_ARGUMENT');
    expect((await rest(shared, 'GET', '/vf/set')).status).toBe(404);
    // With a precondition it is accepted.
    const ok = await rest(shared, 'POST', ':commit', {
      body: {
        writes: [
          { update: { name: docName(shared, 'vf/set'), fields: fields(1) } },
          { verify: docName(shared, 'vf/set'), currentDocument: { exists: true } },
        ],
      },
    });
    expect(ok.status).toBe(200);
  });
});
