// The Firestore Admin API's Database resource over REST (src/server/database-resource.ts), as
// production documents it (google.firestore.admin.v1): GetDatabase answers the Database,
// UpdateDatabase (PATCH with an updateMask) answers a long-running Operation whose response is the
// Database. `concurrencyMode` is accepted and reported back; locking stays pessimistic whatever it
// says, as in the official emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  docName,
  rest,
  startTarget,
  TIME,
  type RestResponse,
  type Target,
} from './support/target.js';

let target: Target;
beforeAll(async () => {
  target = await startTarget('database-resource');
});
afterAll(async () => {
  await target.close();
});

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const ADMIN = 'type.googleapis.com/google.firestore.admin.v1';

type DatabaseJson = Record<string, unknown> & {
  name: string;
  concurrencyMode: string;
  updateTime: string;
  etag: string;
};
interface OperationJson {
  name: string;
  done: boolean;
  metadata: { '@type': string };
  response: DatabaseJson & { '@type': string };
}

const dbPath = (database = '(default)', project = target.projectId): string =>
  `/v1/projects/${project}/databases/${database}`;
const getDatabase = async (database?: string, project?: string): Promise<DatabaseJson> => {
  const res = await rest(target, 'GET', dbPath(database, project));
  expect(res.status, res.text).toBe(200);
  return res.json<DatabaseJson>();
};
const patch = (
  query: string,
  body: unknown,
  database?: string,
  headers?: Record<string, string>,
): Promise<RestResponse> =>
  rest(target, 'PATCH', `${dbPath(database)}${query}`, {
    ...(typeof body === 'string' ? { raw: body } : { body }),
    ...(headers ? { headers } : {}),
  });
const setMode = async (mode: string, database?: string): Promise<OperationJson> => {
  const res = await patch('?updateMask=concurrencyMode', { concurrencyMode: mode }, database);
  expect(res.status, res.text).toBe(200);
  return res.json<OperationJson>();
};

describe('GetDatabase: GET /v1/projects/{project}/databases/{database}', () => {
  it('answers a Firestore Native database in PESSIMISTIC mode, production’s default', async () => {
    const db = await getDatabase('untouched');
    expect(db).toMatchObject({
      name: `projects/${target.projectId}/databases/untouched`,
      type: 'FIRESTORE_NATIVE',
      concurrencyMode: 'PESSIMISTIC',
      databaseEdition: 'STANDARD',
    });
    expect(db.createTime).toMatch(TIME);
    expect(db.updateTime).toMatch(TIME);
    expect(typeof db.uid).toBe('string');
    expect(typeof db.etag).toBe('string');
    // Stable between reads.
    expect(await getDatabase('untouched')).toEqual(db);
  });

  it('serves any project and the (default) database as well as named ones', async () => {
    const other = await getDatabase('(default)', `${target.projectId}-other`);
    expect(other.name).toBe(`projects/${target.projectId}-other/databases/(default)`);
    expect(other.concurrencyMode).toBe('PESSIMISTIC');
  });

  it('other methods on the resource stay Not Found (DeleteDatabase is not served)', async () => {
    expect((await rest(target, 'DELETE', dbPath('untouched'))).status).toBe(404);
    expect((await rest(target, 'POST', dbPath('untouched'), { body: {} })).status).toBe(404);
  });
});

describe('UpdateDatabase: PATCH ?updateMask=concurrencyMode', () => {
  it('sets OPTIMISTIC and answers a done Operation holding the updated Database; GET shows it', async () => {
    const before = await getDatabase('opt');
    const op = await setMode('OPTIMISTIC', 'opt');
    // Production's UpdateDatabase: Operation{name, metadata: UpdateDatabaseMetadata, done, response: Database}.
    expect(op.done).toBe(true);
    expect(op.name).toMatch(
      new RegExp(`^projects/${target.projectId}/databases/opt/operations/[\\w-]+$`),
    );
    expect(op.metadata).toEqual({ '@type': `${ADMIN}.UpdateDatabaseMetadata` });
    expect(op.response['@type']).toBe(`${ADMIN}.Database`);
    expect(op.response).toMatchObject({
      name: `projects/${target.projectId}/databases/opt`,
      uid: before.uid,
      createTime: before.createTime,
      concurrencyMode: 'OPTIMISTIC',
    });
    expect(op.response.updateTime > before.updateTime).toBe(true);
    expect(op.response.etag).not.toBe(before.etag);

    const after = await getDatabase('opt');
    const { '@type': _type, ...database } = op.response;
    expect(after).toEqual(database);
    // Per database: the (default) database and another project keep their mode.
    expect((await getDatabase('untouched')).concurrencyMode).toBe('PESSIMISTIC');
  });

  it('accepts PESSIMISTIC, OPTIMISTIC_WITH_ENTITY_GROUPS, enum numbers and a snake_case mask', async () => {
    expect((await setMode('OPTIMISTIC_WITH_ENTITY_GROUPS', 'modes')).response.concurrencyMode).toBe(
      'OPTIMISTIC_WITH_ENTITY_GROUPS',
    );
    expect((await getDatabase('modes')).concurrencyMode).toBe('OPTIMISTIC_WITH_ENTITY_GROUPS');
    expect((await setMode('PESSIMISTIC', 'modes')).response.concurrencyMode).toBe('PESSIMISTIC');
    // Proto JSON: an enum may be written as its number (OPTIMISTIC = 1).
    const numeric = await patch('?updateMask=concurrency_mode', { concurrency_mode: 1 }, 'modes');
    expect(numeric.status, numeric.text).toBe(200);
    expect((await getDatabase('modes')).concurrencyMode).toBe('OPTIMISTIC');
  });

  it('without an updateMask applies the fields the body sets; a GET answer sent back is accepted', async () => {
    const current = await getDatabase('nomask');
    const res = await patch('', { ...current, concurrencyMode: 'OPTIMISTIC' }, 'nomask');
    expect(res.status, res.text).toBe(200);
    expect((await getDatabase('nomask')).concurrencyMode).toBe('OPTIMISTIC');
  });

  it('refuses an admin change from a page served elsewhere (403), as the /emulator/v1 endpoints', async () => {
    const res = await patch(
      '?updateMask=concurrencyMode',
      { concurrencyMode: 'OPTIMISTIC' },
      'origin',
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect((await getDatabase('origin')).concurrencyMode).toBe('PESSIMISTIC');
  });
});

describe('UpdateDatabase: bad requests are INVALID_ARGUMENT (400) and change nothing', () => {
  const refusals: [string, string, unknown, RegExp][] = [
    // Production's JSON front end names the field and the value of an unknown enum.
    [
      'an unknown enum value',
      '?updateMask=concurrencyMode',
      { concurrencyMode: 'EVENTUAL' },
      /^Invalid value at 'database\.concurrency_mode' \(type\.googleapis\.com\/google\.firestore\.admin\.v1\.Database\.ConcurrencyMode\), "EVENTUAL"$/,
    ],
    [
      'an out-of-range enum number',
      '?updateMask=concurrencyMode',
      { concurrencyMode: 7 },
      /^Invalid value at 'database\.concurrency_mode'.*, 7$/,
    ],
    [
      'CONCURRENCY_MODE_UNSPECIFIED ("Not used")',
      '?updateMask=concurrencyMode',
      { concurrencyMode: 'CONCURRENCY_MODE_UNSPECIFIED' },
      /^concurrencyMode must be OPTIMISTIC, PESSIMISTIC or OPTIMISTIC_WITH_ENTITY_GROUPS\.$/,
    ],
    [
      'a mask naming concurrencyMode with no value in the body',
      '?updateMask=concurrencyMode',
      {},
      /^concurrencyMode must be/,
    ],
    [
      'an updateMask naming a field the emulator does not update',
      '?updateMask=concurrencyMode,locationId',
      { concurrencyMode: 'OPTIMISTIC', locationId: 'eur3' },
      /^Updating "locationId" of a database is not supported by the emulator; only concurrencyMode can be updated\.$/,
    ],
    [
      'an updateMask naming no Database field',
      '?updateMask=concurrencyMode,colour',
      { concurrencyMode: 'OPTIMISTIC' },
      /^Invalid update mask path "colour": Database has no such field\.$/,
    ],
    [
      'no mask and a body changing another field',
      '',
      { concurrencyMode: 'OPTIMISTIC', deleteProtectionState: 'DELETE_PROTECTION_ENABLED' },
      /^Updating "deleteProtectionState" of a database is not supported/,
    ],
    // Production: `Invalid JSON payload received. Unknown name "..." at 'database': Cannot find field.`
    [
      'an unknown body field',
      '?updateMask=concurrencyMode',
      { concurrencyMode: 'OPTIMISTIC', colour: 'blue' },
      /^Invalid JSON payload received\. Unknown name "colour" at 'database': Cannot find field\.$/,
    ],
    // The official emulator's answer to a payload it cannot read.
    [
      'a garbage body',
      '?updateMask=concurrencyMode',
      '{concurrencyMode: OPTIMISTIC',
      /^Payload isn't valid for request\.$/,
    ],
    [
      'a JSON array body',
      '?updateMask=concurrencyMode',
      '[]',
      /^Payload isn't valid for request\.$/,
    ],
    ['a JSON string body', '?updateMask=concurrencyMode', '"OPTIMISTIC"', /^Payload isn't valid/],
  ];

  it.each(refusals)('%s', async (_what, query, body, message) => {
    const before = await getDatabase('refused');
    const res = await patch(query, body, 'refused');
    expect(res.status, res.text).toBe(400);
    const error = res.json<{ error: { code: number; status: string; message: string } }>().error;
    expect(error.code).toBe(400);
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(error.message).toMatch(message);
    expect(await getDatabase('refused')).toEqual(before);
  });
});

describe('locking under OPTIMISTIC is unchanged (pessimistic, as the official emulator)', () => {
  const fields = (n: number) => ({ n: { integerValue: String(n) } });
  const commit = (tx: string | undefined, n: number): Promise<RestResponse> =>
    rest(target, 'POST', ':commit', {
      body: {
        ...(tx ? { transaction: tx } : {}),
        writes: [{ update: { name: docName(target, 'locked/doc'), fields: fields(n) } }],
      },
    });

  it('an outside write to a document a transaction read waits for that transaction to end', async () => {
    await setMode('OPTIMISTIC');
    expect((await getDatabase()).concurrencyMode).toBe('OPTIMISTIC');
    expect((await commit(undefined, 1)).status).toBe(200);

    const begin = await rest(target, 'POST', ':beginTransaction', { body: {} });
    const tx = begin.json<{ transaction: string }>().transaction;
    const read = await rest(target, 'POST', ':batchGet', {
      body: { documents: [docName(target, 'locked/doc')], transaction: tx },
    });
    expect(read.status).toBe(200);

    // Production's and the official emulator's pessimistic locks: the write waits for the reader.
    let settled = false;
    const outside = commit(undefined, 2).finally(() => (settled = true));
    await sleep(300);
    expect(settled).toBe(false);

    expect((await commit(tx, 3)).status).toBe(200);
    const res = await outside;
    expect(res.status, res.text).toBe(200);
    const doc = await rest(target, 'GET', '/locked/doc');
    expect(doc.json<{ fields: { n: { integerValue: string } } }>().fields.n.integerValue).toBe('2');
  });
});
