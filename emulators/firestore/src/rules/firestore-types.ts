/**
 * The Firestore REST JSON shapes the rules engine reads (documents' fields, query filters) and
 * the request the emulator's server hands to the engine. The field-optional `Value` accepts the
 * server's exact union type structurally.
 */
export interface Value {
  nullValue?: null | 'NULL_VALUE';
  booleanValue?: boolean;
  integerValue?: string | number;
  doubleValue?: number | string;
  timestampValue?: string;
  stringValue?: string;
  bytesValue?: string;
  referenceValue?: string;
  geoPointValue?: { latitude?: number; longitude?: number };
  arrayValue?: { values?: Value[] };
  mapValue?: { fields?: Record<string, Value> };
}

export type Fields = Record<string, Value>;

export type RulesMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface FieldReference {
  fieldPath: string;
}

export interface FieldFilter {
  field: FieldReference;
  op: string;
  value: Value;
}

export interface UnaryFilter {
  field: FieldReference;
  op: string;
}

export interface CompositeFilter {
  op: string;
  filters: QueryFilter[];
}

export interface QueryFilter {
  fieldFilter?: FieldFilter;
  unaryFilter?: UnaryFilter;
  compositeFilter?: CompositeFilter;
}

export interface QueryOrder {
  field: FieldReference;
  direction?: string;
}

export interface RulesQuery {
  collectionId: string;
  /** Path under documents/ of the parent document, '' for the root. */
  parent: string;
  allDescendants: boolean;
  where?: QueryFilter;
  orderBy?: QueryOrder[];
  limit?: number;
  offset?: number;
}

export interface RulesAuth {
  uid: string;
  token: Record<string, unknown>;
}

export interface DocumentLookup {
  /** Path under documents/, e.g. "profiles/u1". */
  get(path: string): Fields | null;
  getAfter(path: string): Fields | null;
}

export interface RulesRequest {
  method: RulesMethod;
  /** Under documents/, e.g. "products/abc"; for list the collection path. */
  path: string;
  auth: RulesAuth | null;
  time: Date;
  /** Optional, more precise than `time`: microseconds since the epoch. */
  timeMicros?: number;
  resource: Fields | null;
  requestResource: Fields | null;
  query?: RulesQuery;
  lookup: DocumentLookup;
  /** Optional: the database id, "(default)" unless told. */
  database?: string;
  /**
   * Optional: the number of document-access calls (get/exists/getAfter/existsAfter) allowed.
   * 10 for single-document requests and queries, 20 for batched writes and transactions.
   */
  accessLimit?: number;
}
