/**
 * The Firestore API's writes: commits (in a transaction or not), batch writes (each write a
 * commit of its own) and the REST document methods (create, update, delete one document). A
 * write waits while another transaction holds a lock on a document it writes (locks.ts), so it
 * may answer later (a promise).
 */
import type { StoredDocument } from '../store/document-store.js';
import {
  documentsRoot,
  parseDocumentName,
  parseParentName,
  validateIdSegment,
  type DatabaseName,
} from '../store/resource-name.js';
import { formatMicros, type Micros } from '../store/timestamp.js';
import type { Caller } from './caller.js';
import { alreadyExists, commitWrites, validateWrites, writeTargets } from './commit.js';
import { FirestoreError, invalidArgument } from '../store/errors.js';
import type { MaybePromise } from './locks.js';
import type {
  DocumentJson,
  PreconditionJson,
  WriteJson,
  WriteResultJson,
} from './request-types.js';
import {
  autoId,
  maskPaths,
  type DocumentMask,
  type JsonRecord,
  type ServiceCore,
} from './service-core.js';

export class DocumentWrites {
  constructor(private readonly core: ServiceCore) {}

  /**
   * A commit waits while another transaction holds a lock on a document it writes (see
   * src/engine/locks.ts); the result is then a promise.
   */
  commit(
    dbName: DatabaseName,
    request: { writes?: WriteJson[]; transaction?: string },
    caller: Caller,
  ): MaybePromise<JsonRecord> {
    const db = this.core.database(dbName);
    const tx = request.transaction !== undefined ? db.lookup(request.transaction) : undefined;
    const writes = request.writes ?? [];
    const apply = (): JsonRecord => {
      // The commit time is taken once the locks are held, so commits apply in time order.
      const outcome = commitWrites(this.core.commitContext(dbName, caller), writes, tx);
      if (writes.length === 0) return {};
      return { writeResults: outcome.writeResults, commitTime: formatMicros(outcome.commitTime) };
    };
    if (tx?.readOnly) return apply();
    return db.writeLocked(
      tx,
      () => writeTargets(dbName, writes),
      () => validateWrites(this.core.commitContext(dbName, caller), writes),
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
    const db = this.core.database(dbName);
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
            () => validateWrites(this.core.commitContext(dbName, caller), [write]),
            () => {
              const outcome = commitWrites(this.core.commitContext(dbName, caller), [write]);
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

  /** Commits one write (waiting for locks like a commit), then answers with `after()`. */
  private writeOne<T>(
    dbName: DatabaseName,
    write: WriteJson,
    caller: Caller,
    after: (time: Micros) => T,
  ): MaybePromise<T> {
    return this.core.database(dbName).writeLocked(
      undefined,
      () => writeTargets(dbName, [write]),
      () => validateWrites(this.core.commitContext(dbName, caller), [write]),
      () => {
        const ctx = this.core.commitContext(dbName, caller);
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
    const db = this.core.database(parent.db);
    // The admin learns at once that the document exists; any other caller goes through the rules
    // first (the commit checks the precondition after them), so a denied caller cannot tell.
    if (caller.kind === 'admin' && db.store.get(path)) throw alreadyExists(parent.db, path);
    return this.writeOne(
      parent.db,
      { update: { name, fields: document.fields ?? {} }, currentDocument: { exists: false } },
      caller,
      () =>
        this.core.toDocumentJson(parent.db, db.store.get(path) as StoredDocument, maskPaths(mask)),
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
      const doc = this.core.database(parsed.db).store.get(parsed.path) as StoredDocument;
      return this.core.toDocumentJson(parsed.db, doc, maskPaths(options.mask));
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
}
