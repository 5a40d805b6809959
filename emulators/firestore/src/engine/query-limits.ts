/**
 * The query and aggregation shapes Cloud Firestore refuses, refused here too with the same status
 * (INVALID_ARGUMENT) and a comparable message, so a query that works locally also works in
 * production (https://firebase.google.com/docs/firestore/query-data/queries#limitations):
 * - at most 30 disjunctions in the filter's disjunctive normal form (OR, `in`,
 *   `array-contains-any` all multiply or add up);
 * - `in` and `array-contains-any` up to 30 values, `not-in` up to 10;
 * - at most one `array-contains` / `array-contains-any` per disjunction;
 * - at most one `not-in` per query, never with `!=`, and never with `in`, `array-contains-any` or
 *   OR;
 * - at most 5 aggregations per request, with unique aliases that are not reserved (`__x__`) and
 *   at most 1,500 bytes.
 */
import { invalidArgument } from '../store/errors.js';
import type { AggregationJson, FilterJson } from './request-types.js';

export const MAX_DISJUNCTIONS = 30;
export const MAX_IN_VALUES = 30;
export const MAX_NOT_IN_VALUES = 10;
export const MAX_AGGREGATIONS = 5;
const MAX_ALIAS_BYTES = 1500;

const OPERATOR_NAMES: Record<string, string> = {
  IN: 'IN',
  NOT_IN: 'NOT_IN',
  ARRAY_CONTAINS_ANY: 'ARRAY_CONTAINS_ANY',
};

function valueCount(filter: NonNullable<FilterJson['fieldFilter']>): number {
  const value = filter.value as { arrayValue?: { values?: unknown[] } } | undefined;
  return value?.arrayValue?.values?.length ?? 0;
}

interface Shape {
  /** Terms of the filter's disjunctive normal form. */
  disjunctions: number;
  /** The most array-contains(-any) filters in one term. */
  arrayContainsPerTerm: number;
  notIn: number;
  notEqual: number;
  inLike: number;
  or: number;
}

function shapeOf(filter: FilterJson): Shape {
  if (filter.compositeFilter) {
    const parts = (filter.compositeFilter.filters ?? []).map(shapeOf);
    const isOr = filter.compositeFilter.op === 'OR';
    const sum = (key: 'notIn' | 'notEqual' | 'inLike' | 'or'): number =>
      parts.reduce((n, p) => n + p[key], 0);
    return {
      disjunctions: isOr
        ? parts.reduce((n, p) => n + p.disjunctions, 0)
        : parts.reduce((n, p) => n * p.disjunctions, 1),
      arrayContainsPerTerm: isOr
        ? Math.max(0, ...parts.map((p) => p.arrayContainsPerTerm))
        : parts.reduce((n, p) => n + p.arrayContainsPerTerm, 0),
      notIn: sum('notIn'),
      notEqual: sum('notEqual'),
      inLike: sum('inLike'),
      // A one-filter OR is the filter itself.
      or: sum('or') + (isOr && parts.length > 1 ? 1 : 0),
    };
  }
  const field = filter.fieldFilter;
  const shape: Shape = {
    disjunctions: 1,
    arrayContainsPerTerm: 0,
    notIn: 0,
    notEqual: 0,
    inLike: 0,
    or: 0,
  };
  if (!field) return shape; // unary filters and malformed ones (refused by the compiler)
  const op = field.op ?? '';
  const count = valueCount(field);
  if (op === 'IN' || op === 'ARRAY_CONTAINS_ANY') {
    if (count > MAX_IN_VALUES) {
      throw invalidArgument(
        `'${OPERATOR_NAMES[op]}' supports up to ${MAX_IN_VALUES} comparison values.`,
      );
    }
    shape.disjunctions = Math.max(1, count);
    shape.inLike = 1;
  }
  if (op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY') shape.arrayContainsPerTerm = 1;
  if (op === 'NOT_IN') {
    if (count > MAX_NOT_IN_VALUES) {
      throw invalidArgument(`'NOT_IN' supports up to ${MAX_NOT_IN_VALUES} comparison values.`);
    }
    shape.notIn = 1;
  }
  if (op === 'NOT_EQUAL') shape.notEqual = 1;
  return shape;
}

/** Throws INVALID_ARGUMENT when production would refuse this filter's shape. */
export function checkFilterLimits(where: FilterJson | undefined): void {
  if (!where) return;
  const shape = shapeOf(where);
  if (shape.disjunctions > MAX_DISJUNCTIONS) {
    throw invalidArgument(
      `Query has ${shape.disjunctions} disjunctions in its disjunctive normal form; the limit is ${MAX_DISJUNCTIONS}.`,
    );
  }
  if (shape.arrayContainsPerTerm > 1) {
    throw invalidArgument(
      "A maximum of 1 'ARRAY_CONTAINS' or 'ARRAY_CONTAINS_ANY' filter is allowed per disjunction.",
    );
  }
  if (shape.notIn > 1)
    throw invalidArgument("A maximum of 1 'NOT_IN' filter is allowed per query.");
  if (shape.notIn === 1) {
    if (shape.notEqual > 0) {
      throw invalidArgument("'NOT_IN' cannot be used in the same query with 'NOT_EQUAL'.");
    }
    if (shape.inLike > 0) {
      throw invalidArgument(
        "'NOT_IN' cannot be used in the same query with 'IN' or 'ARRAY_CONTAINS_ANY'.",
      );
    }
    if (shape.or > 0) throw invalidArgument("'NOT_IN' cannot be used in the same query with 'OR'.");
  }
}

/** Throws INVALID_ARGUMENT for too many aggregations or an alias production refuses. */
export function checkAggregationLimits(aggregations: readonly AggregationJson[]): void {
  if (aggregations.length > MAX_AGGREGATIONS) {
    throw invalidArgument(
      `Aggregations are limited to ${MAX_AGGREGATIONS} per request; this one has ${aggregations.length}.`,
    );
  }
  for (const { alias } of aggregations) {
    if (alias === undefined) continue;
    if (alias === '') throw invalidArgument('An aggregation alias cannot be empty.');
    if (/^__.*__$/.test(alias)) {
      throw invalidArgument(`Aggregation alias "${alias}" is invalid because it is reserved.`);
    }
    if (Buffer.byteLength(alias, 'utf8') > MAX_ALIAS_BYTES) {
      throw invalidArgument(`An aggregation alias is longer than ${MAX_ALIAS_BYTES} bytes.`);
    }
  }
}
