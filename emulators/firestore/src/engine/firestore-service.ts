/**
 * The Firestore API operations, shared by the REST and gRPC front ends (internal JSON in and
 * out): reads (document-reads.ts), writes (document-writes.ts) and listings
 * (document-listing.ts) over what they share (service-core.ts), and the transactions' begin and
 * rollback.
 */
import type { DatabaseName } from '../store/resource-name.js';
import { DocumentListing } from './document-listing.js';
import { DocumentReads } from './document-reads.js';
import { DocumentWrites } from './document-writes.js';
import { invalidArgument } from '../store/errors.js';
import { ServiceCore, type JsonRecord } from './service-core.js';

type Reads = DocumentReads;
type Writes = DocumentWrites;
type Listing = DocumentListing;

export class FirestoreService extends ServiceCore {
  private readonly reads = new DocumentReads(this);
  private readonly writes = new DocumentWrites(this);
  private readonly listing = new DocumentListing(this);

  // ---- writes ----

  commit(...args: Parameters<Writes['commit']>): ReturnType<Writes['commit']> {
    return this.writes.commit(...args);
  }

  batchWrite(...args: Parameters<Writes['batchWrite']>): ReturnType<Writes['batchWrite']> {
    return this.writes.batchWrite(...args);
  }

  createDocument(
    ...args: Parameters<Writes['createDocument']>
  ): ReturnType<Writes['createDocument']> {
    return this.writes.createDocument(...args);
  }

  updateDocument(
    ...args: Parameters<Writes['updateDocument']>
  ): ReturnType<Writes['updateDocument']> {
    return this.writes.updateDocument(...args);
  }

  deleteDocument(
    ...args: Parameters<Writes['deleteDocument']>
  ): ReturnType<Writes['deleteDocument']> {
    return this.writes.deleteDocument(...args);
  }

  // ---- reads ----

  batchGet(...args: Parameters<Reads['batchGet']>): ReturnType<Reads['batchGet']> {
    return this.reads.batchGet(...args);
  }

  getDocument(...args: Parameters<Reads['getDocument']>): ReturnType<Reads['getDocument']> {
    return this.reads.getDocument(...args);
  }

  runQuery(...args: Parameters<Reads['runQuery']>): ReturnType<Reads['runQuery']> {
    return this.reads.runQuery(...args);
  }

  runAggregationQuery(
    ...args: Parameters<Reads['runAggregationQuery']>
  ): ReturnType<Reads['runAggregationQuery']> {
    return this.reads.runAggregationQuery(...args);
  }

  // ---- listings ----

  listDocuments(
    ...args: Parameters<Listing['listDocuments']>
  ): ReturnType<Listing['listDocuments']> {
    return this.listing.listDocuments(...args);
  }

  listCollectionIds(
    ...args: Parameters<Listing['listCollectionIds']>
  ): ReturnType<Listing['listCollectionIds']> {
    return this.listing.listCollectionIds(...args);
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
