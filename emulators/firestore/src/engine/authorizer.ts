/**
 * What the engine asks of security rules: it calls `authorize` for every non-admin request. The
 * engine knows only this interface; `src/server/authorize.ts` implements it over the rules engine
 * (`src/rules/`).
 */
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
