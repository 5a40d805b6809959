/**
 * gRPC over HTTP/2 framing, shared by the unary and server-streaming calls (grpc-handler.ts) and
 * the bidirectional streams (grpc-streams.ts): length-prefixed messages (gzip-compressed ones
 * read), the message size cap, and a call's end with an error status.
 */
import type { ServerHttp2Stream } from 'node:http2';
import { constants as http2constants } from 'node:http2';
import { gunzipSync } from 'node:zlib';
import { FirestoreError, GrpcCode } from '../store/errors.js';

/** The official emulator's cap on one gRPC message (100 MiB). */
export const MAX_GRPC_MESSAGE_BYTES = 104_857_600;

/** One message as a gRPC frame: not compressed, its length, its bytes. */
export function frame(message: Uint8Array): Buffer {
  const out = Buffer.alloc(5 + message.length);
  out.writeUInt8(0, 0);
  out.writeUInt32BE(message.length, 1);
  out.set(message, 5);
  return out;
}

/** The messages of a whole request body (a unary call's). */
export function unframe(data: Buffer, encoding: string | undefined): Buffer[] {
  const messages: Buffer[] = [];
  let offset = 0;
  while (offset + 5 <= data.length) {
    const compressed = data.readUInt8(offset) === 1;
    const length = data.readUInt32BE(offset + 1);
    let body = data.subarray(offset + 5, offset + 5 + length);
    if (compressed) {
      if (encoding !== 'gzip')
        throw new FirestoreError('UNIMPLEMENTED', `Unsupported grpc-encoding ${encoding ?? ''}`);
      body = gunzipSync(body);
    }
    messages.push(body);
    offset += 5 + length;
  }
  return messages;
}

/** grpc-message percent-encoding (gRPC spec): bytes outside printable ASCII, and '%', become %XX. */
export function encodeGrpcMessage(message: string): string {
  let out = '';
  for (const byte of Buffer.from(message, 'utf8')) {
    out +=
      byte >= 0x20 && byte <= 0x7e && byte !== 0x25
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * Ends the call with `error`: in a Trailers-Only response, or with `headersFirst` as response
 * headers followed by trailers. Server-streaming calls use the latter: @grpc/grpc-js then reports
 * the response metadata first, and firebase-admin's stream layer (retry-request) does not take the
 * error for a connection failure and retry the call twice with second-long delays (an ABORTED read
 * of a transaction would otherwise reach the SDK's transaction runner ~7 s late).
 */
export function sendError(
  stream: ServerHttp2Stream,
  error: FirestoreError,
  headersFirst = false,
): void {
  if (stream.destroyed || stream.closed) return;
  if (stream.headersSent) {
    stream.end();
    return;
  }
  if (headersFirst) {
    stream.respond(
      { [http2constants.HTTP2_HEADER_STATUS]: 200, 'content-type': 'application/grpc+proto' },
      { waitForTrailers: true },
    );
    stream.once('wantTrailers', () =>
      stream.sendTrailers({
        'grpc-status': String(GrpcCode[error.status]),
        'grpc-message': encodeGrpcMessage(error.message),
      }),
    );
    stream.end();
    return;
  }
  stream.respond(
    {
      [http2constants.HTTP2_HEADER_STATUS]: 200,
      'content-type': 'application/grpc+proto',
      'grpc-status': String(GrpcCode[error.status]),
      'grpc-message': encodeGrpcMessage(error.message),
    },
    { endStream: true },
  );
}

/** Splits a request body into gRPC messages as its chunks arrive. */
export class FrameDecoder {
  private buffered: Buffer = Buffer.alloc(0);
  constructor(private readonly encoding: string | undefined) {}

  push(chunk: Buffer): Buffer[] {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const out: Buffer[] = [];
    while (this.buffered.length >= 5) {
      const compressed = this.buffered.readUInt8(0) === 1;
      const length = this.buffered.readUInt32BE(1);
      if (length > MAX_GRPC_MESSAGE_BYTES)
        throw new FirestoreError(
          'RESOURCE_EXHAUSTED',
          `gRPC message exceeds maximum size ${MAX_GRPC_MESSAGE_BYTES}: ${length}`,
        );
      if (this.buffered.length < 5 + length) break;
      let body = this.buffered.subarray(5, 5 + length);
      this.buffered = this.buffered.subarray(5 + length);
      if (compressed) {
        if (this.encoding !== 'gzip')
          throw new FirestoreError(
            'UNIMPLEMENTED',
            `Unsupported grpc-encoding ${this.encoding ?? ''}`,
          );
        body = gunzipSync(body);
      }
      out.push(body);
    }
    return out;
  }
}
