/**
 * The targets of a Listen stream (listen.ts): a documents target (named documents) or a query
 * target, compiled once when added, with what decides whether a change concerns it and its
 * current result.
 */
import type { StoredDocument } from '../store/document-store.js';
import {
  databaseRoot,
  parseDocumentName,
  parseParentName,
  sameDatabase,
  type DatabaseName,
} from '../store/resource-name.js';
import type { Micros } from '../store/timestamp.js';
import type { Database } from './database.js';
import { invalidArgument } from '../store/errors.js';
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

export interface ListenTarget {
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

/**
 * The target `t` of a stream on `dbName`, as target `id`; `authorizeQuery` checks a query target
 * against the rules (it throws when denied). Throws a FirestoreError for a target that is not
 * valid.
 */
export function compileTarget(
  id: number,
  t: TargetJson,
  dbName: DatabaseName,
  authorizeQuery: (q: CompiledQuery, structured: StructuredQueryJson) => void,
): ListenTarget {
  const base = { id, known: new Map<string, Micros>(), stale: false };
  if (t.documents) {
    const paths = new Set<string>();
    for (const name of t.documents.documents ?? []) {
      const parsed = parseDocumentName(name);
      if (!sameDatabase(parsed.db, dbName))
        throw invalidArgument(`Document "${name}" is not in database ${databaseRoot(dbName)}.`);
      paths.add(parsed.path);
    }
    if (paths.size === 0) throw invalidArgument('A documents target needs at least one document.');
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
    authorizeQuery(q, structured);
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

/** The target's current result in a database's store. */
export function evaluateTarget(
  target: ListenTarget,
  store: Database['store'],
  dbName: DatabaseName,
): StoredDocument[] {
  if (target.paths) {
    const out: StoredDocument[] = [];
    for (const path of target.paths) {
      const doc = store.get(path);
      if (doc) out.push(doc);
    }
    return out;
  }
  return executeQuery(store, dbName, target.query as CompiledQuery).documents;
}
