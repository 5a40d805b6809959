/** Limits and naming rules the official emulator enforces on stored documents. */
import { invalidArgument } from '../store/errors.js';
import type { Fields, Value } from '../store/value.js';

export const MAX_DOCUMENT_BYTES = 1_048_576;
const MAX_VALUE_BYTES = 1_048_487;
const MAX_NAME_BYTES = 1500;
const MAX_DEPTH = 20;
const RESERVED = /^__.*__$/;

class NestedInvalid extends Error {}
class ReservedName extends Error {}

/**
 * `path`: where the value sits, as the official emulator (a Datastore entity) names it: the
 * top-level field, then each map key, an array standing as `array`. A nested name counts with
 * that path: `m.<key>` may not exceed 1,500 bytes.
 */
function checkValue(
  value: Value,
  depth: number,
  topName: string,
  inArray: boolean,
  path: string,
): void {
  if ('stringValue' in value || 'bytesValue' in value) {
    const size =
      'stringValue' in value
        ? Buffer.byteLength(value.stringValue)
        : Buffer.byteLength(value.bytesValue, 'base64');
    if (size > MAX_VALUE_BYTES) {
      if (depth === 0 || inArray)
        throw invalidArgument(
          `The value of property "${depth === 0 ? topName : 'array'}" is longer than ${MAX_VALUE_BYTES} bytes.`,
        );
      throw new NestedInvalid();
    }
    return;
  }
  if ('arrayValue' in value) {
    if (depth >= MAX_DEPTH) throw new NestedInvalid();
    for (const v of value.arrayValue.values ?? []) {
      if ('arrayValue' in v) throw invalidArgument('Nested arrays are not allowed');
      try {
        checkValue(v, depth + 1, topName, true, depth === 0 ? 'array' : path);
      } catch (e) {
        if (e instanceof NestedInvalid && depth === 0)
          throw invalidArgument('Property array contains an invalid nested entity.');
        throw e;
      }
    }
    return;
  }
  if ('mapValue' in value) {
    if (depth >= MAX_DEPTH) throw new NestedInvalid();
    for (const [name, v] of Object.entries(value.mapValue.fields ?? {})) {
      if (RESERVED.test(name) && name !== '__type__')
        throw new ReservedName(`field name '${name}' is reserved.`);
      const nested = `${path}.${name}`;
      if (Buffer.byteLength(nested) > MAX_NAME_BYTES) throw new NestedInvalid();
      try {
        checkValue(v, depth + 1, topName, false, 'arrayValue' in v ? `${path}.array` : nested);
      } catch (e) {
        if (e instanceof ReservedName) throw e;
        throw new NestedInvalid();
      }
    }
  }
}

function valueSize(value: Value): number {
  if ('stringValue' in value) return Buffer.byteLength(value.stringValue) + 1;
  if ('bytesValue' in value) return Buffer.byteLength(value.bytesValue, 'base64') + 1;
  if ('referenceValue' in value) return Buffer.byteLength(value.referenceValue) + 1;
  if ('geoPointValue' in value) return 16;
  if ('arrayValue' in value)
    return (value.arrayValue.values ?? []).reduce((n, v) => n + valueSize(v), 0);
  if ('mapValue' in value) return fieldsSize(value.mapValue.fields ?? {});
  if ('booleanValue' in value || 'nullValue' in value) return 1;
  return 8;
}

function fieldsSize(fields: Fields): number {
  let size = 0;
  for (const [name, v] of Object.entries(fields))
    size += Buffer.byteLength(name) + 1 + valueSize(v);
  return size;
}

/** The stored size of a document, following Firestore's size rules. */
export function documentSize(path: string, fields: Fields): number {
  const nameSize = path.split('/').reduce((n, s) => n + Buffer.byteLength(s) + 1, 16);
  return nameSize + fieldsSize(fields) + 32;
}

/** Checks field names, value sizes and nesting. Throws INVALID_ARGUMENT like the official emulator. */
export function validateFields(fields: Fields): void {
  for (const [name, value] of Object.entries(fields)) {
    if (RESERVED.test(name)) throw invalidArgument(`field name ${name} is reserved`);
    if (Buffer.byteLength(name) > MAX_NAME_BYTES)
      throw invalidArgument(`The property.name is longer than ${MAX_NAME_BYTES} bytes.`);
    try {
      checkValue(value, 0, name, false, name);
    } catch (e) {
      if (e instanceof NestedInvalid)
        throw invalidArgument(`Property ${name} contains an invalid nested entity.`);
      if (e instanceof ReservedName) throw invalidArgument(e.message);
      throw e;
    }
  }
}

export function validateDocumentSize(path: string, fields: Fields): void {
  if (documentSize(path, fields) > MAX_DOCUMENT_BYTES)
    throw invalidArgument(`maximum entity size is ${MAX_DOCUMENT_BYTES} bytes`);
}

/** Key path limits for document paths. */
export function validateDocumentPath(segments: readonly string[]): void {
  segments.forEach((s, i) => {
    if (Buffer.byteLength(s) > MAX_NAME_BYTES) {
      throw invalidArgument(
        `The key path element ${i % 2 === 0 ? 'kind' : 'name'} is longer than ${MAX_NAME_BYTES} bytes.`,
      );
    }
  });
}
