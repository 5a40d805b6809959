// The usage endpoint: reads billed per project, the way tests count what a page or function reads.
import { AggregateField, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from './support/sdk-apps.js';
import { rest, startTarget, type Target } from './support/target.js';

let target: Target;
let db: Firestore;
let close: () => Promise<void>;

interface Usage {
  documentReads: number;
  getReads: number;
  queryReads: number;
  aggregationReads: number;
  listenReads: number;
  readRequests: number;
}

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
    expect((await usage()).documentReads).toBeGreaterThan(0);
    await reset();
    expect(await usage()).toEqual({
      documentReads: 0,
      getReads: 0,
      queryReads: 0,
      aggregationReads: 0,
      listenReads: 0,
      readRequests: 0,
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
});
