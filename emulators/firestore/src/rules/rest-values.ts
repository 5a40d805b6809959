import { evalError } from './errors.js';
import type { Fields, Value } from './firestore-types.js';
import { RBytes, RLatLng, RMap, RPath, RTimestamp, type RValue } from './values.js';

/** Converts one Firestore REST JSON value into a rules value. */
export function fromRest(raw: unknown): RValue {
  const v = raw as Value;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.integerValue !== undefined) return BigInt(v.integerValue);
  if (v.booleanValue !== undefined) return v.booleanValue;
  if (v.mapValue !== undefined) return fieldsToMap(v.mapValue.fields ?? {});
  if (v.arrayValue !== undefined) return (v.arrayValue.values ?? []).map(fromRest);
  if (v.doubleValue !== undefined)
    return typeof v.doubleValue === 'number' ? v.doubleValue : Number(v.doubleValue);
  if (v.timestampValue !== undefined) return RTimestamp.parse(v.timestampValue);
  if ('nullValue' in v) return null;
  if (v.referenceValue !== undefined) return referenceToPath(v.referenceValue);
  if (v.bytesValue !== undefined)
    return new RBytes(new Uint8Array(Buffer.from(v.bytesValue, 'base64')));
  if (v.geoPointValue !== undefined)
    return new RLatLng(v.geoPointValue.latitude ?? 0, v.geoPointValue.longitude ?? 0);
  throw evalError(`Unsupported Firestore value: ${JSON.stringify(raw)}`);
}

/** Document fields as a lazily converted rules map. */
export function fieldsToMap(fields: Fields): RMap {
  return RMap.lazy(fields, fromRest);
}

/** "projects/p/databases/(default)/documents/a/b" -> /databases/(default)/documents/a/b */
export function referenceToPath(ref: string): RPath {
  const segments = ref.split('/');
  const i = segments.indexOf('databases');
  return new RPath(i >= 0 ? segments.slice(i) : segments);
}

/** A decoded JSON value (ID-token claims) as a rules value: integral numbers become ints. */
export function fromJson(raw: unknown): RValue {
  if (raw === null || raw === undefined) return null;
  switch (typeof raw) {
    case 'string':
    case 'boolean':
      return raw;
    case 'number':
      return Number.isSafeInteger(raw) ? BigInt(raw) : raw;
    case 'bigint':
      return raw;
    case 'object':
      if (Array.isArray(raw)) return raw.map(fromJson);
      return RMap.lazy(raw as Record<string, unknown>, fromJson);
    default:
      return null;
  }
}
