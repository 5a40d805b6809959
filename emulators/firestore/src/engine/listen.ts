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
 */
import { randomBytes } from 'node:crypto';
import { compareDocumentPaths, type StoredDocument } from '../store/document-store.js';
import {
  databaseRoot,
  documentsRoot,
  parseDatabaseName,
  parseDocumentName,
  parseParentName,
  sameDatabase,
  type DatabaseName,
} from '../store/resource-name.js';
import {
  formatMicros,
  parseTimestamp,
  timestampToMicros,
  type Micros,
} from '../store/timestamp.js';
import type { Caller } from './caller.js';
import type { ClearEvent, CommitEvent, Database } from './database.js';
import { FirestoreError, invalidArgument } from './errors.js';
import type { FirestoreService } from './firestore-service.js';
import type { JsonRecord } from './service-core.js';
import {
  compileQuery,
  executeQuery,
  inQueryScope,
  queryMatcher,
  type CompiledQuery,
} from './query.js';
import type { StructuredQueryJson } from './request-types.js';

export interface TargetJson {
  query?: { parent?: string; structuredQuery?: StructuredQueryJson };
  documents?: { documents?: string[] };
  /** bytes, base64 */
  resumeToken?: string;
  readTime?: string;
  targetId?: number;
  once?: boolean;
  expectedCount?: number;
}

export interface ListenRequestJson {
  database?: string;
  addTarget?: TargetJson;
  removeTarget?: number;
  labels?: Record<string, string>;
}

type Send = (response: JsonRecord) => void;

/** Changes kept for resuming listeners, per database; older ones are dropped (resume = reset). */
const MAX_HISTORY = 50_000;

interface History {
  /** Every change with a time after `floor` is in `entries` (ascending time). */
  floor: Micros;
  entries: { time: Micros; path: string }[];
}

const hubs = new WeakMap<FirestoreService, ListenHub>();

export class ListenHub {
  /** Tokens of another hub (an earlier emulator process, say) are never trusted for a delta. */
  readonly instance = randomBytes(4).readUInt32BE(0);
  private readonly sessions = new Map<string, Set<ListenSession>>();
  private readonly histories = new Map<string, History>();
  private readonly createdAt: Micros;

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
    this.createdAt = service.clock.now();
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

  private history(key: string): History {
    let h = this.histories.get(key);
    if (!h) {
      h = { floor: this.createdAt, entries: [] };
      this.histories.set(key, h);
    }
    return h;
  }

  private record(key: string, time: Micros, paths: Iterable<string>): void {
    const h = this.history(key);
    const last = h.entries[h.entries.length - 1]?.time ?? h.floor;
    const at = Math.max(time, last);
    for (const path of paths) h.entries.push({ time: at, path });
    if (h.entries.length > MAX_HISTORY) {
      const dropped = h.entries.splice(0, h.entries.length - MAX_HISTORY / 2);
      h.floor = (dropped[dropped.length - 1] as { time: Micros }).time;
    }
  }

  /**
   * The paths changed after `since` in a database, or undefined when the history does not reach
   * back that far (then the caller resets instead).
   */
  changedSince(key: string, since: Micros): Set<string> | undefined {
    const h = this.history(key);
    if (since < h.floor || since > this.service.clock.now()) return undefined;
    const out = new Set<string>();
    for (let i = h.entries.length - 1; i >= 0; i--) {
      const entry = h.entries[i] as { time: Micros; path: string };
      if (entry.time <= since) break;
      out.add(entry.path);
    }
    return out;
  }

  private onCommit(event: CommitEvent): void {
    const key = dbKey(event);
    this.record(
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
    this.record(
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

// ---- resume tokens ----

const TOKEN_MAGIC = 0x4c;

function encodeResumeToken(instance: number, micros: Micros): string {
  const bytes = Buffer.alloc(13);
  bytes[0] = TOKEN_MAGIC;
  bytes.writeUInt32BE(instance, 1);
  bytes.writeBigInt64BE(BigInt(micros), 5);
  return bytes.toString('base64');
}

function decodeResumeToken(token: string): { instance: number; micros: Micros } | undefined {
  const bytes = Buffer.from(token, 'base64');
  if (bytes.length !== 13 || bytes[0] !== TOKEN_MAGIC) return undefined;
  return { instance: bytes.readUInt32BE(1), micros: Number(bytes.readBigInt64BE(5)) };
}

// ---- targets ----

interface ListenTarget {
  readonly id: number;
  readonly paths?: ReadonlySet<string>;
  readonly query?: CompiledQuery;
  /** Whether a document belongs to the target (its state alone decides; not for windowed targets). */
  readonly matches: (doc: StoredDocument) => boolean;
  /** Whether a change at this path can concern the target at all. */
  readonly inScope: (path: string) => boolean;
  /** limit / offset: membership depends on other documents, so changes re-run the query. */
  readonly windowed: boolean;
  readonly projection?: string[][];
  /** The documents the client holds for this target: path -> updateTime. */
  known: Map<string, Micros>;
  /** Set by an emulator reset: the next resync diffs the whole result. */
  stale: boolean;
}

/** The documents of one response batch, per path, with the targets they enter and leave. */
interface Pending {
  doc: StoredDocument | undefined;
  /** The document's content changed (for the client) in this batch. */
  changed: boolean;
  added: ListenTarget[];
  removed: number[];
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

  private name(path: string): string {
    return `${documentsRoot(this.dbName as DatabaseName)}/${path}`;
  }

  private nextFreeId(): number {
    let id = 1;
    for (const t of this.targets.keys()) if (t >= id) id = t + 1;
    return id;
  }

  private compileTarget(id: number, t: TargetJson): ListenTarget {
    const dbName = this.dbName as DatabaseName;
    const base = { id, known: new Map<string, Micros>(), stale: false };
    if (t.documents) {
      const paths = new Set<string>();
      for (const name of t.documents.documents ?? []) {
        const parsed = parseDocumentName(name);
        if (!sameDatabase(parsed.db, dbName))
          throw invalidArgument(`Document "${name}" is not in database ${databaseRoot(dbName)}.`);
        paths.add(parsed.path);
      }
      if (paths.size === 0)
        throw invalidArgument('A documents target needs at least one document.');
      return {
        ...base,
        paths,
        matches: (doc) => paths.has(doc.path),
        inScope: (path) => paths.has(path),
        windowed: false,
      };
    }
    if (t.query) {
      const parent = parseParentName(t.query.parent ?? '');
      if (!sameDatabase(parent.db, dbName))
        throw invalidArgument(
          `Parent "${t.query.parent ?? ''}" is not in database ${databaseRoot(dbName)}.`,
        );
      const structured = t.query.structuredQuery;
      if (!structured) throw invalidArgument('A structured query is required.');
      const q = compileQuery(dbName, parent.path, structured);
      if (this.caller.kind !== 'admin')
        this.service.authorizeList(this.db, this.caller, q, structured);
      return {
        ...base,
        query: q,
        matches: queryMatcher(dbName, q),
        inScope: (path) => inQueryScope(q, path),
        windowed: q.limit !== undefined || q.offset > 0,
        ...(q.projection ? { projection: q.projection } : {}),
      };
    }
    throw invalidArgument('A target needs a query or documents.');
  }

  /** The target's current result. */
  private evaluate(target: ListenTarget): StoredDocument[] {
    const store = this.db.store;
    if (target.paths) {
      const out: StoredDocument[] = [];
      for (const path of target.paths) {
        const doc = store.get(path);
        if (doc) out.push(doc);
      }
      return out;
    }
    return executeQuery(store, this.dbName as DatabaseName, target.query as CompiledQuery)
      .documents;
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
    const resumeFrom = this.resumePoint(t);
    this.send({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
    const result = this.evaluate(target);
    const changedSince =
      resumeFrom === undefined || target.windowed
        ? undefined
        : this.hub.changedSince(this.key, resumeFrom);
    const batch = new Map<string, Pending>();
    if (resumeFrom !== undefined && changedSince !== undefined) {
      // Only what changed since the client's snapshot: newer documents, and removals of paths
      // written since then that are no longer in the result (a removal of a document the client
      // does not hold is a no-op for both SDKs).
      const inResult = new Set(result.map((d) => d.path));
      for (const doc of result)
        if (doc.updateTime > resumeFrom) this.enter(batch, target, doc, true);
      for (const path of changedSince) {
        if (inResult.has(path) || !target.inScope(path)) continue;
        const doc = this.db.store.get(path);
        this.leave(batch, target, path, doc, doc !== undefined);
      }
    } else {
      if (resumeFrom !== undefined)
        this.send({ targetChange: { targetChangeType: 'RESET', targetIds: [id] } });
      for (const doc of result) this.enter(batch, target, doc, true);
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

  /** The read time a re-added target resumes from (resume token or readTime), if any. */
  private resumePoint(t: TargetJson): Micros | undefined {
    if (t.resumeToken !== undefined && t.resumeToken !== '') {
      const token = decodeResumeToken(t.resumeToken);
      // An unknown token (another emulator process, another service) still resumes: with a reset.
      if (!token || token.instance !== this.hub.instance) return -1;
      return token.micros;
    }
    if (t.readTime !== undefined) {
      const ts = parseTimestamp(t.readTime);
      return ts ? timestampToMicros(ts) : -1;
    }
    return undefined;
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

  private entry(
    batch: Map<string, Pending>,
    path: string,
    doc: StoredDocument | undefined,
  ): Pending {
    let p = batch.get(path);
    if (!p) {
      p = { doc, changed: false, added: [], removed: [] };
      batch.set(path, p);
    }
    return p;
  }

  /** The document is (now) in the target's result, in this version. */
  private enter(
    batch: Map<string, Pending>,
    target: ListenTarget,
    doc: StoredDocument,
    changed: boolean,
  ): void {
    const p = this.entry(batch, doc.path, doc);
    p.added.push(target);
    p.changed ||= changed;
  }

  /** The document left the target's result (`doc` = its current state, undefined = deleted). */
  private leave(
    batch: Map<string, Pending>,
    target: ListenTarget,
    path: string,
    doc: StoredDocument | undefined,
    changed: boolean,
  ): void {
    const p = this.entry(batch, path, doc);
    p.removed.push(target.id);
    p.changed ||= changed;
  }

  private emitDocuments(batch: Map<string, Pending>, readMicros: Micros): void {
    const dbName = this.dbName as DatabaseName;
    const readTime = formatMicros(readMicros);
    const paths = [...batch.keys()].sort(compareDocumentPaths);
    for (const path of paths) {
      const p = batch.get(path) as Pending;
      if (p.doc && p.added.length > 0) {
        // Targets with different projections see different documents: one change per projection.
        const groups = new Map<string, ListenTarget[]>();
        for (const t of p.added) {
          const k = t.projection ? JSON.stringify(t.projection) : '';
          const g = groups.get(k);
          if (g) g.push(t);
          else groups.set(k, [t]);
        }
        let first = true;
        for (const group of groups.values()) {
          this.hub.service.usage.count(dbName.project, 'listen', 1);
          this.send({
            documentChange: {
              document: this.service.toDocumentJson(dbName, p.doc, group[0]?.projection),
              targetIds: group.map((t) => t.id),
              removedTargetIds: first ? p.removed : [],
            },
          });
          first = false;
        }
      } else if (!p.doc) {
        this.send({
          documentDelete: { document: this.name(path), removedTargetIds: p.removed, readTime },
        });
      } else if (p.changed) {
        // Still exists, left every target it was in: the new version, so caches stay right.
        this.send({
          documentChange: {
            document: this.service.toDocumentJson(dbName, p.doc),
            targetIds: [],
            removedTargetIds: p.removed,
          },
        });
      } else {
        this.send({
          documentRemove: { document: this.name(path), removedTargetIds: p.removed, readTime },
        });
      }
    }
  }

  /** Diffs a target's whole current result against what the client holds. */
  private resync(target: ListenTarget, batch: Map<string, Pending>): void {
    const result = this.evaluate(target);
    const next = new Map(result.map((d) => [d.path, d.updateTime]));
    for (const doc of result) {
      const had = target.known.get(doc.path);
      if (had !== doc.updateTime) this.enter(batch, target, doc, true);
    }
    for (const [path, had] of target.known) {
      if (next.has(path)) continue;
      const doc = this.db.store.get(path);
      this.leave(batch, target, path, doc, doc !== undefined && doc.updateTime !== had);
    }
    target.known = next;
  }

  onCommit(event: CommitEvent): void {
    if (this.closed || this.targets.size === 0) return;
    const batch = new Map<string, Pending>();
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
          this.enter(batch, target, after, true);
        } else if (target.known.delete(change.path)) {
          this.leave(batch, target, change.path, after, after !== undefined);
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
    const batch = new Map<string, Pending>();
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
