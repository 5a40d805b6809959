/** gRPC (HTTP/2) front end for google.firestore.v1.Firestore, as firebase-admin calls it. */
import type { IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import { constants as http2constants } from 'node:http2';
import type protobuf from 'protobufjs';
import type { Caller } from '../engine/caller.js';
import { FirestoreError, invalidArgument } from '../store/errors.js';
import type { FirestoreService } from '../engine/firestore-service.js';
import { firestoreService } from '../proto/firestore-proto.js';
import { messageFromObject, messageToObject, TO_OBJECT_OPTIONS } from '../proto/json-codec.js';
import {
  parseDatabaseName,
  parseDocumentName,
  parseParentName,
  validateIdSegment,
} from '../store/resource-name.js';
import { callerFromAuthorization } from './auth-header.js';
import type { EmulatorContext } from './emulator-context.js';
import { frame, MAX_GRPC_MESSAGE_BYTES, sendError, unframe } from './grpc-framing.js';
import { handleStreamingCall, STREAMING_METHODS } from './grpc-streams.js';

type Handler = (
  service: FirestoreService,
  request: Record<string, unknown>,
  caller: Caller,
) => unknown;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
/** Requests were validated by protobuf decoding; view one as the service's parameter type. */
const as = <T>(v: unknown): T => v as T;

const HANDLERS: Record<string, Handler> = {
  GetDocument: (s, r, c) => s.getDocument(str(r['name']), as(r), c),
  ListDocuments: (s, r, c) => s.listDocuments(str(r['parent']), str(r['collectionId']), as(r), c),
  CreateDocument: (s, r, c) =>
    s.createDocument(
      str(r['parent']),
      str(r['collectionId']),
      as(r['documentId']),
      as(r['document'] ?? {}),
      as(r['mask']),
      c,
    ),
  UpdateDocument: (s, r, c) => s.updateDocument(as(r['document'] ?? {}), as(r), c),
  DeleteDocument: (s, r, c) => s.deleteDocument(str(r['name']), as(r['currentDocument']), c),
  BatchGetDocuments: (s, r, c) => s.batchGet(parseDatabaseName(str(r['database'])), as(r), c),
  BeginTransaction: (s, r) => s.beginTransaction(parseDatabaseName(str(r['database'])), as(r)),
  Commit: (s, r, c) => s.commit(parseDatabaseName(str(r['database'])), as(r), c),
  Rollback: (s, r) => s.rollback(parseDatabaseName(str(r['database'])), as(r)),
  RunQuery: (s, r, c) => s.runQuery(str(r['parent']), as(r), c),
  RunAggregationQuery: (s, r, c) => s.runAggregationQuery(str(r['parent']), as(r), c),
  ListCollectionIds: (s, r, c) => s.listCollectionIds(str(r['parent']), as(r), c),
  BatchWrite: (s, r, c) => s.batchWrite(parseDatabaseName(str(r['database'])), as(r), c),
};

function validateRoute(method: string, r: Record<string, unknown>): void {
  switch (method) {
    case 'BatchGetDocuments':
    case 'BeginTransaction':
    case 'Commit':
    case 'Rollback':
    case 'BatchWrite':
      parseDatabaseName(str(r['database']));
      return;
    case 'RunQuery':
    case 'RunAggregationQuery':
    case 'ListDocuments':
    case 'ListCollectionIds':
      parseParentName(str(r['parent']));
      return;
    case 'CreateDocument':
      parseParentName(str(r['parent']));
      validateIdSegment(str(r['collectionId']), 'collection');
      if (str(r['documentId']) !== '') validateIdSegment(str(r['documentId']), 'document');
      return;
    case 'GetDocument':
    case 'DeleteDocument':
      parseDocumentName(str(r['name']));
      return;
    case 'UpdateDocument':
      parseDocumentName(str((r['document'] as Record<string, unknown> | undefined)?.['name']));
      return;
    default:
      return;
  }
}

function encodeResponse(type: protobuf.Type, json: unknown): Buffer {
  const message = type.fromObject(messageToObject(type, json) as Record<string, unknown>);
  return frame(type.encode(message).finish());
}

export function handleGrpc(
  ctx: EmulatorContext,
  stream: ServerHttp2Stream,
  headers: IncomingHttpHeaders,
): void {
  const path = headers[':path'] ?? '';
  const match = /^\/google\.firestore\.v1\.Firestore\/([A-Za-z]+)$/.exec(path);
  const methodName = match?.[1] ?? '';
  const method = firestoreService().methods[methodName];
  const handler = HANDLERS[methodName];
  stream.on('error', () => undefined);
  if (method && STREAMING_METHODS.has(methodName)) {
    handleStreamingCall(ctx, stream, headers, methodName);
    return;
  }
  if (!method || !handler || method.requestStream) {
    stream.resume();
    sendError(
      stream,
      new FirestoreError('UNIMPLEMENTED', `Method ${path.slice(1)} is unimplemented`),
    );
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  stream.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_GRPC_MESSAGE_BYTES + 5) chunks.push(chunk);
  });
  const fail = (error: unknown): void => {
    if (error instanceof FirestoreError) sendError(stream, error, method.responseStream);
    else {
      ctx.log(
        `internal gRPC error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      sendError(stream, new FirestoreError('INTERNAL', 'Internal error.'), method.responseStream);
    }
  };
  stream.on('end', () => {
    if (size > MAX_GRPC_MESSAGE_BYTES + 5) {
      sendError(
        stream,
        new FirestoreError(
          'RESOURCE_EXHAUSTED',
          `gRPC message exceeds maximum size ${MAX_GRPC_MESSAGE_BYTES}: ${size - 5}`,
        ),
      );
      return;
    }
    try {
      method.resolve();
      const requestType = method.resolvedRequestType as protobuf.Type;
      const responseType = method.resolvedResponseType as protobuf.Type;
      const messages = unframe(
        Buffer.concat(chunks),
        headers['grpc-encoding'] as string | undefined,
      );
      if (messages.length !== 1) throw invalidArgument('Expected exactly one request message.');
      const decoded = requestType.toObject(
        requestType.decode(messages[0] as Buffer),
        TO_OBJECT_OPTIONS,
      );
      const request = messageFromObject(requestType, decoded) as Record<string, unknown>;
      // Like the official emulator: the request's routing names are checked before the token.
      validateRoute(methodName, request);
      const auth = headers['authorization'];
      const caller = callerFromAuthorization(Array.isArray(auth) ? auth[0] : auth);
      const reply = (result: unknown): void => {
        const responses = method.responseStream ? (result as unknown[]) : [result];
        const frames = responses.map((r) => encodeResponse(responseType, r));
        if (stream.destroyed || stream.closed) return;
        stream.respond(
          { [http2constants.HTTP2_HEADER_STATUS]: 200, 'content-type': 'application/grpc+proto' },
          { waitForTrailers: true },
        );
        stream.once('wantTrailers', () =>
          stream.sendTrailers({ 'grpc-status': '0', 'grpc-message': '' }),
        );
        for (const f of frames) stream.write(f);
        stream.end();
      };
      const result = handler(ctx.service, request, caller);
      // A read or commit that waits for a transaction's lock answers later.
      if (result instanceof Promise)
        result.then((value) => {
          try {
            reply(value);
          } catch (error) {
            fail(error);
          }
        }, fail);
      else reply(result);
    } catch (error) {
      fail(error);
    }
  });
}
