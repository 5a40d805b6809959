import { evalError } from './errors.js';
import { arity, asCollection, asList, asMap, asString } from './coerce.js';
import { fullMatch, regexReplace, regexSplit } from './regex.js';
import {
  RBytes,
  RContains,
  RDuration,
  RLatLng,
  RMap,
  RMapDiff,
  RPath,
  RSet,
  RTimestamp,
  type RValue,
  equals,
  isList,
  typeName,
} from './values.js';

type Method = (self: never, args: RValue[]) => RValue;

function contains(items: readonly RValue[], v: RValue): boolean {
  for (const x of items) if (equals(x, v)) return true;
  return false;
}

const stringMethods: Record<string, (s: string, a: RValue[]) => RValue> = {
  size: (s, a) => (arity('size', a, 0), BigInt([...s].length)),
  lower: (s, a) => (arity('lower', a, 0), s.toLowerCase()),
  upper: (s, a) => (arity('upper', a, 0), s.toUpperCase()),
  trim: (s, a) => (arity('trim', a, 0), s.trim()),
  matches: (s, a) => (arity('matches', a, 1), fullMatch(s, asString(a[0] as RValue))),
  split: (s, a) => (arity('split', a, 1), regexSplit(s, asString(a[0] as RValue))),
  replace: (s, a) => (
    arity('replace', a, 2),
    regexReplace(s, asString(a[0] as RValue), asString(a[1] as RValue))
  ),
  toUtf8: (s, a) => (arity('toUtf8', a, 0), new RBytes(new Uint8Array(Buffer.from(s, 'utf8')))),
};

const listMethods: Record<string, (l: readonly RValue[], a: RValue[]) => RValue> = {
  size: (l, a) => (arity('size', a, 0), BigInt(l.length)),
  hasAll: (l, a) => (
    arity('hasAll', a, 1),
    asCollection(a[0] as RValue).every((x) => contains(l, x))
  ),
  hasAny: (l, a) => (
    arity('hasAny', a, 1),
    asCollection(a[0] as RValue).some((x) => contains(l, x))
  ),
  hasOnly: (l, a) => {
    arity('hasOnly', a, 1);
    const allowed = asCollection(a[0] as RValue);
    return l.every((x) => contains(allowed, x));
  },
  join: (l, a) => (arity('join', a, 1), l.map((x) => asString(x)).join(asString(a[0] as RValue))),
  concat: (l, a) => (arity('concat', a, 1), [...l, ...asList(a[0] as RValue)]),
  removeAll: (l, a) => {
    arity('removeAll', a, 1);
    const drop = asList(a[0] as RValue);
    return l.filter((x) => !contains(drop, x));
  },
  toSet: (l, a) => (arity('toSet', a, 0), RSet.from(l)),
};

const setMethods: Record<string, (s: RSet, a: RValue[]) => RValue> = {
  size: (s, a) => (arity('size', a, 0), BigInt(s.items.length)),
  hasAll: (s, a) => (arity('hasAll', a, 1), asCollection(a[0] as RValue).every((x) => s.has(x))),
  hasAny: (s, a) => (arity('hasAny', a, 1), asCollection(a[0] as RValue).some((x) => s.has(x))),
  hasOnly: (s, a) => {
    arity('hasOnly', a, 1);
    const allowed = asCollection(a[0] as RValue);
    return s.items.every((x) => contains(allowed, x));
  },
  difference: (s, a) => {
    arity('difference', a, 1);
    const other = asCollection(a[0] as RValue);
    return new RSet(s.items.filter((x) => !contains(other, x)));
  },
  intersection: (s, a) => {
    arity('intersection', a, 1);
    const other = asCollection(a[0] as RValue);
    return new RSet(s.items.filter((x) => contains(other, x)));
  },
  union: (s, a) => (arity('union', a, 1), RSet.from([...s.items, ...asCollection(a[0] as RValue)])),
};

function mapGet(m: RMap, key: RValue, fallback: RValue): RValue {
  if (isList(key)) {
    let cur: RValue = m;
    for (const k of key) {
      if (!(cur instanceof RMap)) return fallback;
      const ks = asString(k);
      if (!cur.has(ks)) {
        cur.requireClosed(`Field '${ks}'`);
        return fallback;
      }
      cur = cur.get(ks) as RValue;
    }
    return cur;
  }
  const ks = asString(key);
  if (m.has(ks)) return m.get(ks) as RValue;
  m.requireClosed(`Field '${ks}'`);
  return fallback;
}

const mapMethods: Record<string, (m: RMap, a: RValue[]) => RValue> = {
  keys: (m, a) => (arity('keys', a, 0), m.requireClosed('The key list'), [...m.entries.keys()]),
  values: (m, a) => (
    arity('values', a, 0),
    m.requireClosed('The value list'),
    [...m.entries.values()]
  ),
  size: (m, a) => (arity('size', a, 0), m.requireClosed('The size'), BigInt(m.size)),
  get: (m, a) => (arity('get', a, 2), mapGet(m, a[0] as RValue, a[1] as RValue)),
  diff: (m, a) => {
    arity('diff', a, 1);
    const other = asMap(a[0] as RValue);
    m.requireClosed('The map');
    other.requireClosed('The map');
    return new RMapDiff(m, other);
  },
};

function diffKeys(
  d: RMapDiff,
  pick: (k: string, inLeft: boolean, inRight: boolean) => boolean,
): RSet {
  const keys = new Set([...d.left.entries.keys(), ...d.right.entries.keys()]);
  const out: RValue[] = [];
  for (const k of keys) if (pick(k, d.left.has(k), d.right.has(k))) out.push(k);
  return new RSet(out);
}

function changed(d: RMapDiff, k: string): boolean {
  return !equals(d.left.get(k) as RValue, d.right.get(k) as RValue);
}

const diffMethods: Record<string, (d: RMapDiff, a: RValue[]) => RValue> = {
  addedKeys: (d, a) => (arity('addedKeys', a, 0), diffKeys(d, (_k, l, r) => !l && r)),
  removedKeys: (d, a) => (arity('removedKeys', a, 0), diffKeys(d, (_k, l, r) => l && !r)),
  changedKeys: (d, a) => (
    arity('changedKeys', a, 0),
    diffKeys(d, (k, l, r) => l && r && changed(d, k))
  ),
  unchangedKeys: (d, a) => (
    arity('unchangedKeys', a, 0),
    diffKeys(d, (k, l, r) => l && r && !changed(d, k))
  ),
  affectedKeys: (d, a) => (
    arity('affectedKeys', a, 0),
    diffKeys(d, (k, l, r) => l !== r || changed(d, k))
  ),
};

const DAY_NANOS = 86_400_000_000_000n;

const timestampMethods: Record<string, (t: RTimestamp, a: RValue[]) => RValue> = {
  year: (t, a) => (arity('year', a, 0), BigInt(t.toDate().getUTCFullYear())),
  month: (t, a) => (arity('month', a, 0), BigInt(t.toDate().getUTCMonth() + 1)),
  day: (t, a) => (arity('day', a, 0), BigInt(t.toDate().getUTCDate())),
  hours: (t, a) => (arity('hours', a, 0), BigInt(t.toDate().getUTCHours())),
  minutes: (t, a) => (arity('minutes', a, 0), BigInt(t.toDate().getUTCMinutes())),
  seconds: (t, a) => (arity('seconds', a, 0), t.seconds),
  nanos: (t, a) => (arity('nanos', a, 0), t.subNanos),
  toMillis: (t, a) => (arity('toMillis', a, 0), t.seconds * 1000n + t.subNanos / 1_000_000n),
  dayOfWeek: (t, a) => (
    arity('dayOfWeek', a, 0),
    BigInt(t.toDate().getUTCDay() === 0 ? 7 : t.toDate().getUTCDay())
  ),
  dayOfYear: (t, a) => {
    arity('dayOfYear', a, 0);
    const d = t.toDate();
    const start = new Date(0);
    start.setUTCFullYear(d.getUTCFullYear(), 0, 1);
    return BigInt(Math.floor((d.getTime() - start.getTime()) / 86_400_000) + 1);
  },
  date: (t, a) => (arity('date', a, 0), new RTimestamp(t.nanos - mod(t.nanos, DAY_NANOS))),
  time: (t, a) => (arity('time', a, 0), new RDuration(mod(t.nanos, DAY_NANOS))),
};

function mod(a: bigint, b: bigint): bigint {
  const r = a % b;
  return r < 0n ? r + b : r;
}

const durationMethods: Record<string, (d: RDuration, a: RValue[]) => RValue> = {
  seconds: (d, a) => (arity('seconds', a, 0), d.seconds),
  nanos: (d, a) => (arity('nanos', a, 0), d.subNanos),
};

const bytesMethods: Record<string, (b: RBytes, a: RValue[]) => RValue> = {
  size: (b, a) => (arity('size', a, 0), BigInt(b.data.length)),
  toBase64: (b, a) => (arity('toBase64', a, 0), Buffer.from(b.data).toString('base64')),
  toHexString: (b, a) => (
    arity('toHexString', a, 0),
    Buffer.from(b.data).toString('hex').toUpperCase()
  ),
};

const EARTH_RADIUS_M = 6_371_000;

const latlngMethods: Record<string, (p: RLatLng, a: RValue[]) => RValue> = {
  latitude: (p, a) => (arity('latitude', a, 0), p.lat),
  longitude: (p, a) => (arity('longitude', a, 0), p.lng),
  distance: (p, a) => {
    arity('distance', a, 1);
    const q = a[0];
    if (!(q instanceof RLatLng))
      throw evalError(`Type error: expected latlng but got ${typeName(q as RValue)}.`);
    const rad = Math.PI / 180;
    const dLat = (q.lat - p.lat) * rad;
    const dLng = (q.lng - p.lng) * rad;
    const h =
      Math.sin(dLat / 2) ** 2 +
      Math.cos(p.lat * rad) * Math.cos(q.lat * rad) * Math.sin(dLng / 2) ** 2;
    return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
  },
};

const pathMethods: Record<string, (p: RPath, a: RValue[]) => RValue> = {
  bind: (p, a) => {
    arity('bind', a, 1);
    const m = asMap(a[0] as RValue);
    return new RPath(
      p.segments.map((s) => {
        const v = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(s);
        return v && m.has(v[1] as string) ? asString(m.get(v[1] as string) as RValue) : s;
      }),
    );
  },
};

function table(self: RValue): Record<string, Method> | null {
  if (typeof self === 'string') return stringMethods as unknown as Record<string, Method>;
  if (isList(self)) return listMethods as unknown as Record<string, Method>;
  if (self instanceof RMap) return mapMethods as unknown as Record<string, Method>;
  if (self instanceof RSet) return setMethods as unknown as Record<string, Method>;
  if (self instanceof RMapDiff) return diffMethods as unknown as Record<string, Method>;
  if (self instanceof RTimestamp) return timestampMethods as unknown as Record<string, Method>;
  if (self instanceof RDuration) return durationMethods as unknown as Record<string, Method>;
  if (self instanceof RBytes) return bytesMethods as unknown as Record<string, Method>;
  if (self instanceof RLatLng) return latlngMethods as unknown as Record<string, Method>;
  if (self instanceof RPath) return pathMethods as unknown as Record<string, Method>;
  return null;
}

/** Calls `self.name(args)`. */
export function callMethod(self: RValue, name: string, args: RValue[]): RValue {
  if (self === null) throw evalError(`Null value error. Cannot call ${name}() on null.`);
  if (self instanceof RContains)
    throw evalError(`Value is unknown for a query: cannot call ${name}() on it.`);
  const t = table(self);
  const m = t !== null && Object.prototype.hasOwnProperty.call(t, name) ? t[name] : undefined;
  if (m === undefined)
    throw evalError(`Function not found error: Name: [${name}] on ${typeName(self)}.`);
  return m(self as never, args);
}
