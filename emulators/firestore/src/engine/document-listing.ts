/**
 * The Firestore API's listings: the documents of a collection or of every collection under a
 * parent (ListDocuments, with missing parents for an admin) and the ids of the collections under
 * a parent (ListCollectionIds, admin only), in pages.
 */
import { compareDocumentPaths, type StoredDocument } from '../store/document-store.js';
import {
  documentsRoot,
  parseParentName,
  validateIdSegment,
  type ParsedName,
} from '../store/resource-name.js';
import { compareUtf8 } from '../store/value.js';
import type { Caller } from './caller.js';
import { ALL_COLLECTIONS_LOCK, collectionIdLock, type Database } from './database.js';
import type { MaybePromise } from './locks.js';
import { FirestoreError, invalidArgument } from '../store/errors.js';
import type { ConsistencySelector } from './request-types.js';
import { maskPaths, type DocumentMask, type JsonRecord, type ServiceCore } from './service-core.js';

export class DocumentListing {
  constructor(private readonly core: ServiceCore) {}

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
  ): MaybePromise<JsonRecord> {
    const parent = parseParentName(parentName);
    const db = this.core.database(parent.db);
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
    // In a read-write transaction the listing locks its collection id (every collection with that
    // id; all of them without one), as the official emulator does.
    const tx = request.transaction !== undefined ? db.lookup(request.transaction) : undefined;
    const list = (): JsonRecord =>
      this.list(db, parent, collectionId, collectionPath, request, caller);
    if (!tx || tx.readOnly) return list();
    const range = collectionId === '' ? ALL_COLLECTIONS_LOCK : collectionIdLock(collectionId);
    return db.readLocked(tx, () => [], list, [range]);
  }

  private list(
    db: Database,
    parent: ParsedName,
    collectionId: string,
    collectionPath: string,
    request: Parameters<DocumentListing['listDocuments']>[2],
    caller: Caller,
  ): JsonRecord {
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
        this.core.authorizeListing(db, caller, path, {
          collectionId: path.slice(path.lastIndexOf('/') + 1),
          parent: parent.path,
          allDescendants: false,
        });
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
    this.core.usage.count(parent.db.project, 'query', Math.max(1, page.length));
    const out: JsonRecord = {};
    if (page.length > 0)
      out['documents'] = page.map((d) =>
        'missing' in d
          ? { name: `${documentsRoot(parent.db)}/${d.path}` }
          : this.core.toDocumentJson(parent.db, d, mask),
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
    let ids = this.core.database(parent.db).store.collectionIds(parent.path);
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
}
