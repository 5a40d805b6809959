/**
 * The Firestore API's reads: documents by name (GetDocument, BatchGetDocuments) and queries
 * (RunQuery, RunAggregationQuery), each checked against the rules for a non-admin caller, in a
 * transaction, at a past read time or as they are now. A read-write transaction locks what it
 * reads, so a read may answer later (a promise) when another transaction holds a document.
 */
import { getField } from '../store/field-path.js';
import {
  documentsRoot,
  parseDocumentName,
  parseParentName,
  type DatabaseName,
} from '../store/resource-name.js';
import { formatMicros } from '../store/timestamp.js';
import type { Value } from '../store/value.js';
import { aggregate, aggregationPath } from './aggregate.js';
import type { Caller } from './caller.js';
import {
  ALL_COLLECTIONS_LOCK,
  collectionIdLock,
  collectionLock,
  type Database,
  type Transaction,
} from './database.js';
import { FirestoreError, invalidArgument } from '../store/errors.js';
import type { MaybePromise } from './locks.js';
import { checkAggregationLimits } from './query-limits.js';
import { compileQuery, executeQuery, type CompiledQuery, type QueryResult } from './query.js';
import type {
  AggregationJson,
  ConsistencySelector,
  DocumentJson,
  StructuredQueryJson,
} from './request-types.js';
import { maskPaths, type DocumentMask, type JsonRecord, type ServiceCore } from './service-core.js';
import { Usage } from './usage.js';

export class DocumentReads {
  constructor(private readonly core: ServiceCore) {}

  batchGet(
    dbName: DatabaseName,
    request: ConsistencySelector & { documents?: string[]; mask?: DocumentMask },
    caller: Caller,
  ): MaybePromise<JsonRecord[]> {
    const db = this.core.database(dbName);
    const mask = maskPaths(request.mask);
    const paths = (request.documents ?? []).map((name) => {
      const parsed = parseDocumentName(name);
      if (parsed.db.project !== dbName.project || parsed.db.database !== dbName.database)
        throw invalidArgument(`Document "${name}" is not in this database.`);
      return parsed.path;
    });
    const { tx, created } = this.core.readTransaction(db, request);
    const read = (): JsonRecord[] => {
      const store = db.readStore(tx);
      const docs = paths.map((p) => store.get(p));
      // The rules' reads of the whole batch are billed once per document (a profile once).
      const accessed = new Set<string>();
      try {
        paths.forEach((p, i) => this.core.authorizeGet(db, caller, p, docs[i], accessed));
      } finally {
        this.core.billRulesReads(db, accessed);
      }
      const readTime = formatMicros(this.core.clock.now());
      this.core.usage.count(dbName.project, 'get', paths.length);
      const out: JsonRecord[] = created && tx ? [{ transaction: tx.id }] : [];
      paths.forEach((p, i) => {
        const doc = docs[i];
        if (tx) db.recordRead(tx, p, doc?.updateTime ?? null);
        out.push(
          doc
            ? { found: this.core.toDocumentJson(dbName, doc, mask), readTime }
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
    const db = this.core.database(parsed.db);
    const { tx } = this.core.readTransaction(db, request);
    const read = (): DocumentJson => {
      const doc = db.readStore(tx).get(parsed.path);
      this.core.authorizeGet(db, caller, parsed.path, doc);
      this.core.usage.count(parsed.db.project, 'get', 1);
      if (tx) db.recordRead(tx, parsed.path, doc?.updateTime ?? null);
      if (!doc)
        throw new FirestoreError(
          'NOT_FOUND',
          `Document (${documentsRoot(parsed.db)}/${parsed.path}) not found.`,
        );
      return this.core.toDocumentJson(parsed.db, doc, maskPaths(request.mask));
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
    // The query's range is locked too (its collection, or every collection with its id), so a
    // document that would join the result waits for the transaction, as in the official emulator.
    const range =
      q.collectionId === ''
        ? ALL_COLLECTIONS_LOCK
        : q.allDescendants
          ? collectionIdLock(q.collectionId)
          : collectionLock(q.parent, q.collectionId);
    return db.readLocked(
      tx,
      () => {
        result = executeQuery(db.store, dbName, q, unordered);
        return result.documents.map((d) => d.path);
      },
      () => respond(result as QueryResult),
      [range],
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
    const db = this.core.database(parent.db);
    this.core.authorizeList(db, caller, q, query);
    return { dbName: parent.db, db, q };
  }

  runQuery(
    parentName: string,
    request: ConsistencySelector & { structuredQuery?: StructuredQueryJson },
    caller: Caller,
  ): MaybePromise<JsonRecord[]> {
    const { dbName, db, q } = this.prepareQuery(parentName, request.structuredQuery, caller);
    const { tx, created } = this.core.readTransaction(db, request);
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
    const readMicros = this.core.clock.now();
    if (tx) db.recordQuery(tx, q.collectionId, readMicros);
    const readTime = formatMicros(readMicros);
    const out: JsonRecord[] = created && tx ? [{ transaction: tx.id }] : [];
    const docs = result.documents;
    this.core.usage.count(dbName.project, 'query', Math.max(1, docs.length));
    docs.forEach((doc, i) => {
      if (tx) db.recordRead(tx, doc.path, doc.updateTime);
      const entry: JsonRecord = {
        document: this.core.toDocumentJson(dbName, doc, q.projection),
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
    const { tx, created } = this.core.readTransaction(db, request);
    // count() needs no order (sum() and avg() add doubles in document order).
    const countsOnly = (agg.aggregations ?? []).every((a) => a.count !== undefined);
    return this.queryLocked(
      db,
      dbName,
      q,
      tx,
      (result) => {
        if (tx) for (const doc of result.documents) db.recordRead(tx, doc.path, doc.updateTime);
        this.core.usage.count(
          dbName.project,
          'aggregation',
          Usage.aggregationReads(result.documents.length),
        );
        const aggregateFields: Record<string, Value> = aggregate(
          result.documents,
          agg.aggregations ?? [],
        );
        const readMicros = this.core.clock.now();
        if (tx) db.recordQuery(tx, q.collectionId, readMicros);
        const readTime = formatMicros(readMicros);
        const out: JsonRecord[] = created && tx ? [{ transaction: tx.id }] : [];
        out.push({ result: { aggregateFields }, readTime, done: true });
        return out;
      },
      countsOnly,
    );
  }
}
