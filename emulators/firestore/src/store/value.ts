/**
 * Firestore values in their REST JSON shape (google.firestore.v1.Value), as stored by the emulator.
 * Doubles are JavaScript numbers (NaN and the infinities included); integers are decimal strings.
 */
import { compareTimestamps, parseTimestamp } from './timestamp.js';

export interface GeoPoint {
  latitude?: number;
  longitude?: number;
}

export type Value =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number }
  | { timestampValue: string }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: GeoPoint }
  | { arrayValue: { values?: Value[] } }
  | { mapValue: { fields?: Fields } };

export type Fields = Record<string, Value>;

/** Firestore's cross-type order. */
export const TypeOrder = {
  null: 0,
  boolean: 1,
  number: 2,
  timestamp: 3,
  string: 4,
  bytes: 5,
  reference: 6,
  geoPoint: 7,
  array: 8,
  vector: 9,
  map: 10,
} as const;

export function isVector(value: { mapValue: { fields?: Fields } }): boolean {
  const type = value.mapValue.fields?.['__type__'];
  return type !== undefined && 'stringValue' in type && type.stringValue === '__vector__';
}

export function typeOrder(value: Value): number {
  if ('nullValue' in value) return TypeOrder.null;
  if ('booleanValue' in value) return TypeOrder.boolean;
  if ('integerValue' in value || 'doubleValue' in value) return TypeOrder.number;
  if ('timestampValue' in value) return TypeOrder.timestamp;
  if ('stringValue' in value) return TypeOrder.string;
  if ('bytesValue' in value) return TypeOrder.bytes;
  if ('referenceValue' in value) return TypeOrder.reference;
  if ('geoPointValue' in value) return TypeOrder.geoPoint;
  if ('arrayValue' in value) return TypeOrder.array;
  return isVector(value) ? TypeOrder.vector : TypeOrder.map;
}

export function isNumber(
  value: Value,
): value is { integerValue: string } | { doubleValue: number } {
  return 'integerValue' in value || 'doubleValue' in value;
}

export function isNaNValue(value: Value): boolean {
  return 'doubleValue' in value && Number.isNaN(value.doubleValue);
}

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

function compareIntegers(a: string, b: string): number {
  // Up to 15 characters (at most 15 digits) a decimal string converts to a double exactly.
  if (a.length <= 15 && b.length <= 15) {
    const m = Number(a);
    const n = Number(b);
    return m < n ? -1 : m > n ? 1 : 0;
  }
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Compares an int64 (decimal string) with a double exactly. */
function compareIntegerToDouble(integer: string, double: number): number {
  if (Number.isNaN(double)) return 1;
  if (double === Infinity) return -1;
  if (double === -Infinity) return 1;
  const approx = Number(integer);
  if (approx !== double) return sign(approx - double);
  // Same double: decide exactly. An integral double converts to BigInt without loss.
  const floor = Math.floor(double);
  const big = BigInt(floor);
  const i = BigInt(integer);
  if (i < big) return -1;
  if (i > big) return 1;
  return floor === double ? 0 : -1;
}

export function compareNumbers(
  a: { integerValue: string } | { doubleValue: number },
  b: { integerValue: string } | { doubleValue: number },
): number {
  if ('integerValue' in a) {
    if ('integerValue' in b) return compareIntegers(a.integerValue, b.integerValue);
    return compareIntegerToDouble(a.integerValue, b.doubleValue);
  }
  if ('integerValue' in b) return -compareIntegerToDouble(b.integerValue, a.doubleValue);
  const x = a.doubleValue;
  const y = b.doubleValue;
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Compares strings by their UTF-8 bytes (the same as by code points). */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs === ys) return x < y ? -1 : 1;
    // A surrogate (code point above U+FFFF) sorts after every BMP character.
    return xs ? 1 : -1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'base64'), Buffer.from(b, 'base64'));
}

const NUMERIC_ID = /^__id(-?\d+)__$/;

/**
 * Compares two path segments: numeric ids (`__id<int64>__`) come first, by number, then every other
 * id by its UTF-8 bytes.
 */
export function compareSegments(a: string, b: string): number {
  const x = a.startsWith('__id') ? NUMERIC_ID.exec(a) : null;
  const y = b.startsWith('__id') ? NUMERIC_ID.exec(b) : null;
  if (x && y) {
    const p = BigInt(x[1] as string);
    const q = BigInt(y[1] as string);
    return p < q ? -1 : p > q ? 1 : 0;
  }
  if (x) return -1;
  if (y) return 1;
  return compareUtf8(a, b);
}

/** Segment-wise comparison in one pass, for names without numeric ids. */
function compareNamesScan(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A segment that ends first is the smaller one.
    if (x === 47 /* / */) return -1;
    if (y === 47) return 1;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs === ys) return x < y ? -1 : 1;
    return xs ? 1 : -1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** Compares resource names segment by segment. */
export function compareReferences(a: string, b: string): number {
  if (!a.includes('__id') && !b.includes('__id')) return compareNamesScan(a, b);
  const x = a.split('/');
  const y = b.split('/');
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const c = compareSegments(x[i] as string, y[i] as string);
    if (c !== 0) return c;
  }
  return sign(x.length - y.length);
}

/** Canonical form: YYYY-MM-DDTHH:MM:SS[.fraction]Z (what the codecs and the seed loader produce). */
function isCanonicalTimestamp(t: string): boolean {
  return (
    t.length >= 20 && t.charCodeAt(10) === 84 /* T */ && t.charCodeAt(t.length - 1) === 90
  ); /* Z */
}

function fractionNanos(t: string): number {
  if (t.charCodeAt(19) !== 46 /* . */) return 0;
  return Number(t.slice(20, t.length - 1).padEnd(9, '0'));
}

function compareTimestampStrings(a: string, b: string): number {
  if (isCanonicalTimestamp(a) && isCanonicalTimestamp(b)) {
    // Fixed-width date and time first (cheap string compare), then the fraction.
    const x = a.slice(0, 19);
    const y = b.slice(0, 19);
    if (x !== y) return x < y ? -1 : 1;
    return sign(fractionNanos(a) - fractionNanos(b));
  }
  const x = parseTimestamp(a);
  const y = parseTimestamp(b);
  if (!x || !y) return compareUtf8(a, b);
  return compareTimestamps(x, y);
}

function compareDoubles(a: number | undefined, b: number | undefined): number {
  return compareNumbers({ doubleValue: a ?? 0 }, { doubleValue: b ?? 0 });
}

function compareArrays(a: Value[], b: Value[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareValues(a[i] as Value, b[i] as Value);
    if (c !== 0) return c;
  }
  return sign(a.length - b.length);
}

function compareMaps(a: Fields, b: Fields): number {
  const ka = Object.keys(a).sort(compareUtf8);
  const kb = Object.keys(b).sort(compareUtf8);
  const n = Math.min(ka.length, kb.length);
  for (let i = 0; i < n; i++) {
    const keyA = ka[i] as string;
    const keyB = kb[i] as string;
    const c = compareUtf8(keyA, keyB);
    if (c !== 0) return c;
    const v = compareValues(a[keyA] as Value, b[keyB] as Value);
    if (v !== 0) return v;
  }
  return sign(ka.length - kb.length);
}

function vectorLength(fields: Fields): number {
  const v = fields['value'];
  return v && 'arrayValue' in v ? (v.arrayValue.values ?? []).length : 0;
}

/** Total order of Firestore values (negative, zero or positive). */
export function compareValues(a: Value, b: Value): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  if ('nullValue' in a) return 0;
  if ('booleanValue' in a && 'booleanValue' in b)
    return a.booleanValue === b.booleanValue ? 0 : a.booleanValue ? 1 : -1;
  if (isNumber(a) && isNumber(b)) return compareNumbers(a, b);
  if ('timestampValue' in a && 'timestampValue' in b)
    return compareTimestampStrings(a.timestampValue, b.timestampValue);
  if ('stringValue' in a && 'stringValue' in b) return compareUtf8(a.stringValue, b.stringValue);
  if ('bytesValue' in a && 'bytesValue' in b) return compareBytes(a.bytesValue, b.bytesValue);
  if ('referenceValue' in a && 'referenceValue' in b)
    return compareReferences(a.referenceValue, b.referenceValue);
  if ('geoPointValue' in a && 'geoPointValue' in b) {
    const c = compareDoubles(a.geoPointValue.latitude, b.geoPointValue.latitude);
    return c !== 0 ? c : compareDoubles(a.geoPointValue.longitude, b.geoPointValue.longitude);
  }
  if ('arrayValue' in a && 'arrayValue' in b)
    return compareArrays(a.arrayValue.values ?? [], b.arrayValue.values ?? []);
  if ('mapValue' in a && 'mapValue' in b) {
    const fa = a.mapValue.fields ?? {};
    const fb = b.mapValue.fields ?? {};
    if (ta === TypeOrder.vector) {
      const c = sign(vectorLength(fa) - vectorLength(fb));
      if (c !== 0) return c;
    }
    return compareMaps(fa, fb);
  }
  return 0;
}

/** Query equality: numbers compare by value (1 == 1.0), NaN equals NaN. */
export function valuesEqual(a: Value, b: Value): boolean {
  return compareValues(a, b) === 0;
}

/** Strict identity: same types all the way down (used to detect writes that change nothing). */
export function valuesIdentical(a: Value, b: Value): boolean {
  if ('integerValue' in a) return 'integerValue' in b && a.integerValue === b.integerValue;
  if ('doubleValue' in a)
    return (
      'doubleValue' in b &&
      (Object.is(a.doubleValue, b.doubleValue) || a.doubleValue === b.doubleValue)
    );
  if ('arrayValue' in a) {
    if (!('arrayValue' in b)) return false;
    const x = a.arrayValue.values ?? [];
    const y = b.arrayValue.values ?? [];
    return x.length === y.length && x.every((v, i) => valuesIdentical(v, y[i] as Value));
  }
  if ('mapValue' in a)
    return 'mapValue' in b && fieldsIdentical(a.mapValue.fields ?? {}, b.mapValue.fields ?? {});
  return typeOrder(a) === typeOrder(b) && compareValues(a, b) === 0;
}

export function fieldsIdentical(a: Fields, b: Fields): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => k in b && valuesIdentical(a[k] as Value, b[k] as Value));
}

export function arrayContains(values: Value[], needle: Value): boolean {
  return values.some((v) => valuesEqual(v, needle));
}

export const NULL_VALUE: Value = { nullValue: null };
