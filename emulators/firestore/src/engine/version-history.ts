/**
 * Point-in-time reads (`readTime`): the documents of a database as they were at a past time.
 *
 * Every commit's previous document versions are kept (from the commit feed) for an hour, Firestore's
 * version retention. A read at time T copies the live store and undoes, newest first, every change
 * committed after T. Read times in the future, or older than what is kept (before the emulator
 * started, before a reset, or beyond the retention), are refused with the official emulator's
 * message.
 */
import type { DocumentStore, StoredDocument } from '../store/document-store.js';
import { parseTimestamp, timestampToMicros, type Micros } from '../store/timestamp.js';
import type { Database, Databases } from './database.js';
import { FirestoreError, invalidArgument } from '../store/errors.js';

/** Firestore keeps one hour of document versions (without point-in-time recovery). */
export const VERSION_RETENTION_MICROS = 3_600_000_000;
/** At most this many changes are kept per database; older ones are dropped first. */
const MAX_CHANGES = 200_000;

/** Production's answer to a read-only transaction whose read time is older than the retention. */
export const SNAPSHOT_TOO_OLD = 'The requested snapshot version is too old.';

export const READ_TIME_REFUSED = 'Only timestamps past epoch are supported.';

interface Change {
  readonly time: Micros;
  readonly path: string;
  readonly before: StoredDocument | undefined;
}

interface DatabaseHistory {
  /** In commit order; entries before `first` are dropped. */
  changes: Change[];
  first: number;
  /** The oldest read time this history can answer. */
  horizon: Micros;
}

export class VersionHistory {
  private readonly byDatabase = new Map<string, DatabaseHistory>();
  private readonly startedAt: Micros;

  constructor(
    databases: Databases,
    private readonly now: () => Micros,
  ) {
    this.startedAt = now();
    databases.onCommit((event) => {
      const h = this.history(event.project, event.database);
      for (const c of event.changes)
        h.changes.push({ time: event.commitTime, path: c.path, before: c.before });
      this.trim(h, event.commitTime);
    });
    databases.onClear((event) => {
      this.byDatabase.set(key(event.project, event.database), {
        changes: [],
        first: 0,
        horizon: this.now(),
      });
    });
  }

  private history(project: string, database: string): DatabaseHistory {
    let h = this.byDatabase.get(key(project, database));
    if (!h) {
      h = { changes: [], first: 0, horizon: this.startedAt };
      this.byDatabase.set(key(project, database), h);
    }
    return h;
  }

  private trim(h: DatabaseHistory, now: Micros): void {
    const cutoff = now - VERSION_RETENTION_MICROS;
    let drop = h.first;
    while (
      drop < h.changes.length &&
      ((h.changes[drop] as Change).time < cutoff || h.changes.length - drop > MAX_CHANGES)
    )
      drop++;
    if (drop === h.first) return;
    h.horizon = Math.max(h.horizon, (h.changes[drop - 1] as Change).time);
    h.first = drop;
    // Dropped entries are compacted away once they are half of the array.
    if (h.first > h.changes.length / 2) {
      h.changes = h.changes.slice(h.first);
      h.first = 0;
    }
  }

  /**
   * The documents of `db` at `readTime` (RFC 3339); INVALID_ARGUMENT when not answerable, except
   * that with `tooOldFails` (a read-only transaction) a time older than what is kept is
   * FAILED_PRECONDITION `The requested snapshot version is too old.`, as production answers.
   */
  storeAt(db: Database, readTime: string, tooOldFails = false): DocumentStore {
    const parsed = parseTimestamp(readTime);
    if (!parsed) throw invalidArgument(READ_TIME_REFUSED);
    const at = timestampToMicros(parsed);
    const h = this.history(db.project, db.name);
    const now = this.now();
    this.trim(h, now);
    const tooOld = at < h.horizon || at < now - VERSION_RETENTION_MICROS;
    if (tooOld && tooOldFails && at >= 0)
      throw new FirestoreError('FAILED_PRECONDITION', SNAPSHOT_TOO_OLD);
    if (at > now || tooOld) throw invalidArgument(READ_TIME_REFUSED);
    const store: DocumentStore = db.store.clone();
    for (let i = h.changes.length - 1; i >= h.first; i--) {
      const c = h.changes[i] as Change;
      if (c.time <= at) continue;
      if (c.before) store.put(c.before);
      else store.delete(c.path);
    }
    return store;
  }
}

function key(project: string, database: string): string {
  return `${project}/${database}`;
}
