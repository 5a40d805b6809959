/** count / sum / avg over query results. */
import type { StoredDocument } from '../store/document-store.js';
import { getField, parseFieldPath, invalidFieldPathMessage } from '../store/field-path.js';
import type { Value } from '../store/value.js';
import { invalidArgument } from '../store/errors.js';
import type { AggregationJson } from './request-types.js';
import { aliasesOf } from './query-limits.js';

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** The field a sum or avg reads, refused with the official emulator's messages. */
export function aggregationPath(fieldPath: string | undefined): string[] {
  if (fieldPath === undefined || fieldPath === '')
    throw invalidArgument('Invalid empty property path string.');
  if (fieldPath === '__name__')
    throw invalidArgument('Aggregations are not supported for the property: __key__');
  const path = parseFieldPath(fieldPath);
  if (!path) throw invalidArgument(invalidFieldPathMessage(fieldPath));
  return path;
}

/** Integers add up exactly, doubles in document order; the result is an integer only without doubles and overflow. */
function numericTotal(
  docs: StoredDocument[],
  path: string[],
): { ints: bigint; doubles: number; sawDouble: boolean; count: number } {
  let ints = 0n;
  let doubles = 0;
  let sawDouble = false;
  let count = 0;
  for (const doc of docs) {
    const v = getField(doc.fields, path);
    if (!v) continue;
    if ('integerValue' in v) ints += BigInt(v.integerValue);
    else if ('doubleValue' in v) {
      doubles += v.doubleValue;
      sawDouble = true;
    } else continue;
    count++;
  }
  return { ints, doubles, sawDouble, count };
}

function sum(docs: StoredDocument[], path: string[]): Value {
  const t = numericTotal(docs, path);
  if (!t.sawDouble && t.ints <= INT64_MAX && t.ints >= INT64_MIN)
    return { integerValue: t.ints.toString() };
  return { doubleValue: Number(t.ints) + t.doubles };
}

function avg(docs: StoredDocument[], path: string[]): Value {
  const t = numericTotal(docs, path);
  return t.count === 0
    ? { nullValue: null }
    : { doubleValue: (Number(t.ints) + t.doubles) / t.count };
}

export function aggregate(
  docs: StoredDocument[],
  aggregations: AggregationJson[],
): Record<string, Value> {
  const aliases = aliasesOf(aggregations);
  const out: Record<string, Value> = {};
  aggregations.forEach((a, i) => {
    const alias = aliases[i] as string;
    if (a.count) {
      const upTo = a.count.upTo === undefined ? Infinity : Number(a.count.upTo);
      if (upTo < 0)
        throw invalidArgument(
          'The `up_to` value in a COUNT aggregation must be greater than or equal to zero.',
        );
      out[alias] = { integerValue: String(Math.min(docs.length, upTo)) };
    } else if (a.sum) out[alias] = sum(docs, aggregationPath(a.sum.field?.fieldPath));
    else if (a.avg) out[alias] = avg(docs, aggregationPath(a.avg.field?.fieldPath));
    else throw invalidArgument('Operator field in Aggregation is not set.');
  });
  return out;
}
