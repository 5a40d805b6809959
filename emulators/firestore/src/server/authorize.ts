/**
 * The seam between the emulator core and the security-rules engine. The core calls `authorize` for
 * every non-admin request; this placeholder allows everything until the rules engine replaces it.
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

export function createAuthorizer(options: { rulesFile?: string; log?: (line: string) => void }): Authorizer {
  void options;
  return {
    authorize: () => ({ allowed: true }),
    setRulesSource: () => ({ ok: true }),
    close: () => undefined,
  };
}
