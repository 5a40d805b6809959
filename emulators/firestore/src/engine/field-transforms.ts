/** Field transforms: server timestamps, numeric increment/maximum/minimum, array union/remove. */
import {
  getField,
  parseFieldPath,
  setField,
  invalidFieldPathMessage,
} from '../store/field-path.js';
import { compareNumbers, isNumber, valuesEqual, type Fields, type Value } from '../store/value.js';
import { invalidArgument } from '../store/errors.js';
import type { FieldTransformJson } from './request-types.js';

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

function numberOf(v: { integerValue: string } | { doubleValue: number }): number {
  return 'integerValue' in v ? Number(v.integerValue) : v.doubleValue;
}

function increment(current: Value | undefined, operand: Value): Value {
  if (!isNumber(operand)) throw invalidArgument('Input must be int64 or double.');
  if (current === undefined || !isNumber(current)) return operand;
  if ('integerValue' in current && 'integerValue' in operand) {
    let sum = BigInt(current.integerValue) + BigInt(operand.integerValue);
    if (sum > INT64_MAX) sum = INT64_MAX;
    if (sum < INT64_MIN) sum = INT64_MIN;
    return { integerValue: sum.toString() };
  }
  return { doubleValue: numberOf(current) + numberOf(operand) };
}

function extreme(current: Value | undefined, operand: Value, wantMax: boolean): Value {
  if (!isNumber(operand)) throw invalidArgument('Input must be int64 or double.');
  if (current === undefined || !isNumber(current)) return operand;
  if ('doubleValue' in current && Number.isNaN(current.doubleValue)) return current;
  if ('doubleValue' in operand && Number.isNaN(operand.doubleValue)) return operand;
  const c = compareNumbers(operand, current);
  if (c === 0) return current;
  return (wantMax ? c > 0 : c < 0) ? operand : current;
}

function arrayUnion(current: Value | undefined, elements: Value[]): Value {
  const values = current && 'arrayValue' in current ? [...(current.arrayValue.values ?? [])] : [];
  for (const e of elements) if (!values.some((v) => valuesEqual(v, e))) values.push(e);
  return { arrayValue: { values } };
}

function arrayRemove(current: Value | undefined, elements: Value[]): Value {
  const values = current && 'arrayValue' in current ? (current.arrayValue.values ?? []) : [];
  return { arrayValue: { values: values.filter((v) => !elements.some((e) => valuesEqual(v, e))) } };
}

export function transformPath(t: FieldTransformJson): string[] {
  const path = t.fieldPath === undefined ? null : parseFieldPath(t.fieldPath);
  if (!path) throw invalidArgument(invalidFieldPathMessage(t.fieldPath ?? ''));
  return path;
}

/** Applies transforms in place to `fields`; returns the transform results. */
export function applyTransforms(
  fields: Fields,
  transforms: FieldTransformJson[],
  requestTime: string,
): Value[] {
  const results: Value[] = [];
  for (const t of transforms) {
    const path = transformPath(t);
    const current = getField(fields, path);
    let next: Value;
    let result: Value;
    if (t.setToServerValue !== undefined) {
      if (t.setToServerValue !== 'REQUEST_TIME')
        throw invalidArgument(`Unsupported server value ${t.setToServerValue}.`);
      next = { timestampValue: requestTime };
      result = next;
    } else if (t.increment !== undefined) {
      next = increment(current, t.increment);
      result = next;
    } else if (t.maximum !== undefined) {
      next = extreme(current, t.maximum, true);
      result = next;
    } else if (t.minimum !== undefined) {
      next = extreme(current, t.minimum, false);
      result = next;
    } else if (t.appendMissingElements !== undefined) {
      next = arrayUnion(current, t.appendMissingElements.values ?? []);
      result = { nullValue: null };
    } else if (t.removeAllFromArray !== undefined) {
      next = arrayRemove(current, t.removeAllFromArray.values ?? []);
      result = { nullValue: null };
    } else {
      throw invalidArgument('Field transform has no transform type.');
    }
    setField(fields, path, next);
    results.push(result);
  }
  return results;
}
