/** One database's state: its documents and its open transactions. */
import { DocumentStore, type StoredDocument } from '../store/document-store.js';
import type { Micros } from '../store/timestamp.js';
import { FirestoreError, invalidArgument } from './errors.js';

export interface Transaction {
  readonly id: string;
  readonly startedAt: number;
  readonly readOnly: boolean;
  /** Document path -> updateTime seen by the transaction's reads (null = missing). */
  readonly reads: Map<string, Micros | null>;
  /** Read-only transactions read one snapshot, taken at their first read. */
  snapshot?: DocumentStore;
  /** Collection ids the transaction queried ('*' = every collection), with the time of the query. */
  readonly queried: { collectionId: string; at: Micros }[];
}

/** Open transactions idle longer than this are dropped, like the official 270 s expiry. */
const TRANSACTION_TTL_MS = 270_000;
const MAX_REMEMBERED_ENDED = 10_000;

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

export const EXPIRED_TRANSACTION = 'The referenced transaction has expired or is no longer valid.';

export class Database {
  readonly store = new DocumentStore();
  constructor(
    readonly project = '',
    readonly name = '(default)',
    private readonly listeners: ReadonlySet<CommitListener> = new Set(),
    private readonly clearListeners: ReadonlySet<ClearListener> = new Set(),
  ) {}

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
  private readonly ended = new Set<string>();
  private counter = 1;

  begin(readOnly: boolean): Transaction {
    this.expireIdle();
    this.counter += 1;
    const bytes = Buffer.alloc(9);
    bytes[0] = 0x11;
    bytes.writeBigUInt64LE(BigInt(this.counter), 1);
    const tx: Transaction = {
      id: bytes.toString('base64'),
      startedAt: Date.now(),
      readOnly,
      reads: new Map(),
      queried: [],
    };
    this.open.set(tx.id, tx);
    return tx;
  }

  private static checkFormat(id: string): void {
    const bytes = Buffer.from(id, 'base64');
    if (bytes.length !== 9 || bytes[0] !== 0x11) throw invalidArgument('Invalid transaction.');
  }

  /** The open transaction with this id; ABORTED when it ended or never existed. */
  lookup(id: string): Transaction {
    Database.checkFormat(id);
    const tx = this.open.get(id);
    if (!tx) throw new FirestoreError('ABORTED', EXPIRED_TRANSACTION);
    return tx;
  }

  end(id: string): void {
    if (this.open.delete(id)) {
      this.ended.add(id);
      if (this.ended.size > MAX_REMEMBERED_ENDED) {
        const oldest = this.ended.values().next().value;
        if (oldest !== undefined) this.ended.delete(oldest);
      }
    }
  }

  private expireIdle(): void {
    const cutoff = Date.now() - TRANSACTION_TTL_MS;
    for (const tx of this.open.values()) {
      if (tx.startedAt >= cutoff) break; // insertion order = start order
      this.end(tx.id);
    }
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
    for (const id of this.open.keys()) this.ended.add(id);
    this.open.clear();
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
      db = new Database(project, database, this.listeners, this.clearListeners);
      this.byName.set(key, db);
    }
    return db;
  }

  clearAll(): void {
    for (const db of this.byName.values()) db.clear();
  }
}
