// The protobuf runtime is loaded lazily from protobufjs's one-file build (src/proto/firestore-proto.ts):
// int64 values beyond 2^53 must still cross the gRPC codec exactly, both ways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, rawFirestoreClient, type RawClient } from './support/grpc-client.js';
import { docName, rest, startTarget, type Target } from './support/target.js';

let target: Target;
let client: RawClient;
beforeAll(async () => {
  target = await startTarget('proto-runtime');
  client = rawFirestoreClient(target.host, target.port);
});
afterAll(async () => {
  client.close();
  await target.close();
});

function unary<T>(method: string, request: object): Promise<T> {
  return new Promise((resolve, reject) => {
    (client[method] as (r: object, m: unknown, cb: (e: Error | null, v: T) => void) => void)(
      request,
      bearer('Bearer owner'),
      (error, value) => (error ? reject(error) : resolve(value)),
    );
  });
}

const EXTREMES = {
  max: '9223372036854775807',
  min: '-9223372036854775808',
  big: '9007199254740993',
};

describe('int64 over gRPC', () => {
  it('values written over REST are read back exactly over gRPC', async () => {
    const fields = Object.fromEntries(
      Object.entries(EXTREMES).map(([k, v]) => [k, { integerValue: v }]),
    );
    const res = await rest(target, 'POST', ':commit', {
      body: { writes: [{ update: { name: docName(target, 'ints/rest'), fields } }] },
    });
    expect(res.status).toBe(200);
    const doc = await unary<{ fields: Record<string, { integerValue: string }> }>('getDocument', {
      name: docName(target, 'ints/rest'),
    });
    expect(
      Object.fromEntries(Object.entries(doc.fields).map(([k, v]) => [k, v.integerValue])),
    ).toEqual(EXTREMES);
  });

  it('values committed over gRPC are stored exactly', async () => {
    await unary('commit', {
      database: `projects/${target.projectId}/databases/(default)`,
      writes: [
        {
          update: {
            name: docName(target, 'ints/grpc'),
            fields: { max: { integerValue: EXTREMES.max }, min: { integerValue: EXTREMES.min } },
          },
        },
      ],
    });
    const res = await rest(target, 'GET', '/ints/grpc');
    expect(res.json<{ fields: unknown }>().fields).toEqual({
      max: { integerValue: EXTREMES.max },
      min: { integerValue: EXTREMES.min },
    });
  });
});
