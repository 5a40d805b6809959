import { evalError } from './errors.js';
import {
  RContains,
  RMap,
  RPath,
  RSet,
  RDuration,
  RBytes,
  type RValue,
  typeName,
  isList,
} from './values.js';

function wrong(what: string, v: RValue): never {
  if (v === null) throw evalError(`Null value error. Expected ${what}.`);
  if (v instanceof RContains || (v instanceof RMap && v.open && what !== 'map')) {
    throw evalError(
      `Value is unknown for a query: the query does not constrain it (expected ${what}).`,
    );
  }
  throw evalError(`Type error: expected ${what} but got ${typeName(v)}.`);
}

export function asBool(v: RValue): boolean {
  if (typeof v !== 'boolean') wrong('bool', v);
  return v;
}

export function asInt(v: RValue): bigint {
  if (typeof v !== 'bigint') wrong('int', v);
  return v;
}

export function asString(v: RValue): string {
  if (typeof v !== 'string') wrong('string', v);
  return v;
}

export function asNumber(v: RValue): number {
  if (typeof v === 'bigint') return Number(v);
  if (typeof v !== 'number') wrong('number', v);
  return v;
}

export function asList(v: RValue): readonly RValue[] {
  if (!isList(v)) wrong('list', v);
  return v;
}

export function asMap(v: RValue): RMap {
  if (!(v instanceof RMap)) wrong('map', v);
  return v;
}

export function asPath(v: RValue): RPath {
  if (!(v instanceof RPath)) wrong('path', v);
  return v;
}

export function asDuration(v: RValue): RDuration {
  if (!(v instanceof RDuration)) wrong('duration', v);
  return v;
}

export function asBytes(v: RValue): RBytes {
  if (!(v instanceof RBytes)) wrong('bytes', v);
  return v;
}

/** Items of a list or a set (hasAll and friends accept both). */
export function asCollection(v: RValue): readonly RValue[] {
  if (v instanceof RSet) return v.items;
  return asList(v);
}

export function arity(name: string, args: readonly RValue[], min: number, max = min): void {
  if (args.length < min || args.length > max) {
    const n = min === max ? `${min}` : `${min} to ${max}`;
    throw evalError(
      `Function ${name}() expects ${n} argument${max === 1 ? '' : 's'} but got ${args.length}.`,
    );
  }
}
