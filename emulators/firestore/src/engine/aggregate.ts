/** count / sum / avg over query results. */
import type { StoredDocument } from '../store/document-store.js';
import { getField, parseFieldPath, invalidFieldPathMessage } from '../store/field-path.js';
import type { Value } from '../store/value.js';
import { invalidArgument } from './errors.js';
import type { AggregationJson } from './request-types.js';

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

function pathOf(fieldPath: string | undefined): string[] {
  const path = fieldPath === undefined ? null : parseFieldPath(fieldPath);
  if (!path) throw invalidArgument(invalidFieldPathMessage(fieldPath ?? ''));
  return path;
}

function sum(docs: StoredDocument[], path: string[]): Value {
  let intSum = 0n;
  let doubleSum = 0;
  let sawDouble = false;
  let overflow = false;
  for (const doc of docs) {
    const v = getField(doc.fields, path);
    if (!v) continue;
    if ('integerValue' in v) {
      if (sawDouble || overflow) doubleSum += Number(v.integerValue);
      else {
        intSum += BigInt(v.integerValue);
        if (intSum > INT64_MAX || intSum < INT64_MIN) {
          overflow = true;
          doubleSum = Number(intSum);
        }
      }
    } else if ('doubleValue' in v) {
      if (!sawDouble && !overflow) doubleSum = Number(intSum);
      sawDouble = true;
      doubleSum += v.doubleValue;
    }
  }
  return sawDouble || overflow ? { doubleValue: doubleSum } : { integerValue: intSum.toString() };
}

function avg(docs: StoredDocument[], path: string[]): Value {
  let total = 0;
  let count = 0;
  for (const doc of docs) {
    const v = getField(doc.fields, path);
    if (!v) continue;
    if ('integerValue' in v) total += Number(v.integerValue);
    else if ('doubleValue' in v) total += v.doubleValue;
    else continue;
    count++;
  }
  return count === 0 ? { nullValue: null } : { doubleValue: total / count };
}

export function aggregate(docs: StoredDocument[], aggregations: AggregationJson[]): Record<string, Value> {
  if (aggregations.length === 0) throw invalidArgument('At least one aggregation is required.');
  const out: Record<string, Value> = {};
  aggregations.forEach((a, i) => {
    const alias = a.alias ?? `field_${i + 1}`;
    if (alias in out) throw invalidArgument(`Duplicate alias ${alias}.`);
    if (a.count) {
      const upTo = a.count.upTo === undefined ? Infinity : Number(a.count.upTo);
      if (upTo < 1) throw invalidArgument('upTo must be positive.');
      out[alias] = { integerValue: String(Math.min(docs.length, upTo)) };
    } else if (a.sum) out[alias] = sum(docs, pathOf(a.sum.field?.fieldPath));
    else if (a.avg) out[alias] = avg(docs, pathOf(a.avg.field?.fieldPath));
    else throw invalidArgument('Aggregation has no operator.');
  });
  return out;
}
