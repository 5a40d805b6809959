/**
 * The Write stream (google.firestore.v1.Firestore/Write), as the full web SDK uses it: a handshake
 * (a request with only the database) answered with a stream id and token, then requests carrying a
 * batch of writes, each committed atomically (the same path as Commit) and answered with the write
 * results, the commit time and a new token. A failed batch fails the stream with its status; the
 * SDK rejects that batch and opens a new stream for the next.
 */
import { databaseRoot, parseDatabaseName, type DatabaseName } from '../store/resource-name.js';
import { formatMicros } from '../store/timestamp.js';
import type { Caller } from './caller.js';
import { invalidArgument } from '../store/errors.js';
import { thenMaybe, type MaybePromise } from './locks.js';
import type { FirestoreService } from './firestore-service.js';
import { autoId, type JsonRecord } from './service-core.js';
import type { WriteJson } from './request-types.js';

export interface WriteRequestJson {
  database?: string;
  streamId?: string;
  writes?: WriteJson[];
  /** bytes, base64 */
  streamToken?: string;
  labels?: Record<string, string>;
}

export class WriteSession {
  private dbName: DatabaseName | undefined;
  private readonly streamId = autoId();
  private sequence = 0;

  constructor(
    private readonly service: FirestoreService,
    private readonly caller: Caller,
  ) {}

  private nextToken(): string {
    this.sequence += 1;
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64BE(BigInt(this.sequence));
    return bytes.toString('base64');
  }

  /**
   * One WriteRequest in, its WriteResponses out (later, when the commit waits for a transaction's
   * lock). Throws (or rejects with) a FirestoreError to fail the stream.
   */
  handle(request: WriteRequestJson): MaybePromise<JsonRecord[]> {
    const database = request.database ?? '';
    const out: JsonRecord[] = [];
    if (!this.dbName) {
      if (database === '') throw invalidArgument('Missing database.');
      this.dbName = parseDatabaseName(database);
      out.push({ streamId: this.streamId, streamToken: this.nextToken() });
      if ((request.writes ?? []).length === 0) return out;
    } else if (database !== '' && database !== databaseRoot(this.dbName)) {
      throw invalidArgument(
        `Database "${database}" does not match the stream's database "${databaseRoot(this.dbName)}".`,
      );
    }
    const writes = request.writes ?? [];
    if (writes.length === 0) {
      // The SDK sends an empty batch when it closes an idle stream.
      out.push({
        streamToken: this.nextToken(),
        commitTime: formatMicros(this.service.clock.now()),
      });
      return out;
    }
    return thenMaybe(this.service.commit(this.dbName, { writes }, this.caller), (result) => {
      out.push({
        streamToken: this.nextToken(),
        writeResults: result['writeResults'],
        commitTime: result['commitTime'],
      });
      return out;
    });
  }
}
