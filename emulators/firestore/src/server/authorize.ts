/**
 * The seam between the emulator core and the security-rules engine. The core calls `authorize` for
 * every non-admin request; the rules engine (src/rules) judges it against the rules file, reloads
 * the file when it changes and keeps the last good rules on a bad edit.
 */
import { RulesAuthorizer } from '../rules/authorizer.js';
import type { QueryFilter, QueryOrder, RulesRequest } from '../rules/firestore-types.js';
import type { Fields as StoredFields, Value as StoredValue } from '../store/value.js';

export type Value = StoredValue;
export type Fields = StoredFields; // REST JSON Value per field

export interface AuthContext {
  uid: string;
  token: Record<string, unknown>;
}

export type RulesMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface AuthorizeRequest {
  method: RulesMethod;
  /** Document path under documents/, e.g. "products/abc"; for list: the collection path (collection group: the collection id, with allDescendants true). */
  path: string;
  auth: AuthContext | null;
  time: Date;
  /**
   * Optional: the request time in microseconds since the epoch (the commit time). Pass it on writes
   * so that `request.resource.data.t == request.time` holds for a REQUEST_TIME server timestamp;
   * a Date keeps only milliseconds.
   */
  timeMicros?: number;
  /** Stored document fields before the operation (null when missing). */
  resource: Fields | null;
  /** Document fields after the write (create/update), else null. */
  requestResource: Fields | null;
  query?: {
    collectionId: string;
    parent: string;
    allDescendants: boolean;
    /** The StructuredQuery filter in REST JSON form. */
    where?: unknown;
    orderBy?: unknown[];
    limit?: number;
    offset?: number;
  };
  /** Document reads for rules get()/exists(): before and after the whole commit. */
  lookup: { get(path: string): Fields | null; getAfter(path: string): Fields | null };
}

export interface AuthorizeDecision {
  allowed: boolean;
  message?: string;
}

export interface Authorizer {
  authorize(req: AuthorizeRequest): AuthorizeDecision;
  setRulesSource(source: string): { ok: true } | { ok: false; error: string };
  close(): void;
}

/**
 * The rules file is loaded (parsed, then watched) by the first request that needs rules, or by a
 * rules upload: an emulator used only by admin clients never parses it, and an idle one stays
 * small (this repository's rules cost ~5 MB once parsed). A syntax error is therefore logged at
 * that first request rather than at start.
 */
export function createAuthorizer(options: {
  rulesFile?: string;
  log?: (line: string) => void;
}): Authorizer {
  let rules: RulesAuthorizer | undefined;
  let closed = false;
  const engine = (): RulesAuthorizer =>
    (rules ??= new RulesAuthorizer({
      rulesFile: options.rulesFile,
      log: options.log,
      ...(closed ? { watch: false } : {}),
    }));
  return {
    authorize: (req) => {
      const result = engine().authorize(toRulesRequest(req));
      return result.allowed ? { allowed: true } : { allowed: false, message: result.message };
    },
    setRulesSource: (source) => engine().setRulesSource(source),
    close: () => {
      closed = true;
      rules?.close();
    },
  };
}

function toRulesRequest(req: AuthorizeRequest): RulesRequest {
  const q = req.query;
  return {
    method: req.method,
    path: req.path,
    auth: req.auth,
    time: req.time,
    timeMicros: req.timeMicros,
    resource: req.resource,
    requestResource: req.requestResource,
    lookup: req.lookup,
    query:
      q === undefined
        ? undefined
        : {
            collectionId: q.collectionId,
            parent: q.parent,
            allDescendants: q.allDescendants,
            where: q.where as QueryFilter | undefined,
            orderBy: q.orderBy as QueryOrder[] | undefined,
            limit: q.limit,
            offset: q.offset,
          },
  };
}
