/** A raw @grpc/grpc-js client of google.firestore.v1.Firestore, for protocol-level tests. */
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { firestoreProtosDir } from '../../src/proto/firestore-proto.js';
import { EventQueue } from './events.js';

export type RawClient = grpc.Client & Record<string, (...args: unknown[]) => unknown>;

export function rawFirestoreClient(host: string, port: number): RawClient {
  const definition = protoLoader.loadSync('google/firestore/v1/firestore.proto', {
    includeDirs: [firestoreProtosDir()],
    keepCase: false,
    longs: String,
    enums: String,
    defaults: false,
    oneofs: true,
  });
  const pkg = grpc.loadPackageDefinition(definition) as unknown as {
    google: { firestore: { v1: { Firestore: grpc.ServiceClientConstructor } } };
  };
  return new pkg.google.firestore.v1.Firestore(
    `${host}:${port}`,
    grpc.credentials.createInsecure(),
  ) as unknown as RawClient;
}

export function bearer(authorization: string | null): grpc.Metadata {
  const m = new grpc.Metadata();
  if (authorization !== null) m.set('authorization', authorization);
  return m;
}

/** One bidirectional call: its responses as a queue, its final status as a promise. */
export interface Duplex<Res> {
  call: grpc.ClientDuplexStream<object, Res>;
  responses: EventQueue<Res>;
  status: Promise<{ code: number; details: string }>;
}

export function openDuplex<Res>(
  client: RawClient,
  method: 'listen' | 'write',
  authorization: string | null = 'Bearer owner',
): Duplex<Res> {
  const call = (client[method] as (m: grpc.Metadata) => grpc.ClientDuplexStream<object, Res>)(
    bearer(authorization),
  );
  const responses = new EventQueue<Res>();
  call.on('data', responses.push);
  const status = new Promise<{ code: number; details: string }>((resolve) => {
    call.on('error', (e: grpc.ServiceError) => resolve({ code: e.code, details: e.details }));
    call.on('status', (s: grpc.StatusObject) => {
      if (s.code === grpc.status.OK) resolve({ code: 0, details: s.details });
    });
  });
  return { call, responses, status };
}
