/**
 * What the Firestore API operations share (document-reads.ts, document-writes.ts,
 * document-listing.ts; firestore-service.ts puts them together): the databases, the clock, the
 * billed reads and writes, the document history, the rules checks of reads, read transactions and the
 * documents' JSON form.
 */
import { randomBytes } from 'node:crypto';
import type { Authorizer, AuthorizeRequest } from './authorizer.js';
import type { StoredDocument } from '../store/document-store.js';
import { parseFieldPath, projectFields, invalidFieldPathMessage } from '../store/field-path.js';
import { documentsRoot, type DatabaseName } from '../store/resource-name.js';
import { formatMicros, MonotonicClock } from '../store/timestamp.js';
import type { Fields } from '../store/value.js';
import type { Caller } from './caller.js';
import type { CommitContext } from './commit.js';
import type { Database, Databases, Transaction } from './database.js';
import { invalidArgument, throwIfDenied } from '../store/errors.js';
import type { CompiledQuery } from './query.js';
import type { ConsistencySelector, DocumentJson, StructuredQueryJson } from './request-types.js';
import { Usage } from './usage.js';
import { VersionHistory } from './version-history.js';

export type JsonRecord = Record<string, unknown>;

export interface DocumentMask {
  fieldPaths?: string[];
}

/** A request's mask as field paths (undefined: every field). */
export function maskPaths(mask: DocumentMask | undefined): string[][] | undefined {
  if (!mask) return undefined;
  return (mask.fieldPaths ?? [])
    .filter((p) => p !== '_none_')
    .map((p) => {
      const path = parseFieldPath(p);
      if (!path) throw invalidArgument(invalidFieldPathMessage(p));
      return path;
    });
}

const AUTO_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function autoId(): string {
  const bytes = randomBytes(20);
  let id = '';
  for (const b of bytes) id += AUTO_ID_CHARS[b % AUTO_ID_CHARS.length];
  return id;
}

export class ServiceCore {
  readonly clock = new MonotonicClock();
  /** Reads and writes per project, as billed (GET /emulator/v1/projects/{p}/usage). */
  readonly usage = new Usage();
  /** Past document versions, for reads at a `readTime`. */
  readonly history: VersionHistory;

  constructor(
    readonly databases: Databases,
    /** The security rules' authorizer in force (index.ts gives it). */
    readonly authorizer: () => Authorizer,
  ) {
    this.history = new VersionHistory(databases, () => this.clock.now());
  }

  database(dbName: DatabaseName): Database {
    return this.databases.get(dbName.project, dbName.database);
  }

  toDocumentJson(dbName: DatabaseName, doc: StoredDocument, mask?: string[][]): DocumentJson {
    const fields = mask ? projectFields(doc.fields, mask) : doc.fields;
    const out: DocumentJson = { name: `${documentsRoot(dbName)}/${doc.path}` };
    if (Object.keys(fields).length > 0) out.fields = fields;
    out.createTime = formatMicros(doc.createTime);
    out.updateTime = formatMicros(doc.updateTime);
    return out;
  }

  /**
   * What a commit of these writes needs: the database, the caller, the rules, its time, and the
   * usage counters its writes are billed to.
   */
  commitContext(dbName: DatabaseName, caller: Caller): CommitContext {
    return {
      db: this.database(dbName),
      dbName,
      caller,
      authorizer: this.authorizer(),
      commitTime: this.clock.now(),
      usage: this.usage,
    };
  }

  /**
   * The rules' get() and getAfter() of a database's documents; each document they read is added
   * to `accessed`, to be billed once per request (billRulesReads).
   */
  lookupFor(
    db: Database,
    accessed?: Set<string>,
  ): {
    get(p: string): Fields | null;
    getAfter(p: string): Fields | null;
  } {
    const get = (p: string): Fields | null => {
      accessed?.add(p);
      return db.store.get(p)?.fields ?? null;
    };
    return { get, getAfter: get };
  }

  /** Bills the documents one request's rules read (get(), exists() ...), once each. */
  billRulesReads(db: Database, accessed: ReadonlySet<string>): void {
    if (accessed.size > 0) this.usage.count(db.project, 'rules', accessed.size);
  }

  /**
   * Rules `get` of one document for a non-admin caller (throws PERMISSION_DENIED). The documents
   * the rules read are billed here, or added to `accessed` when the request (a batch get) bills
   * them once for all its documents.
   */
  authorizeGet(
    db: Database,
    caller: Caller,
    path: string,
    doc: StoredDocument | undefined,
    accessed?: Set<string>,
  ): void {
    if (caller.kind === 'admin') return;
    const read = accessed ?? new Set<string>();
    try {
      const decision = this.authorizer().authorize({
        method: 'get',
        path,
        auth: caller.auth,
        time: new Date(),
        resource: doc?.fields ?? null,
        requestResource: null,
        lookup: this.lookupFor(db, read),
      });
      throwIfDenied(decision);
    } finally {
      if (!accessed) this.billRulesReads(db, read);
    }
  }

  /** Rules `list` of a query for a non-admin caller (throws PERMISSION_DENIED). */
  authorizeList(db: Database, caller: Caller, q: CompiledQuery, query: StructuredQueryJson): void {
    const path = q.allDescendants
      ? q.collectionId
      : q.parent === ''
        ? q.collectionId
        : `${q.parent}/${q.collectionId}`;
    this.authorizeListing(db, caller, path, {
      collectionId: q.collectionId,
      parent: q.parent,
      allDescendants: q.allDescendants,
      ...(query.where ? { where: query.where } : {}),
      ...(query.orderBy ? { orderBy: query.orderBy } : {}),
      ...(query.limit !== undefined ? { limit: query.limit } : {}),
      ...(query.offset !== undefined ? { offset: query.offset } : {}),
    });
  }

  /**
   * Rules `list` of one collection (`path`) with what the request asked of it, for a non-admin
   * caller (throws PERMISSION_DENIED); queries and document listings both ask this.
   */
  authorizeListing(
    db: Database,
    caller: Caller,
    path: string,
    query: NonNullable<AuthorizeRequest['query']>,
  ): void {
    if (caller.kind === 'admin') return;
    // A query's rules are judged once, not per document: what they read is billed once.
    const read = new Set<string>();
    try {
      const decision = this.authorizer().authorize({
        method: 'list',
        path,
        auth: caller.auth,
        time: new Date(),
        resource: null,
        requestResource: null,
        query,
        lookup: this.lookupFor(db, read),
      });
      throwIfDenied(decision);
    } finally {
      this.billRulesReads(db, read);
    }
  }

  /** Resolves the transaction of a read: an existing one, a new one, or none. */
  readTransaction(
    db: Database,
    selector: ConsistencySelector,
  ): { tx?: Transaction; created: boolean } {
    if (selector.readTime !== undefined) {
      // A read at a past time: a read-only view of that time, ended at once (no id is returned).
      const tx = this.beginReadOnly(db, selector.readTime, false);
      db.end(tx.id);
      return { tx, created: false };
    }
    if (selector.transaction !== undefined)
      return { tx: db.lookup(selector.transaction), created: false };
    if (selector.newTransaction !== undefined) {
      const readOnly = selector.newTransaction.readOnly;
      return {
        tx:
          readOnly !== undefined
            ? this.beginReadOnly(db, readOnly?.readTime)
            : db.begin(false, selector.newTransaction.readWrite?.retryTransaction),
        created: true,
      };
    }
    return { created: false };
  }

  /**
   * A read-only transaction; with a readTime it reads the documents as they were then (one older
   * than the retention is FAILED_PRECONDITION for a transaction, INVALID_ARGUMENT for a read).
   */
  beginReadOnly(db: Database, readTime: string | undefined, transaction = true): Transaction {
    const snapshot =
      readTime === undefined ? undefined : this.history.storeAt(db, readTime, transaction);
    const tx = db.begin(true);
    if (snapshot) tx.snapshot = snapshot;
    return tx;
  }
}
