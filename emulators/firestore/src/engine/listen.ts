/**
 * Realtime listeners: the engine behind google.firestore.v1.Firestore/Listen, independent of the
 * transport. A ListenSession is one Listen stream: it takes ListenRequests (internal JSON) and emits
 * ListenResponses through `send`. The ListenHub (one per FirestoreService) follows the commit feed
 * (`Databases.onCommit`) and emulator resets (`Databases.onClear`) and hands every event to the
 * sessions of that database, synchronously, so responses go out in commit order.
 *
 * Per target the session remembers which documents (and which versions) the client holds. A commit
 * is evaluated change by change against each target with the query matcher of query.ts; targets
 * with limit or offset (whose result depends on other documents) re-run their query and send the
 * difference instead. Every batch of changes ends with a global NO_CHANGE target change carrying the
 * read time and a resume token (the "consistent snapshot" marker both SDKs wait for).
 *
 * Resume tokens encode the read time. A target re-sent with a token (or readTime) gets only the
 * changes since then when the hub's change history covers that time, else a RESET and the full result.
 *
 * The parts: the targets (listen-targets.ts), a batch of responses (listen-batch.ts), the change
 * history (listen-history.ts) and the resume tokens (resume-tokens.ts).
 */
import { randomBytes } from 'node:crypto';
import type { StoredDocument } from '../store/document-store.js';
import { databaseRoot, parseDatabaseName, type DatabaseName } from '../store/resource-name.js';
import { formatMicros, type Micros } from '../store/timestamp.js';
import type { Caller } from './caller.js';
import type { ClearEvent, CommitEvent, Database } from './database.js';
import { FirestoreError, invalidArgument } from '../store/errors.js';
import type { FirestoreService } from './firestore-service.js';
import { ResponseBatch } from './listen-batch.js';
import { ChangeHistory } from './listen-history.js';
import {
  compileTarget,
  evaluateTarget,
  type ListenTarget,
  type TargetJson,
} from './listen-targets.js';
import { encodeResumeToken, resumePoint } from './resume-tokens.js';
import type { JsonRecord } from './service-core.js';

export interface ListenRequestJson {
  database?: string;
  addTarget?: TargetJson;
  removeTarget?: number;
  labels?: Record<string, string>;
}

type Send = (response: JsonRecord) => void;

const hubs = new WeakMap<FirestoreService, ListenHub>();

export class ListenHub {
  /** Tokens of another hub (an earlier emulator process, say) are never trusted for a delta. */
  readonly instance = randomBytes(4).readUInt32BE(0);
  private readonly sessions = new Map<string, Set<ListenSession>>();
  private readonly history: ChangeHistory;

  /** The hub of a service, created (and subscribed to its commit feed) on first use. */
  static of(service: FirestoreService, log: (line: string) => void): ListenHub {
    let hub = hubs.get(service);
    if (!hub) {
      hub = new ListenHub(service, log);
      hubs.set(service, hub);
    }
    return hub;
  }

  private constructor(
    readonly service: FirestoreService,
    readonly log: (line: string) => void,
  ) {
    this.history = new ChangeHistory(service.clock.now(), () => service.clock.now());
    service.databases.onCommit((event) => this.guard(() => this.onCommit(event)));
    service.databases.onClear((event) => this.guard(() => this.onClear(event)));
  }

  private guard(fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.log(
        `listen: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
  }

  /** A new Listen stream of this caller; `send` receives its ListenResponses. */
  open(caller: Caller, send: Send): ListenSession {
    return new ListenSession(this, caller, send);
  }

  register(key: string, session: ListenSession): void {
    let set = this.sessions.get(key);
    if (!set) {
      set = new Set();
      this.sessions.set(key, set);
    }
    set.add(session);
  }

  unregister(key: string, session: ListenSession): void {
    const set = this.sessions.get(key);
    if (!set) return;
    set.delete(session);
    if (set.size === 0) this.sessions.delete(key);
  }

  /** Open Listen streams (for tests and diagnostics). */
  get sessionCount(): number {
    let n = 0;
    for (const set of this.sessions.values()) n += set.size;
    return n;
  }

  /**
   * The paths changed after `since` in a database, or undefined when the history does not reach
   * back that far (then the caller resets instead).
   */
  changedSince(key: string, since: Micros): Set<string> | undefined {
    return this.history.changedSince(key, since);
  }

  private onCommit(event: CommitEvent): void {
    const key = dbKey(event);
    this.history.record(
      key,
      event.commitTime,
      event.changes.map((c) => c.path),
    );
    const sessions = this.sessions.get(key);
    if (!sessions) return;
    for (const session of [...sessions]) this.guard(() => session.onCommit(event));
  }

  private onClear(event: ClearEvent): void {
    const key = dbKey(event);
    this.history.record(
      key,
      this.service.clock.now(),
      event.removed.map((d) => d.path),
    );
    const sessions = this.sessions.get(key);
    if (!sessions) return;
    for (const session of [...sessions]) session.markAllStale();
    // A reset reloads its seed right after clearing, without commits: diff the targets afterwards.
    setImmediate(() => {
      for (const session of [...sessions]) this.guard(() => session.resyncStale());
    });
  }
}

function dbKey(db: { project: string; database: string }): string {
  return `${db.project}/${db.database}`;
}

export class ListenSession {
  private dbName: DatabaseName | undefined;
  private key = '';
  private readonly targets = new Map<number, ListenTarget>();
  private lastReadTime: Micros = 0;
  private closed = false;

  constructor(
    private readonly hub: ListenHub,
    private readonly caller: Caller,
    private readonly send: Send,
  ) {}

  private get service(): FirestoreService {
    return this.hub.service;
  }

  private get db(): Database {
    return this.service.database(this.dbName as DatabaseName);
  }

  /** Handles one ListenRequest. Throws a FirestoreError when the stream itself must fail. */
  handle(request: ListenRequestJson): void {
    if (this.closed) return;
    const database = request.database ?? '';
    if (!this.dbName) {
      if (database === '') throw invalidArgument('Missing database.');
      this.dbName = parseDatabaseName(database);
      this.key = dbKey(this.dbName);
      this.hub.register(this.key, this);
    } else if (database !== '' && database !== databaseRoot(this.dbName)) {
      throw invalidArgument(
        `Database "${database}" does not match the stream's database "${databaseRoot(this.dbName)}".`,
      );
    }
    if (request.addTarget) this.addTarget(request.addTarget);
    else if (request.removeTarget !== undefined) this.removeTarget(request.removeTarget);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.targets.clear();
    if (this.dbName) this.hub.unregister(this.key, this);
  }

  private readTime(at: Micros): Micros {
    this.lastReadTime = Math.max(this.lastReadTime, at);
    return this.lastReadTime;
  }

  private token(micros: Micros): string {
    return encodeResumeToken(this.hub.instance, micros);
  }

  private nextFreeId(): number {
    let id = 1;
    for (const t of this.targets.keys()) if (t >= id) id = t + 1;
    return id;
  }

  private compileTarget(id: number, t: TargetJson): ListenTarget {
    return compileTarget(id, t, this.dbName as DatabaseName, (q, structured) => {
      if (this.caller.kind !== 'admin')
        this.service.authorizeList(this.db, this.caller, q, structured);
    });
  }

  /** The target's current result. */
  private evaluate(target: ListenTarget): StoredDocument[] {
    return evaluateTarget(target, this.db.store, this.dbName as DatabaseName);
  }

  /** Rules `get` of a document target's documents (a non-admin caller); throws when denied. */
  private authorizeDocuments(target: ListenTarget, paths: Iterable<string>): void {
    if (this.caller.kind === 'admin' || !target.paths) return;
    for (const path of paths)
      this.service.authorizeGet(this.db, this.caller, path, this.db.store.get(path));
  }

  private removeWithCause(id: number, error: FirestoreError): void {
    this.send({
      targetChange: {
        targetChangeType: 'REMOVE',
        targetIds: [id],
        cause: { code: error.code, message: error.message },
      },
    });
  }

  private addTarget(t: TargetJson): void {
    const id = t.targetId !== undefined && t.targetId !== 0 ? t.targetId : this.nextFreeId();
    // Re-adding an id replaces the old target (the SDKs only do so after removing it).
    this.targets.delete(id);
    let target: ListenTarget;
    try {
      target = this.compileTarget(id, t);
      if (target.paths) this.authorizeDocuments(target, target.paths);
    } catch (error) {
      if (!(error instanceof FirestoreError)) throw error;
      this.removeWithCause(id, error);
      return;
    }
    const readMicros = this.readTime(this.service.clock.now());
    const resumeFrom = resumePoint(t, this.hub.instance);
    this.send({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
    const result = this.evaluate(target);
    const changedSince =
      resumeFrom === undefined || target.windowed
        ? undefined
        : this.hub.changedSince(this.key, resumeFrom);
    const batch = new ResponseBatch();
    if (resumeFrom !== undefined && changedSince !== undefined) {
      // Only what changed since the client's snapshot: newer documents, and removals of paths
      // written since then that are no longer in the result (a removal of a document the client
      // does not hold is a no-op for both SDKs).
      const inResult = new Set(result.map((d) => d.path));
      for (const doc of result) if (doc.updateTime > resumeFrom) batch.enter(target, doc, true);
      for (const path of changedSince) {
        if (inResult.has(path) || !target.inScope(path)) continue;
        const doc = this.db.store.get(path);
        batch.leave(target, path, doc, doc !== undefined);
      }
    } else {
      if (resumeFrom !== undefined)
        this.send({ targetChange: { targetChangeType: 'RESET', targetIds: [id] } });
      for (const doc of result) batch.enter(target, doc, true);
    }
    target.known = new Map(result.map((d) => [d.path, d.updateTime]));
    this.emitDocuments(batch, readMicros);
    if (resumeFrom !== undefined && changedSince !== undefined && target.query)
      this.send({ filter: { targetId: id, count: result.length } });
    this.send({
      targetChange: {
        targetChangeType: 'CURRENT',
        targetIds: [id],
        resumeToken: this.token(readMicros),
      },
    });
    this.targets.set(id, target);
    this.sendSnapshot(readMicros);
    if (t.once) this.removeTarget(id);
  }

  private removeTarget(id: number): void {
    this.targets.delete(id);
    this.send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id] } });
  }

  private sendSnapshot(readMicros: Micros): void {
    this.send({
      targetChange: {
        targetChangeType: 'NO_CHANGE',
        targetIds: [],
        readTime: formatMicros(readMicros),
        resumeToken: this.token(readMicros),
      },
    });
  }

  private emitDocuments(batch: ResponseBatch, readMicros: Micros): void {
    batch.emit(this.send, this.service, this.dbName as DatabaseName, readMicros);
  }

  /** Diffs a target's whole current result against what the client holds. */
  private resync(target: ListenTarget, batch: ResponseBatch): void {
    const result = this.evaluate(target);
    const next = new Map(result.map((d) => [d.path, d.updateTime]));
    for (const doc of result) {
      const had = target.known.get(doc.path);
      if (had !== doc.updateTime) batch.enter(target, doc, true);
    }
    for (const [path, had] of target.known) {
      if (next.has(path)) continue;
      const doc = this.db.store.get(path);
      batch.leave(target, path, doc, doc !== undefined && doc.updateTime !== had);
    }
    target.known = next;
  }

  onCommit(event: CommitEvent): void {
    if (this.closed || this.targets.size === 0) return;
    const batch = new ResponseBatch();
    const denied: [number, FirestoreError][] = [];
    for (const target of this.targets.values()) {
      if (target.stale) continue; // a reset's resync will diff everything
      const relevant = event.changes.filter((c) => target.inScope(c.path));
      if (relevant.length === 0) continue;
      if (target.paths && this.caller.kind !== 'admin') {
        // A document listener stops when the rules no longer let the caller read the document.
        try {
          this.authorizeDocuments(
            target,
            relevant.map((c) => c.path),
          );
        } catch (error) {
          if (!(error instanceof FirestoreError)) throw error;
          denied.push([target.id, error]);
          continue;
        }
      }
      if (target.windowed) {
        this.resync(target, batch);
        continue;
      }
      for (const change of relevant) {
        const after = change.after;
        if (after && target.matches(after)) {
          target.known.set(change.path, after.updateTime);
          batch.enter(target, after, true);
        } else if (target.known.delete(change.path)) {
          batch.leave(target, change.path, after, after !== undefined);
        }
      }
    }
    for (const [id, error] of denied) {
      this.targets.delete(id);
      this.removeWithCause(id, error);
    }
    if (batch.size === 0) return;
    const readMicros = this.readTime(event.commitTime);
    this.emitDocuments(batch, readMicros);
    this.sendSnapshot(readMicros);
  }

  markAllStale(): void {
    for (const target of this.targets.values()) target.stale = true;
  }

  /** After an emulator reset: every stale target gets the difference to its new result. */
  resyncStale(): void {
    if (this.closed) return;
    const batch = new ResponseBatch();
    let any = false;
    for (const target of this.targets.values()) {
      if (!target.stale) continue;
      target.stale = false;
      any = true;
      this.resync(target, batch);
    }
    if (!any) return;
    const readMicros = this.readTime(this.service.clock.now());
    this.emitDocuments(batch, readMicros);
    this.sendSnapshot(readMicros);
  }
}
