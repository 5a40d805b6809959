import type { FormObject, FormValue } from './form-encoding.js';
import { invalidRequest, missingParam, unknownParam } from './stripe-error.js';

/** Joins a parent param and a child key the way Stripe names params: `line_items[0][quantity]`. */
export function paramName(parent: string, key: string): string {
  return parent === '' ? key : `${parent}[${key}]`;
}

export function assertKnownKeys(
  value: FormObject,
  allowed: ReadonlyArray<string>,
  parent: string,
): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw unknownParam(paramName(parent, key));
  }
}

export function readObject(value: FormValue | undefined, param: string): FormObject | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    if (value === '') return undefined;
    throw invalidRequest(`Invalid object`, param, 'parameter_invalid_string_object');
  }
  return value;
}

export function readString(
  value: FormValue | undefined,
  param: string,
  maxLength = 5000,
): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: {...}`, param);
  if (value.length > maxLength) {
    throw invalidRequest(
      `Invalid string: ${value.slice(0, 20)}...; must be at most ${maxLength} characters`,
      param,
    );
  }
  return value;
}

export function requireString(
  value: FormValue | undefined,
  param: string,
  maxLength?: number,
): string {
  const text = readString(value, param, maxLength);
  if (text === undefined || text === '') throw missingParam(param);
  return text;
}

export function readNonNegativeInteger(
  value: FormValue | undefined,
  param: string,
): number | undefined {
  const text = readString(value, param);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw invalidRequest(`Invalid integer: ${text}`, param);
  const number = Number(text);
  if (number < 0) throw invalidRequest(`Invalid non-negative integer`, param);
  if (!Number.isSafeInteger(number)) throw invalidRequest(`Invalid integer: ${text}`, param);
  return number;
}

/**
 * Stripe arrays arrive as `items[0]=..&items[1]=..` (stripe-node) or `items[]=..` (curl); both
 * parse to an object with index keys. Returns the entries in index order.
 */
export function readList(value: FormValue | undefined, param: string): FormValue[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    if (value === '') return [];
    throw invalidRequest(`Invalid array`, param);
  }
  const keys = Object.keys(value);
  if (!keys.every((k) => /^\d+$/.test(k))) throw invalidRequest(`Invalid array`, param);
  return keys
    .map(Number)
    .sort((a, b) => a - b)
    .map((index) => value[String(index)] as FormValue);
}

export function readStringList(value: FormValue | undefined, param: string): string[] | undefined {
  const list = readList(value, param);
  return list?.map((item, index) => requireString(item, `${param}[${index}]`));
}

/** Stripe's metadata rules: up to 50 keys, keys up to 40 characters, values up to 500. */
export function readMetadata(value: FormValue | undefined, param: string): Record<string, string> {
  const object = readObject(value, param);
  const metadata: Record<string, string> = {};
  if (!object) return metadata;
  const keys = Object.keys(object);
  if (keys.length > 50) throw invalidRequest('Metadata can have at most 50 keys.', param);
  for (const key of keys) {
    if (key.length > 40) {
      throw invalidRequest(
        `Metadata keys can have up to 40 characters; "${key}" has ${key.length}.`,
        paramName(param, key),
      );
    }
    const text = readString(object[key], paramName(param, key), 500);
    if (text !== undefined && text !== '') metadata[key] = text;
  }
  return metadata;
}

/**
 * Metadata on an update, merged as Stripe merges it: given keys are set, a key given as `''` is
 * removed, and `metadata=''` removes them all. Undefined when the request leaves metadata alone.
 */
export function readMetadataUpdate(
  current: Readonly<Record<string, string>>,
  value: FormValue | undefined,
  param: string,
): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (value === '') return {};
  const next = { ...current, ...readMetadata(value, param) };
  for (const [key, text] of Object.entries(readObject(value, param) ?? {})) {
    if (text === '') delete next[key];
  }
  if (Object.keys(next).length > 50)
    throw invalidRequest('Metadata can have at most 50 keys.', param);
  return next;
}

export function readUrl(value: FormValue | undefined, param: string): string | undefined {
  const text = readString(value, param, 5000);
  if (text === undefined || text === '') return undefined;
  let url: URL;
  try {
    // The `{CHECKOUT_SESSION_ID}` placeholder is allowed in success_url; braces are not URL-safe.
    url = new URL(text.replaceAll('{CHECKOUT_SESSION_ID}', 'placeholder'));
  } catch {
    throw invalidRequest('Not a valid URL', param, 'url_invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidRequest('Not a valid URL', param, 'url_invalid');
  }
  return text;
}

/** `true` or `false`, as stripe-node sends booleans; undefined when not given. */
export function readBoolean(value: FormValue | undefined, param: string): boolean | undefined {
  const text = readString(value, param);
  if (text === undefined) return undefined;
  if (text !== 'true' && text !== 'false') throw invalidRequest(`Invalid boolean: ${text}`, param);
  return text === 'true';
}

/** One of `allowed`, or undefined when not given; Stripe's message for any other value. */
export function readEnum<T extends string>(
  value: FormValue | undefined,
  param: string,
  allowed: ReadonlyArray<T>,
): T | undefined {
  const text = readString(value, param);
  if (text === undefined) return undefined;
  const known = allowed.find((candidate) => candidate === text);
  if (known === undefined) {
    const choices =
      allowed.length > 1
        ? `${allowed.slice(0, -1).join(', ')}, or ${allowed[allowed.length - 1] as string}`
        : (allowed[0] ?? '');
    throw invalidRequest(`Invalid ${param}: must be one of ${choices}`, param);
  }
  return known;
}
