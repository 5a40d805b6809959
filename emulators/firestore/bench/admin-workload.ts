/**
 * The workload both emulators run, through unmodified firebase-admin over gRPC: one fresh Admin
 * app per target, pointed at it with FIRESTORE_EMULATOR_HOST (read when the Firestore instance is
 * created). Every figure is the median of several runs.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

export interface WorkloadResult {
  batchWriteMs: number;
  queryMs: number;
  queryHits: number;
  countMs: number;
  count: number;
  orderLimitMs: number;
  /** The `n` values orderBy('n', 'desc').limit(10) answered (10 values, 9999 down). */
  orderLimitTop: number[];
  singleGetMs: number;
  singleWriteMs: number;
  contendedMs: number;
  /** Final counter value of every contended run (20 when no update was lost). */
  contendedFinal: number[];
  contendedErrors: string[];
}

export const DOCS = 10_000;
export const BATCH = 500;
export const CONTENDERS = 20;
export const ORDER_LIMIT = 10;

export async function runAdminWorkload(
  name: string,
  port: number,
  project: string,
  runs: number,
): Promise<WorkloadResult> {
  process.env['FIRESTORE_EMULATOR_HOST'] = `127.0.0.1:${port}`;
  const app = initializeApp({ projectId: project }, `bench-${name}-${port}`);
  const db: Firestore = getFirestore(app);
  try {
    await db.doc('warmup/w').set({ at: Date.now() });
    await db.doc('warmup/w').get();

    // Batch write of 10,000 documents, 20 sequential batches of 500 (the same documents every run).
    const batchTimes: number[] = [];
    for (let run = 0; run < runs; run++) {
      batchTimes.push(
        await timed(async () => {
          for (let start = 0; start < DOCS; start += BATCH) {
            const batch = db.batch();
            for (let i = start; i < start + BATCH; i++) {
              batch.set(db.doc(`items/i${i}`), {
                cat: `c${i % 100}`,
                n: i,
                label: `item ${i}`,
                run,
              });
            }
            await batch.commit();
          }
        }),
      );
    }

    // One equality filter over the 10,000 documents (100 hits).
    const queryTimes: number[] = [];
    let queryHits = 0;
    for (let i = 0; i < 5 + runs * 6; i++) {
      const t = performance.now();
      const snap = await db
        .collection('items')
        .where('cat', '==', `c${i % 100}`)
        .get();
      if (i >= 5) queryTimes.push(performance.now() - t);
      queryHits = snap.size;
    }

    // count() over the 10,000 documents.
    const countTimes: number[] = [];
    let count = 0;
    for (let i = 0; i < 3 + runs * 3; i++) {
      const t = performance.now();
      const snap = await db.collection('items').count().get();
      if (i >= 3) countTimes.push(performance.now() - t);
      count = snap.data().count;
    }

    // orderBy('n', 'desc').limit(10) over the 10,000 documents (the 10 highest).
    const orderLimitTimes: number[] = [];
    let orderLimitTop: number[] = [];
    for (let i = 0; i < 5 + runs * 6; i++) {
      const t = performance.now();
      const snap = await db.collection('items').orderBy('n', 'desc').limit(ORDER_LIMIT).get();
      if (i >= 5) orderLimitTimes.push(performance.now() - t);
      orderLimitTop = snap.docs.map((d) => d.get('n') as number);
    }

    // Single-document reads, one at a time.
    const getTimes: number[] = [];
    for (let i = 0; i < 50 + runs * 60; i++) {
      const t = performance.now();
      await db.doc(`items/i${(i * 37) % DOCS}`).get();
      if (i >= 50) getTimes.push(performance.now() - t);
    }

    // Single-document writes, one at a time.
    const writeTimes: number[] = [];
    for (let i = 0; i < 50 + runs * 60; i++) {
      const t = performance.now();
      await db.doc(`single/s${i % 100}`).set({ i, s: 'x' });
      if (i >= 50) writeTimes.push(performance.now() - t);
    }

    // 20 transactions run concurrently on one document, each get + update(counter + 1).
    const contendedTimes: number[] = [];
    const contendedFinal: number[] = [];
    const contendedErrors: string[] = [];
    for (let run = 0; run < runs; run++) {
      const ref = db.doc(`counters/c${run}`);
      await ref.set({ n: 0 });
      const t = performance.now();
      const outcomes = await Promise.allSettled(
        Array.from({ length: CONTENDERS }, () =>
          db.runTransaction(async (tx) => {
            const snap = await tx.get(ref);
            tx.update(ref, { n: ((snap.get('n') as number | undefined) ?? 0) + 1 });
          }),
        ),
      );
      contendedTimes.push(performance.now() - t);
      for (const o of outcomes)
        if (o.status === 'rejected')
          contendedErrors.push(String((o.reason as Error).message ?? o.reason));
      contendedFinal.push(((await ref.get()).get('n') as number | undefined) ?? Number.NaN);
    }

    return {
      batchWriteMs: median(batchTimes),
      queryMs: median(queryTimes),
      queryHits,
      countMs: median(countTimes),
      count,
      orderLimitMs: median(orderLimitTimes),
      orderLimitTop,
      singleGetMs: median(getTimes),
      singleWriteMs: median(writeTimes),
      contendedMs: median(contendedTimes),
      contendedFinal,
      contendedErrors,
    };
  } finally {
    await deleteApp(app);
  }
}
