/** The Firestore API operations, shared by the REST and gRPC front ends (internal JSON in and out). */
import { Usage } from './usage';
import { randomBytes } from 'node:crypto';
import type { Authorizer } from '../server/authorize.js';
import { compareDocumentPaths, type StoredDocument } from '../store/document-store.js';
import {
  getField,
  parseFieldPath,
  projectFields,
  invalidFieldPathMessage,
} from '../store/field-path.js';
import {
  documentsRoot,
  parseDocumentName,
  parseParentName,
  validateIdSegment,
  type DatabaseName,
} from '../store/resource-name.js';
import { formatMicros, MonotonicClock, type Micros } from '../store/timestamp.js';
import { compareUtf8, type Fields, type Value } from '../store/value.js';
import { aggregate, aggregationPath } from './aggregate.js';
import type { Caller } from './caller.js';
import {
  alreadyExists,
  commitWrites,
  validateWrites,
  writeTargets,
  type CommitContext,
} from './commit.js';
import type { Database, Databases, Transaction } from './database.js';
import { FirestoreError, invalidArgument, throwIfDenied } from './errors.js';
import { checkAggregationLimits } from './query-limits.js';
import type { MaybePromise } from './locks.js';
import { compileQuery, executeQuery, type CompiledQuery, type QueryResult } from './query.js';
import type {
  AggregationJson,
  ConsistencySelector,
  DocumentJson,
  PreconditionJson,
  StructuredQueryJson,
  WriteJson,
  WriteResultJson,
} from './request-types.js';
import { VersionHistory } from './version-history.js';

export type JsonRecord = Record<string, unknown>;

export interface DocumentMask {
  fieldPaths?: string[];
}

function maskPaths(mask: DocumentMask | undefined): string[][] | undefined {
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

export class FirestoreService {
  readonly clock = new MonotonicClock();
  /** Reads per project, as billed (GET /emulator/v1/projects/{p}/usage). */
  readonly usage = new Usage();
  /** Past document versions, for reads at a `readTime`. */
  readonly history: VersionHistory;

  constructor(
    readonly databases: Databases,
    private readonly authorizer: () => Authorizer,
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

  private commitContext(dbName: DatabaseName, caller: Caller): CommitContext {
    return {
      db: this.database(dbName),
      dbName,
      caller,
      authorizer: this.authorizer(),
      commitTime: this.clock.now(),
    };
  }

  private lookupFor(db: Database): {
    get(p: string): Fields | null;
    getAfter(p: string): Fields | null;
  } {
    const get = (p: string): Fields | null => db.store.get(p)?.fields ?? null;
    return { get, getAfter: get };
  }

  /** Rules `get` of one document for a non-admin caller (throws PERMISSION_DENIED). */
  authorizeGet(db: Database, caller: Caller, path: string, doc: StoredDocument | undefined): void {
    if (caller.kind === 'admin') return;
    const decision = this.authorizer().authorize({
      method: 'get',
      path,
      auth: caller.auth,
      time: new Date(),
      resource: doc?.fields ?? null,
      requestResource: null,
      lookup: this.lookupFor(db),
    });
    throwIfDenied(decision);
  }

  /** Rules `list` of a query for a non-admin caller (throws PERMISSION_DENIED). */
  authorizeList(db: Database, caller: Caller, q: CompiledQuery, query: StructuredQueryJson): void {
    if (caller.kind === 'admin') return;
    const path = q.allDescendants
      ? q.collectionId
      : q.parent === ''
        ? q.collectionId
        : `${q.parent}/${q.collectionId}`;
    const decision = this.authorizer().authorize({
      method: 'list',
      path,
      auth: caller.auth,
      time: new Date(),
      resource: null,
      requestResource: null,
      query: {
        collectionId: q.collectionId,
        parent: q.parent,
        allDescendants: q.allDescendants,
        ...(query.where ? { where: query.where } : {}),
        ...(query.orderBy ? { orderBy: query.orderBy } : {}),
        ...(query.limit !== undefined ? { limit: query.limit } : {}),
        ...(query.offset !== undefined ? { offset: query.offset } : {}),
      },
      lookup: this.lookupFor(db),
    });
    throwIfDenied(decision);
  }

  /** Resolves the transaction of a read: an existing one, a new one, or none. */
  private readTransaction(
    db: Database,
    selector: ConsistencySelector,
  ): { tx?: Transaction; created: boolean } {
    if (selector.readTime !== undefined) {
      // A read at a past time: a read-only view of that time, ended at once (no id is returned).
      const tx = this.beginReadOnly(db, selector.readTime);
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

  /** A read-only transaction; with a readTime it reads the documents as they were then. */
  private beginReadOnly(db: Database, readTime: string | undefined): Transaction {
    const snapshot = readTime === undefined ? undefined : this.history.storeAt(db, readTime);
    const tx = db.begin(true);
    if (snapshot) tx.snapshot = snapshot;
    return tx;
  }

  // ---- writes ----

  /**
   * A commit waits while another transaction holds a lock on a document it writes (see
   * src/engine/locks.ts); the result is then a promise.
   */
  commit(
    dbName: DatabaseName,
    request: { writes?: WriteJson[]; transaction?: string },
    caller: Caller,
  ): MaybePromise<JsonRecord> {
    const db = this.database(dbName);
    const tx = request.transaction !== undefined ? db.lookup(request.transaction) : undefined;
    const writes = request.writes ?? [];
    const apply = (): JsonRecord => {
      // The commit time is taken once the locks are held, so commits apply in time order.
      const outcome = commitWrites(this.commitContext(dbName, caller), writes, tx);
      if (writes.length === 0) return {};
      return { writeResults: outcome.writeResults, commitTime: formatMicros(outcome.commitTime) };
    };
    if (tx?.readOnly) return apply();
    return db.writeLocked(
      tx,
      () => writeTargets(dbName, writes),
      () => validateWrites(this.commitContext(dbName, caller), writes),
      apply,
    );
  }

  batchWrite(
    dbName: DatabaseName,
    request: { writes?: WriteJson[] },
    caller: Caller,
  ): MaybePromise<JsonRecord> {
    const targets = new Set<string>();
    for (const write of request.writes ?? []) {
      const name =
        write.update?.name ?? write.delete ?? write.verify ?? write.transform?.document ?? '';
      const path = parseDocumentName(name).path;
      if (targets.has(path))
        throw invalidArgument(
          'the same document cannot be written more than once in a single request',
        );
      targets.add(path);
    }
    if (caller.kind !== 'admin')
      throw new FirestoreError('PERMISSION_DENIED', 'Batch writes require admin authentication.');
    const db = this.database(dbName);
    const writes = request.writes ?? [];
    const writeResults: WriteResultJson[] = [];
    const status: JsonRecord[] = [];
    const failed = (e: unknown): void => {
      if (!(e instanceof FirestoreError)) throw e;
      writeResults.push({});
      status.push({ code: e.code, message: e.message });
    };
    // Each write is a commit of its own, in turn: one that finds a document locked waits for it.
    const from = (start: number): MaybePromise<JsonRecord> => {
      for (let i = start; i < writes.length; i++) {
        const write = writes[i] as WriteJson;
        let pending: MaybePromise<void>;
        try {
          pending = db.writeLocked(
            undefined,
            () => writeTargets(dbName, [write]),
            () => validateWrites(this.commitContext(dbName, caller), [write]),
            () => {
              const outcome = commitWrites(this.commitContext(dbName, caller), [write]);
              writeResults.push(outcome.writeResults[0] ?? {});
              status.push({});
            },
          );
        } catch (e) {
          failed(e);
          continue;
        }
        if (pending instanceof Promise) return pending.catch(failed).then(() => from(i + 1));
      }
      return { writeResults, status };
    };
    return from(0);
  }

  // ---- reads ----

  batchGet(
    dbName: DatabaseName,
    request: ConsistencySelector & { documents?: string[]; mask?: DocumentMask },
    caller: Caller,
  ): MaybePromise<JsonRecord[]> {
    const db = this.database(dbName);
    const mask = maskPaths(request.mask);
    const paths = (request.documents ?? []).map((name) => {
      const parsed = parseDocumentName(name);
      if (parsed.db.project !== dbName.project || parsed.db.database !== dbName.database)
        throw invalidArgument(`Document "${name}" is not in this database.`);
      return parsed.path;
    });
    const { tx, created } = this.readTransaction(db, request);
    const read = (): JsonRecord[] => {
      const store = db.readStore(tx);
      const docs = paths.map((p) => store.get(p));
      paths.forEach((p, i) => this.authorizeGet(db, caller, p, docs[i]));
      const readTime = formatMicros(this.clock.now());
      this.usage.count(dbName.project, 'get', paths.length);
      const out: JsonRecord[] = created && tx ? [{ transaction: tx.id }] : [];
      paths.forEach((p, i) => {
        const doc = docs[i];
        if (tx) db.recordRead(tx, p, doc?.updateTime ?? null);
        out.push(
          doc
            ? { found: this.toDocumentJson(dbName, doc, mask), readTime }
            : { missing: `${documentsRoot(dbName)}/${p}`, readTime },
        );
      });
      return out;
    };
    // A read-write transaction locks what it reads, waiting for another holder (src/engine/locks.ts).
    return tx && !tx.readOnly ? db.readLocked(tx, () => paths, read) : read();
  }

  getDocument(
    name: string,
    request: ConsistencySelector & { mask?: DocumentMask },
    caller: Caller,
  ): MaybePromise<DocumentJson> {
    const parsed = parseDocumentName(name);
    const db = this.database(parsed.db);
    const { tx } = this.readTransaction(db, request);
    const read = (): DocumentJson => {
      const doc = db.readStore(tx).get(parsed.path);
      this.authorizeGet(db, caller, parsed.path, doc);
      this.usage.count(parsed.db.project, 'get', 1);
      if (tx) db.recordRead(tx, parsed.path, doc?.updateTime ?? null);
      if (!doc)
        throw new FirestoreError(
          'NOT_FOUND',
          `Document (${documentsRoot(parsed.db)}/${parsed.path}) not found.`,
        );
      return this.toDocumentJson(parsed.db, doc, maskPaths(request.mask));
    };
    return tx && !tx.readOnly ? db.readLocked(tx, () => [parsed.path], read) : read();
  }

  /**
   * Runs a query and then `respond` with its result; in a read-write transaction the documents
   * returned are locked first (the query runs again after a wait, as its result may have changed).
   */
  private queryLocked<T>(
    db: Database,
    dbName: DatabaseName,
    q: CompiledQuery,
    tx: Transaction | undefined,
    respond: (result: QueryResult) => T,
    unordered = false,
  ): MaybePromise<T> {
    if (!tx || tx.readOnly) return respond(executeQuery(db.readStore(tx), dbName, q, unordered));
    let result: QueryResult | undefined;
    return db.readLocked(
      tx,
      () => {
        result = executeQuery(db.store, dbName, q, unordered);
        return result.documents.map((d) => d.path);
      },
      () => respond(result as QueryResult),
    );
  }

  private prepareQuery(
    parentName: string,
    query: StructuredQueryJson | undefined,
    caller: Caller,
  ): { dbName: DatabaseName; db: Database; q: CompiledQuery } {
    const parent = parseParentName(parentName);
    if (!query) throw invalidArgument('A structured query is required.');
    const q = compileQuery(parent.db, parent.path, query);
    const db = this.database(parent.db);
    this.authorizeList(db, caller, q, query);
    return { dbName: parent.db, db, q };
  }

  runQuery(
    parentName: string,
    request: ConsistencySelector & { structuredQuery?: StructuredQueryJson },
    caller: Caller,
  ): MaybePromise<JsonRecord[]> {
    const { dbName, db, q } = this.prepareQuery(parentName, request.structuredQuery, caller);
    const { tx, created } = this.readTransaction(db, request);
    return this.queryLocked(db, dbName, q, tx, (result) =>
      this.queryResponse(db, dbName, q, tx, created, result),
    );
  }

  private queryResponse(
    db: Database,
    dbName: DatabaseName,
    q: CompiledQuery,
    tx: Transaction | undefined,
    created: boolean,
    result: QueryResult,
  ): JsonRecord[] {
    const readMicros = this.clock.now();
    if (tx) db.recordQuery(tx, q.collectionId, readMicros);
    const readTime = formatMicros(readMicros);
    const out: JsonRecord[] = created && tx ? [{ transaction: tx.id }] : [];
    const docs = result.documents;
    this.usage.count(dbName.project, 'query', Math.max(1, docs.length));
    docs.forEach((doc, i) => {
      if (tx) db.recordRead(tx, doc.path, doc.updateTime);
      const entry: JsonRecord = {
        document: this.toDocumentJson(dbName, doc, q.projection),
        readTime,
      };
      if (i === docs.length - 1) entry['done'] = true;
      else if (result.skipped > 0) entry['skippedResults'] = result.skipped;
      out.push(entry);
    });
    if (docs.length === 0)
      out.push({
        readTime,
        ...(result.skipped > 0 ? { skippedResults: result.skipped } : {}),
        done: true,
      });
    return out;
  }

  runAggregationQuery(
    parentName: string,
    request: ConsistencySelector & {
      structuredAggregationQuery?: {
        structuredQuery?: StructuredQueryJson;
        aggregations?: AggregationJson[];
      };
    },
    caller: Caller,
  ): MaybePromise<JsonRecord[]> {
    const agg = request.structuredAggregationQuery;
    if (!agg) throw invalidArgument('A structured aggregation query is required.');
    checkAggregationLimits(agg.aggregations ?? []);
    const { dbName, db, q } = this.prepareQuery(parentName, agg.structuredQuery, caller);
    // sum() and avg() leave out documents without their field, for every aggregation of the query.
    const required = (agg.aggregations ?? [])
      .flatMap((a) => (a.sum ? [a.sum.field?.fieldPath] : a.avg ? [a.avg.field?.fieldPath] : []))
      .map((p) => aggregationPath(p));
    if (required.length > 0) {
      const base = q.predicate;
      q.predicate = (doc) =>
        base(doc) && required.every((path) => getField(doc.fields, path) !== undefined);
    }
    const { tx, created } = this.readTransaction(db, request);
    // count() needs no order (sum() and avg() add doubles in document order).
    const countsOnly = (agg.aggregations ?? []).every((a) => a.count !== undefined);
    return this.queryLocked(
      db,
      dbName,
      q,
      tx,
      (result) => {
        if (tx) for (const doc of result.documents) db.recordRead(tx, doc.path, doc.updateTime);
        this.usage.count(
          dbName.project,
          'aggregation',
          Usage.aggregationReads(result.documents.length),
        );
        const aggregateFields: Record<string, Value> = aggregate(
          result.documents,
          agg.aggregations ?? [],
        );
        const readMicros = this.clock.now();
        if (tx) db.recordQuery(tx, q.collectionId, readMicros);
        const readTime = formatMicros(readMicros);
        const out: JsonRecord[] = created && tx ? [{ transaction: tx.id }] : [];
        out.push({ result: { aggregateFields }, readTime, done: true });
        return out;
      },
      countsOnly,
    );
  }

  listDocuments(
    parentName: string,
    collectionId: string,
    request: {
      pageSize?: number;
      pageToken?: string;
      mask?: DocumentMask;
      orderBy?: string;
      showMissing?: boolean;
    } & ConsistencySelector,
    caller: Caller,
  ): JsonRecord {
    const parent = parseParentName(parentName);
    const db = this.database(parent.db);
    if (collectionId !== '') validateIdSegment(collectionId, 'collection');
    if (request.pageSize !== undefined && request.pageSize < 0)
      throw invalidArgument('Page size must be nonnegative.');
    if (request.showMissing && collectionId === '')
      throw invalidArgument('collection id must be set when show_missing is true');
    const order = (request.orderBy ?? '').trim();
    if (request.showMissing && order !== '')
      throw invalidArgument('cannot specify an order when show_missing is true');
    if (/^__name__\s+desc$/i.test(order))
      throw new FirestoreError(
        'FAILED_PRECONDITION',
        'Firestore does not support descending key scans',
      );
    if (order !== '' && !/^__name__(\s+asc)?$/i.test(order)) {
      throw invalidArgument(
        collectionId === ''
          ? 'kind is required for all orders except __key__ ascending'
          : `Unsupported order_by "${order}" in this emulator.`,
      );
    }
    if (request.showMissing && caller.kind !== 'admin')
      throw new FirestoreError(
        'PERMISSION_DENIED',
        'Metadata operations require admin authentication.',
      );
    const collectionPath = parent.path === '' ? collectionId : `${parent.path}/${collectionId}`;
    const found =
      collectionId === ''
        ? [...db.store.children(parent.path)]
        : [...db.store.collection(collectionPath)];
    if (caller.kind !== 'admin') {
      const collections =
        collectionId === ''
          ? [...new Set(found.map((d) => d.path.slice(0, d.path.lastIndexOf('/'))))]
          : [collectionPath];
      for (const path of collections) {
        const decision = this.authorizer().authorize({
          method: 'list',
          path,
          auth: caller.auth,
          time: new Date(),
          resource: null,
          requestResource: null,
          query: {
            collectionId: path.slice(path.lastIndexOf('/') + 1),
            parent: parent.path,
            allDescendants: false,
          },
          lookup: this.lookupFor(db),
        });
        throwIfDenied(decision);
      }
    }
    const docs: (StoredDocument | { path: string; missing: true })[] = found;
    if (request.showMissing) {
      for (const path of db.store.missingParents(collectionPath))
        docs.push({ path, missing: true });
    }
    docs.sort((a, b) => compareDocumentPaths(a.path, b.path));
    let start = 0;
    if (request.pageToken) {
      const after = Buffer.from(request.pageToken, 'base64').toString('utf8');
      start = docs.findIndex((d) => compareDocumentPaths(d.path, after) > 0);
      if (start === -1) start = docs.length;
    }
    const paged = request.pageSize !== undefined && request.pageSize > 0;
    const page = paged
      ? docs.slice(start, start + (request.pageSize as number))
      : docs.slice(start);
    const mask = maskPaths(request.mask);
    this.usage.count(parent.db.project, 'query', Math.max(1, page.length));
    const out: JsonRecord = {};
    if (page.length > 0)
      out['documents'] = page.map((d) =>
        'missing' in d
          ? { name: `${documentsRoot(parent.db)}/${d.path}` }
          : this.toDocumentJson(parent.db, d, mask),
      );
    // Like the official emulator, a full page always carries a token (the next page may be empty).
    if (paged && page.length === request.pageSize)
      out['nextPageToken'] = Buffer.from((page[page.length - 1] as { path: string }).path).toString(
        'base64',
      );
    return out;
  }

  listCollectionIds(
    parentName: string,
    request: { pageSize?: number; pageToken?: string },
    caller: Caller,
  ): JsonRecord {
    if (caller.kind !== 'admin')
      throw new FirestoreError(
        'PERMISSION_DENIED',
        'Metadata operations require admin authentication.',
      );
    const parent = parseParentName(parentName);
    let ids = this.database(parent.db).store.collectionIds(parent.path);
    if (request.pageToken) {
      const after = Buffer.from(request.pageToken, 'base64').toString('utf8');
      ids = ids.filter((id) => compareUtf8(id, after) > 0);
    }
    const out: JsonRecord = {};
    const pageSize = request.pageSize && request.pageSize > 0 ? request.pageSize : ids.length;
    const page = ids.slice(0, pageSize);
    if (page.length > 0) out['collectionIds'] = page;
    if (ids.length > page.length)
      out['nextPageToken'] = Buffer.from(page[page.length - 1] as string).toString('base64');
    return out;
  }

  // ---- single-document writes (REST document methods) ----

  /** Commits one write (waiting for locks like a commit), then answers with `after()`. */
  private writeOne<T>(
    dbName: DatabaseName,
    write: WriteJson,
    caller: Caller,
    after: (time: Micros) => T,
  ): MaybePromise<T> {
    return this.database(dbName).writeLocked(
      undefined,
      () => writeTargets(dbName, [write]),
      () => validateWrites(this.commitContext(dbName, caller), [write]),
      () => {
        const ctx = this.commitContext(dbName, caller);
        commitWrites(ctx, [write]);
        return after(ctx.commitTime);
      },
    );
  }

  createDocument(
    parentName: string,
    collectionId: string,
    documentId: string | undefined,
    document: DocumentJson,
    mask: DocumentMask | undefined,
    caller: Caller,
  ): MaybePromise<DocumentJson> {
    const parent = parseParentName(parentName);
    validateIdSegment(collectionId, 'collection');
    if (documentId !== undefined && documentId !== '') validateIdSegment(documentId, 'document');
    const id = documentId === undefined || documentId === '' ? autoId() : documentId;
    const path =
      parent.path === '' ? `${collectionId}/${id}` : `${parent.path}/${collectionId}/${id}`;
    const name = `${documentsRoot(parent.db)}/${path}`;
    parseDocumentName(name);
    const db = this.database(parent.db);
    // The admin learns at once that the document exists; any other caller goes through the rules
    // first (the commit checks the precondition after them), so a denied caller cannot tell.
    if (caller.kind === 'admin' && db.store.get(path)) throw alreadyExists(parent.db, path);
    return this.writeOne(
      parent.db,
      { update: { name, fields: document.fields ?? {} }, currentDocument: { exists: false } },
      caller,
      () => this.toDocumentJson(parent.db, db.store.get(path) as StoredDocument, maskPaths(mask)),
    );
  }

  updateDocument(
    document: DocumentJson,
    options: { updateMask?: DocumentMask; mask?: DocumentMask; currentDocument?: PreconditionJson },
    caller: Caller,
  ): MaybePromise<DocumentJson> {
    const parsed = parseDocumentName(document.name ?? '');
    const write: WriteJson = {
      update: { name: document.name as string, fields: document.fields ?? {} },
    };
    if (options.updateMask) write.updateMask = { fieldPaths: options.updateMask.fieldPaths ?? [] };
    if (options.currentDocument) write.currentDocument = options.currentDocument;
    return this.writeOne(parsed.db, write, caller, () => {
      const doc = this.database(parsed.db).store.get(parsed.path) as StoredDocument;
      return this.toDocumentJson(parsed.db, doc, maskPaths(options.mask));
    });
  }

  deleteDocument(
    name: string,
    currentDocument: PreconditionJson | undefined,
    caller: Caller,
  ): MaybePromise<JsonRecord> {
    const parsed = parseDocumentName(name);
    return this.writeOne(
      parsed.db,
      { delete: name, ...(currentDocument ? { currentDocument } : {}) },
      caller,
      () => ({}),
    );
  }

  // ---- transactions ----

  beginTransaction(
    dbName: DatabaseName,
    request: {
      options?: { readOnly?: { readTime?: string }; readWrite?: { retryTransaction?: string } };
    },
  ): JsonRecord {
    const db = this.database(dbName);
    const readOnly = request.options?.readOnly;
    const tx =
      readOnly !== undefined
        ? this.beginReadOnly(db, readOnly?.readTime)
        : db.begin(false, request.options?.readWrite?.retryTransaction);
    return { transaction: tx.id };
  }

  rollback(dbName: DatabaseName, request: { transaction?: string }): JsonRecord {
    if (request.transaction === undefined || request.transaction === '')
      throw invalidArgument('Missing transaction.');
    this.database(dbName).rollback(request.transaction);
    return {};
  }
}
