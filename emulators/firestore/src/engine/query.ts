/** Structured queries: filters, implicit ordering, cursors, offset, limit, projection. */
import type { DocumentStore, StoredDocument } from '../store/document-store.js';
import { compareDocumentPaths } from '../store/document-store.js';
import { getField, parseFieldPath, invalidFieldPathMessage } from '../store/field-path.js';
import { documentsRoot, parseParentName, type DatabaseName } from '../store/resource-name.js';
import {
  arrayContains,
  compareValues,
  isNaNValue,
  typeOrder,
  valuesEqual,
  type Value,
} from '../store/value.js';
import { FirestoreError, invalidArgument } from '../store/errors.js';
import { checkFilterLimits, KEY_FILTER_VALUE, KEY_RESERVED } from './query-limits.js';
import type {
  CursorJson,
  FieldReference,
  FilterJson,
  StructuredQueryJson,
} from './request-types.js';

const NAME = '__name__';

interface Order {
  path: string[];
  isName: boolean;
  descending: boolean;
}

type Predicate = (doc: StoredDocument) => boolean;

export interface CompiledQuery {
  collectionId: string;
  allDescendants: boolean;
  /** Parent path under documents/ ("" = root). */
  parent: string;
  predicate: Predicate;
  orders: Order[];
  startAt?: CursorJson;
  endAt?: CursorJson;
  offset: number;
  limit?: number;
  projection?: string[][];
}

function fieldPathOf(ref: FieldReference | undefined): string[] {
  const text = ref?.fieldPath;
  if (text === NAME) return [NAME];
  const path = text === undefined ? null : parseFieldPath(text);
  if (!path) throw invalidArgument(invalidFieldPathMessage(text ?? ''));
  return path;
}

function isNamePath(path: string[]): boolean {
  return path.length === 1 && path[0] === NAME;
}

export function createFieldReader(
  dbName: DatabaseName,
): (doc: StoredDocument, path: string[]) => Value | undefined {
  const root = documentsRoot(dbName) + '/';
  return (doc, path) =>
    isNamePath(path) ? { referenceValue: root + doc.path } : getField(doc.fields, path);
}

const FIELD_OPERATORS = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'EQUAL',
  'NOT_EQUAL',
  'ARRAY_CONTAINS',
  'IN',
  'ARRAY_CONTAINS_ANY',
  'NOT_IN',
]);
const UNARY_OPERATORS = new Set(['IS_NAN', 'IS_NULL', 'IS_NOT_NAN', 'IS_NOT_NULL']);

/**
 * A `__name__` filter compares document names: the official emulator refuses array membership
 * (`the name __key__ is reserved`), and any operand that is not a reference to a document or to
 * the database root (`__key__ filter value must be a Key`, or the parent-name message for a
 * reference to a collection).
 */
function checkKeyFilter(op: string, value: Value, list: () => Value[]): void {
  if (op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY') throw invalidArgument(KEY_RESERVED);
  const operands = op === 'IN' || op === 'NOT_IN' ? list() : [value];
  for (const operand of operands) {
    if (!('referenceValue' in operand)) throw invalidArgument(KEY_FILTER_VALUE);
    parseParentName(operand.referenceValue);
  }
}

const INEQUALITY = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
]);

function compileFilter(
  filter: FilterJson,
  read: (doc: StoredDocument, path: string[]) => Value | undefined,
  inequalities: Map<string, string[]>,
  filtered: Set<string>,
): Predicate {
  if (filter.compositeFilter) {
    const op = filter.compositeFilter.op ?? 'OPERATOR_UNSPECIFIED';
    // The official emulator's words for a composite filter without AND or OR.
    if (op !== 'AND' && op !== 'OR') throw invalidArgument('Unsupported CompositeFilter operator.');
    const parts = (filter.compositeFilter.filters ?? []).map((f) =>
      compileFilter(f, read, inequalities, filtered),
    );
    if (op === 'AND') return (doc) => parts.every((p) => p(doc));
    return (doc) => parts.some((p) => p(doc));
  }
  if (filter.unaryFilter) {
    const path = fieldPathOf(filter.unaryFilter.field);
    const op = filter.unaryFilter.op;
    if (!UNARY_OPERATORS.has(op ?? '')) throw invalidArgument('Unknown UnaryFilter operator.');
    // A name is never null nor NaN: the official emulator refuses the test.
    if (isNamePath(path)) throw invalidArgument(KEY_FILTER_VALUE);
    filtered.add(path.join('.'));
    if (op === 'IS_NOT_NAN' || op === 'IS_NOT_NULL') inequalities.set(path.join('.'), path);
    switch (op) {
      case 'IS_NAN':
        return (doc) => {
          const v = read(doc, path);
          return v !== undefined && isNaNValue(v);
        };
      case 'IS_NULL':
        return (doc) => {
          const v = read(doc, path);
          return v !== undefined && 'nullValue' in v;
        };
      case 'IS_NOT_NAN':
        return (doc) => {
          const v = read(doc, path);
          return v !== undefined && !('nullValue' in v) && !isNaNValue(v);
        };
      case 'IS_NOT_NULL':
        return (doc) => {
          const v = read(doc, path);
          return v !== undefined && !('nullValue' in v);
        };
      default:
        throw invalidArgument('Unknown UnaryFilter operator.');
    }
  }
  if (filter.fieldFilter) {
    const path = fieldPathOf(filter.fieldFilter.field);
    filtered.add(path.join('.'));
    const op = filter.fieldFilter.op ?? '';
    if (!FIELD_OPERATORS.has(op)) throw invalidArgument('Unknown FieldFilter operator.');
    const value = filter.fieldFilter.value;
    if (!value) throw invalidArgument('A field filter needs a value.');
    if (INEQUALITY.has(op)) inequalities.set(path.join('.'), path);
    const list = (): Value[] => {
      if (!('arrayValue' in value)) throw invalidArgument(`'${op}' requires an ArrayValue.`);
      const values = value.arrayValue.values ?? [];
      if (values.length === 0) throw invalidArgument(`'${op}' requires an non-empty ArrayValue.`);
      return values;
    };
    if (isNamePath(path)) checkKeyFilter(op, value, list);
    const sameType = (v: Value): boolean => typeOrder(v) === typeOrder(value);
    // null and NaN operands never match by equality or range (the SDKs send IS_NULL / IS_NAN instead).
    const unmatchable = (v: Value): boolean => 'nullValue' in v || isNaNValue(v);
    const never: Predicate = () => false;
    const range = (test: (c: number) => boolean): Predicate =>
      unmatchable(value)
        ? never
        : (doc) => {
            const v = read(doc, path);
            return (
              v !== undefined && sameType(v) && !isNaNValue(v) && test(compareValues(v, value))
            );
          };
    switch (op) {
      case 'EQUAL':
        if (unmatchable(value)) return never;
        return (doc) => {
          const v = read(doc, path);
          return v !== undefined && valuesEqual(v, value);
        };
      case 'NOT_EQUAL':
        if ('nullValue' in value) return never;
        if (isNaNValue(value)) {
          return (doc) => {
            const v = read(doc, path);
            return v !== undefined && !('nullValue' in v);
          };
        }
        return (doc) => {
          const v = read(doc, path);
          return v !== undefined && !('nullValue' in v) && !valuesEqual(v, value);
        };
      case 'LESS_THAN':
        return range((c) => c < 0);
      case 'LESS_THAN_OR_EQUAL':
        return range((c) => c <= 0);
      case 'GREATER_THAN':
        return range((c) => c > 0);
      case 'GREATER_THAN_OR_EQUAL':
        return range((c) => c >= 0);
      case 'ARRAY_CONTAINS':
        if (unmatchable(value)) return never;
        return (doc) => {
          const v = read(doc, path);
          return (
            v !== undefined && 'arrayValue' in v && arrayContains(v.arrayValue.values ?? [], value)
          );
        };
      case 'IN': {
        const values = list().filter((v) => !unmatchable(v));
        return (doc) => {
          const v = read(doc, path);
          return v !== undefined && arrayContains(values, v);
        };
      }
      case 'ARRAY_CONTAINS_ANY': {
        const values = list().filter((v) => !unmatchable(v));
        return (doc) => {
          const v = read(doc, path);
          return (
            v !== undefined &&
            'arrayValue' in v &&
            (v.arrayValue.values ?? []).some((e) => arrayContains(values, e))
          );
        };
      }
      case 'NOT_IN': {
        const all = list();
        if (all.some((v) => 'nullValue' in v)) return never;
        const values = all.filter((v) => !isNaNValue(v));
        return (doc) => {
          const v = read(doc, path);
          return v !== undefined && !('nullValue' in v) && !arrayContains(values, v);
        };
      }
      default:
        throw invalidArgument('Unknown FieldFilter operator.');
    }
  }
  return () => true;
}

/** Validates and compiles a structured query under a parent path. */
export function compileQuery(
  dbName: DatabaseName,
  parent: string,
  query: StructuredQueryJson,
): CompiledQuery {
  const from = query.from ?? [];
  if (from.length > 1)
    throw invalidArgument('StructuredQuery.from cannot have more than one collection selector.');
  // No selector at all reads every collection directly under the parent, as the official emulator does.
  const selector = (from[0] ?? {}) as { collectionId?: string; allDescendants?: boolean };
  const collectionId = selector.collectionId ?? '';
  const allDescendants = selector.allDescendants ?? false;
  if (collectionId.includes('/'))
    throw invalidArgument(`Collection id "${collectionId}" is invalid because it contains "/".`);
  if (/^__.*__$/.test(collectionId))
    throw invalidArgument(`Collection id "${collectionId}" is invalid because it is reserved.`);
  if (query.limit !== undefined && query.limit < 0) throw invalidArgument('limit is negative');
  if (query.offset !== undefined && query.offset < 0) throw invalidArgument('offset is negative');
  if (query.findNearest !== undefined)
    throw invalidArgument('findNearest is not supported by this emulator.');
  checkFilterLimits(query.where);
  const read = createFieldReader(dbName);
  const inequalities = new Map<string, string[]>();
  const filtered = new Set<string>();
  const predicate = query.where
    ? compileFilter(query.where, read, inequalities, filtered)
    : () => true;

  // A query over every collection (no collection id) is kindless: the official emulator lets it
  // filter and order on the document name only.
  const kindless = collectionId === '';
  const unnamed = kindless ? [...filtered].find((f) => f !== NAME) : undefined;
  if (unnamed !== undefined) throw invalidArgument(`kind is required for filter: ${unnamed}`);

  const orders: Order[] = [];
  const ordered = new Set<string>();
  for (const o of query.orderBy ?? []) {
    const path = fieldPathOf(o.field);
    const key = path.join('.');
    if (ordered.has(key))
      throw invalidArgument(`order by clause cannot contain duplicate fields ${key}`);
    if (kindless && !isNamePath(path))
      throw invalidArgument('kind is required for all orders except __key__ ascending');
    if (ordered.has(NAME))
      throw invalidArgument('order by clause cannot contain more fields after the key');
    ordered.add(key);
    orders.push({ path, isName: isNamePath(path), descending: o.direction === 'DESCENDING' });
  }
  const explicitCount = orders.length;
  const missing = [...inequalities.entries()]
    .filter(([key]) => !ordered.has(key) && key !== NAME)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (missing.length > 0 && ordered.has(NAME))
    throw invalidArgument('order by clause cannot contain more fields after the key');
  const lastDirection = orders.length > 0 ? (orders[orders.length - 1] as Order).descending : false;
  for (const [, path] of missing) orders.push({ path, isName: false, descending: lastDirection });
  if (!orders.some((o) => o.isName))
    orders.push({ path: [NAME], isName: true, descending: lastDirection });
  const first = orders[0] as Order;
  if (first.isName && first.descending && [...filtered].every((f) => f === NAME)) {
    throw new FirestoreError(
      'FAILED_PRECONDITION',
      'Firestore does not support descending key scans',
    );
  }

  for (const cursor of [query.startAt, query.endAt]) {
    if (!cursor) continue;
    const values = cursor.values ?? [];
    if (values.length > explicitCount) throw invalidArgument('Cursor has too many values.');
    values.forEach((v, i) => {
      if ((orders[i] as Order).isName && !('referenceValue' in v))
        throw invalidArgument('Cursor __key__ value is not a document reference.');
    });
  }
  const projection = query.select
    ? (query.select.fields ?? []).map((f) => fieldPathOf(f)).filter((p) => !isNamePath(p))
    : undefined;
  return {
    collectionId,
    allDescendants,
    parent,
    predicate,
    orders,
    ...(query.startAt ? { startAt: query.startAt } : {}),
    ...(query.endAt ? { endAt: query.endAt } : {}),
    offset: query.offset ?? 0,
    ...(query.limit !== undefined ? { limit: query.limit } : {}),
    ...(projection ? { projection } : {}),
  };
}

function candidates(store: DocumentStore, q: CompiledQuery): Iterable<StoredDocument> {
  if (q.allDescendants)
    return q.collectionId === ''
      ? store.descendants(q.parent)
      : store.collectionGroup(q.parent, q.collectionId);
  if (q.collectionId === '') return store.children(q.parent);
  return store.collection(q.parent === '' ? q.collectionId : `${q.parent}/${q.collectionId}`);
}

export interface QueryResult {
  documents: StoredDocument[];
  skipped: number;
}

type KeyComparator = (a: Value[], b: Value[], count: number) => number;

/** Compares two values of one order (its direction applied); document names segment by segment. */
function compareOrderValues(o: Order, a: Value, b: Value): number {
  const c =
    o.isName && 'referenceValue' in a && 'referenceValue' in b
      ? compareDocumentPaths(a.referenceValue, b.referenceValue)
      : compareValues(a, b);
  return o.descending ? -c : c;
}

function keyComparator(q: CompiledQuery): KeyComparator {
  return (a, b, count) => {
    for (let i = 0; i < count; i++) {
      const c = compareOrderValues(q.orders[i] as Order, a[i] as Value, b[i] as Value);
      if (c !== 0) return c;
    }
    return 0;
  };
}

/** The document's values for the query's orders; undefined when one is missing (no match). */
function sortKeys(
  q: CompiledQuery,
  read: (doc: StoredDocument, path: string[]) => Value | undefined,
  doc: StoredDocument,
): Value[] | undefined {
  const keys: Value[] = [];
  for (const o of q.orders) {
    const v = read(doc, o.path);
    if (v === undefined) return undefined;
    keys.push(v);
  }
  return keys;
}

function withinCursors(q: CompiledQuery, compareKeys: KeyComparator, keys: Value[]): boolean {
  if (q.startAt) {
    const values = q.startAt.values ?? [];
    const c = compareKeys(keys, values, values.length);
    if (!(c > 0 || (c === 0 && q.startAt.before === true))) return false;
  }
  if (q.endAt) {
    const values = q.endAt.values ?? [];
    const c = compareKeys(keys, values, values.length);
    if (!(c < 0 || (c === 0 && q.endAt.before !== true))) return false;
  }
  return true;
}

/** True when a document at this path is in the collections the query reads (before filters). */
export function inQueryScope(q: CompiledQuery, path: string): boolean {
  const collection = path.slice(0, path.lastIndexOf('/'));
  const slash = collection.lastIndexOf('/');
  const collectionId = collection.slice(slash + 1);
  if (q.collectionId !== '' && collectionId !== q.collectionId) return false;
  if (q.allDescendants) return q.parent === '' || collection.startsWith(`${q.parent}/`);
  return (slash === -1 ? '' : collection.slice(0, slash)) === q.parent;
}

/**
 * A test of one document against the query's scope, filters, orders and cursors: whether it is in
 * the result before offset and limit apply (realtime listeners evaluate each change with it).
 */
export function queryMatcher(
  dbName: DatabaseName,
  q: CompiledQuery,
): (doc: StoredDocument) => boolean {
  const read = createFieldReader(dbName);
  const compareKeys = keyComparator(q);
  return (doc) => {
    if (!inQueryScope(q, doc.path) || !q.predicate(doc)) return false;
    const keys = sortKeys(q, read, doc);
    return keys !== undefined && withinCursors(q, compareKeys, keys);
  };
}

/**
 * Runs a compiled query against the current documents. `unordered`: the caller needs only which
 * documents match (count()), so without offset and limit the result is not sorted.
 */
export function executeQuery(
  store: DocumentStore,
  dbName: DatabaseName,
  q: CompiledQuery,
  unordered = false,
): QueryResult {
  if (unordered && q.offset === 0 && q.limit === undefined && !q.startAt && !q.endAt)
    return { documents: matchingDocuments(store, q), skipped: 0 };
  const read = createFieldReader(dbName);
  const compareKeys = keyComparator(q);
  const count = q.orders.length;
  const first = q.orders[0] as Order;
  const sign = first.descending ? -1 : 1;
  const byKeys = (a: Row, b: Row): number =>
    a.fast !== undefined && b.fast !== undefined && a.fast !== b.fast
      ? a.fast < b.fast
        ? -sign
        : sign
      : compareKeys(a.keys, b.keys, count);
  const keep = q.limit === undefined ? Infinity : q.offset + q.limit;
  // With a limit only the first offset + limit rows are needed: they are kept in a heap whose top
  // is the last of them, and a document that sorts after it is passed over, most on its first
  // order's value alone. Every row's keys end with the document name, so no two rows tie and the
  // rows kept are the ones a full sort would put first.
  const heap = keep <= BOUNDED_LIMIT ? new RowHeap(byKeys) : undefined;
  const rows: Row[] = [];
  let matched = 0;
  for (const doc of candidates(store, q)) {
    if (!q.predicate(doc)) continue;
    const last = heap && heap.size >= keep ? heap.top : undefined;
    if (last) {
      const v = read(doc, first.path);
      if (v === undefined) continue;
      const fast = fastNumber(v);
      if (fast !== undefined && last.fast !== undefined) {
        if ((fast - last.fast) * sign > 0) continue;
      } else if (compareOrderValues(first, v, last.keys[0] as Value) > 0) continue;
    }
    const keys = sortKeys(q, read, doc);
    if (!keys || !withinCursors(q, compareKeys, keys)) continue;
    matched++;
    const row: Row = { doc, keys, fast: fastNumber(keys[0] as Value) };
    if (!heap) rows.push(row);
    else if (heap.size < keep) heap.push(row);
    else if (last && keep > 0 && byKeys(row, last) < 0) heap.replaceTop(row);
  }
  const sorted = heap ? heap.items : rows;
  sorted.sort(byKeys);
  // Rows passed over on sight are matches too, but only once offset + limit rows were kept: the
  // whole offset is then skipped either way.
  const skipped = Math.min(q.offset, matched);
  let docs = sorted.slice(skipped).map((r) => r.doc);
  if (q.limit !== undefined) docs = docs.slice(0, q.limit);
  return { documents: docs, skipped };
}

/** Limits up to this keep their rows in a heap; larger ones sort every match. */
const BOUNDED_LIMIT = 10_000;

/** A binary heap of rows whose top is the row that sorts last. */
class RowHeap {
  readonly items: Row[] = [];
  constructor(private readonly compare: (a: Row, b: Row) => number) {}

  get size(): number {
    return this.items.length;
  }

  get top(): Row | undefined {
    return this.items[0];
  }

  push(row: Row): void {
    const items = this.items;
    let i = items.push(row) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.compare(items[parent] as Row, row) >= 0) break;
      items[i] = items[parent] as Row;
      i = parent;
    }
    items[i] = row;
  }

  replaceTop(row: Row): void {
    const items = this.items;
    const n = items.length;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && this.compare(items[child + 1] as Row, items[child] as Row) > 0) child++;
      if (this.compare(items[child] as Row, row) <= 0) break;
      items[i] = items[child] as Row;
      i = child;
    }
    items[i] = row;
  }
}

interface Row {
  doc: StoredDocument;
  keys: Value[];
  /** The first key as a double when it is a number that converts exactly (not NaN). */
  fast: number | undefined;
}

/**
 * A number value as a double that orders the same way among numbers: doubles other than NaN, and
 * integers of up to 15 characters (exact as doubles); undefined for anything else.
 */
function fastNumber(v: Value): number | undefined {
  if ('doubleValue' in v) return Number.isNaN(v.doubleValue) ? undefined : v.doubleValue;
  if ('integerValue' in v && v.integerValue.length <= 15) return Number(v.integerValue);
  return undefined;
}

/**
 * The documents that match a query without cursors, in no order: the filters, and every ordered
 * field present (a document without one is not in an ordered result); the document name is
 * always present, so no key is built.
 */
function matchingDocuments(store: DocumentStore, q: CompiledQuery): StoredDocument[] {
  const ordered = q.orders.filter((o) => !o.isName).map((o) => o.path);
  const docs: StoredDocument[] = [];
  for (const doc of candidates(store, q)) {
    if (!q.predicate(doc)) continue;
    let present = true;
    for (const path of ordered) {
      if (getField(doc.fields, path) === undefined) {
        present = false;
        break;
      }
    }
    if (present) docs.push(doc);
  }
  return docs;
}
