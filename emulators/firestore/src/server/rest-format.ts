/** JSON bodies as the official emulator writes them. */
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { FirestoreError } from '../store/errors.js';

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

/** Bodies from this size up are gzipped for a client that accepts it. */
export const GZIP_FROM_BYTES = 1024;

/**
 * Writes a response. A body of GZIP_FROM_BYTES or more goes gzipped to a client that accepts
 * gzip, as Cloud Firestore's front end sends it: a browser's query results (the web SDK's REST
 * calls) then weigh on the wire what they weigh in production, so `npm run perf` measures the
 * portal's data as a phone receives it. The SDKs read both.
 */
export function send(
  res: ServerResponse,
  status: number,
  body: string,
  contentType: string | null = 'application/json',
  head = false,
): void {
  let payload: string | Buffer = body;
  const headers: Record<string, string | number> = {};
  if (contentType) headers['content-type'] = contentType;
  if (
    Buffer.byteLength(body) >= GZIP_FROM_BYTES &&
    acceptsGzip(res.req?.headers['accept-encoding'])
  ) {
    payload = gzipSync(body);
    headers['content-encoding'] = 'gzip';
    headers.vary = 'Accept-Encoding';
  }
  headers['content-length'] = Buffer.byteLength(payload);
  res.writeHead(status, headers);
  res.end(head ? undefined : payload);
}

/** Whether an Accept-Encoding header takes gzip (not refused with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}
