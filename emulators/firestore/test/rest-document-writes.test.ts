// Document write and read facts recorded against the official emulator v1.22.0
// (hidane-dev/hidane fixtures document_writes.json, re-expressed as our own cases).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docName, rest, startTarget, type Target } from './support/target.js';

let target: Target;
beforeAll(async () => {
  target = await startTarget('rest-writes');
});
afterAll(async () => {
  await target.close();
});

type V = Record<string, unknown>;
const i = (n: string): V => ({ integerValue: n });
const set = (path: string, fields: Record<string, V>, extra: Record<string, unknown> = {}) => ({
  update: { name: docName(target, path), fields },
  ...extra,
});
async function commit(
  writes: unknown[],
  admin = true,
): Promise<{
  status: number;
  body: {
    writeResults?: { updateTime?: string }[];
    commitTime?: string;
    error?: { message: string; status: string };
  };
}> {
  const res = await rest(target, 'POST', ':commit', { body: { writes }, admin });
  return { status: res.status, body: res.json() };
}
const fieldsOf = async (path: string): Promise<unknown> =>
  (await rest(target, 'GET', `/${path}`)).json<{ fields?: unknown }>().fields;

describe('document writes', () => {
  it('an updateTime precondition that does not match is FAILED_PRECONDITION naming both versions in microseconds', async () => {
    const first = await commit([set('ut/d', { a: i('1') })]);
    const stored = Date.parse(first.body.commitTime ?? '') * 1000;
    const res = await commit([
      set('ut/d', { a: i('2') }, { currentDocument: { updateTime: '2001-01-01T00:00:00Z' } }),
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error?.status).toBe('FAILED_PRECONDITION');
    expect(res.body.error?.message).toMatch(
      /^the stored version \(\d{16}\) does not match the required base version \(978307200000000\)$/,
    );
    const reported = Number(/\((\d+)\)/.exec(res.body.error?.message ?? '')?.[1]);
    expect(Math.floor(reported / 1000)).toBe(Math.floor(stored / 1000));
  });

  it('an updateTime precondition that matches succeeds', async () => {
    const first = await commit([set('ut/ok', { a: i('1') })]);
    const res = await commit([
      set('ut/ok', { a: i('2') }, { currentDocument: { updateTime: first.body.commitTime } }),
    ]);
    expect(res.status).toBe(200);
  });

  it('deleting a missing document without a precondition succeeds with an empty result', async () => {
    const res = await commit([{ delete: docName(target, 'del/none') }]);
    expect(res.status).toBe(200);
    expect(res.body.writeResults).toEqual([{}]);
  });

  it('an identical set keeps the update time and reports it', async () => {
    const first = await commit([set('same/d', { a: i('1') })]);
    const second = await commit([set('same/d', { a: i('1') })]);
    expect(second.body.writeResults?.[0]?.updateTime).toBe(first.body.commitTime);
    expect(second.body.commitTime).not.toBe(first.body.commitTime);
    const doc = (await rest(target, 'GET', '/same/d')).json<{
      createTime: string;
      updateTime: string;
    }>();
    expect(doc.updateTime).toBe(first.body.commitTime);
  });

  it('an update mask sets, deletes and ignores fields as listed', async () => {
    await commit([
      set('mask/d', {
        a: i('1'),
        b: i('2'),
        c: { mapValue: { fields: { x: i('1'), y: i('2') } } },
      }),
    ]);
    await commit([
      set(
        'mask/d',
        { a: i('10'), c: { mapValue: { fields: { x: i('5') } } }, e: i('9') },
        { updateMask: { fieldPaths: ['a', 'c.x', 'd'] } },
      ),
    ]);
    expect(await fieldsOf('mask/d')).toEqual({
      a: i('10'),
      b: i('2'),
      c: { mapValue: { fields: { x: i('5'), y: i('2') } } },
    });
  });

  it('an update mask on a missing document writes only the masked fields', async () => {
    await commit([
      set(
        'mask/missing',
        { a: i('1'), b: { mapValue: { fields: { x: i('1') } } } },
        { updateMask: { fieldPaths: ['b.x'] } },
      ),
    ]);
    expect(await fieldsOf('mask/missing')).toEqual({ b: { mapValue: { fields: { x: i('1') } } } });
  });

  it('two writes to one document in a commit both apply', async () => {
    const res = await commit([set('twice/d', { a: i('1') }), set('twice/d', { a: i('2') })]);
    expect(res.status).toBe(200);
    expect(res.body.writeResults).toHaveLength(2);
    expect(await fieldsOf('twice/d')).toEqual({ a: i('2') });
  });

  it('GET on a collection path lists it (empty: {})', async () => {
    const res = await rest(target, 'GET', '/nothing-here');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('a reserved document id is rejected', async () => {
    const res = await commit([set('c/__x__', { a: i('1') })]);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('Resource id "__x__" is invalid because it is reserved.');
  });

  it('a "." document id is rejected with its position', async () => {
    const name = docName(target, 'c/.');
    const res = await commit([{ update: { name, fields: {} } }]);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(
      `Document name "${name}" contains a resource id "." at index ${name.length - 1}.`,
    );
  });

  it('a numeric __id5__ document id is allowed', async () => {
    expect((await commit([set('num/__id5__', { a: i('1') })])).status).toBe(200);
    expect((await rest(target, 'GET', '/num/__id5__')).status).toBe(200);
  });

  it('a malformed __id__ document id is rejected', async () => {
    const res = await commit([set('num/__id5x__', { a: i('1') })]);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(
      "A long document ID string must be formatted like '__id{LONG}__', where LONG is a 64-bit integer. Found: '__id5x__'.",
    );
  });

  it('nested arrays are rejected', async () => {
    const res = await commit([
      set('nest/d', { a: { arrayValue: { values: [{ arrayValue: {} }] } } }),
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('Nested arrays are not allowed');
  });

  it('an invalid mask path is rejected with the property path rules', async () => {
    const res = await commit([
      set('badmask/d', { a: i('1') }, { updateMask: { fieldPaths: ['a..b'] } }),
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(
      'Invalid property path "a..b". Unquoted property paths must match regex ([a-zA-Z_][a-zA-Z_0-9]*), and quoted property paths must match regex (`(?:[^`\\\\]|(?:\\\\.))+`)',
    );
  });

  it('batchGet answers in request order', async () => {
    await commit([set('bg/a', { n: i('1') }), set('bg/b', { n: i('2') })]);
    const res = await rest(target, 'POST', ':batchGet', {
      body: {
        documents: [
          docName(target, 'bg/b'),
          docName(target, 'bg/missing'),
          docName(target, 'bg/a'),
        ],
      },
    });
    const entries = res.json<{ found?: { name: string }; missing?: string }[]>();
    expect(entries.map((e) => e.found?.name ?? e.missing)).toEqual([
      docName(target, 'bg/b'),
      docName(target, 'bg/missing'),
      docName(target, 'bg/a'),
    ]);
  });

  it('GET with a nested read mask', async () => {
    await commit([
      set('gm/d', { a: i('1'), b: { mapValue: { fields: { x: i('1'), y: i('2') } } }, c: i('3') }),
    ]);
    const res = await rest(target, 'GET', '/gm/d?mask.fieldPaths=b.x&mask.fieldPaths=c');
    expect(res.json<{ fields: unknown }>().fields).toEqual({
      b: { mapValue: { fields: { x: i('1') } } },
      c: i('3'),
    });
  });

  it.each(['2001-01-01T00:00:00Z', '2999-01-01T00:00:00Z'])(
    'GET at readTime %s is refused',
    async (readTime) => {
      await commit([set('rt/d', { a: i('1') })]);
      const res = await rest(target, 'GET', `/rt/d?readTime=${encodeURIComponent(readTime)}`);
      expect(res.status).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 400,
          message: 'Only timestamps past epoch are supported.',
          status: 'INVALID_ARGUMENT',
        },
      });
    },
  );

  it('documents of a named database are kept apart from (default)', async () => {
    const path = `/v1/projects/${target.projectId}/databases/second/documents`;
    const name = `projects/${target.projectId}/databases/second/documents/c/d`;
    expect((await rest(target, 'GET', `${path}/c/d`)).json()).toEqual({
      error: { code: 404, message: `Document (${name}) not found.`, status: 'NOT_FOUND' },
    });
    expect(
      (
        await rest(target, 'POST', `${path}:commit`, {
          body: { writes: [{ update: { name, fields: { a: i('1') } } }] },
        })
      ).status,
    ).toBe(200);
    expect((await rest(target, 'GET', `${path}/c/d`)).status).toBe(200);
    expect((await rest(target, 'GET', '/c/d')).status).toBe(404);
  });
});

describe('listing', () => {
  beforeAll(async () => {
    await commit([
      set('ls/a', { n: i('1') }),
      set('ls/b', { n: i('2') }),
      set('ls/c', { n: i('3') }),
      set('ls/ghost/sub/x', { n: i('4') }),
    ]);
  });

  it('lists existing documents only by default', async () => {
    const res = await rest(target, 'GET', '/ls');
    expect(res.json<{ documents: { name: string }[] }>().documents.map((d) => d.name)).toEqual(
      ['a', 'b', 'c'].map((x) => docName(target, `ls/${x}`)),
    );
  });

  it('pages with pageSize and pageToken', async () => {
    const first = (await rest(target, 'GET', '/ls?pageSize=2')).json<{
      documents: { name: string }[];
      nextPageToken: string;
    }>();
    expect(first.documents).toHaveLength(2);
    const second = (
      await rest(
        target,
        'GET',
        `/ls?pageSize=2&pageToken=${encodeURIComponent(first.nextPageToken)}`,
      )
    ).json<{ documents: { name: string }[]; nextPageToken?: string }>();
    expect(second.documents.map((d) => d.name)).toEqual([docName(target, 'ls/c')]);
    expect(second.nextPageToken).toBeUndefined();
  });

  it('showMissing as admin adds missing parents as bare names', async () => {
    const res = await rest(target, 'GET', '/ls?showMissing=true');
    const docs = res.json<{ documents: Record<string, unknown>[] }>().documents;
    expect(docs.map((d) => d['name'])).toEqual(
      ['a', 'b', 'c', 'ghost'].map((x) => docName(target, `ls/${x}`)),
    );
    expect(docs[3]).toEqual({ name: docName(target, 'ls/ghost') });
  });

  it('showMissing without admin is 403', async () => {
    const res = await rest(target, 'GET', '/ls?showMissing=true', { admin: false });
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({
      error: {
        code: 403,
        message: 'Metadata operations require admin authentication.',
        status: 'PERMISSION_DENIED',
      },
    });
  });

  it('listCollectionIds includes collections that only hold deeper documents, and pages', async () => {
    const all = (await rest(target, 'POST', ':listCollectionIds', { body: {} })).json<{
      collectionIds: string[];
    }>().collectionIds;
    expect(all).toContain('ls');
    const page = (
      await rest(target, 'POST', ':listCollectionIds', { body: { pageSize: 1 } })
    ).json<{ collectionIds: string[]; nextPageToken?: string }>();
    expect(page.collectionIds).toEqual([all[0]]);
    expect(typeof page.nextPageToken).toBe('string');
    expect(
      (await rest(target, 'POST', '/ls/ghost:listCollectionIds', { body: {} })).json(),
    ).toEqual({ collectionIds: ['sub'] });
  });

  it(':batchWrite requires the admin', async () => {
    const res = await rest(target, 'POST', ':batchWrite', {
      admin: false,
      body: { writes: [set('bw/new', { n: i('1') })] },
    });
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({
      error: {
        code: 403,
        message: 'Batch writes require admin authentication.',
        status: 'PERMISSION_DENIED',
      },
    });
    expect((await rest(target, 'GET', '/bw/new')).status).toBe(404);
  });

  it(':batchWrite refuses two writes to one document', async () => {
    const res = await rest(target, 'POST', ':batchWrite', {
      body: { writes: [set('bw/x', { n: i('1') }), { delete: docName(target, 'bw/x') }] },
    });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 400,
        message: 'the same document cannot be written more than once in a single request',
        status: 'INVALID_ARGUMENT',
      },
    });
  });
});
