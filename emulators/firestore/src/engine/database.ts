/** One database's state: its documents and its open transactions. */
import { DocumentStore, type StoredDocument } from '../store/document-store.js';
import type { Micros } from '../store/timestamp.js';
import { FirestoreError, invalidArgument } from '../store/errors.js';
import {
  LOCK_TIMEOUT,
  LockTable,
  type LockMode,
  type LockOwner,
  type LockWant,
  type MaybePromise,
} from './locks.js';

/** A transaction; a read-write one is a lock owner (src/engine/locks.ts). */
export interface Transaction extends LockOwner {
  readonly id: string;
  readonly startedAt: number;
  /** Date.now() of its last request (or of the end of its last lock wait). */
  lastActive: number;
  readonly readOnly: boolean;
  /** Document path -> updateTime seen by the transaction's reads (null = missing). */
  readonly reads: Map<string, Micros | null>;
  /** Read-only transactions read one snapshot, taken at their first read. */
  snapshot?: DocumentStore;
  /** Collection ids the transaction queried ('*' = every collection), with the time of the query. */
  readonly queried: { collectionId: string; at: Micros }[];
  /**
   * A retry of an aborted transaction: its reads lock exclusively, so transactions that contend
   * for one document run one after the other once they have collided (ours only; see locks.ts).
   */
  readonly retry: boolean;
}

/** Open transactions older than this are dropped, like the production 270 s limit. */
const TRANSACTION_TTL_MS = 270_000;
/** ... and those idle (no request) this long, like production's 60 s idle expiration. */
const TRANSACTION_IDLE_MS = 60_000;
const MAX_REMEMBERED_ENDED = 10_000;
/**
 * How long a request waits for another transaction's lock before ABORTED `Transaction lock
 * timeout.` The official emulator gives up after 2 s (its documentation once said up to 30 s).
 */
export const DEFAULT_LOCK_TIMEOUT_MS = 2_000;
/** See `TransactionLimits.readLockGraceMs`. */
export const DEFAULT_READ_LOCK_GRACE_MS = 500;

export interface TransactionLimits {
  /** Lifetime of a transaction (default 270 s). */
  ttlMs?: number;
  /** Idle time after which a transaction expires, releasing its locks (default 60 s). */
  idleMs?: number;
  /** How long a request waits for a lock before ABORTED `Transaction lock timeout.` (default 2 s; 0: no limit). */
  lockTimeoutMs?: number;
  /**
   * How long a transaction's read of a document an older transaction read waits for that one to
   * end before sharing its lock (default 500 ms; 0: shares at once, as the official emulator).
   * Read-modify-write transactions on one document then queue instead of aborting each other.
   */
  readLockGraceMs?: number;
}

/** The message of a transaction aborted by an older one (wound-wait), as in production. */
export const CONTENTION_ABORT =
  'Aborted due to cross-transaction contention. This occurs when multiple transactions attempt to access the same data, requiring Firestore to abort at least one in order to enforce serializability.';

/** One document's change in a commit: `before`/`after` undefined = missing. */
export interface DocumentChange {
  readonly path: string;
  readonly before: StoredDocument | undefined;
  readonly after: StoredDocument | undefined;
}

/** Every document a commit changed, in write order, after the commit is applied. */
export interface CommitEvent {
  readonly project: string;
  readonly database: string;
  readonly commitTime: Micros;
  readonly changes: readonly DocumentChange[];
}

export type CommitListener = (event: CommitEvent) => void;

/** A database emptied at once by an emulator reset (no commit): the documents it held. */
export interface ClearEvent {
  readonly project: string;
  readonly database: string;
  readonly removed: readonly StoredDocument[];
}

export type ClearListener = (event: ClearEvent) => void;

/**
 * Lock keys of collections (they never equal a document path): one collection (a query's range),
 * every collection with an id (a collection-group query, a listing), every collection.
 */
export const collectionLock = (parent: string, collectionId: string): string =>
  `\u0000c/${parent}/${collectionId}`;
export const collectionIdLock = (collectionId: string): string => `\u0000g/${collectionId}`;
export const ALL_COLLECTIONS_LOCK = '\u0000*';

/** What a write of the document `path` locks: the document, and its collection for intent. */
function writeWants(path: string, out: LockWant[]): void {
  const slash = path.lastIndexOf('/');
  const collection = path.slice(0, slash);
  const idStart = collection.lastIndexOf('/');
  const parent = idStart === -1 ? '' : collection.slice(0, idStart);
  const id = collection.slice(idStart + 1);
  out.push(
    [path, 'exclusive'],
    [collectionLock(parent, id), 'intent'],
    [collectionIdLock(id), 'intent'],
    [ALL_COLLECTIONS_LOCK, 'intent'],
  );
}

export const EXPIRED_TRANSACTION = 'The referenced transaction has expired or is no longer valid.';

export class Database {
  readonly store = new DocumentStore();
  /** Locks of read-write transactions (and of commits waiting for them). */
  readonly locks: LockTable;
  private readonly ttlMs: number;
  private readonly idleMs: number;
  constructor(
    readonly project = '',
    readonly name = '(default)',
    private readonly listeners: ReadonlySet<CommitListener> = new Set(),
    private readonly clearListeners: ReadonlySet<ClearListener> = new Set(),
    limits: TransactionLimits = {},
  ) {
    this.ttlMs = limits.ttlMs ?? TRANSACTION_TTL_MS;
    this.idleMs = limits.idleMs ?? TRANSACTION_IDLE_MS;
    this.locks = new LockTable(
      () => this.scheduleExpiry(),
      limits.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS,
      limits.readLockGraceMs ?? DEFAULT_READ_LOCK_GRACE_MS,
    );
  }

  /**
   * Applies a commit's final documents (undefined = delete) in order and tells every commit
   * listener, synchronously, so listeners see commits in commit order.
   */
  apply(commitTime: Micros, documents: Iterable<[string, StoredDocument | undefined]>): void {
    const changes: DocumentChange[] = [];
    for (const [path, after] of documents) {
      const before = this.store.get(path);
      if (after) this.store.put(after);
      else this.store.delete(path);
      this.noteWrite(path, commitTime);
      if (before !== after) changes.push({ path, before, after });
    }
    if (changes.length === 0 || this.listeners.size === 0) return;
    const event: CommitEvent = { project: this.project, database: this.name, commitTime, changes };
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure never fails the commit that was already applied.
      }
    }
  }

  private readonly open = new Map<string, Transaction>();
  /** Ended transactions -> their age (a retry naming one inherits it). */
  private readonly ended = new Map<string, number>();
  /** Transactions aborted by an older one -> the message their later requests get. */
  private readonly aborted = new Map<string, string>();
  private counter = 1;
  /** Lock ages: transactions and waiting commits, in arrival order. */
  private ageCounter = 0;

  /**
   * Opens a transaction. A read-write one that retries `retryOf` (the SDKs send the id of the
   * attempt that was aborted) keeps that one's age, so it wins conflicts with newer transactions.
   */
  begin(readOnly: boolean, retryOf?: string): Transaction {
    // A retry must name a transaction id (production refuses anything else); an ended one is fine.
    if (retryOf !== undefined) Database.checkFormat(retryOf);
    this.expireIdle();
    this.counter += 1;
    const bytes = Buffer.alloc(9);
    bytes[0] = 0x11;
    bytes.writeBigUInt64LE(BigInt(this.counter), 1);
    const now = Date.now();
    const id = bytes.toString('base64');
    const inherited = retryOf === undefined ? undefined : this.ended.get(retryOf);
    const tx: Transaction = {
      id,
      startedAt: now,
      lastActive: now,
      readOnly,
      reads: new Map(),
      queried: [],
      age: inherited ?? ++this.ageCounter,
      held: new Set(),
      retry: retryOf !== undefined,
      wound: () => this.end(id, CONTENTION_ABORT),
      timedOut: () => this.end(id, LOCK_TIMEOUT),
    };
    this.open.set(tx.id, tx);
    return tx;
  }

  /** A lock owner for one non-transactional commit (younger than everything begun before it). */
  commitOwner(): LockOwner {
    return { age: ++this.ageCounter, held: new Set() };
  }

  private static checkFormat(id: string): void {
    const bytes = Buffer.from(id, 'base64');
    if (bytes.length !== 9 || bytes[0] !== 0x11) throw invalidArgument('Invalid transaction.');
  }

  /** The open transaction with this id; ABORTED when it ended, expired or never existed. */
  lookup(id: string): Transaction {
    Database.checkFormat(id);
    const tx = this.open.get(id);
    if (!tx) throw new FirestoreError('ABORTED', this.aborted.get(id) ?? EXPIRED_TRANSACTION);
    const now = Date.now();
    if (this.expired(tx, now)) {
      this.end(id);
      throw new FirestoreError('ABORTED', EXPIRED_TRANSACTION);
    }
    tx.lastActive = now;
    return tx;
  }

  /**
   * Ends a transaction: its locks go to their waiters and a request of it still waiting fails
   * (ABORTED, with `abortMessage` when an older transaction aborted it, else as expired).
   */
  end(id: string, abortMessage?: string): void {
    const tx = this.open.get(id);
    if (!tx) return;
    this.open.delete(id);
    this.ended.set(id, tx.age);
    if (abortMessage !== undefined) this.aborted.set(id, abortMessage);
    if (this.ended.size > MAX_REMEMBERED_ENDED) {
      const oldest = this.ended.keys().next().value;
      if (oldest !== undefined) {
        this.ended.delete(oldest);
        this.aborted.delete(oldest);
      }
    }
    // A request of it still waiting for a lock fails with this; its locks go to their waiters.
    tx.aborted = new FirestoreError('ABORTED', abortMessage ?? EXPIRED_TRANSACTION);
    if (tx.held.size > 0 || tx.waiting) this.locks.release(tx);
  }

  private expired(tx: Transaction, now: number): boolean {
    return now - tx.startedAt > this.ttlMs || (!tx.waiting && now - tx.lastActive > this.idleMs);
  }

  private expireIdle(): void {
    const cutoff = Date.now() - this.ttlMs;
    for (const tx of this.open.values()) {
      if (tx.startedAt >= cutoff) break; // insertion order = start order
      this.end(tx.id);
    }
  }

  private expiryTimer: NodeJS.Timeout | undefined;
  private expiryAt = Number.POSITIVE_INFINITY;

  /**
   * While someone waits for a lock, checks when the next holder expires (idle or too old) so its
   * locks pass on then: a waiting commit waits for the holder to commit, roll back or expire.
   */
  private scheduleExpiry(): void {
    let next = Number.POSITIVE_INFINITY;
    for (const tx of this.open.values()) {
      if (tx.held.size === 0 || tx.waiting || !this.locks.hasWaitersFor(tx)) continue;
      next = Math.min(next, tx.startedAt + this.ttlMs, tx.lastActive + this.idleMs);
    }
    if (next === Number.POSITIVE_INFINITY || (this.expiryTimer && this.expiryAt <= next)) return;
    clearTimeout(this.expiryTimer);
    this.expiryAt = next;
    this.expiryTimer = setTimeout(
      () => {
        this.expiryTimer = undefined;
        this.expiryAt = Number.POSITIVE_INFINITY;
        const now = Date.now();
        for (const tx of [...this.open.values()]) if (this.expired(tx, now)) this.end(tx.id);
        this.scheduleExpiry();
      },
      Math.max(0, next - Date.now()) + 1,
    );
    this.expiryTimer.unref();
  }

  /**
   * A read of a read-write transaction: runs `read` once the transaction holds a lock on every
   * path `paths()` names (the documents the read returns) and on `ranges` (the collections a query
   * or listing reads). When it had to wait, `paths()` is asked again (a query's result may have
   * changed meanwhile) until it names only locked documents.
   */
  readLocked<T>(
    tx: Transaction,
    paths: () => Iterable<string>,
    read: () => MaybePromise<T>,
    ranges: readonly string[] = [],
  ): MaybePromise<T> {
    // Reads share their locks; a retry's reads take them exclusively (see `Transaction.retry`).
    const mode: LockMode = tx.retry ? 'exclusive' : 'shared';
    const wants = (docs: Iterable<string>): LockWant[] => {
      const out: LockWant[] = ranges.map((key) => [key, 'shared'] as const);
      for (const path of docs) out.push([path, mode]);
      return out;
    };
    const attempt = (want: LockWant[]): MaybePromise<T> =>
      this.locks.withLocks(tx, want, (waited) => {
        if (!waited) return read();
        tx.lastActive = Date.now();
        const now = [...paths()];
        return now.every((p) => this.locks.holds(tx, p, mode)) ? read() : attempt(wants(now));
      });
    return attempt(wants(paths()));
  }

  /**
   * A commit (of `tx`, or non-transactional): runs `apply` right away when no other transaction
   * holds one of the documents `targets()` names (or reads their collections), else first
   * `validate()` (an invalid write fails without waiting) and then waits until each of them is
   * free, or the transaction's own; a wait longer than the lock timeout fails (ABORTED).
   */
  writeLocked<T>(
    tx: Transaction | undefined,
    targets: () => string[],
    validate: () => void,
    apply: () => T,
  ): MaybePromise<T> {
    if (this.locks.size === 0) return apply();
    const wants: LockWant[] = [];
    for (const path of targets()) writeWants(path, wants);
    if (!this.locks.blocked(tx, wants)) return apply();
    validate();
    if (tx) return this.locks.withLocks(tx, wants, () => apply());
    return this.locks.withLocks(this.commitOwner(), wants, () => apply(), true);
  }

  rollback(id: string): void {
    Database.checkFormat(id);
    if (this.open.has(id)) {
      this.end(id);
      return;
    }
    if (!this.ended.has(id)) throw invalidArgument('Transaction is invalid or expired.');
  }

  /** Records what a transaction read, for conflict detection at commit. */
  recordRead(tx: Transaction, path: string, updateTime: Micros | null): void {
    if (tx.readOnly || tx.reads.has(path)) return;
    tx.reads.set(path, updateTime);
  }

  /** The documents a read sees: a read-only transaction's snapshot, else the live store. */
  readStore(tx: Transaction | undefined): DocumentStore {
    if (!tx?.readOnly) return this.store;
    tx.snapshot ??= this.store.clone();
    return tx.snapshot;
  }

  /** The last commit time that wrote into a collection with this id (and into any collection). */
  private readonly collectionWrites = new Map<string, Micros>();
  private lastWrite: Micros = 0;

  noteWrite(path: string, time: Micros): void {
    const segments = path.split('/');
    this.collectionWrites.set(segments[segments.length - 2] as string, time);
    this.lastWrite = time;
  }

  /** Records a query of a transaction: later writes into such collections make its commit abort. */
  recordQuery(tx: Transaction, collectionId: string, at: Micros): void {
    if (tx.readOnly) return;
    tx.queried.push({ collectionId: collectionId === '' ? '*' : collectionId, at });
  }

  /** True when a document the transaction read, or a collection it queried, changed since. */
  conflicts(tx: Transaction): boolean {
    for (const [path, seen] of tx.reads) {
      if ((this.store.get(path)?.updateTime ?? null) !== seen) return true;
    }
    return tx.queried.some(
      (q) =>
        (q.collectionId === '*'
          ? this.lastWrite
          : (this.collectionWrites.get(q.collectionId) ?? 0)) > q.at,
    );
  }

  clear(): void {
    const removed = this.clearListeners.size > 0 ? this.store.all() : [];
    this.store.clear();
    // Requests waiting for a lock fail rather than land in the emptied database.
    this.locks.abortAll(new FirestoreError('ABORTED', 'The emulator was reset.'));
    for (const id of [...this.open.keys()]) this.end(id);
    for (const listener of this.clearListeners) {
      try {
        listener({ project: this.project, database: this.name, removed });
      } catch {
        // As for commits: a listener's failure never fails the reset.
      }
    }
  }
}

export class Databases {
  private readonly byName = new Map<string, Database>();
  private readonly listeners = new Set<CommitListener>();
  private readonly clearListeners = new Set<ClearListener>();

  constructor(private readonly limits: TransactionLimits = {}) {}

  /** Calls `listener` after every commit of every database; returns the unsubscribe function. */
  onCommit(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls `listener` after a database is cleared (emulator reset); returns the unsubscribe function. */
  onClear(listener: ClearListener): () => void {
    this.clearListeners.add(listener);
    return () => this.clearListeners.delete(listener);
  }

  get(project: string, database: string): Database {
    const key = `${project}/${database}`;
    let db = this.byName.get(key);
    if (!db) {
      db = new Database(project, database, this.listeners, this.clearListeners, this.limits);
      this.byName.set(key, db);
    }
    return db;
  }

  clearAll(): void {
    for (const db of this.byName.values()) db.clear();
  }
}
