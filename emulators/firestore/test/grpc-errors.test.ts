// gRPC validation and Authorization-header order recorded against the official emulator v1.22.0
// (hidane-dev/hidane fixtures auth.json, "grpc" part), through a real @grpc/grpc-js client.
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firestoreProtosDir } from '../src/proto/firestore-proto.js';
import { startTarget, type Target } from './support/target.js';

type Call = (
  request: object,
  metadata: grpc.Metadata,
  callback: (error: grpc.ServiceError | null, response: unknown) => void,
) => void;
type StreamCall = (request: object, metadata: grpc.Metadata) => grpc.ClientReadableStream<unknown>;

let target: Target;
let client: grpc.Client & Record<string, Call & StreamCall>;
let db: string;

beforeAll(async () => {
  target = await startTarget('grpc-errors');
  db = `projects/${target.projectId}/databases/(default)`;
  const root = firestoreProtosDir();
  const definition = protoLoader.loadSync('google/firestore/v1/firestore.proto', {
    includeDirs: [root],
    keepCase: false,
    longs: String,
    enums: String,
    defaults: false,
    oneofs: true,
  });
  const pkg = grpc.loadPackageDefinition(definition) as unknown as {
    google: { firestore: { v1: { Firestore: grpc.ServiceClientConstructor } } };
  };
  client = new pkg.google.firestore.v1.Firestore(
    `${target.host}:${target.port}`,
    grpc.credentials.createInsecure(),
  ) as unknown as typeof client;
});
afterAll(async () => {
  client.close();
  await target.close();
});

function metadata(authorization: string | null): grpc.Metadata {
  const m = new grpc.Metadata();
  if (authorization !== null) m.set('authorization', authorization);
  return m;
}

async function unary(
  method: string,
  request: object,
  authorization: string | null,
): Promise<{ code: number; message: string }> {
  return new Promise((resolve) => {
    (client[method] as Call)(request, metadata(authorization), (error) => {
      resolve(error ? { code: error.code, message: error.details } : { code: 0, message: '' });
    });
  });
}

async function streaming(
  method: string,
  request: object,
  authorization: string | null,
): Promise<{ code: number; message: string }> {
  return new Promise((resolve) => {
    const stream = (client[method] as StreamCall)(request, metadata(authorization));
    stream.on('data', () => undefined);
    stream.on('error', (error: grpc.ServiceError) =>
      resolve({ code: error.code, message: error.details }),
    );
    stream.on('end', () => resolve({ code: 0, message: '' }));
  });
}

const S = grpc.status;
const GARBAGE = 'Bearer garbage';
const USER = 'Bearer e30.e30.';
const jwt = { code: S.INVALID_ARGUMENT, message: 'invalid jwt' };

describe('gRPC: names are checked before the token, the rest after', () => {
  it('GetDocument with a collection name', async () => {
    const name = `${db}/documents/c`;
    expect(await unary('getDocument', { name }, GARBAGE)).toEqual({
      code: S.INVALID_ARGUMENT,
      message: `Document name "${name}" lacks "/" at index ${name.length}.`,
    });
  });
  it('GetDocument with a reserved collection id', async () => {
    expect(await unary('getDocument', { name: `${db}/documents/__x__/a` }, GARBAGE)).toEqual({
      code: S.INVALID_ARGUMENT,
      message: 'Collection id "__x__" is invalid because it is reserved.',
    });
  });
  it('GetDocument with a reserved collection id in a subcollection', async () => {
    expect(await unary('getDocument', { name: `${db}/documents/c/a/__x__/b` }, GARBAGE)).toEqual({
      code: S.INVALID_ARGUMENT,
      message: 'Collection id "__x__" is invalid because it is reserved.',
    });
  });
  it('GetDocument with a numeric collection id', async () => {
    expect(await unary('getDocument', { name: `${db}/documents/__id5__/a` }, GARBAGE)).toEqual({
      code: S.INVALID_ARGUMENT,
      message: 'Collection id "__id5__" is invalid because it is reserved.',
    });
  });
  it('GetDocument with an empty name', async () => {
    expect(await unary('getDocument', { name: '' }, GARBAGE)).toEqual({
      code: S.INVALID_ARGUMENT,
      message: 'Document name "" lacks "projects" at index 0.',
    });
  });
  it('GetDocument with a token but no scheme is UNKNOWN', async () => {
    expect((await unary('getDocument', { name: `${db}/documents/c/a` }, 'owner')).code).toBe(
      S.UNKNOWN,
    );
  });
  it('GetDocument with no scheme and a bad name reports the name', async () => {
    const name = `${db}/documents/c`;
    expect(await unary('getDocument', { name }, 'owner')).toEqual({
      code: S.INVALID_ARGUMENT,
      message: `Document name "${name}" lacks "/" at index ${name.length}.`,
    });
  });
  it.each(['Bearer OWNER', USER])(
    'GetDocument of a missing document as %s is NOT_FOUND',
    async (authorization) => {
      expect(await unary('getDocument', { name: `${db}/documents/c/a` }, authorization)).toEqual({
        code: S.NOT_FOUND,
        message: `Document (${db}/documents/c/a) not found.`,
      });
    },
  );
  it('Commit with a bad database name', async () => {
    expect(await unary('commit', { database: `projects/${target.projectId}` }, GARBAGE)).toEqual({
      code: S.INVALID_ARGUMENT,
      message: `Database name "projects/${target.projectId}" lacks "/" at index ${`projects/${target.projectId}`.length}.`,
    });
  });
  it('Commit with a bad write and a garbage token reports the token', async () => {
    expect(
      await unary(
        'commit',
        { database: db, writes: [{ update: { name: `${db}/documents/c` } }] },
        GARBAGE,
      ),
    ).toEqual(jwt);
  });
  it('an empty Commit with a garbage token reports the token', async () => {
    expect(await unary('commit', { database: db }, GARBAGE)).toEqual(jwt);
  });
  it('BatchGetDocuments with a bad document and a garbage token reports the token', async () => {
    expect(
      await streaming(
        'batchGetDocuments',
        { database: db, documents: [`${db}/documents/c`] },
        GARBAGE,
      ),
    ).toEqual(jwt);
  });
  it('BeginTransaction with a bad database name', async () => {
    expect(
      (await unary('beginTransaction', { database: `projects/${target.projectId}` }, GARBAGE))
        .message,
    ).toMatch(/^Database name ".*" lacks "\/" at index \d+\.$/);
  });
  it('BeginTransaction with a garbage token', async () => {
    expect(await unary('beginTransaction', { database: db }, GARBAGE)).toEqual(jwt);
  });
  it('Rollback of a bad transaction with a garbage token reports the token', async () => {
    expect(
      await unary('rollback', { database: db, transaction: Buffer.from([0]) }, GARBAGE),
    ).toEqual(jwt);
  });
  it('RunQuery under a collection name', async () => {
    const parent = `${db}/documents/c`;
    expect(
      await streaming(
        'runQuery',
        { parent, structuredQuery: { from: [{ collectionId: 'c' }] } },
        GARBAGE,
      ),
    ).toEqual({
      code: S.INVALID_ARGUMENT,
      message: `Document parent name "${parent}" lacks "/" at index ${parent.length}.`,
    });
  });
  it('RunQuery with a bad limit and a garbage token reports the token', async () => {
    expect(
      await streaming(
        'runQuery',
        {
          parent: `${db}/documents`,
          structuredQuery: { from: [{ collectionId: 'c' }], limit: { value: -1 } },
        },
        GARBAGE,
      ),
    ).toEqual(jwt);
  });
  it('RunAggregationQuery under a collection name', async () => {
    const parent = `${db}/documents/c`;
    const out = await streaming(
      'runAggregationQuery',
      {
        parent,
        structuredAggregationQuery: {
          structuredQuery: { from: [{ collectionId: 'c' }] },
          aggregations: [{ count: {} }],
        },
      },
      GARBAGE,
    );
    expect(out.message).toBe(
      `Document parent name "${parent}" lacks "/" at index ${parent.length}.`,
    );
  });
  it('ListDocuments with a reserved collection and a garbage token reports the token', async () => {
    expect(
      await unary('listDocuments', { parent: `${db}/documents`, collectionId: '__x__' }, GARBAGE),
    ).toEqual(jwt);
  });
  it('ListDocuments showMissing, anonymous, with a reserved collection reports the collection', async () => {
    expect(
      await unary(
        'listDocuments',
        { parent: `${db}/documents`, collectionId: '__x__', showMissing: true },
        null,
      ),
    ).toEqual({
      code: S.INVALID_ARGUMENT,
      message: 'Collection id "__x__" is invalid because it is reserved.',
    });
  });
  it.each([USER, 'Bearer owner'])(
    'ListDocuments showMissing with an order (%s)',
    async (authorization) => {
      expect(
        await unary(
          'listDocuments',
          { parent: `${db}/documents`, collectionId: 'c', showMissing: true, orderBy: '__name__' },
          authorization,
        ),
      ).toEqual({
        code: S.INVALID_ARGUMENT,
        message: 'cannot specify an order when show_missing is true',
      });
    },
  );
  it('ListDocuments showMissing as a user is PERMISSION_DENIED', async () => {
    expect(
      await unary(
        'listDocuments',
        { parent: `${db}/documents`, collectionId: 'c', showMissing: true },
        USER,
      ),
    ).toEqual({
      code: S.PERMISSION_DENIED,
      message: 'Metadata operations require admin authentication.',
    });
  });
  it('ListDocuments with a negative page size', async () => {
    expect(
      await unary(
        'listDocuments',
        { parent: `${db}/documents`, collectionId: 'c', pageSize: -1 },
        USER,
      ),
    ).toEqual({ code: S.INVALID_ARGUMENT, message: 'Page size must be nonnegative.' });
  });
  it.each([
    [
      'a reserved collection',
      { collectionId: '__x__' },
      'Collection id "__x__" is invalid because it is reserved.',
    ],
    [
      'a collection with a slash',
      { collectionId: 'a/b' },
      'Collection id "a/b" is invalid because it contains "/".',
    ],
    [
      'a ".." collection',
      { collectionId: '..' },
      'Collection id ".." is invalid because it is reserved.',
    ],
    [
      'a numeric collection',
      { collectionId: '__id5__' },
      'Collection id "__id5__" is invalid because it is reserved.',
    ],
    [
      'a document id with a slash',
      { collectionId: 'c', documentId: 'a/b' },
      'Resource id "a/b" is invalid because it contains "/".',
    ],
    [
      'a "." document id',
      { collectionId: 'c', documentId: '.' },
      'Resource id "." is invalid because it is reserved.',
    ],
    [
      'a bad numeric document id',
      { collectionId: 'c', documentId: '__idx__' },
      "A long document ID string must be formatted like '__id{LONG}__', where LONG is a 64-bit integer. Found: '__idx__'.",
    ],
    [
      'a reserved document id',
      { collectionId: 'c', documentId: '__x__' },
      'Resource id "__x__" is invalid because it is reserved.',
    ],
  ])('CreateDocument with %s is rejected before the token', async (_name, ids, message) => {
    expect(
      await unary('createDocument', { parent: `${db}/documents`, document: {}, ...ids }, GARBAGE),
    ).toEqual({ code: S.INVALID_ARGUMENT, message });
  });
  it('CreateDocument with a garbage token', async () => {
    expect(
      await unary(
        'createDocument',
        { parent: `${db}/documents`, collectionId: 'c', document: {} },
        GARBAGE,
      ),
    ).toEqual(jwt);
  });
  it('UpdateDocument without a document', async () => {
    expect(await unary('updateDocument', {}, 'Bearer owner')).toEqual({
      code: S.INVALID_ARGUMENT,
      message: 'Document name "" lacks "projects" at index 0.',
    });
  });
  it('UpdateDocument with a bad mask and a garbage token reports the token', async () => {
    expect(
      await unary(
        'updateDocument',
        { document: { name: `${db}/documents/c/x` }, updateMask: { fieldPaths: ['a..b'] } },
        GARBAGE,
      ),
    ).toEqual(jwt);
  });
  it('DeleteDocument with a collection name', async () => {
    const name = `${db}/documents/c`;
    expect((await unary('deleteDocument', { name }, GARBAGE)).message).toBe(
      `Document name "${name}" lacks "/" at index ${name.length}.`,
    );
  });
  it('BatchWrite as a user: bad names, then duplicates, then the admin check', async () => {
    const name = `${db}/documents/c`;
    expect(
      (await unary('batchWrite', { database: db, writes: [{ update: { name } }] }, USER)).message,
    ).toBe(`Document name "${name}" lacks "/" at index ${name.length}.`);
    const twice = {
      database: db,
      writes: [{ delete: `${db}/documents/c/a` }, { delete: `${db}/documents/c/a` }],
    };
    expect((await unary('batchWrite', twice, USER)).message).toBe(
      'the same document cannot be written more than once in a single request',
    );
    expect(
      await unary(
        'batchWrite',
        { database: db, writes: [{ delete: `${db}/documents/c/a` }] },
        USER,
      ),
    ).toEqual({
      code: S.PERMISSION_DENIED,
      message: 'Batch writes require admin authentication.',
    });
  });
  it('ListCollectionIds under a collection name, even anonymously', async () => {
    const parent = `${db}/documents/c`;
    expect((await unary('listCollectionIds', { parent }, null)).message).toBe(
      `Document parent name "${parent}" lacks "/" at index ${parent.length}.`,
    );
  });
  it('PartitionQuery is UNIMPLEMENTED', async () => {
    expect(await unary('partitionQuery', { parent: `${db}/documents` }, 'Bearer owner')).toEqual({
      code: S.UNIMPLEMENTED,
      message: 'Method google.firestore.v1.Firestore/PartitionQuery is unimplemented',
    });
  });
});
