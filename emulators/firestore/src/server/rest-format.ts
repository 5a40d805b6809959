/** JSON bodies as the official emulator writes them. */
import type { ServerResponse } from 'node:http';
import type { FirestoreError } from '../engine/errors.js';

/** Non-finite doubles travel as the strings "NaN", "Infinity" and "-Infinity". */
function replacer(_key: string, value: unknown): unknown {
  return typeof value === 'number' && !Number.isFinite(value) ? String(value) : value;
}

export function jsonText(value: unknown): string {
  return JSON.stringify(value, replacer, 2) + '\n';
}

export function jsonArrayText(values: unknown[]): string {
  return '[\n' + values.map((v) => JSON.stringify(v, replacer, 2)).join(',\n') + '\n]\n';
}

export function errorText(error: FirestoreError): string {
  const body: { code: number; message?: string; status: string } = { code: error.httpStatus, status: error.status };
  if (error.message !== '') body.message = error.message;
  return JSON.stringify({ error: { code: body.code, ...(body.message !== undefined ? { message: body.message } : {}), status: body.status } });
}

export function send(res: ServerResponse, status: number, body: string, contentType: string | null = 'application/json', head = false): void {
  const headers: Record<string, string | number> = { 'content-length': Buffer.byteLength(body) };
  if (contentType) headers['content-type'] = contentType;
  res.writeHead(status, headers);
  res.end(head ? undefined : body);
}
