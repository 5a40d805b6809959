/** JSON bodies as the official emulator writes them. */
import type { ServerResponse } from 'node:http';
import type { FirestoreError } from '../engine/errors.js';

/**
 * Non-finite doubles travel as the strings "NaN", "Infinity" and "-Infinity"; empty repeated and map
 * fields are left out, as proto3 JSON does (`{"arrayValue": {}}`, `{"mapValue": {}}`).
 */
function replacer(key: string, value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (key === 'values' && Array.isArray(value) && value.length === 0) return undefined;
  if (
    key === 'fields' &&
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 0
  )
    return undefined;
  return value;
}

export function jsonText(value: unknown): string {
  return JSON.stringify(value, replacer, 2) + '\n';
}

export function jsonArrayText(values: unknown[]): string {
  return '[\n' + values.map((v) => JSON.stringify(v, replacer, 2)).join(',\n') + '\n]\n';
}

export function errorText(error: FirestoreError): string {
  const body: { code: number; message?: string; status: string } = {
    code: error.httpStatus,
    status: error.status,
  };
  if (error.message !== '') body.message = error.message;
  return JSON.stringify({
    error: {
      code: body.code,
      ...(body.message !== undefined ? { message: body.message } : {}),
      status: body.status,
    },
  });
}

export function send(
  res: ServerResponse,
  status: number,
  body: string,
  contentType: string | null = 'application/json',
  head = false,
): void {
  const headers: Record<string, string | number> = { 'content-length': Buffer.byteLength(body) };
  if (contentType) headers['content-type'] = contentType;
  res.writeHead(status, headers);
  res.end(head ? undefined : body);
}
