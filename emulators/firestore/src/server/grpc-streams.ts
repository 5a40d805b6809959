/**
 * The bidirectional gRPC streams of google.firestore.v1.Firestore over our HTTP/2 handler: Listen
 * (realtime listeners, src/engine/listen.ts) and Write (the full web SDK's writes,
 * src/engine/write-stream.ts). Requests are decoded as their frames arrive; responses are written
 * as soon as the engine produces them; the stream ends with trailers carrying the gRPC status.
 * A client half-close ends the stream with OK, a cancel (RST_STREAM) or a lost connection just
 * drops the session.
 */
import type { IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import { constants as http2constants } from 'node:http2';
import type protobuf from 'protobufjs';
import type { Caller } from '../engine/caller.js';
import { FirestoreError, invalidArgument } from '../store/errors.js';
import type { JsonRecord } from '../engine/service-core.js';
import type { MaybePromise } from '../engine/locks.js';
import { ListenHub, type ListenRequestJson } from '../engine/listen.js';
import { WriteSession, type WriteRequestJson } from '../engine/write-stream.js';
import { firestoreService } from '../proto/firestore-proto.js';
import { messageFromObject, messageToObject, TO_OBJECT_OPTIONS } from '../proto/json-codec.js';
import { callerFromAuthorization } from './auth-header.js';
import type { EmulatorContext } from './emulator-context.js';
import { encodeGrpcMessage, frame, FrameDecoder, sendError } from './grpc-framing.js';

export const STREAMING_METHODS = new Set(['Listen', 'Write']);

interface StreamSession {
  /** The answers to one request; later (a promise) when a Write commit waits for a lock. */
  handle(request: JsonRecord): MaybePromise<JsonRecord[]>;
  close(): void;
}

export function handleStreamingCall(
  ctx: EmulatorContext,
  stream: ServerHttp2Stream,
  headers: IncomingHttpHeaders,
  methodName: string,
): void {
  const method = firestoreService().methods[methodName] as protobuf.Method;
  method.resolve();
  const requestType = method.resolvedRequestType as protobuf.Type;
  const responseType = method.resolvedResponseType as protobuf.Type;
  stream.on('error', () => undefined);

  let caller: Caller;
  try {
    const auth = headers['authorization'];
    caller = callerFromAuthorization(Array.isArray(auth) ? auth[0] : auth);
  } catch (error) {
    stream.resume();
    sendError(
      stream,
      error instanceof FirestoreError ? error : new FirestoreError('INTERNAL', 'Internal error.'),
    );
    return;
  }

  if (stream.destroyed || stream.closed) return;
  let finished = false;
  let trailers: Record<string, string> = { 'grpc-status': '0', 'grpc-message': '' };
  const writable = (): boolean =>
    !stream.destroyed && !stream.closed && !stream.writableEnded && !finished;
  const send = (json: JsonRecord): void => {
    if (!writable()) return;
    const message = responseType.fromObject(
      messageToObject(responseType, json) as Record<string, unknown>,
    );
    stream.write(frame(responseType.encode(message).finish()));
  };

  let session: StreamSession;
  if (methodName === 'Listen') {
    const listen = ListenHub.of(ctx.service, ctx.log).open(caller, send);
    session = {
      handle: (r) => {
        listen.handle(r as ListenRequestJson);
        return [];
      },
      close: () => listen.close(),
    };
  } else {
    const write = new WriteSession(ctx.service, caller);
    session = { handle: (r) => write.handle(r as WriteRequestJson), close: () => undefined };
  }

  const finish = (error?: FirestoreError): void => {
    if (finished) return;
    const open = writable();
    finished = true;
    session.close();
    if (error)
      trailers = {
        'grpc-status': String(error.code),
        'grpc-message': encodeGrpcMessage(error.message),
      };
    if (open) stream.end();
  };

  stream.respond(
    { [http2constants.HTTP2_HEADER_STATUS]: 200, 'content-type': 'application/grpc+proto' },
    { waitForTrailers: true },
  );
  stream.once('wantTrailers', () => {
    if (!stream.destroyed && !stream.closed) stream.sendTrailers(trailers);
  });

  const fail = (error: unknown): void => {
    if (error instanceof FirestoreError) finish(error);
    else {
      ctx.log(
        `internal gRPC error in ${methodName}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      finish(new FirestoreError('INTERNAL', 'Internal error.'));
    }
  };

  // Requests are handled in order; one answered later (a Write commit waiting for a transaction's
  // lock) holds the ones after it in `queued` until its answers are sent.
  const queued: JsonRecord[] = [];
  let busy = false;
  let halfClosed = false;
  const drain = (): void => {
    while (!busy && !finished && queued.length > 0) {
      const answers = session.handle(queued.shift() as JsonRecord);
      if (!(answers instanceof Promise)) {
        for (const response of answers) send(response);
        continue;
      }
      busy = true;
      answers.then(
        (responses) => {
          busy = false;
          for (const response of responses) send(response);
          try {
            drain();
          } catch (error) {
            fail(error);
          }
          if (halfClosed && !busy) finish();
        },
        (error: unknown) => {
          busy = false;
          fail(error);
        },
      );
    }
  };

  const decoder = new FrameDecoder(headers['grpc-encoding'] as string | undefined);
  stream.on('data', (chunk: Buffer) => {
    if (finished) return;
    try {
      for (const body of decoder.push(chunk)) {
        let request: JsonRecord;
        try {
          request = messageFromObject(
            requestType,
            requestType.toObject(requestType.decode(body), TO_OBJECT_OPTIONS),
          ) as JsonRecord;
        } catch (error) {
          if (error instanceof FirestoreError) throw error;
          throw invalidArgument(`Invalid ${methodName}Request: ${String(error)}`);
        }
        queued.push(request);
        drain();
        if (finished) return;
      }
    } catch (error) {
      fail(error);
    }
  });
  // The client half-closed: no more requests, so the stream is done (once pending answers went).
  stream.on('end', () => {
    halfClosed = true;
    if (!busy) finish();
  });
  // Cancelled by the client, or the connection went away.
  stream.on('close', () => {
    finished = true;
    session.close();
  });
}
