/**
 * The readable seed format: { "version": 1, "documents": { "<collection>/<id>[/...]": { field: value } } }.
 * Plain JSON maps naturally (integers -> integerValue, other numbers -> doubleValue); tagged objects
 * carry the rest: $timestamp, $double, $reference, $bytes, $geopoint (and $integer for int64 beyond 2^53).
 */
import { formatTimestamp, parseTimestamp, truncateToMicros } from './timestamp.js';
import type { Fields, Value } from './value.js';

export type SeedJson = null | boolean | number | string | SeedJson[] | { [key: string]: SeedJson };

export interface SeedFile {
  version: 1;
  documents: Record<string, Record<string, SeedJson>>;
}

export class SeedFormatError extends Error {}

function fail(where: string, message: string): never {
  throw new SeedFormatError(`${where}: ${message}`);
}

function isRecord(v: unknown): v is Record<string, SeedJson> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function seedToValue(json: SeedJson, where: string, documentsRoot: string): Value {
  if (json === null) return { nullValue: null };
  if (typeof json === 'boolean') return { booleanValue: json };
  if (typeof json === 'string') return { stringValue: json };
  if (typeof json === 'number') {
    // Integers that fit int64 are integers; anything else (fractions, 1e21, ...) is a double.
    const fitsInt64 = Number.isInteger(json) && Math.abs(json) < 2 ** 63;
    return fitsInt64 ? { integerValue: BigInt(json).toString() } : { doubleValue: json };
  }
  if (Array.isArray(json))
    return {
      arrayValue: { values: json.map((v, i) => seedToValue(v, `${where}[${i}]`, documentsRoot)) },
    };
  const keys = Object.keys(json);
  if (keys.length === 1 && (keys[0] as string).startsWith('$')) {
    const tag = keys[0] as string;
    const v = json[tag];
    switch (tag) {
      case '$timestamp': {
        const ts = typeof v === 'string' ? parseTimestamp(v) : null;
        if (!ts) fail(where, `invalid $timestamp ${JSON.stringify(v)}`);
        return { timestampValue: formatTimestamp(truncateToMicros(ts)) };
      }
      case '$double':
        if (typeof v === 'number') return { doubleValue: Object.is(v, -0) ? 0 : v };
        if (v === 'NaN' || v === 'Infinity' || v === '-Infinity') return { doubleValue: Number(v) };
        return fail(where, `invalid $double ${JSON.stringify(v)}`);
      case '$integer':
        if (
          (typeof v === 'string' && /^-?\d+$/.test(v)) ||
          (typeof v === 'number' && Number.isInteger(v))
        )
          return { integerValue: BigInt(v).toString() };
        return fail(where, `invalid $integer ${JSON.stringify(v)}`);
      case '$reference':
        if (typeof v !== 'string' || v === '' || v.split('/').length % 2 !== 0)
          fail(where, `invalid $reference ${JSON.stringify(v)}`);
        return { referenceValue: `${documentsRoot}/${v}` };
      case '$bytes':
        if (typeof v !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(v))
          fail(where, `invalid $bytes ${JSON.stringify(v)}`);
        return { bytesValue: v };
      case '$geopoint':
        if (
          !Array.isArray(v) ||
          v.length !== 2 ||
          typeof v[0] !== 'number' ||
          typeof v[1] !== 'number'
        )
          fail(where, `invalid $geopoint ${JSON.stringify(v)}`);
        return { geoPointValue: { latitude: v[0], longitude: v[1] } };
      default:
        fail(where, `unknown tag ${tag}`);
    }
  }
  const fields: Fields = {};
  for (const k of keys)
    fields[k] = seedToValue(json[k] as SeedJson, `${where}.${k}`, documentsRoot);
  return { mapValue: { fields } };
}

/** Parses and validates a seed file into document paths and fields. */
export function parseSeed(text: string, documentsRoot: string): { path: string; fields: Fields }[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new SeedFormatError(`seed is not valid JSON: ${(e as Error).message}`);
  }
  if (!isRecord(parsed)) throw new SeedFormatError('seed must be a JSON object');
  if (parsed['version'] !== 1) throw new SeedFormatError('seed "version" must be 1');
  const documents = parsed['documents'];
  if (!isRecord(documents)) throw new SeedFormatError('seed "documents" must be an object');
  return Object.entries(documents).map(([path, data]) => {
    const segments = path.split('/');
    if (segments.length % 2 !== 0 || segments.some((s) => s === ''))
      fail(path, 'a document path needs an even number of non-empty segments');
    if (!isRecord(data)) fail(path, 'document data must be an object');
    const fields: Fields = {};
    for (const [k, v] of Object.entries(data))
      fields[k] = seedToValue(v, `${path}.${k}`, documentsRoot);
    return { path, fields };
  });
}

function valueToSeed(value: Value, documentsRoot: string): SeedJson {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value.booleanValue;
  if ('stringValue' in value) return value.stringValue;
  if ('integerValue' in value) {
    const n = Number(value.integerValue);
    return Number.isSafeInteger(n) ? n : { $integer: value.integerValue };
  }
  if ('doubleValue' in value) {
    const d = value.doubleValue;
    if (!Number.isFinite(d)) return { $double: String(d) };
    return Number.isInteger(d) ? { $double: d } : d;
  }
  if ('timestampValue' in value) return { $timestamp: value.timestampValue };
  if ('referenceValue' in value) {
    const prefix = documentsRoot + '/';
    const ref = value.referenceValue;
    const docsIndex = ref.indexOf('/documents/');
    return {
      $reference: ref.startsWith(prefix)
        ? ref.slice(prefix.length)
        : docsIndex >= 0
          ? ref.slice(docsIndex + '/documents/'.length)
          : ref,
    };
  }
  if ('bytesValue' in value) return { $bytes: value.bytesValue };
  if ('geoPointValue' in value)
    return { $geopoint: [value.geoPointValue.latitude ?? 0, value.geoPointValue.longitude ?? 0] };
  if ('arrayValue' in value)
    return (value.arrayValue.values ?? []).map((v) => valueToSeed(v, documentsRoot));
  const out: Record<string, SeedJson> = {};
  for (const [k, v] of Object.entries(value.mapValue.fields ?? {}))
    out[k] = valueToSeed(v, documentsRoot);
  return out;
}

/** Serialises documents (already sorted by path) to the seed format. */
export function formatSeed(
  documents: { path: string; fields: Fields }[],
  documentsRoot: string,
): string {
  const out: SeedFile = { version: 1, documents: {} };
  for (const doc of documents) {
    const data: Record<string, SeedJson> = {};
    for (const key of Object.keys(doc.fields).sort())
      data[key] = valueToSeed(doc.fields[key] as Value, documentsRoot);
    out.documents[doc.path] = data;
  }
  return JSON.stringify(out, null, 2) + '\n';
}
