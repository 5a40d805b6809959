/** Request and response shapes in the internal form (validated proto3 JSON, see proto/json-codec.ts). */
import type { Fields, Value } from '../store/value.js';

export interface DocumentJson {
  name?: string;
  fields?: Fields;
  createTime?: string;
  updateTime?: string;
}

export interface PreconditionJson {
  exists?: boolean;
  updateTime?: string;
}

export interface FieldTransformJson {
  fieldPath?: string;
  setToServerValue?: string;
  increment?: Value;
  maximum?: Value;
  minimum?: Value;
  appendMissingElements?: { values?: Value[] };
  removeAllFromArray?: { values?: Value[] };
}

export interface WriteJson {
  update?: DocumentJson;
  delete?: string;
  verify?: string;
  transform?: { document?: string; fieldTransforms?: FieldTransformJson[] };
  updateMask?: { fieldPaths?: string[] };
  updateTransforms?: FieldTransformJson[];
  currentDocument?: PreconditionJson;
}

export interface WriteResultJson {
  updateTime?: string;
  transformResults?: Value[];
}

export interface FieldReference {
  fieldPath?: string;
}

export interface FilterJson {
  compositeFilter?: { op?: string; filters?: FilterJson[] };
  fieldFilter?: { field?: FieldReference; op?: string; value?: Value };
  unaryFilter?: { op?: string; field?: FieldReference };
}

export interface OrderJson {
  field?: FieldReference;
  direction?: string;
}

export interface CursorJson {
  values?: Value[];
  before?: boolean;
}

export interface StructuredQueryJson {
  select?: { fields?: FieldReference[] };
  from?: { collectionId?: string; allDescendants?: boolean }[];
  where?: FilterJson;
  orderBy?: OrderJson[];
  startAt?: CursorJson;
  endAt?: CursorJson;
  offset?: number;
  limit?: number;
  findNearest?: unknown;
}

export interface AggregationJson {
  alias?: string;
  count?: { upTo?: string };
  sum?: { field?: FieldReference };
  avg?: { field?: FieldReference };
}

export interface TransactionOptionsJson {
  readOnly?: { readTime?: string };
  readWrite?: { retryTransaction?: string };
}

export interface ConsistencySelector {
  transaction?: string;
  newTransaction?: TransactionOptionsJson;
  readTime?: string;
}
