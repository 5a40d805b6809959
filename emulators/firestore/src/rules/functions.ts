import { createHash } from 'node:crypto';
import { evalError } from './errors.js';
import { arity, asBytes, asDuration, asInt, asNumber, asPath, asString } from './coerce.js';
import {
  RBytes,
  RDuration,
  RLatLng,
  RPath,
  RTimestamp,
  type RValue,
  checkInt,
  show,
  typeName,
} from './values.js';

/** Document access for get/exists/getAfter/existsAfter; counts calls against the limit. */
export interface DocumentAccess {
  read(path: RPath, after: boolean): RValue;
}

const UNIT_NANOS: Record<string, bigint> = {
  w: 604_800_000_000_000n,
  d: 86_400_000_000_000n,
  h: 3_600_000_000_000n,
  m: 60_000_000_000n,
  s: 1_000_000_000n,
  ms: 1_000_000n,
  us: 1_000n,
  ns: 1n,
};

function toInt(v: RValue): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw evalError(`Cannot convert ${v} to int.`);
    return checkInt(BigInt(Math.trunc(v)));
  }
  if (typeof v === 'string') {
    if (!/^[+-]?\d+$/.test(v.trim()))
      throw evalError(`Cannot convert ${JSON.stringify(v)} to int.`);
    return checkInt(BigInt(v.trim()));
  }
  throw evalError(`Cannot convert ${typeName(v)} to int.`);
}

function toFloat(v: RValue): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string') {
    const t = v.trim();
    if (t === 'NaN') return Number.NaN;
    if (t === 'Infinity' || t === '+Infinity') return Number.POSITIVE_INFINITY;
    if (t === '-Infinity') return Number.NEGATIVE_INFINITY;
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t))
      throw evalError(`Cannot convert ${JSON.stringify(v)} to float.`);
    return Number(t);
  }
  throw evalError(`Cannot convert ${typeName(v)} to float.`);
}

function formatFloat(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return n.toFixed(1);
  return String(n);
}

function toStr(v: RValue): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (typeof v === 'number') return formatFloat(v);
  if (v instanceof RPath) return v.toString();
  if (v instanceof RTimestamp) return v.toString();
  if (v instanceof RBytes) return Buffer.from(v.data).toString('utf8');
  throw evalError(`Cannot convert ${typeName(v)} to string: ${show(v)}.`);
}

/** `path('/databases/x/documents/a/b')` or without the leading slash. */
export function stringToPath(s: string): RPath {
  const trimmed = s.startsWith('/') ? s.slice(1) : s;
  if (trimmed === '') return new RPath([]);
  return new RPath(trimmed.split('/'));
}

const globals: Record<string, (args: RValue[], docs: DocumentAccess) => RValue> = {
  int: (a) => (arity('int', a, 1), toInt(a[0] as RValue)),
  float: (a) => (arity('float', a, 1), toFloat(a[0] as RValue)),
  string: (a) => (arity('string', a, 1), toStr(a[0] as RValue)),
  bool: (a) => {
    arity('bool', a, 1);
    const v = a[0] as RValue;
    if (typeof v === 'boolean') return v;
    if (v === 'true') return true;
    if (v === 'false') return false;
    throw evalError(`Cannot convert ${show(v)} to bool.`);
  },
  path: (a) => (arity('path', a, 1), stringToPath(asString(a[0] as RValue))),
  debug: (a) => (arity('debug', a, 1), a[0] as RValue),
  get: (a, docs) => (arity('get', a, 1), docs.read(asPath(a[0] as RValue), false)),
  getAfter: (a, docs) => (arity('getAfter', a, 1), docs.read(asPath(a[0] as RValue), true)),
  exists: (a, docs) => (arity('exists', a, 1), docs.read(asPath(a[0] as RValue), false) !== null),
  existsAfter: (a, docs) => (
    arity('existsAfter', a, 1),
    docs.read(asPath(a[0] as RValue), true) !== null
  ),
};

function mathRound(name: string, f: (n: number) => number) {
  return (a: RValue[]): RValue => {
    arity(name, a, 1);
    const v = a[0] as RValue;
    if (typeof v === 'bigint') return v;
    const n = asNumber(v);
    if (!Number.isFinite(n)) throw evalError(`math.${name}() of ${n} is not an int.`);
    return checkInt(BigInt(f(n)));
  };
}

const namespaces: Record<string, Record<string, (args: RValue[]) => RValue>> = {
  math: {
    abs: (a) => {
      arity('abs', a, 1);
      const v = a[0] as RValue;
      if (typeof v === 'bigint') return checkInt(v < 0n ? -v : v);
      return Math.abs(asNumber(v));
    },
    ceil: mathRound('ceil', Math.ceil),
    floor: mathRound('floor', Math.floor),
    round: mathRound('round', (n) => (n < 0 ? -Math.round(-n) : Math.round(n))),
    trunc: mathRound('trunc', Math.trunc),
    sqrt: (a) => (arity('sqrt', a, 1), Math.sqrt(asNumber(a[0] as RValue))),
    pow: (a) => (arity('pow', a, 2), Math.pow(asNumber(a[0] as RValue), asNumber(a[1] as RValue))),
    isInfinite: (a) => (
      arity('isInfinite', a, 1),
      Math.abs(asNumber(a[0] as RValue)) === Number.POSITIVE_INFINITY
    ),
    isNaN: (a) => (arity('isNaN', a, 1), Number.isNaN(asNumber(a[0] as RValue))),
  },
  timestamp: {
    date: (a) => {
      arity('date', a, 3);
      const [y, m, d] = a.map((x) => Number(asInt(x)));
      const t = new Date(0);
      t.setUTCFullYear(y as number, (m as number) - 1, d as number);
      if (t.getUTCMonth() !== (m as number) - 1 || t.getUTCDate() !== d)
        throw evalError('Invalid date for timestamp.date().');
      return new RTimestamp(BigInt(t.getTime()) * 1_000_000n);
    },
    value: (a) => (arity('value', a, 1), new RTimestamp(asInt(a[0] as RValue) * 1_000_000n)),
  },
  duration: {
    value: (a) => {
      arity('value', a, 2);
      const unit = asString(a[1] as RValue);
      const f = UNIT_NANOS[unit];
      if (f === undefined)
        throw evalError(`Unknown duration unit '${unit}': use w, d, h, m, s, ms or ns.`);
      return new RDuration(asInt(a[0] as RValue) * f);
    },
    time: (a) => {
      arity('time', a, 4);
      const [h, m, s, ns] = a.map(asInt) as [bigint, bigint, bigint, bigint];
      return new RDuration(h * 3_600_000_000_000n + m * 60_000_000_000n + s * 1_000_000_000n + ns);
    },
    abs: (a) => {
      arity('abs', a, 1);
      const d = asDuration(a[0] as RValue);
      return new RDuration(d.nanos < 0n ? -d.nanos : d.nanos);
    },
  },
  latlng: {
    value: (a) => {
      arity('value', a, 2);
      const lat = asNumber(a[0] as RValue);
      const lng = asNumber(a[1] as RValue);
      if (Math.abs(lat) > 90 || Math.abs(lng) > 180)
        throw evalError('latlng.value(): latitude or longitude out of range.');
      return new RLatLng(lat, lng);
    },
  },
  hashing: {
    md5: (a) => hash('md5', a),
    sha256: (a) => hash('sha256', a),
  },
};

function hash(algorithm: string, a: RValue[]): RValue {
  arity(algorithm, a, 1);
  const v = a[0] as RValue;
  const data = typeof v === 'string' ? Buffer.from(v, 'utf8') : Buffer.from(asBytes(v).data);
  return new RBytes(new Uint8Array(createHash(algorithm).update(data).digest()));
}

export function hasGlobal(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(globals, name);
}

export function callGlobal(name: string, args: RValue[], docs: DocumentAccess): RValue {
  const f = hasGlobal(name) ? globals[name] : undefined;
  if (f === undefined) throw evalError(`Function not found error: Name: [${name}].`);
  return f(args, docs);
}

export function isNamespace(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(namespaces, name);
}

export function callNamespace(ns: string, name: string, args: RValue[]): RValue {
  const table = namespaces[ns] as Record<string, (args: RValue[]) => RValue>;
  const f = Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
  if (f === undefined) throw evalError(`Function not found error: Name: [${ns}.${name}].`);
  return f(args);
}
