/**
 * Writes and transactions that Cloud Firestore refuses are refused here too, and change nothing:
 * a batch with one invalid write, malformed transaction options, document names beyond
 * production's limits (100 levels of collections, 6 KiB). Raw REST, firebase-admin (gRPC) and
 * Firestore Lite (REST; the web SDK reports any HTTP 400 as 'failed-precondition').
 */
import {
  doc as liteDoc,
  setDoc as liteSetDoc,
  writeBatch as liteWriteBatch,
  type Firestore as LiteFirestore,
} from 'firebase/firestore/lite';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithClients } from './support/sdk-apps.js';
import { docName, rest, type Target } from './support/target.js';

let target: Target;
let admin: Firestore;
let lite: LiteFirestore;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ target, admin, lite, close } = await startWithClients('parity-writes'));
});
afterAll(async () => {
  await close?.();
});

async function exists(path: string): Promise<boolean> {
  return (await rest(target, 'GET', `/${path}`)).status === 200;
}

const deepPath = (levels: number) =>
  Array.from({ length: levels }, (_, i) => `c${i}/d${i}`).join('/');

describe('a batch with one invalid write', () => {
  it('REST commit: 400, and the valid write is not applied', async () => {
    const res = await rest(target, 'POST', ':commit', {
      body: {
        writes: [
          { update: { name: docName(target, 'batch/ok-rest'), fields: {} } },
          {
            update: {
              name: docName(target, 'batch/bad'),
              fields: { __x__: { integerValue: '1' } },
            },
          },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({
      error: { status: 'INVALID_ARGUMENT', message: 'field name __x__ is reserved' },
    });
    expect(await exists('batch/ok-rest')).toBe(false);
  });

  it('firebase-admin batch: INVALID_ARGUMENT, nothing written', async () => {
    const batch = admin.batch();
    batch.set(admin.doc('batch/ok-admin'), { a: 1 });
    batch.set(admin.doc(`batch/${'x'.repeat(1501)}`), { a: 1 });
    await expect(batch.commit()).rejects.toMatchObject({ code: 3 });
    expect(await exists('batch/ok-admin')).toBe(false);
  });

  it('Firestore Lite writeBatch: refused, nothing written', async () => {
    const batch = liteWriteBatch(lite);
    batch.set(liteDoc(lite, 'batch/ok-lite'), { a: 1 });
    batch.set(liteDoc(lite, 'batch/bad-lite'), { s: 'x'.repeat(1_048_488) });
    await expect(batch.commit()).rejects.toMatchObject({ code: 'failed-precondition' });
    expect(await exists('batch/ok-lite')).toBe(false);
  });

  it('REST batchWrite (not atomic) reports a status per write and applies only the valid ones', async () => {
    const res = await rest(target, 'POST', ':batchWrite', {
      body: {
        writes: [
          { update: { name: docName(target, 'batch/ok-bw'), fields: {} } },
          {
            update: {
              name: docName(target, 'batch/bad-bw'),
              fields: { __x__: { integerValue: '1' } },
            },
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.json<{ status: unknown[] }>().status).toEqual([
      {},
      { code: 3, message: 'field name __x__ is reserved' },
    ]);
    expect(await exists('batch/ok-bw')).toBe(true);
    expect(await exists('batch/bad-bw')).toBe(false);
  });
});

describe('malformed transaction options', () => {
  it.each([
    [
      'both readOnly and readWrite',
      { readOnly: {}, readWrite: {} },
      "Payload isn't valid for request.",
    ],
    [
      'a retry of something that is not a transaction id',
      { readWrite: { retryTransaction: 'AAAA' } },
      'Invalid transaction.',
    ],
    [
      'a read-only read time in the future',
      { readOnly: { readTime: '2999-01-01T00:00:00Z' } },
      /./,
    ],
  ])('%s is INVALID_ARGUMENT', async (_name, options, message) => {
    const res = await rest(target, 'POST', ':beginTransaction', { body: { options } });
    expect(res.status).toBe(400);
    expect(res.json<{ error: { status: string; message: string } }>().error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    });
  });

  it('a retry of a transaction that ended is allowed (the SDKs retry that way)', async () => {
    const first = await rest(target, 'POST', ':beginTransaction', { body: {} });
    const { transaction } = first.json<{ transaction: string }>();
    await rest(target, 'POST', ':rollback', { body: { transaction } });
    const retry = await rest(target, 'POST', ':beginTransaction', {
      body: { options: { readWrite: { retryTransaction: transaction } } },
    });
    expect(retry.status).toBe(200);
  });

  it('a commit naming a malformed transaction is INVALID_ARGUMENT and writes nothing', async () => {
    const res = await rest(target, 'POST', ':commit', {
      body: {
        transaction: 'AAAA',
        writes: [{ update: { name: docName(target, 'tx/x'), fields: {} } }],
      },
    });
    expect(res.status).toBe(400);
    expect(await exists('tx/x')).toBe(false);
  });
});

describe('document name limits', () => {
  it('100 levels of collections are accepted, 101 are refused (REST)', async () => {
    const ok = await rest(target, 'POST', ':commit', {
      body: { writes: [{ update: { name: docName(target, deepPath(100)), fields: {} } }] },
    });
    expect(ok.status).toBe(200);
    const tooDeep = await rest(target, 'POST', ':commit', {
      body: { writes: [{ update: { name: docName(target, deepPath(101)), fields: {} } }] },
    });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.json<{ error: { message: string } }>().error.message).toBe(
      'Document path has 101 levels of collections; the maximum is 100.',
    );
  });

  it('a name of 6 KiB is accepted, one byte more is refused (firebase-admin)', async () => {
    // Ids are at most 1,500 bytes: reach 6 KiB with several segments.
    const segment = 'y'.repeat(1000);
    const base = `n/${segment}/n/${segment}/n/${segment}/n/${segment}/n/${segment}/n/`;
    const exact = base + 'z'.repeat(6144 - base.length);
    await admin.doc(exact).set({ ok: true });
    expect((await admin.doc(exact).get()).exists).toBe(true);
    await expect(admin.doc(`${exact}z`).set({ ok: true })).rejects.toMatchObject({
      code: 3,
      details: 'Document name is longer than 6144 bytes.',
    });
  });

  it('an over-long name is refused to Firestore Lite too, and nothing is written', async () => {
    const segment = 'y'.repeat(1000);
    const path = Array.from({ length: 7 }, () => `m/${segment}`).join('/'); // 7,020 bytes
    await expect(liteSetDoc(liteDoc(lite, path), { a: 1 })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringContaining('Document name is longer than 6144 bytes.'),
    });
    expect(await exists(path)).toBe(false);
  });
});
