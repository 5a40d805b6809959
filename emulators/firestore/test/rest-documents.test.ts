// REST behaviour recorded against the official emulator v1.22.0 (facts from hidane-dev/hidane fixtures rest.json).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docName, rest, startTarget, TIME, type Target } from './support/target.js';

let target: Target;
beforeAll(async () => {
  target = await startTarget('rest-docs');
});
afterAll(async () => {
  await target.close();
});

interface Doc {
  name: string;
  fields?: Record<string, Record<string, unknown>>;
  createTime: string;
  updateTime: string;
}

describe('REST documents', () => {
  it('PATCH creates a document with every value type and normalises them', async () => {
    const res = await rest(target, 'PATCH', '/c/a', {
      body: {
        fields: {
          arr: {
            arrayValue: {
              values: [
                { integerValue: '1' },
                { stringValue: 's' },
                { mapValue: { fields: { k: { integerValue: '1' } } } },
              ],
            },
          },
          arr0: { arrayValue: {} },
          big: { integerValue: '9223372036854775807' },
          bool: { booleanValue: true },
          bytes: { bytesValue: 'AQI=' },
          dbl: { doubleValue: 1.5 },
          geo: { geoPointValue: { latitude: 1.5, longitude: -2 } },
          geo0: { geoPointValue: {} },
          int: { integerValue: '42' },
          map0: { mapValue: {} },
          nan: { doubleValue: 'NaN' },
          neg0: { doubleValue: -0.0 },
          neginf: { doubleValue: '-Infinity' },
          null: { nullValue: null },
          posinf: { doubleValue: 'Infinity' },
          ref: { referenceValue: docName(target, 'c/b') },
          str: { stringValue: '<>&=\'"\\\n\t\u0001éあ😀 x/y' },
          ts: { timestampValue: '2020-01-01T00:00:00.123456789Z' },
          ts0: { timestampValue: '2020-01-01T00:00:00Z' },
          tsms: { timestampValue: '2020-01-01T00:00:00.120Z' },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const doc = res.json<Doc>();
    expect(doc.name).toBe(docName(target, 'c/a'));
    expect(doc.createTime).toMatch(TIME);
    expect(doc.updateTime).toBe(doc.createTime);
    const f = doc.fields ?? {};
    expect(f['ts']).toEqual({ timestampValue: '2020-01-01T00:00:00.123456Z' });
    expect(f['ts0']).toEqual({ timestampValue: '2020-01-01T00:00:00Z' });
    expect(f['tsms']).toEqual({ timestampValue: '2020-01-01T00:00:00.120Z' });
    expect(f['nan']).toEqual({ doubleValue: 'NaN' });
    expect(f['posinf']).toEqual({ doubleValue: 'Infinity' });
    expect(f['neginf']).toEqual({ doubleValue: '-Infinity' });
    expect(f['neg0']).toEqual({ doubleValue: 0 });
    expect(f['big']).toEqual({ integerValue: '9223372036854775807' });
    expect(f['geo0']).toEqual({ geoPointValue: {} });
    expect(f['arr0']).toEqual({ arrayValue: {} });
    expect(f['map0']).toEqual({ mapValue: {} });
    expect(f['null']).toEqual({ nullValue: null });
    expect(f['str']).toEqual({ stringValue: '<>&=\'"\\\n\t\u0001éあ😀 x/y' });
  });

  it('GET returns the stored document', async () => {
    const res = await rest(target, 'GET', '/c/a');
    expect(res.status).toBe(200);
    expect(res.json<Doc>().fields?.['int']).toEqual({ integerValue: '42' });
  });

  it('GET with a repeated mask parameter returns only those fields', async () => {
    const res = await rest(target, 'GET', '/c/a?mask.fieldPaths=int&mask.fieldPaths=bool');
    expect(res.status).toBe(200);
    expect(res.json<Doc>().fields).toEqual({
      bool: { booleanValue: true },
      int: { integerValue: '42' },
    });
  });

  it('PATCH with an empty body creates a document without fields', async () => {
    const res = await rest(target, 'PATCH', '/c/e', { body: {} });
    expect(res.status).toBe(200);
    const doc = res.json<Doc>();
    expect(doc.fields).toBeUndefined();
    expect(Object.keys(doc)).toEqual(['name', 'createTime', 'updateTime']);
  });

  it('lists a collection with a page size and a next page token', async () => {
    const res = await rest(target, 'GET', '/c?pageSize=1');
    expect(res.status).toBe(200);
    const body = res.json<{ documents: Doc[]; nextPageToken?: string }>();
    expect(body.documents.map((d) => d.name)).toEqual([docName(target, 'c/a')]);
    expect(typeof body.nextPageToken).toBe('string');
    const next = await rest(
      target,
      'GET',
      `/c?pageSize=1&pageToken=${encodeURIComponent(body.nextPageToken ?? '')}`,
    );
    expect(next.json<{ documents: Doc[] }>().documents.map((d) => d.name)).toEqual([
      docName(target, 'c/e'),
    ]);
  });

  it('accepts a percent-encoded database id', async () => {
    const res = await rest(
      target,
      'GET',
      `/v1/projects/${target.projectId}/databases/%28default%29/documents/c/e`,
    );
    expect(res.status).toBe(200);
    expect(res.json<Doc>().name).toBe(docName(target, 'c/e'));
  });

  it('answers the v1beta1 path too, ignoring key and alt parameters', async () => {
    const res = await rest(
      target,
      'GET',
      `/v1beta1/projects/${target.projectId}/databases/(default)/documents/c/e?key=abc&alt=json`,
    );
    expect(res.status).toBe(200);
    expect(res.json<Doc>().name).toBe(docName(target, 'c/e'));
  });

  it('lists an empty subcollection as {}', async () => {
    const res = await rest(target, 'GET', '/c/e/sub');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('GET on the database root is 404 Not Found', async () => {
    const res = await rest(
      target,
      'GET',
      `/v1/projects/${target.projectId}/databases/(default)/documents`,
    );
    expect(res.status).toBe(404);
    expect(res.text).toBe('Not Found\n');
  });

  it('ignores unknown query parameters', async () => {
    const res = await rest(target, 'GET', '/c/e?unknownParam=1');
    expect(res.status).toBe(200);
  });

  it('answers 404 NOT_FOUND with the document name for a missing document', async () => {
    const res = await rest(target, 'GET', '/c/a%20b');
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({
      error: {
        code: 404,
        message: `Document (${docName(target, 'c/a b')}) not found.`,
        status: 'NOT_FOUND',
      },
    });
  });

  it('POST to a collection with documentId creates that document', async () => {
    const res = await rest(target, 'POST', '/c?documentId=new', {
      body: { fields: { x: { integerValue: '1' } } },
    });
    expect(res.status).toBe(200);
    expect(res.json<Doc>()).toMatchObject({
      name: docName(target, 'c/new'),
      fields: { x: { integerValue: '1' } },
    });
  });

  it('POST to a collection without documentId generates a 20-character id', async () => {
    const res = await rest(target, 'POST', '/gen', { body: { fields: {} } });
    expect(res.status).toBe(200);
    expect(res.json<Doc>().name).toMatch(new RegExp(`/documents/gen/[A-Za-z0-9]{20}$`));
  });

  it('POST an existing documentId is 409 ALREADY_EXISTS', async () => {
    const res = await rest(target, 'POST', '/c?documentId=new', { body: { fields: {} } });
    expect(res.status).toBe(409);
    expect(res.json<{ error: { status: string } }>().error.status).toBe('ALREADY_EXISTS');
  });

  it('creates and reads a document with a non-ASCII id', async () => {
    const created = await rest(target, 'POST', '/c?documentId=%E3%81%82', {
      body: { fields: { x: { integerValue: '2' } } },
    });
    expect(created.json<Doc>().name).toBe(docName(target, 'c/あ'));
    const read = await rest(target, 'GET', '/c/%E3%81%82');
    expect(read.json<Doc>().fields).toEqual({ x: { integerValue: '2' } });
  });

  it('PATCH with updateMask sets masked fields, deletes masked-but-absent ones, and honours the read mask', async () => {
    await rest(target, 'PATCH', '/c/new', {
      body: {
        fields: {
          x: { integerValue: '1' },
          zz: { integerValue: '9' },
          keep: { integerValue: '3' },
        },
      },
    });
    const res = await rest(
      target,
      'PATCH',
      '/c/new?updateMask.fieldPaths=x&updateMask.fieldPaths=zz&mask.fieldPaths=x',
      { body: { fields: { x: { integerValue: '7' } } } },
    );
    expect(res.status).toBe(200);
    expect(res.json<Doc>().fields).toEqual({ x: { integerValue: '7' } });
    const full = await rest(target, 'GET', '/c/new');
    expect(full.json<Doc>().fields).toEqual({
      x: { integerValue: '7' },
      keep: { integerValue: '3' },
    });
  });

  it('PATCH with currentDocument.exists=false on an existing document is 409', async () => {
    const res = await rest(target, 'PATCH', '/c/new?currentDocument.exists=false', { body: {} });
    expect(res.status).toBe(409);
    expect(res.json<{ error: { status: string } }>().error.status).toBe('ALREADY_EXISTS');
  });

  it('PATCH with currentDocument.exists=true on a missing document is 404', async () => {
    const res = await rest(target, 'PATCH', '/c/never?currentDocument.exists=true', { body: {} });
    expect(res.status).toBe(404);
  });

  it('DELETE answers an empty object', async () => {
    const res = await rest(target, 'DELETE', '/c/new');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({});
    expect((await rest(target, 'GET', '/c/new')).status).toBe(404);
  });

  it('DELETE with currentDocument.exists=true on a missing document is 404 NOT_FOUND', async () => {
    const res = await rest(target, 'DELETE', '/c/new?currentDocument.exists=true');
    expect(res.status).toBe(404);
    expect(res.json<{ error: { status: string } }>().error.status).toBe('NOT_FOUND');
  });

  it('PUT on a document path is 404 Not Found', async () => {
    const res = await rest(target, 'PUT', '/c/a', { body: {} });
    expect(res.status).toBe(404);
    expect(res.text).toBe('Not Found\n');
  });

  it('GET on a verb is 404 Not Found', async () => {
    const res = await rest(target, 'GET', ':commit');
    expect(res.status).toBe(404);
  });

  it('an unknown path is 404 Not Found', async () => {
    const res = await rest(target, 'GET', '/v1/nope');
    expect(res.status).toBe(404);
    expect(res.text).toBe('Not Found\n');
  });

  it('GET / answers Ok', async () => {
    const res = await rest(target, 'GET', '/');
    expect(res.status).toBe(200);
    expect(res.text).toBe('Ok\n');
  });
});
