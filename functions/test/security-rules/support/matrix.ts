import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collection,
  deleteDoc,
  doc,
  getAggregate,
  getCount,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  sum,
  updateDoc,
  where,
  type DocumentData,
  type Firestore,
  type OrderByDirection,
  type QueryConstraint,
  type WhereFilterOp,
} from 'firebase/firestore/lite';
import { signInActors, type Actor, type SignedInActors } from './actors';
import { reseed, restoreDemoData } from './seed';

/** The five operations the rules distinguish. */
export type Operation = 'get' | 'list' | 'create' | 'update' | 'delete';
export type Expectation = 'allow' | 'deny';

export interface QuerySpec {
  where?: [field: string, op: WhereFilterOp, value: unknown][];
  orderBy?: [field: string, direction: OrderByDirection][];
  limit?: number;
  /** Run it as an aggregation instead of fetching documents (still a `list` for the rules). */
  aggregate?: 'count' | { sum: string };
}

/**
 * One row of the matrix: who does what to which path, and whether the rules must allow it.
 * - get: getDoc(path)
 * - list: getDocs / getCount / getAggregate over the collection at `path` with `query`
 * - create: setDoc(path, data) on a document that does not exist (or `merge` for the cart's
 *   increment write)
 * - update: updateDoc(path, data); setDoc when `replace` (a full overwrite of an existing
 *   document is an update), setDoc with merge when `merge`
 * - delete: deleteDoc(path)
 * `run` replaces the default call for the few cases that need a batch.
 */
export interface RuleCase {
  actor: Actor;
  op: Operation;
  path: string;
  expect: Expectation;
  why?: string;
  data?: DocumentData;
  merge?: boolean;
  replace?: boolean;
  query?: QuerySpec;
  run?: (db: Firestore) => Promise<unknown>;
}

/** The collection a path belongs to (cart_items for a cart line, not profiles). */
export function collectionOf(path: string): string {
  const parts = path.split('/');
  return parts.length % 2 === 0
    ? (parts[parts.length - 2] as string)
    : (parts[parts.length - 1] as string);
}

export function caseName(c: RuleCase): string {
  const q = c.query
    ? ` [${[
        ...(c.query.where ?? []).map(([f, op, v]) => `${f} ${op} ${JSON.stringify(v)}`),
        ...(c.query.orderBy ?? []).map(([f, d]) => `orderBy ${f} ${d}`),
        ...(c.query.limit ? [`limit ${c.query.limit}`] : []),
        ...(c.query.aggregate
          ? [typeof c.query.aggregate === 'string' ? 'count()' : `sum(${c.query.aggregate.sum})`]
          : []),
      ].join(', ')}]`
    : '';
  return `${c.actor} ${c.op} ${c.path}${q} -> ${c.expect}${c.why ? ` (${c.why})` : ''}`;
}

function perform(db: Firestore, c: RuleCase): Promise<unknown> {
  if (c.run) return c.run(db);
  switch (c.op) {
    case 'get':
      return getDoc(doc(db, c.path));
    case 'list': {
      const spec = c.query ?? {};
      const constraints: QueryConstraint[] = [
        ...(spec.where ?? []).map(([field, op, value]) => where(field, op, value)),
        ...(spec.orderBy ?? []).map(([field, direction]) => orderBy(field, direction)),
        ...(spec.limit ? [limit(spec.limit)] : []),
      ];
      const q = query(collection(db, c.path), ...constraints);
      if (spec.aggregate === 'count') return getCount(q);
      if (spec.aggregate) return getAggregate(q, { total: sum(spec.aggregate.sum) });
      return getDocs(q);
    }
    case 'create':
      return setDoc(doc(db, c.path), c.data ?? {}, { merge: c.merge === true });
    case 'update':
      if (c.replace) return setDoc(doc(db, c.path), c.data ?? {});
      if (c.merge) return setDoc(doc(db, c.path), c.data ?? {}, { merge: true });
      return updateDoc(doc(db, c.path), c.data ?? {});
    case 'delete':
      return deleteDoc(doc(db, c.path));
  }
}

/**
 * Runs a table of cases, one test each, in order. The data is reset and re-seeded before the
 * first case and again after any write that went through, so every case sees the same
 * starting state; afterwards the stack's demo data is put back for the test files that follow. A denial must be exactly `permission-denied` (not not-found or a bad request).
 */
export function runMatrix(title: string, cases: readonly RuleCase[]): void {
  describe(title, () => {
    let actors: SignedInActors | undefined;
    let dirty = true;

    beforeAll(async () => {
      actors = await signInActors();
    });
    afterAll(async () => {
      await actors?.close();
      await restoreDemoData();
    });

    for (const c of cases)
      it(caseName(c), async () => {
        if (!actors) throw new Error('Actors are not signed in');
        if (dirty) {
          await reseed();
          dirty = false;
        }
        const writes =
          c.op === 'create' || c.op === 'update' || c.op === 'delete' || c.run !== undefined;
        const outcome = await perform(actors.db(c.actor), c).then(
          () => ({ allowed: true as const }),
          (error: unknown) => ({ allowed: false as const, error }),
        );
        // A `run` of several writes may have made some before the one refused.
        if (writes && (outcome.allowed || c.run !== undefined)) dirty = true;
        if (c.expect === 'allow') {
          if (!outcome.allowed) throw outcome.error;
        } else {
          expect(outcome.allowed, 'the rules let this request through').toBe(false);
          if (!outcome.allowed) expect(outcome.error).toMatchObject({ code: 'permission-denied' });
        }
      });
  });
}
