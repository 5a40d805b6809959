// REST verbs as the official emulator v1.22.0 answers them (facts from hidane-dev/hidane fixtures rest.json).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docName, rest, startTarget, TIME, type Target } from './support/target.js';

let target: Target;
beforeAll(async () => {
  target = await startTarget('rest-verbs');
  const writes = ['a', 'b', 'b2', 'c'].map((id, i) => ({
    update: {
      name: docName(target, `c/${id}`),
      fields: { int: { integerValue: String(40 + i) }, tag: { stringValue: id } },
    },
  }));
  const res = await rest(target, 'POST', ':commit', { body: { writes } });
  if (res.status !== 200) throw new Error(res.text);
});
afterAll(async () => {
  await target.close();
});

type Entry = Record<string, unknown> & {
  document?: { name: string; fields?: Record<string, unknown> };
};
const payloadError = {
  error: { code: 400, message: "Payload isn't valid for request.", status: 'INVALID_ARGUMENT' },
};

describe('REST :commit', () => {
  it('returns writeResults with updateTime, transformResults, and an empty result for a delete', async () => {
    const res = await rest(target, 'POST', ':commit', {
      body: {
        writes: [
          { update: { name: docName(target, 'w/b'), fields: { n: { integerValue: '1' } } } },
          {
            update: { name: docName(target, 'w/b2'), fields: {} },
            updateTransforms: [{ fieldPath: 'n', increment: { integerValue: '2' } }],
          },
          { delete: docName(target, 'w/gone') },
        ],
      },
    });
    expect(res.status).toBe(200);
    const body = res.json<{ writeResults: Record<string, unknown>[]; commitTime: string }>();
    expect(body.commitTime).toMatch(TIME);
    expect(body.writeResults[0]).toEqual({ updateTime: body.commitTime });
    expect(body.writeResults[1]).toEqual({
      updateTime: body.commitTime,
      transformResults: [{ integerValue: '2' }],
    });
    expect(body.writeResults[2]).toEqual({});
  });

  it('an empty commit answers an empty object', async () => {
    const res = await rest(target, 'POST', ':commit', { body: {} });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('a commit without a body answers an empty object', async () => {
    const res = await rest(target, 'POST', ':commit');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('accepts a text/plain body as the web SDK sends it', async () => {
    const res = await rest(target, 'POST', ':commit', {
      raw: '{"writes": []}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('accepts lenient ProtoJSON: numbers as integers, strings as doubles, snake_case names', async () => {
    const res = await rest(target, 'POST', ':commit', {
      body: {
        writes: [
          {
            update: {
              name: docName(target, 'w/lenient'),
              fields: { i: { integerValue: 5 }, d: { doubleValue: '1.5' } },
            },
            current_document: { exists: false },
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    const doc = await rest(target, 'GET', '/w/lenient');
    expect(doc.json<{ fields: unknown }>().fields).toEqual({
      i: { integerValue: '5' },
      d: { doubleValue: 1.5 },
    });
  });

  it('invalid JSON is 400 "Payload isn\'t valid for request."', async () => {
    const res = await rest(target, 'POST', ':commit', { raw: '{not json' });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual(payloadError);
  });

  it('a field of the wrong type is 400 INVALID_ARGUMENT', async () => {
    const res = await rest(target, 'POST', ':commit', { body: { writes: 'x' } });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual(payloadError);
  });

  it('an unknown field is 400 INVALID_ARGUMENT', async () => {
    const res = await rest(target, 'POST', ':commit', { body: { unknownField: 1 } });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual(payloadError);
  });

  it('a reserved field name is rejected', async () => {
    const res = await rest(target, 'POST', ':commit', {
      body: {
        writes: [
          { update: { name: docName(target, 'c/r'), fields: { __x__: { integerValue: '1' } } } },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 400, message: 'field name __x__ is reserved', status: 'INVALID_ARGUMENT' },
    });
  });

  it('a document name outside documents/ is 400', async () => {
    const res = await rest(target, 'POST', ':commit', {
      body: {
        writes: [
          {
            update: {
              name: `projects/${target.projectId}/databases/(default)/documents/c`,
              fields: {},
            },
          },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.json<{ error: { status: string } }>().error.status).toBe('INVALID_ARGUMENT');
  });

  it('a failed write leaves every other write of the commit unapplied', async () => {
    const res = await rest(target, 'POST', ':commit', {
      body: {
        writes: [
          { update: { name: docName(target, 'atomic/one'), fields: { v: { integerValue: '1' } } } },
          {
            update: { name: docName(target, 'atomic/two'), fields: {} },
            currentDocument: { exists: true },
          },
        ],
      },
    });
    expect(res.status).toBe(404);
    expect((await rest(target, 'GET', '/atomic/one')).status).toBe(404);
  });
});

describe('REST :batchGet', () => {
  it('streams found and missing entries in request order, each with readTime', async () => {
    const res = await rest(target, 'POST', ':batchGet', {
      body: { documents: [docName(target, 'c/a'), docName(target, 'c/zz')] },
    });
    expect(res.status).toBe(200);
    const entries = res.json<Entry[]>();
    expect(entries).toHaveLength(2);
    expect((entries[0]?.['found'] as { name: string }).name).toBe(docName(target, 'c/a'));
    expect(entries[0]?.['readTime']).toMatch(TIME);
    expect(entries[1]).toEqual({
      missing: docName(target, 'c/zz'),
      readTime: expect.stringMatching(TIME),
    });
  });

  it('an empty document list is an empty array', async () => {
    const res = await rest(target, 'POST', ':batchGet', { body: { documents: [] } });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('newTransaction puts the transaction id first', async () => {
    const res = await rest(target, 'POST', ':batchGet', {
      body: { documents: [docName(target, 'c/a')], newTransaction: { readOnly: {} } },
    });
    const entries = res.json<Entry[]>();
    expect(Object.keys(entries[0] ?? {})).toEqual(['transaction']);
    expect(typeof entries[0]?.['transaction']).toBe('string');
    expect(entries[1]?.['found']).toBeDefined();
  });

  it('a mask limits the returned fields', async () => {
    const res = await rest(target, 'POST', ':batchGet', {
      body: { documents: [docName(target, 'c/a')], mask: { fieldPaths: ['tag'] } },
    });
    expect((res.json<Entry[]>()[0]?.['found'] as { fields: unknown }).fields).toEqual({
      tag: { stringValue: 'a' },
    });
  });
});

describe('REST :runQuery', () => {
  it('applies a projection and marks the last entry done', async () => {
    const res = await rest(target, 'POST', ':runQuery', {
      body: {
        structuredQuery: {
          from: [{ collectionId: 'c' }],
          select: { fields: [{ fieldPath: 'int' }] },
          where: {
            fieldFilter: {
              field: { fieldPath: 'int' },
              op: 'EQUAL',
              value: { integerValue: '40' },
            },
          },
        },
      },
    });
    expect(res.status).toBe(200);
    const entries = res.json<Entry[]>();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.document?.fields).toEqual({ int: { integerValue: '40' } });
    expect(entries[0]?.['done']).toBe(true);
    expect(entries[0]?.['readTime']).toMatch(TIME);
  });

  it('reports skippedResults with an offset', async () => {
    const res = await rest(target, 'POST', ':runQuery', {
      body: {
        structuredQuery: {
          from: [{ collectionId: 'c' }],
          offset: 1,
          limit: 3,
          select: { fields: [] },
        },
      },
    });
    const entries = res.json<Entry[]>();
    expect(entries.map((e) => e.document?.name)).toEqual([
      docName(target, 'c/b'),
      docName(target, 'c/b2'),
      docName(target, 'c/c'),
    ]);
    expect(entries[0]?.['skippedResults']).toBe(1);
    expect(entries[2]?.['done']).toBe(true);
    expect(entries[0]?.document?.fields).toBeUndefined();
  });

  it('a query without results answers one entry with readTime and done', async () => {
    const res = await rest(target, 'POST', ':runQuery', {
      body: { structuredQuery: { from: [{ collectionId: 'nothing' }] } },
    });
    expect(res.json()).toEqual([{ readTime: expect.stringMatching(TIME), done: true }]);
  });

  it('runs under a document parent', async () => {
    await rest(target, 'PATCH', '/c/a/sub/s1', { body: { fields: { k: { integerValue: '1' } } } });
    const res = await rest(target, 'POST', '/c/a:runQuery', {
      body: { structuredQuery: { from: [{ collectionId: 'sub' }] } },
    });
    expect(res.status).toBe(200);
    expect(res.json<Entry[]>().map((e) => e.document?.name)).toEqual([
      docName(target, 'c/a/sub/s1'),
    ]);
  });

  it('newTransaction puts the transaction id first', async () => {
    const res = await rest(target, 'POST', ':runQuery', {
      body: {
        structuredQuery: { from: [{ collectionId: 'nothing' }] },
        newTransaction: { readWrite: {} },
      },
    });
    const entries = res.json<Entry[]>();
    expect(Object.keys(entries[0] ?? {})).toEqual(['transaction']);
    expect(entries[1]).toEqual({ readTime: expect.stringMatching(TIME), done: true });
  });

  it('a negative limit is 400 "limit is negative"', async () => {
    const res = await rest(target, 'POST', ':runQuery', {
      body: { structuredQuery: { from: [{ collectionId: 'c' }], limit: -1 } },
    });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 400, message: 'limit is negative', status: 'INVALID_ARGUMENT' },
    });
  });
});

describe('REST :runAggregationQuery', () => {
  it('answers avg, count and sum under their aliases', async () => {
    const res = await rest(target, 'POST', ':runAggregationQuery', {
      body: {
        structuredAggregationQuery: {
          structuredQuery: {
            from: [{ collectionId: 'c' }],
            where: {
              fieldFilter: {
                field: { fieldPath: 'int' },
                op: 'EQUAL',
                value: { integerValue: '40' },
              },
            },
          },
          aggregations: [
            { avg: { field: { fieldPath: 'int' } }, alias: 'a' },
            { count: {}, alias: 'n' },
            { sum: { field: { fieldPath: 'int' } }, alias: 's' },
          ],
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual([
      {
        result: {
          aggregateFields: {
            a: { doubleValue: 40 },
            n: { integerValue: '1' },
            s: { integerValue: '40' },
          },
        },
        readTime: expect.stringMatching(TIME),
        done: true,
      },
    ]);
  });
});

describe('REST transactions and metadata', () => {
  it(':beginTransaction answers a transaction id', async () => {
    const res = await rest(target, 'POST', ':beginTransaction', { body: {} });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json<object>())).toEqual(['transaction']);
  });

  it(':rollback of a malformed transaction is 400 "Invalid transaction."', async () => {
    const res = await rest(target, 'POST', ':rollback', { body: { transaction: 'AAAA' } });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 400, message: 'Invalid transaction.', status: 'INVALID_ARGUMENT' },
    });
  });

  it(':rollback of an unknown transaction is 400 "Transaction is invalid or expired."', async () => {
    const res = await rest(target, 'POST', ':rollback', { body: { transaction: 'EWQAAAAAAAAA' } });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 400,
        message: 'Transaction is invalid or expired.',
        status: 'INVALID_ARGUMENT',
      },
    });
  });

  it(':listCollectionIds lists root collections, sorted', async () => {
    const res = await rest(target, 'POST', ':listCollectionIds', { body: {} });
    expect(res.status).toBe(200);
    expect(res.json<{ collectionIds: string[] }>().collectionIds).toEqual(['c', 'w']);
  });

  it(':listCollectionIds under a document lists its subcollections', async () => {
    const res = await rest(target, 'POST', '/c/a:listCollectionIds', { body: {} });
    expect(res.json()).toEqual({ collectionIds: ['sub'] });
    const none = await rest(target, 'POST', '/c/b:listCollectionIds', { body: {} });
    expect(none.json()).toEqual({});
  });

  it(':listCollectionIds without admin auth is 403', async () => {
    const res = await rest(target, 'POST', ':listCollectionIds', { body: {}, admin: false });
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({
      error: {
        code: 403,
        message: 'Metadata operations require admin authentication.',
        status: 'PERMISSION_DENIED',
      },
    });
  });

  it(':batchWrite applies writes independently with a status per write', async () => {
    const res = await rest(target, 'POST', ':batchWrite', {
      body: {
        writes: [
          { update: { name: docName(target, 'w/bw'), fields: {} } },
          {
            update: { name: docName(target, 'w/x'), fields: {} },
            currentDocument: { exists: true },
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    const body = res.json<{
      writeResults: Record<string, unknown>[];
      status: Record<string, unknown>[];
    }>();
    expect(body.writeResults[0]?.['updateTime']).toMatch(TIME);
    expect(body.writeResults[1]).toEqual({});
    expect(body.status[0]).toEqual({});
    expect(body.status[1]?.['code']).toBe(5);
    expect((await rest(target, 'GET', '/w/bw')).status).toBe(200);
  });

  it(':partitionQuery is 501 UNIMPLEMENTED', async () => {
    const res = await rest(target, 'POST', ':partitionQuery', { body: {} });
    expect(res.status).toBe(501);
    expect(res.json<{ error: { status: string } }>().error.status).toBe('UNIMPLEMENTED');
  });

  it.each(['nosuchverb', 'write', 'listen'])('POST :%s is 404 Not Found', async (verb) => {
    const res = await rest(target, 'POST', `:${verb}`, { body: {} });
    expect(res.status).toBe(404);
    expect(res.text).toBe('Not Found\n');
  });

  it('DELETE /emulator/v1/.../documents clears the project', async () => {
    const res = await rest(
      target,
      'DELETE',
      `/emulator/v1/projects/${target.projectId}/databases/(default)/documents`,
    );
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({});
    expect((await rest(target, 'GET', '/c/a')).status).toBe(404);
  });
});

describe('REST limits and unsupported verbs', () => {
  it('a body of 16 MiB is read', async () => {
    const res = await rest(target, 'POST', ':commit', {
      raw: `{"writes":[]}${' '.repeat(16 * 1024 * 1024 - 13)}`,
    });
    expect(res.status).toBe(200);
  });

  it('a body over 16 MiB is 413 with an empty body', async () => {
    const res = await rest(target, 'POST', ':commit', {
      raw: `{"writes":[]}${' '.repeat(16 * 1024 * 1024 - 12)}`,
    });
    expect(res.status).toBe(413);
    expect(res.text).toBe('');
  });

  it(':executePipeline needs the enterprise edition', async () => {
    const res = await rest(target, 'POST', ':executePipeline', { body: {} });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 400,
        message: 'ExecutePipeline requires the Database Edition to be `enterprise`.',
        status: 'INVALID_ARGUMENT',
      },
    });
  });

  it('explainOptions are accepted and ignored', async () => {
    const res = await rest(target, 'POST', ':runQuery', {
      body: {
        structuredQuery: { from: [{ collectionId: 'nothing' }] },
        explainOptions: { analyze: true },
      },
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual([{ readTime: expect.stringMatching(TIME), done: true }]);
  });
});
