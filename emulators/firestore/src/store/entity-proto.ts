/**
 * Firestore documents as the records of an official export: the legacy Datastore entity protobuf
 * (`storage_onestore_v3.EntityProto`, proto2 with groups), hand-encoded on the wire.
 *
 *   EntityProto   key 13 (Reference), property 14 / raw_property 15 (Property), entity_group 16 (Path)
 *   Reference     app 13, path 14 (Path), name_space 20, database_id 23
 *   Path          group Element 1 { type 2, id 3, name 4 }
 *   Property      meaning 1, name 3, multiple 4, value 5 (PropertyValue)
 *   PropertyValue int64Value 1, booleanValue 2, stringValue 3, doubleValue 4,
 *                 group PointValue 5 { x 6, y 7 },
 *                 group ReferenceValue 12 { app 13, group PathElement 14 { type 15, id 16, name 17 },
 *                                           name_space 20, database_id 23 }
 *
 * Firestore values map as the Datastore export does: null = a property without a value; a timestamp
 * = int64 microseconds with meaning GD_WHEN; bytes = stringValue with meaning BYTESTRING (BLOB when
 * over 1,500 bytes, unindexed); a string over 1,500 bytes has meaning TEXT (unindexed); a geo point =
 * PointValue (x latitude, y longitude) with meaning GEORSS_POINT; a map = a serialized EntityProto
 * (its fields as raw properties) with meaning ENTITY_PROTO; an array = one property per element with
 * `multiple` set, an empty one meaning EMPTY_LIST; a document ID is the element's name (a Datastore
 * integer ID reads as `__id<n>__`, and is written back that way). Fields are written sorted by name.
 */
import type { DatabaseName } from './resource-name.js';
import { formatTimestamp, parseTimestamp } from './timestamp.js';
import type { Fields, Value } from './value.js';

const MEANING = {
  BLOB: 14,
  TEXT: 15,
  BYTESTRING: 16,
  GD_WHEN: 7,
  GEORSS_POINT: 9,
  ENTITY_PROTO: 19,
  EMPTY_LIST: 24,
} as const;
/** Longer strings and bytes are unindexed in Datastore (TEXT / BLOB, raw properties). */
const MAX_INDEXED_BYTES = 1500;

export class EntityFormatError extends Error {}

// ---- wire encoding ----------------------------------------------------------------------------

class Writer {
  private readonly parts: Buffer[] = [];

  private varint(n: bigint): this {
    let v = BigInt.asUintN(64, n);
    const bytes: number[] = [];
    while (v >= 0x80n) {
      bytes.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    bytes.push(Number(v));
    this.parts.push(Buffer.from(bytes));
    return this;
  }

  private tag(field: number, wire: number): this {
    return this.varint(BigInt((field << 3) | wire));
  }

  int(field: number, n: bigint | number): this {
    return this.tag(field, 0).varint(BigInt(n));
  }

  bool(field: number, b: boolean): this {
    return this.int(field, b ? 1 : 0);
  }

  double(field: number, d: number): this {
    const b = Buffer.alloc(8);
    b.writeDoubleLE(d);
    this.tag(field, 1).parts.push(b);
    return this;
  }

  bytes(field: number, data: Uint8Array): this {
    this.tag(field, 2).varint(BigInt(data.length)).parts.push(Buffer.from(data));
    return this;
  }

  string(field: number, s: string): this {
    return this.bytes(field, Buffer.from(s, 'utf8'));
  }

  message(field: number, w: Writer): this {
    return this.bytes(field, w.finish());
  }

  group(field: number, w: Writer): this {
    this.tag(field, 3).parts.push(w.finish());
    return this.tag(field, 4);
  }

  finish(): Buffer {
    return Buffer.concat(this.parts);
  }
}

interface WireField {
  field: number;
  wire: number;
  /** varint: bigint; fixed64: its 8 bytes; bytes: the payload; group: its fields. */
  value: bigint | Buffer | WireField[];
}

function readFields(buf: Buffer, where: string): WireField[] {
  let pos = 0;
  const fail = (): never => {
    throw new EntityFormatError(`${where}: malformed protobuf at byte ${pos}`);
  };
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (pos >= buf.length) fail();
      const b = buf[pos++] as number;
      result |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return BigInt.asUintN(64, result);
    }
    return fail();
  };
  const take = (n: number): Buffer => {
    if (n < 0 || pos + n > buf.length) fail();
    const out = buf.subarray(pos, pos + n);
    pos += n;
    return out;
  };
  const parse = (endGroup: number | null): WireField[] => {
    const fields: WireField[] = [];
    while (pos < buf.length) {
      const key = Number(varint());
      const field = key >>> 3;
      const wire = key & 7;
      if (field === 0) fail();
      if (wire === 4) {
        if (field !== endGroup) fail();
        return fields;
      }
      if (wire === 0) fields.push({ field, wire, value: varint() });
      else if (wire === 1) fields.push({ field, wire, value: take(8) });
      else if (wire === 2) fields.push({ field, wire, value: take(Number(varint())) });
      else if (wire === 3) fields.push({ field, wire, value: parse(field) });
      else if (wire === 5) take(4);
      else fail();
    }
    if (endGroup !== null) fail();
    return fields;
  };
  return parse(null);
}

function all(fields: WireField[], field: number): WireField[] {
  return fields.filter((f) => f.field === field);
}
function last(fields: WireField[], field: number): WireField | undefined {
  const found = all(fields, field);
  return found[found.length - 1];
}
function asBytes(f: WireField | undefined): Buffer | undefined {
  return f && f.wire === 2 ? (f.value as Buffer) : undefined;
}
function asString(f: WireField | undefined): string | undefined {
  return asBytes(f)?.toString('utf8');
}
function asInt(f: WireField | undefined): bigint | undefined {
  return f && f.wire === 0 ? BigInt.asIntN(64, f.value as bigint) : undefined;
}
function asGroup(f: WireField | undefined): WireField[] | undefined {
  return f && f.wire === 3 ? (f.value as WireField[]) : undefined;
}

// ---- documents to entities --------------------------------------------------------------------

const INTEGER_ID = /^__id(-?[1-9]\d{0,18})__$/;

function integerId(id: string): bigint | null {
  const m = INTEGER_ID.exec(id);
  if (!m) return null;
  const n = BigInt(m[1] as string);
  return n === BigInt.asIntN(64, n) ? n : null;
}

/** Path elements (kind = collection ID, name = document ID) of a document path. */
function pathElements(path: string, fieldBase: number): Writer[] {
  const segments = path.split('/');
  const elements: Writer[] = [];
  for (let i = 0; i + 1 < segments.length; i += 2) {
    const w = new Writer().string(fieldBase, segments[i] as string);
    const id = segments[i + 1] as string;
    const n = integerId(id);
    if (n !== null) w.int(fieldBase + 1, n);
    else w.string(fieldBase + 2, id);
    elements.push(w);
  }
  return elements;
}

function pathMessage(path: string | null): Writer {
  const w = new Writer();
  if (path !== null) for (const element of pathElements(path, 2)) w.group(1, element);
  return w;
}

function keyMessage(db: DatabaseName, path: string | null): Writer {
  const w = new Writer().string(13, db.project).message(14, pathMessage(path));
  if (db.database !== '(default)') w.string(23, db.database);
  return w;
}

interface EncodedProperty {
  meaning: number;
  value: Writer;
  raw: boolean;
}

function referenceParts(name: string): { db: DatabaseName; path: string } {
  const m = /^projects\/([^/]+)\/databases\/([^/]+)\/documents\/(.+)$/.exec(name);
  if (!m) throw new EntityFormatError(`invalid reference ${name}`);
  return { db: { project: m[1] as string, database: m[2] as string }, path: m[3] as string };
}

function encodeValue(value: Value, db: DatabaseName, where: string): EncodedProperty {
  const v = new Writer();
  const plain = (meaning = 0, raw = false): EncodedProperty => ({ meaning, value: v, raw });
  if ('nullValue' in value) return plain();
  if ('booleanValue' in value) return (v.bool(2, value.booleanValue), plain());
  if ('integerValue' in value) return (v.int(1, BigInt(value.integerValue)), plain());
  if ('doubleValue' in value) return (v.double(4, value.doubleValue), plain());
  if ('timestampValue' in value) {
    const ts = parseTimestamp(value.timestampValue);
    if (!ts) throw new EntityFormatError(`${where}: invalid timestamp ${value.timestampValue}`);
    v.int(1, BigInt(ts.seconds) * 1_000_000n + BigInt(Math.floor(ts.nanos / 1000)));
    return plain(MEANING.GD_WHEN);
  }
  if ('stringValue' in value) {
    const bytes = Buffer.from(value.stringValue, 'utf8');
    v.bytes(3, bytes);
    return bytes.length > MAX_INDEXED_BYTES ? plain(MEANING.TEXT, true) : plain();
  }
  if ('bytesValue' in value) {
    const bytes = Buffer.from(value.bytesValue, 'base64');
    v.bytes(3, bytes);
    return bytes.length > MAX_INDEXED_BYTES ? plain(MEANING.BLOB, true) : plain(MEANING.BYTESTRING);
  }
  if ('referenceValue' in value) {
    const ref = referenceParts(value.referenceValue);
    const g = new Writer().string(13, ref.db.project);
    for (const element of pathElements(ref.path, 15)) g.group(14, element);
    if (ref.db.database !== '(default)') g.string(23, ref.db.database);
    v.group(12, g);
    return plain();
  }
  if ('geoPointValue' in value) {
    const p = value.geoPointValue;
    v.group(5, new Writer().double(6, p.latitude ?? 0).double(7, p.longitude ?? 0));
    return plain(MEANING.GEORSS_POINT);
  }
  if ('mapValue' in value) {
    v.bytes(3, encodeEntity(db, null, value.mapValue.fields ?? {}, where));
    return plain(MEANING.ENTITY_PROTO);
  }
  throw new EntityFormatError(`${where}: arrays cannot hold arrays`);
}

function propertyMessage(name: string, p: EncodedProperty, multiple: boolean): Writer {
  const w = new Writer();
  if (p.meaning !== 0) w.int(1, p.meaning);
  return w.string(3, name).bool(4, multiple).message(5, p.value);
}

/**
 * One EntityProto: a document (path given) or an embedded map (path null: an empty key path, its
 * fields as raw properties).
 */
export function encodeEntity(
  db: DatabaseName,
  path: string | null,
  fields: Fields,
  where = path ?? '',
): Buffer {
  const indexed: Writer[] = [];
  const raw: Writer[] = [];
  for (const name of Object.keys(fields).sort()) {
    const value = fields[name] as Value;
    const at = `${where}.${name}`;
    const props: [EncodedProperty, boolean][] =
      'arrayValue' in value
        ? (value.arrayValue.values ?? []).length === 0
          ? [[{ meaning: MEANING.EMPTY_LIST, value: new Writer(), raw: false }, false]]
          : (value.arrayValue.values ?? []).map((e, i) => [encodeValue(e, db, `${at}[${i}]`), true])
        : [[encodeValue(value, db, at), false]];
    for (const [p, multiple] of props)
      (p.raw || path === null ? raw : indexed).push(propertyMessage(name, p, multiple));
  }
  const w = new Writer().message(13, keyMessage(db, path));
  for (const p of indexed) w.message(14, p);
  for (const p of raw) w.message(15, p);
  return w
    .message(16, pathMessage(path === null ? null : path.split('/').slice(0, 2).join('/')))
    .finish();
}

// ---- entities to documents --------------------------------------------------------------------

function documentId(element: WireField[], nameField: number): string {
  const name = asString(last(element, nameField));
  if (name !== undefined) return name;
  const id = asInt(last(element, nameField - 1));
  if (id === undefined) throw new EntityFormatError('a key path element has neither name nor id');
  return `__id${id}__`;
}

function pathOf(elements: WireField[][], typeField: number): string {
  const segments: string[] = [];
  for (const element of elements) {
    const kind = asString(last(element, typeField));
    if (!kind) throw new EntityFormatError('a key path element has no kind');
    segments.push(kind, documentId(element, typeField + 2));
  }
  return segments.join('/');
}

/** `s~project` / `e~project` (App Engine partitions) name the project too. */
function projectOf(app: string | undefined, fallback: DatabaseName): string {
  if (!app) return fallback.project;
  const tilde = app.indexOf('~');
  return tilde >= 0 ? app.slice(tilde + 1) : app;
}

function decodeValue(meaning: number, v: WireField[], db: DatabaseName, where: string): Value {
  const int = asInt(last(v, 1));
  const bool = last(v, 2);
  const str = asBytes(last(v, 3));
  const dbl = last(v, 4);
  const point = asGroup(last(v, 5));
  const ref = asGroup(last(v, 12));
  if (meaning === MEANING.EMPTY_LIST) return { arrayValue: { values: [] } };
  if (int !== undefined) {
    if (meaning === MEANING.GD_WHEN) {
      const seconds = int / 1_000_000n - (int % 1_000_000n < 0n ? 1n : 0n);
      const micros = int - seconds * 1_000_000n;
      return {
        timestampValue: formatTimestamp({ seconds: Number(seconds), nanos: Number(micros) * 1000 }),
      };
    }
    return { integerValue: int.toString() };
  }
  if (bool && bool.wire === 0) return { booleanValue: (bool.value as bigint) !== 0n };
  if (dbl && dbl.wire === 1) return { doubleValue: (dbl.value as Buffer).readDoubleLE(0) };
  if (str !== undefined) {
    if (meaning === MEANING.ENTITY_PROTO)
      return { mapValue: { fields: decodeEntity(str, db, where).fields } };
    if (meaning === MEANING.BLOB || meaning === MEANING.BYTESTRING)
      return { bytesValue: str.toString('base64') };
    return { stringValue: str.toString('utf8') };
  }
  if (point) {
    const x = last(point, 6);
    const y = last(point, 7);
    return {
      geoPointValue: {
        latitude: x && x.wire === 1 ? (x.value as Buffer).readDoubleLE(0) : 0,
        longitude: y && y.wire === 1 ? (y.value as Buffer).readDoubleLE(0) : 0,
      },
    };
  }
  if (ref) {
    const project = projectOf(asString(last(ref, 13)), db);
    const database = asString(last(ref, 23)) || '(default)';
    const path = pathOf(
      all(ref, 14).map((f) => asGroup(f) ?? []),
      15,
    );
    return { referenceValue: `projects/${project}/databases/${database}/documents/${path}` };
  }
  if (all(v, 8).length > 0) throw new EntityFormatError(`${where}: user values are not supported`);
  return { nullValue: null };
}

/** Decodes one EntityProto; `path` is null for an embedded entity without a key path. */
export function decodeEntity(
  record: Buffer,
  db: DatabaseName,
  where = 'entity',
): { path: string | null; fields: Fields } {
  const fields = readFields(record, where);
  const key = asBytes(last(fields, 13));
  let path: string | null = null;
  if (key) {
    const keyFields = readFields(key, where);
    const pathBytes = asBytes(last(keyFields, 14));
    const elements = pathBytes
      ? all(readFields(pathBytes, where), 1).map((f) => asGroup(f) ?? [])
      : [];
    if (elements.length > 0) path = pathOf(elements, 2);
  }
  const here = path ?? where;
  const out: Fields = {};
  const arrays = new Set<string>();
  for (const f of [...all(fields, 14), ...all(fields, 15)]) {
    const p = readFields(asBytes(f) ?? Buffer.alloc(0), here);
    const name = asString(last(p, 3));
    if (name === undefined) throw new EntityFormatError(`${here}: a property without a name`);
    const meaning = Number(asInt(last(p, 1)) ?? 0n);
    const multiple = asInt(last(p, 4)) === 1n;
    const valueBytes = asBytes(last(p, 5)) ?? Buffer.alloc(0);
    const value = decodeValue(meaning, readFields(valueBytes, here), db, `${here}.${name}`);
    if (multiple) {
      const existing = out[name];
      if (existing && 'arrayValue' in existing && arrays.has(name))
        (existing.arrayValue.values ??= []).push(value);
      else {
        out[name] = { arrayValue: { values: [value] } };
        arrays.add(name);
      }
    } else out[name] = value;
  }
  return { path, fields: out };
}
