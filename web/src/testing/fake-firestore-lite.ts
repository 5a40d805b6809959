/**
 * The web tests' one stand-in for Firestore: an in-memory `firebase/firestore/lite` with the
 * parts the entities (web/src/entities) use. testing/setup-tests.ts puts it in place of the SDK
 * for every web test and empties it before each test, so tests run the real entity code against
 * it and drive it through `fakeDb`: seed documents, make an operation fail or wait, and read back
 * the documents and the recorded reads and writes.
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
  id: string;
}
export interface DocumentSnapshot {
  id: string;
  ref: DocumentReference;
  exists(): boolean;
  data(): Data | undefined;
}
export type QueryConstraint =
  | { type: 'where'; field: string; op: string; value: unknown }
  | { type: 'orderBy'; field: string; direction: 'asc' | 'desc' }
  | { type: 'limit'; count: number }
  | { type: 'startAfter'; cursor: DocumentSnapshot };
export interface Query {
  kind: 'query';
  path: string;
  constraints: QueryConstraint[];
}
export interface AggregateField {
  aggregateType: 'sum';
  field: string;
}

export type Operation =
  | 'getDoc'
  | 'getDocs'
  | 'getCount'
  | 'getAggregate'
  | 'setDoc'
  | 'addDoc'
  | 'updateDoc'
  | 'deleteDoc'
  | 'commit';

export interface BatchWrite {
  path: string;
  data: Data;
  options?: { merge?: boolean };
  /** Set on a batch.update() (the document must exist; only the given fields change). */
  update?: true;
  /** Set on a batch.delete(). */
  delete?: true;
}

export interface RecordedCall {
  op: Operation;
  /** The document or collection; for a batch, the first document it writes. */
  path: string;
  constraints?: QueryConstraint[];
  data?: Data;
  options?: { merge?: boolean };
  /** A batch's writes, in order. */
  writes?: BatchWrite[];
  aggregate?: Record<string, AggregateField>;
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
let listeners: ((call: RecordedCall) => void)[] = [];
let autoIds = 0;

function record(call: RecordedCall): void {
  calls.push(call);
  for (const listener of listeners) listener(call);
}

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

/** Records the call, waits while the operation is held, then throws if it is made to fail. */
async function perform(call: RecordedCall, paths: readonly string[] = [call.path]): Promise<void> {
  record(call);
  await gate(call.op);
  for (const path of paths) maybeFail(call.op, path);
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

const lastSegment = (path: string) => path.split('/').pop() ?? '';

/** Controls for tests. */
export const fakeDb = {
  /** Empties the store and forgets failures, held operations, recorded calls and listeners. */
  reset(): void {
    store.clear();
    failures = [];
    calls = [];
    gates = [];
    listeners = [];
    autoIds = 0;
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
  /** Calls `listener` with each operation as it starts (to see it among other services' calls). */
  onCall(listener: (call: RecordedCall) => void): void {
    listeners.push(listener);
  },
  get calls(): readonly RecordedCall[] {
    return calls;
  },
};

export function getFirestore(): object {
  return {};
}

export function connectFirestoreEmulator(): void {}

/**
 * `doc(db, path)`, `doc(db, collection, id)` (path segments, as the SDK joins them), or
 * `doc(collectionRef)` for a new document with an automatic id.
 */
export function doc(parent: unknown, path?: string, ...segments: string[]): DocumentReference {
  if ((parent as CollectionReference | null)?.kind === 'collection') {
    autoIds += 1;
    const id = path ?? `auto-id-${autoIds}`;
    return { kind: 'doc', path: `${(parent as CollectionReference).path}/${id}`, id };
  }
  const full = [path ?? '', ...segments].join('/');
  return { kind: 'doc', path: full, id: lastSegment(full) };
}

export function collection(_db: unknown, path: string): CollectionReference {
  return { kind: 'collection', path, id: lastSegment(path) };
}

export function where(field: string, op: string, value: unknown): QueryConstraint {
  return { type: 'where', field, op, value };
}

export function orderBy(field: string, direction: 'asc' | 'desc' = 'asc'): QueryConstraint {
  return { type: 'orderBy', field, direction };
}

export function limit(count: number): QueryConstraint {
  return { type: 'limit', count };
}

export function startAfter(cursor: DocumentSnapshot): QueryConstraint {
  return { type: 'startAfter', cursor };
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

export function sum(field: string): AggregateField {
  return { aggregateType: 'sum', field };
}

function snapshotOf(path: string): DocumentSnapshot {
  const data = store.get(path);
  return {
    id: lastSegment(path),
    ref: doc(null, path),
    exists: () => data !== undefined,
    data: () => (data === undefined ? undefined : clone(data)),
  };
}

function sortKey(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().getTime();
  if (value instanceof Date) return value.getTime();
  return value;
}

function compare(a: unknown, b: unknown): number {
  const x = sortKey(a) as number | string;
  const y = sortKey(b) as number | string;
  if (x === y) return 0;
  return x < y ? -1 : 1;
}

function matches(data: Data | undefined, c: Extract<QueryConstraint, { type: 'where' }>): boolean {
  const value = data?.[c.field];
  switch (c.op) {
    case '==':
      return sortKey(value) === sortKey(c.value);
    case 'in':
      return (c.value as unknown[]).some((v) => sortKey(v) === sortKey(value));
    case '<':
      return value !== undefined && compare(value, c.value) < 0;
    case '<=':
      return value !== undefined && compare(value, c.value) <= 0;
    case '>':
      return value !== undefined && compare(value, c.value) > 0;
    case '>=':
      return value !== undefined && compare(value, c.value) >= 0;
    default:
      throw new Error(`fake-firestore-lite: operator ${c.op} not supported`);
  }
}

/**
 * The documents a query returns, in order: filters, then the orderBy fields with the document
 * path as the last tie-break (in the last orderBy's direction, as Firestore does), then the
 * cursor and the limit.
 */
function run(ref: CollectionReference | Query): string[] {
  const constraints = ref.kind === 'query' ? ref.constraints : [];
  const depth = ref.path.split('/').length + 1;
  let paths = [...store.keys()].filter(
    (p) => p.startsWith(`${ref.path}/`) && p.split('/').length === depth,
  );
  for (const c of constraints) {
    if (c.type === 'where') paths = paths.filter((p) => matches(store.get(p), c));
  }
  const orders = constraints.filter(
    (c): c is Extract<QueryConstraint, { type: 'orderBy' }> => c.type === 'orderBy',
  );
  const lastDirection = orders.at(-1)?.direction ?? 'asc';
  const order = (a: { path: string; data?: Data }, b: { path: string; data?: Data }) => {
    for (const o of orders) {
      const result = compare(a.data?.[o.field], b.data?.[o.field]);
      if (result !== 0) return o.direction === 'desc' ? -result : result;
    }
    const byPath = compare(a.path, b.path);
    return lastDirection === 'desc' ? -byPath : byPath;
  };
  paths.sort((a, b) => order({ path: a, data: store.get(a) }, { path: b, data: store.get(b) }));
  for (const c of constraints) {
    if (c.type === 'startAfter') {
      const cursor = { path: c.cursor.ref.path, data: c.cursor.data() };
      paths = paths.filter((p) => order({ path: p, data: store.get(p) }, cursor) > 0);
    }
  }
  for (const c of constraints) {
    if (c.type === 'limit') paths = paths.slice(0, c.count);
  }
  return paths;
}

export async function getDoc(ref: DocumentReference) {
  await perform({ op: 'getDoc', path: ref.path });
  return snapshotOf(ref.path);
}

export async function getDocs(ref: CollectionReference | Query) {
  const constraints = ref.kind === 'query' ? ref.constraints : [];
  await perform({ op: 'getDocs', path: ref.path, constraints });
  const docs = run(ref).map(snapshotOf);
  return { docs, empty: docs.length === 0, size: docs.length };
}

export async function getCount(ref: CollectionReference | Query) {
  const constraints = ref.kind === 'query' ? ref.constraints : [];
  await perform({ op: 'getCount', path: ref.path, constraints });
  const count = run(ref).length;
  return { data: () => ({ count }) };
}

/** Sums over the matching documents' numeric values (0 when there are none, as Firestore). */
export async function getAggregate(
  ref: CollectionReference | Query,
  aggregate: Record<string, AggregateField>,
) {
  const constraints = ref.kind === 'query' ? ref.constraints : [];
  await perform({ op: 'getAggregate', path: ref.path, constraints, aggregate });
  const docs = run(ref).map((path) => store.get(path) ?? {});
  const result = Object.fromEntries(
    Object.entries(aggregate).map(([key, spec]) => [
      key,
      docs.reduce((total, data) => {
        const value = data[spec.field];
        return typeof value === 'number' ? total + value : total;
      }, 0),
    ]),
  );
  return { data: () => result };
}

export async function setDoc(ref: DocumentReference, data: Data, options?: { merge?: boolean }) {
  await perform({ op: 'setDoc', path: ref.path, data, options });
  applyWrite(ref.path, data, options?.merge === true);
}

export async function addDoc(ref: CollectionReference, data: Data): Promise<DocumentReference> {
  const created = doc(ref);
  await perform({ op: 'addDoc', path: created.path, data });
  applyWrite(created.path, data, false);
  return created;
}

export async function updateDoc(ref: DocumentReference, data: Data) {
  await perform({ op: 'updateDoc', path: ref.path, data });
  if (!store.has(ref.path)) throw new Error('not-found');
  applyWrite(ref.path, data, true);
}

export async function deleteDoc(ref: DocumentReference) {
  await perform({ op: 'deleteDoc', path: ref.path });
  store.delete(ref.path);
}

/** A batch of sets, updates and deletes: all applied at commit, or none when one of them fails. */
export function writeBatch() {
  const writes: BatchWrite[] = [];
  const batch = {
    set(ref: DocumentReference, data: Data, options?: { merge?: boolean }) {
      writes.push({ path: ref.path, data, ...(options ? { options } : {}) });
      return batch;
    },
    update(ref: DocumentReference, data: Data) {
      writes.push({ path: ref.path, data, update: true });
      return batch;
    },
    delete(ref: DocumentReference) {
      writes.push({ path: ref.path, data: {}, delete: true });
      return batch;
    },
    async commit() {
      const paths = writes.map((w) => w.path);
      await perform({ op: 'commit', path: paths[0] ?? '', writes: [...writes] }, paths);
      const missing = writes.find((w) => w.update && !store.has(w.path));
      if (missing) throw new Error(`not-found: ${missing.path}`);
      for (const w of writes) {
        if (w.delete) store.delete(w.path);
        else applyWrite(w.path, w.data, w.update === true || w.options?.merge === true);
      }
    },
  };
  return batch;
}
