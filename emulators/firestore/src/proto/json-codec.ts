/**
 * Conversions between proto3 JSON (REST), protobufjs plain objects (gRPC) and the emulator's internal
 * shape: proto3 JSON with camelCase keys, int64 as decimal strings, doubles as numbers (NaN allowed),
 * timestamps as RFC 3339 strings, bytes as base64, enums as names, wrappers unwrapped, NullValue as null.
 */
import type protobuf from 'protobufjs';
import { INVALID_PAYLOAD, invalidArgument } from '../store/errors.js';
import { formatTimestamp, parseTimestamp } from '../store/timestamp.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const WRAPPERS = new Set([
  '.google.protobuf.DoubleValue',
  '.google.protobuf.FloatValue',
  '.google.protobuf.Int64Value',
  '.google.protobuf.UInt64Value',
  '.google.protobuf.Int32Value',
  '.google.protobuf.UInt32Value',
  '.google.protobuf.BoolValue',
  '.google.protobuf.StringValue',
  '.google.protobuf.BytesValue',
]);

const INT32 = new Set(['int32', 'uint32', 'sint32', 'fixed32', 'sfixed32']);
const INT64 = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);

function isEnum(t: protobuf.ReflectionObject | null): t is protobuf.Enum {
  return t !== null && 'valuesById' in t;
}

function isType(t: protobuf.ReflectionObject | null): t is protobuf.Type {
  return t !== null && 'fieldsArray' in t;
}

function invalid(): Error {
  return invalidArgument(INVALID_PAYLOAD);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const fieldIndex = new WeakMap<protobuf.Type, Map<string, protobuf.Field>>();

function lookupField(type: protobuf.Type, key: string): protobuf.Field | undefined {
  let index = fieldIndex.get(type);
  if (!index) {
    index = new Map();
    for (const field of type.fieldsArray) {
      index.set(field.name, field);
      index.set(snakeToCamel(field.name), field);
      const json = (field as unknown as { jsonName?: string }).jsonName;
      if (json) index.set(json, field);
    }
    fieldIndex.set(type, index);
  }
  return index.get(key) ?? index.get(snakeToCamel(key));
}

function scalarFromJson(type: string, value: unknown): Json {
  if (type === 'string') {
    if (typeof value !== 'string') throw invalid();
    return value;
  }
  if (type === 'bool') {
    if (typeof value !== 'boolean') throw invalid();
    return value;
  }
  if (type === 'double' || type === 'float') {
    if (typeof value === 'number') return value;
    if (typeof value === 'string') {
      if (value === 'NaN') return Number.NaN;
      if (value === 'Infinity') return Infinity;
      if (value === '-Infinity') return -Infinity;
      const n = Number(value);
      if (value.trim() === '' || Number.isNaN(n)) throw invalid();
      return n;
    }
    throw invalid();
  }
  if (INT32.has(type)) {
    const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n)) throw invalid();
    if (
      type.startsWith('u') || type === 'fixed32'
        ? n < 0 || n > 0xffffffff
        : n < -0x80000000 || n > 0x7fffffff
    )
      throw invalid();
    return n;
  }
  if (INT64.has(type)) {
    let text: string;
    if (typeof value === 'number') {
      if (!Number.isInteger(value)) throw invalid();
      text = BigInt(value).toString();
    } else if (typeof value === 'string' && /^-?\d+$/.test(value)) {
      text = BigInt(value).toString();
    } else throw invalid();
    const big = BigInt(text);
    if (big < -(2n ** 63n) || big > 2n ** 63n - 1n) throw invalid();
    return text;
  }
  if (type === 'bytes') {
    if (typeof value !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(value)) throw invalid();
    return Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('base64');
  }
  throw invalid();
}

function singleFromJson(field: protobuf.Field, value: unknown): Json {
  const resolved = field.resolvedType;
  if (isEnum(resolved)) {
    if (resolved.fullName === '.google.protobuf.NullValue') {
      if (value === null || value === 'NULL_VALUE' || value === 0) return null;
      throw invalid();
    }
    if (typeof value === 'string' && value in resolved.values) return value;
    if (typeof value === 'number' && resolved.valuesById[value] !== undefined)
      return resolved.valuesById[value] as string;
    throw invalid();
  }
  if (isType(resolved)) return messageFromJson(resolved, value);
  return scalarFromJson(field.type, value);
}

/** Validates proto3 JSON against a message type and returns the internal shape. Throws INVALID_ARGUMENT. */
export function messageFromJson(type: protobuf.Type, value: unknown): Json {
  const name = type.fullName;
  if (name === '.google.protobuf.Timestamp') {
    if (typeof value !== 'string') throw invalid();
    const ts = parseTimestamp(value);
    if (!ts) throw invalid();
    return formatTimestamp(ts);
  }
  if (WRAPPERS.has(name)) {
    const inner = type.fields['value'] as protobuf.Field;
    return scalarFromJson(inner.type, value);
  }
  if (
    name === '.google.protobuf.Struct' ||
    name === '.google.protobuf.Value' ||
    name === '.google.protobuf.ListValue'
  ) {
    return value as Json;
  }
  if (!isObject(value)) throw invalid();
  const out: JsonObject = {};
  const oneofSeen = new Set<string>();
  for (const [key, raw] of Object.entries(value)) {
    const field = lookupField(type, key);
    if (!field) throw invalid();
    const isNullEnum =
      isEnum(field.resolvedType) && field.resolvedType.fullName === '.google.protobuf.NullValue';
    if (raw === null && !isNullEnum) continue;
    if (field.partOf) {
      if (oneofSeen.has(field.partOf.name)) throw invalid();
      oneofSeen.add(field.partOf.name);
    }
    const camel = snakeToCamel(field.name);
    if (field.map) {
      if (!isObject(raw)) throw invalid();
      const map: JsonObject = {};
      for (const [k, v] of Object.entries(raw)) map[k] = singleFromJson(field, v);
      out[camel] = map;
    } else if (field.repeated) {
      if (!Array.isArray(raw)) throw invalid();
      out[camel] = raw.map((v) => singleFromJson(field, v));
    } else {
      out[camel] = singleFromJson(field, raw);
    }
  }
  return out;
}

// ---- gRPC: protobufjs plain objects (toObject with longs/enums/bytes as String) <-> internal ----

export const TO_OBJECT_OPTIONS: protobuf.IConversionOptions = {
  longs: String,
  enums: String,
  bytes: String,
  defaults: false,
};

function singleFromObject(field: protobuf.Field, value: unknown): Json {
  const resolved = field.resolvedType;
  if (isEnum(resolved)) {
    if (resolved.fullName === '.google.protobuf.NullValue') return null;
    return typeof value === 'number'
      ? ((resolved.valuesById[value] as string | undefined) ?? String(value))
      : (value as Json);
  }
  if (isType(resolved)) return messageFromObject(resolved, value);
  if (INT64.has(field.type)) return String(value);
  return value as Json;
}

export function messageFromObject(type: protobuf.Type, value: unknown): Json {
  const name = type.fullName;
  const obj = isObject(value) ? value : {};
  if (name === '.google.protobuf.Timestamp') {
    const seconds = Number(obj['seconds'] ?? 0);
    const nanos = Number(obj['nanos'] ?? 0);
    return formatTimestamp({ seconds, nanos });
  }
  if (WRAPPERS.has(name)) {
    const inner = type.fields['value'] as protobuf.Field;
    const v = obj['value'];
    if (v === undefined)
      return INT64.has(inner.type)
        ? '0'
        : inner.type === 'bool'
          ? false
          : inner.type === 'string' || inner.type === 'bytes'
            ? ''
            : 0;
    return INT64.has(inner.type) ? String(v) : (v as Json);
  }
  const out: JsonObject = {};
  for (const [key, raw] of Object.entries(obj)) {
    const field = type.fields[key];
    if (!field || raw === undefined || (raw === null && !isEnum(field.resolvedType))) continue;
    if (field.map) {
      const map: JsonObject = {};
      for (const [k, v] of Object.entries(raw as Record<string, unknown>))
        map[k] = singleFromObject(field, v);
      out[key] = map;
    } else if (field.repeated) {
      out[key] = (raw as unknown[]).map((v) => singleFromObject(field, v));
    } else {
      out[key] = singleFromObject(field, raw);
    }
  }
  return out;
}

function singleToObject(field: protobuf.Field, value: unknown): unknown {
  const resolved = field.resolvedType;
  if (isEnum(resolved)) {
    if (resolved.fullName === '.google.protobuf.NullValue') return 0;
    return value;
  }
  if (isType(resolved)) return messageToObject(resolved, value);
  return value;
}

/** Internal shape -> an object protobufjs Type.fromObject accepts. */
export function messageToObject(type: protobuf.Type, value: unknown): unknown {
  const name = type.fullName;
  if (name === '.google.protobuf.Timestamp') {
    const ts = typeof value === 'string' ? parseTimestamp(value) : null;
    return ts ? { seconds: ts.seconds, nanos: ts.nanos } : {};
  }
  if (WRAPPERS.has(name)) return { value };
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(value)) {
    const field = type.fields[key];
    if (!field || raw === undefined) continue;
    if (field.map) {
      const map: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(raw as Record<string, unknown>))
        map[k] = singleToObject(field, v);
      out[key] = map;
    } else if (field.repeated) {
      out[key] = (raw as unknown[]).map((v) => singleToObject(field, v));
    } else {
      out[key] = singleToObject(field, raw);
    }
  }
  return out;
}
