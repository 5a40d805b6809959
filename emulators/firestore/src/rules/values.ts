import { evalError } from './errors.js';

/**
 * Runtime values of the rules language. Ints are bigint (int64), floats are number, so that
 * `1 is int` and `1.0 is float` stay distinct while `1 == 1.0` compares numerically.
 */
export type RValue =
  | null
  | boolean
  | bigint
  | number
  | string
  | RBytes
  | readonly RValue[]
  | RMap
  | RSet
  | RPath
  | RTimestamp
  | RDuration
  | RLatLng
  | RMapDiff
  | RContains;

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

export function checkInt(v: bigint): bigint {
  if (v < INT64_MIN || v > INT64_MAX) throw evalError('Integer overflow.');
  return v;
}

export class RBytes {
  constructor(readonly data: Uint8Array) {}
}

/**
 * A map. `open` marks a symbolic map (a list query's document): keys outside the known entries
 * are unknown, so asking about them is an error rather than an answer. A map built from
 * document fields converts each field on first use.
 */
export class RMap {
  private materialized: Map<string, RValue> | null;

  constructor(
    entries: Map<string, RValue> | null,
    readonly open = false,
    private readonly source: Readonly<Record<string, unknown>> | null = null,
    private readonly convert: ((raw: unknown) => RValue) | null = null,
  ) {
    this.materialized = entries;
  }

  static of(obj: Record<string, RValue>): RMap {
    return new RMap(new Map(Object.entries(obj)));
  }

  static lazy(source: Readonly<Record<string, unknown>>, convert: (raw: unknown) => RValue): RMap {
    return new RMap(null, false, source, convert);
  }

  get entries(): Map<string, RValue> {
    if (this.materialized === null) {
      const m = new Map<string, RValue>();
      const src = this.source ?? {};
      const convert = this.convert as (raw: unknown) => RValue;
      for (const k of Object.keys(src)) m.set(k, convert(src[k]));
      this.materialized = m;
    }
    return this.materialized;
  }

  get(key: string): RValue | undefined {
    if (this.materialized !== null) return this.materialized.get(key);
    const src = this.source as Readonly<Record<string, unknown>>;
    if (!Object.prototype.hasOwnProperty.call(src, key)) return undefined;
    return (this.convert as (raw: unknown) => RValue)(src[key]);
  }

  has(key: string): boolean {
    if (this.materialized !== null) return this.materialized.has(key);
    return Object.prototype.hasOwnProperty.call(this.source, key);
  }

  get size(): number {
    return this.materialized !== null
      ? this.materialized.size
      : Object.keys(this.source ?? {}).length;
  }

  requireClosed(what: string): void {
    if (this.open)
      throw evalError(`${what} is unknown for a query: the query does not constrain it.`);
  }
}

export class RSet {
  constructor(readonly items: readonly RValue[]) {}

  static from(values: readonly RValue[]): RSet {
    const out: RValue[] = [];
    for (const v of values) if (!out.some((o) => equals(o, v))) out.push(v);
    return new RSet(out);
  }

  has(v: RValue): boolean {
    return this.items.some((o) => equals(o, v));
  }
}

export class RPath {
  constructor(readonly segments: readonly string[]) {}

  toString(): string {
    return '/' + this.segments.join('/');
  }
}

const NANOS_PER_SECOND = 1_000_000_000n;

export class RTimestamp {
  /** Nanoseconds since the Unix epoch. */
  constructor(readonly nanos: bigint) {
    if (nanos < MIN_TIMESTAMP_NANOS || nanos > MAX_TIMESTAMP_NANOS)
      throw evalError('Timestamp out of range.');
  }

  static fromDate(d: Date): RTimestamp {
    return new RTimestamp(BigInt(d.getTime()) * 1_000_000n);
  }

  static parse(text: string): RTimestamp {
    const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(
      text,
    );
    if (!m) throw evalError(`Invalid timestamp: ${text}`);
    const ms = Date.parse(`${m[1]}${m[3]}`);
    if (Number.isNaN(ms)) throw evalError(`Invalid timestamp: ${text}`);
    const frac = BigInt((m[2] ?? '').padEnd(9, '0') || '0');
    return new RTimestamp(BigInt(ms) * 1_000_000n + frac);
  }

  get seconds(): bigint {
    return floorDiv(this.nanos, NANOS_PER_SECOND);
  }

  get subNanos(): bigint {
    return this.nanos - this.seconds * NANOS_PER_SECOND;
  }

  toDate(): Date {
    return new Date(Number(floorDiv(this.nanos, 1_000_000n)));
  }

  toString(): string {
    const iso = this.toDate().toISOString().slice(0, 19);
    const frac = this.subNanos.toString().padStart(9, '0').replace(/0+$/, '');
    return `${iso}${frac ? '.' + frac : ''}Z`;
  }
}

// 0001-01-01T00:00:00Z .. 9999-12-31T23:59:59.999999999Z
const MIN_TIMESTAMP_NANOS = -62_135_596_800n * NANOS_PER_SECOND;
const MAX_TIMESTAMP_NANOS = 253_402_300_800n * NANOS_PER_SECOND - 1n;

export class RDuration {
  constructor(readonly nanos: bigint) {}

  get seconds(): bigint {
    return this.nanos / NANOS_PER_SECOND;
  }

  get subNanos(): bigint {
    return this.nanos % NANOS_PER_SECOND;
  }
}

export class RLatLng {
  constructor(
    readonly lat: number,
    readonly lng: number,
  ) {}
}

export class RMapDiff {
  constructor(
    readonly left: RMap,
    readonly right: RMap,
  ) {}
}

/**
 * A list a query constrained with array-contains / array-contains-any: all that is known is
 * that it holds `known`. Only `x in list` is decidable, and only when x is one of them.
 */
export class RContains {
  constructor(readonly known: readonly RValue[]) {}
}

export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

export function isList(v: RValue): v is readonly RValue[] {
  return Array.isArray(v);
}

export function typeName(v: RValue): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
  }
  if (Array.isArray(v)) return 'list';
  if (v instanceof RMap) return 'map';
  if (v instanceof RSet) return 'set';
  if (v instanceof RPath) return 'path';
  if (v instanceof RTimestamp) return 'timestamp';
  if (v instanceof RDuration) return 'duration';
  if (v instanceof RBytes) return 'bytes';
  if (v instanceof RLatLng) return 'latlng';
  if (v instanceof RMapDiff) return 'map_diff';
  return 'list';
}

function unknownOperand(v: RValue): boolean {
  return v instanceof RContains || (v instanceof RMap && v.open);
}

/** Equality with numeric int/float comparison and deep list/map/set comparison. */
export function equals(a: RValue, b: RValue): boolean {
  if (a === b) return true;
  if (unknownOperand(a) || unknownOperand(b))
    throw evalError('Value is unknown for a query: the query does not constrain it.');
  if (a === null || b === null) return false;
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === 'bigint' || ta === 'number') && (tb === 'bigint' || tb === 'number')) {
    if (ta === tb) return a === b;
    return (
      Number(a) === Number(b) &&
      (ta === 'number'
        ? Number.isInteger(a) && BigInt(a as number) === b
        : Number.isInteger(b) && BigInt(b as number) === a)
    );
  }
  if (ta !== 'object' || tb !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b)) return false;
    const bl = b as readonly RValue[];
    return a.length === bl.length && a.every((x: RValue, i: number) => equals(x, bl[i] as RValue));
  }
  if (a instanceof RMap) {
    if (!(b instanceof RMap) || a.size !== b.size) return false;
    for (const [k, v] of a.entries) {
      const o = b.get(k);
      if (o === undefined || !equals(v, o)) return false;
    }
    return true;
  }
  if (a instanceof RSet) {
    return b instanceof RSet && a.items.length === b.items.length && a.items.every((x) => b.has(x));
  }
  if (a instanceof RPath) {
    return (
      b instanceof RPath &&
      a.segments.length === b.segments.length &&
      a.segments.every((s, i) => s === b.segments[i])
    );
  }
  if (a instanceof RTimestamp) return b instanceof RTimestamp && a.nanos === b.nanos;
  if (a instanceof RDuration) return b instanceof RDuration && a.nanos === b.nanos;
  if (a instanceof RBytes) return b instanceof RBytes && compareBytes(a.data, b.data) === 0;
  if (a instanceof RLatLng) return b instanceof RLatLng && a.lat === b.lat && a.lng === b.lng;
  return false;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return a.length - b.length;
}

function compareStrings(a: string, b: string): number {
  // Code-point order (same as UTF-8 byte order), not UTF-16 unit order.
  if (a === b) return 0;
  const ai = a[Symbol.iterator]();
  const bi = b[Symbol.iterator]();
  for (;;) {
    const x = ai.next();
    const y = bi.next();
    if (x.done) return y.done ? 0 : -1;
    if (y.done) return 1;
    const cx = x.value.codePointAt(0) as number;
    const cy = y.value.codePointAt(0) as number;
    if (cx !== cy) return cx - cy;
  }
}

/** Ordering for < <= > >=; an error for values of different or unordered types. */
export function compare(a: RValue, b: RValue): number {
  if (unknownOperand(a) || unknownOperand(b))
    throw evalError('Value is unknown for a query: the query does not constrain it.');
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === 'bigint' || ta === 'number') && (tb === 'bigint' || tb === 'number')) {
    if (ta === 'bigint' && tb === 'bigint')
      return (a as bigint) < (b as bigint) ? -1 : (a as bigint) > (b as bigint) ? 1 : 0;
    const x = Number(a);
    const y = Number(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.NaN;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (ta === 'string' && tb === 'string') return compareStrings(a as string, b as string);
  if (a instanceof RTimestamp && b instanceof RTimestamp)
    return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
  if (a instanceof RDuration && b instanceof RDuration)
    return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
  if (a instanceof RBytes && b instanceof RBytes) return compareBytes(a.data, b.data);
  if (ta === 'boolean' && tb === 'boolean') return Number(a) - Number(b);
  throw evalError(
    `Unsupported operation error. Received: ${typeName(a)} < ${typeName(b)}. Expected: comparable operands of one type.`,
  );
}

/** A short, readable rendering used in error messages. */
export function show(v: RValue): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(show).join(', ')}]`;
  if (v instanceof RMap)
    return `{${[...v.entries].map(([k, x]) => `${k}: ${show(x)}`).join(', ')}${v.open ? ', …' : ''}}`;
  if (v instanceof RSet) return `set(${v.items.map(show).join(', ')})`;
  if (v instanceof RPath) return v.toString();
  if (v instanceof RTimestamp) return `timestamp(${v.toString()})`;
  if (v instanceof RDuration) return `duration(${v.nanos}ns)`;
  if (v instanceof RLatLng) return `latlng(${v.lat}, ${v.lng})`;
  return typeName(v);
}
