/**
 * The query and aggregation shapes Cloud Firestore refuses, refused here too with the same status
 * (INVALID_ARGUMENT) and, where it is known, the official emulator's message (recorded answers of
 * v1.22.0), so a query that works locally also works in production
 * (https://firebase.google.com/docs/firestore/query-data/queries#limitations):
 * - at most 30 disjunctions in the filter's disjunctive normal form (OR, `in`,
 *   `array-contains-any` all multiply or add up);
 * - `in` and `array-contains-any` up to 30 values, `not-in` up to 10;
 * - at most one `array-contains` / `array-contains-any` per disjunction;
 * - at most one `!=`, `not-in`, `IS_NOT_NAN` or `IS_NOT_NULL` per query (the official emulator's
 *   rule), and `not-in` never with `in`, `array-contains-any` or OR;
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

/** The official emulator's words for a `__name__` filter whose operand is not a document name. */
export const KEY_FILTER_VALUE = '__key__ filter value must be a Key';
/** ... and for array membership tests on `__name__`. */
export const KEY_RESERVED = 'the name __key__ is reserved';

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
  /** `!=`, `not-in`, IS_NOT_NAN and IS_NOT_NULL filters. */
  negations: number;
  inLike: number;
  or: number;
}

function shapeOf(filter: FilterJson): Shape {
  if (filter.compositeFilter) {
    const parts = (filter.compositeFilter.filters ?? []).map(shapeOf);
    const isOr = filter.compositeFilter.op === 'OR';
    const sum = (key: 'notIn' | 'negations' | 'inLike' | 'or'): number =>
      parts.reduce((n, p) => n + p[key], 0);
    return {
      disjunctions: isOr
        ? parts.reduce((n, p) => n + p.disjunctions, 0)
        : parts.reduce((n, p) => n * p.disjunctions, 1),
      arrayContainsPerTerm: isOr
        ? Math.max(0, ...parts.map((p) => p.arrayContainsPerTerm))
        : parts.reduce((n, p) => n + p.arrayContainsPerTerm, 0),
      notIn: sum('notIn'),
      negations: sum('negations'),
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
    negations: 0,
    inLike: 0,
    or: 0,
  };
  const unary = filter.unaryFilter?.op;
  if (unary === 'IS_NOT_NAN' || unary === 'IS_NOT_NULL') shape.negations = 1;
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
    shape.negations = 1;
  }
  if (op === 'NOT_EQUAL') shape.negations = 1;
  return shape;
}

/** Throws INVALID_ARGUMENT when production would refuse this filter's shape. */
export function checkFilterLimits(where: FilterJson | undefined): void {
  if (!where) return;
  const shape = shapeOf(where);
  // The official emulator's checks, in its order (recorded answers of v1.22.0).
  if (shape.negations > 1) {
    throw invalidArgument(
      "Only a single 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', or 'IS_NOT_NULL' filter allowed per query.",
    );
  }
  if (shape.notIn > 0 && (shape.inLike > 0 || shape.or > 0)) {
    throw invalidArgument(
      "'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'.",
    );
  }
  if (shape.arrayContainsPerTerm > 1) {
    throw invalidArgument(
      "A maximum of 1 'ARRAY_CONTAINS' or 'ARRAY_CONTAINS_ANY' filter is allowed per disjunction.",
    );
  }
  if (shape.disjunctions > MAX_DISJUNCTIONS) {
    throw invalidArgument(
      `Too many disjunctions after normalization. Result had ${shape.disjunctions} disjunctions which is more than the maximum of ${MAX_DISJUNCTIONS}`,
    );
  }
}

/**
 * Throws INVALID_ARGUMENT for too many aggregations or an alias the official emulator refuses.
 * An empty alias is no alias (proto3 cannot tell them apart); `aliasesOf` names those.
 */
export function checkAggregationLimits(aggregations: readonly AggregationJson[]): void {
  if (aggregations.length === 0) throw invalidArgument('Aggregations can not be empty.');
  if (aggregations.length > MAX_AGGREGATIONS) {
    throw invalidArgument(
      `The maximum number of aggregations allowed in an aggregation query is ${MAX_AGGREGATIONS}. Received: ${aggregations.length}`,
    );
  }
  for (const { alias } of aggregations) {
    if (alias === undefined || alias === '') continue;
    if (/^__.*__$/.test(alias)) throw invalidArgument(`The property.name "${alias}" is reserved.`);
    if (Buffer.byteLength(alias, 'utf8') > MAX_ALIAS_BYTES) {
      throw invalidArgument(`An aggregation alias is longer than ${MAX_ALIAS_BYTES} bytes.`);
    }
  }
  for (const a of aggregations) {
    if (!a.count && !a.sum && !a.avg)
      throw invalidArgument('Operator field in Aggregation is not set.');
  }
  aliasesOf(aggregations);
}

/**
 * Each aggregation's alias: unnamed ones are `field_1`, `field_2`, ... counted among the unnamed
 * only, as the official emulator names them, so an explicit `field_1` next to an unnamed
 * aggregation is a duplicate, refused with the official emulator's message.
 */
export function aliasesOf(aggregations: readonly AggregationJson[]): string[] {
  let unnamed = 0;
  const aliases = aggregations.map((a) =>
    a.alias === undefined || a.alias === '' ? `field_${++unnamed}` : a.alias,
  );
  aliases.forEach((alias, i) => {
    if (aliases.indexOf(alias) !== i)
      throw invalidArgument(`Aggregation aliases contain duplicate alias: ${alias}.`);
  });
  return aliases;
}
