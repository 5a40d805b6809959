/**
 * An in-memory stand-in for the parts of `firebase/firestore/lite` the web app uses, for
 * component tests that run the real `features/<f>/api` modules. Use it with
 *   vi.mock('firebase/firestore/lite', () => import('@/testing/fake-firestore-lite'));
 *   vi.mock('@/lib/firebase', () => ({ db: {}, auth: {}, functions: {}, firebaseApp: {} }));
 * and drive it through `fakeDb` (seed, fail, inspect the recorded queries and writes).
 */

type Data = Record<string, unknown>;

export class Timestamp {
  constructor(
    readonly seconds: number,
    readonly nanoseconds: number,
  ) {}
  static fromDate(date: Date): Timestamp {
    const ms = date.getTime();
    return new Timestamp(Math.floor(ms / 1000), (ms % 1000) * 1e6);
  }
  toDate(): Date {
    return new Date(this.seconds * 1000 + this.nanoseconds / 1e6);
  }
}

class Increment {
  constructor(readonly by: number) {}
}
class ServerTimestamp {}

export interface DocumentReference {
  kind: 'doc';
  path: string;
  id: string;
}
export interface CollectionReference {
  kind: 'collection';
  path: string;
}
export type QueryConstraint =
  | { type: 'where'; field: string; op: string; value: unknown }
  | { type: 'orderBy'; field: string; direction: 'asc' | 'desc' };
export interface Query {
  kind: 'query';
  path: string;
  constraints: QueryConstraint[];
}

export type Operation = 'getDoc' | 'getDocs' | 'setDoc' | 'updateDoc' | 'deleteDoc' | 'commit';

export interface RecordedCall {
  op: Operation;
  path: string;
  constraints?: QueryConstraint[];
  data?: Data;
  options?: { merge?: boolean };
}

interface Failure {
  op: Operation;
  pathPrefix: string;
  error: Error;
  once: boolean;
}

const store = new Map<string, Data>();
let failures: Failure[] = [];
let calls: RecordedCall[] = [];
let gates: { op: Operation; promise: Promise<void> }[] = [];

function maybeFail(op: Operation, path: string): void {
  const index = failures.findIndex((f) => f.op === op && path.startsWith(f.pathPrefix));
  if (index < 0) return;
  const failure = failures[index]!;
  if (failure.once) failures = failures.filter((_, i) => i !== index);
  throw failure.error;
}

async function gate(op: Operation): Promise<void> {
  for (const g of gates.filter((x) => x.op === op)) await g.promise;
}

/** Deep copy that keeps Timestamp and Date instances (structuredClone would drop the class). */
function clone<T>(value: T): T {
  if (value instanceof Timestamp || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => clone(item)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clone(v)])) as T;
  }
  return value;
}

function applyWrite(path: string, data: Data, merge: boolean): void {
  const current = merge ? { ...(store.get(path) ?? {}) } : {};
  for (const [key, value] of Object.entries(data)) {
    if (value instanceof Increment) {
      const before = typeof current[key] === 'number' ? (current[key] as number) : 0;
      current[key] = before + value.by;
    } else if (value instanceof ServerTimestamp) {
      current[key] = Timestamp.fromDate(new Date());
    } else {
      current[key] = value;
    }
  }
  store.set(path, current);
}

/** Controls for tests. */
export const fakeDb = {
  reset(): void {
    store.clear();
    failures = [];
    calls = [];
    gates = [];
  },
  seed(path: string, data: Data): void {
    store.set(path, clone(data));
  },
  get(path: string): Data | undefined {
    return store.get(path);
  },
  has(path: string): boolean {
    return store.has(path);
  },
  /** Makes an operation on paths starting with `pathPrefix` throw (every time, or once). */
  fail(
    op: Operation,
    pathPrefix: string,
    error: Error = new Error('permission-denied'),
    once = false,
  ): void {
    failures.push({ op, pathPrefix, error, once });
  },
  /** Holds every `op` until the returned release function is called (to see loading states). */
  hold(op: Operation): () => void {
    let release: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => {
      release = resolve;
    });
    gates.push({ op, promise });
    return () => {
      gates = gates.filter((g) => g.promise !== promise);
      release();
    };
  },
  get calls(): readonly RecordedCall[] {
    return calls;
  },
};

export function getFirestore(): object {
  return {};
}

export function doc(_db: unknown, path: string): DocumentReference {
  return { kind: 'doc', path, id: path.split('/').pop() ?? '' };
}

export function collection(_db: unknown, path: string): CollectionReference {
  return { kind: 'collection', path };
}

export function where(field: string, op: string, value: unknown): QueryConstraint {
  return { type: 'where', field, op, value };
}

export function orderBy(field: string, direction: 'asc' | 'desc' = 'asc'): QueryConstraint {
  return { type: 'orderBy', field, direction };
}

export function query(ref: CollectionReference | Query, ...constraints: QueryConstraint[]): Query {
  const base = ref.kind === 'query' ? ref.constraints : [];
  return { kind: 'query', path: ref.path, constraints: [...base, ...constraints] };
}

export function increment(by: number): Increment {
  return new Increment(by);
}

export function serverTimestamp(): ServerTimestamp {
  return new ServerTimestamp();
}

function snapshotOf(path: string) {
  const data = store.get(path);
  return {
    id: path.split('/').pop() ?? '',
    ref: doc(null, path),
    exists: () => data !== undefined,
    data: () => (data === undefined ? undefined : clone(data)),
  };
}

function compare(a: unknown, b: unknown): number {
  const key = (v: unknown) =>
    v instanceof Timestamp ? v.toDate().getTime() : v instanceof Date ? v.getTime() : v;
  const x = key(a) as number | string;
  const y = key(b) as number | string;
  if (x === y) return 0;
  return x < y ? -1 : 1;
}

export async function getDoc(ref: DocumentReference) {
  calls.push({ op: 'getDoc', path: ref.path });
  await gate('getDoc');
  maybeFail('getDoc', ref.path);
  return snapshotOf(ref.path);
}

export async function getDocs(ref: CollectionReference | Query) {
  const constraints = ref.kind === 'query' ? ref.constraints : [];
  calls.push({ op: 'getDocs', path: ref.path, constraints });
  await gate('getDocs');
  maybeFail('getDocs', ref.path);
  const depth = ref.path.split('/').length + 1;
  let paths = [...store.keys()].filter(
    (p) => p.startsWith(`${ref.path}/`) && p.split('/').length === depth,
  );
  for (const c of constraints) {
    if (c.type === 'where') {
      paths = paths.filter((p) => {
        const value = store.get(p)?.[c.field];
        if (c.op === '==') return value === c.value;
        throw new Error(`fake-firestore-lite: operator ${c.op} not supported`);
      });
    }
  }
  const orders = constraints.filter(
    (c): c is Extract<QueryConstraint, { type: 'orderBy' }> => c.type === 'orderBy',
  );
  paths.sort((a, b) => {
    for (const o of orders) {
      const result = compare(store.get(a)?.[o.field], store.get(b)?.[o.field]);
      if (result !== 0) return o.direction === 'desc' ? -result : result;
    }
    return a < b ? -1 : 1;
  });
  const docs = paths.map(snapshotOf);
  return { docs, empty: docs.length === 0, size: docs.length };
}

export async function setDoc(ref: DocumentReference, data: Data, options?: { merge?: boolean }) {
  calls.push({ op: 'setDoc', path: ref.path, data, options });
  await gate('setDoc');
  maybeFail('setDoc', ref.path);
  applyWrite(ref.path, data, options?.merge === true);
}

export async function updateDoc(ref: DocumentReference, data: Data) {
  calls.push({ op: 'updateDoc', path: ref.path, data });
  await gate('updateDoc');
  maybeFail('updateDoc', ref.path);
  if (!store.has(ref.path)) throw new Error('not-found');
  applyWrite(ref.path, data, true);
}

export async function deleteDoc(ref: DocumentReference) {
  calls.push({ op: 'deleteDoc', path: ref.path });
  await gate('deleteDoc');
  maybeFail('deleteDoc', ref.path);
  store.delete(ref.path);
}

export function writeBatch() {
  const writes: { ref: DocumentReference; data: Data; merge: boolean }[] = [];
  const batch = {
    set(ref: DocumentReference, data: Data, options?: { merge?: boolean }) {
      writes.push({ ref, data, merge: options?.merge === true });
      return batch;
    },
    async commit() {
      const path = writes[0]?.ref.path ?? '';
      calls.push({ op: 'commit', path });
      await gate('commit');
      for (const w of writes) maybeFail('commit', w.ref.path);
      for (const w of writes) applyWrite(w.ref.path, w.data, w.merge);
    },
  };
  return batch;
}
