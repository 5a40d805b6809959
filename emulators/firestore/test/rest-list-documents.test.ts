// ListDocuments facts recorded against the official emulator v1.22.0 (hidane-dev/hidane list_documents.json).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docName, rest, startTarget, type Target } from './support/target.js';

let target: Target;
const PATHS = ['c/a', 'd/b', 'c/b', 'a/z', 'B/x', 'c/m/sub/x', 'e/q/sub/y', 'c/a/s/1', 'c/a/t/2'];
beforeAll(async () => {
  target = await startTarget('rest-list');
  const writes = PATHS.map((p) => ({
    update: {
      name: docName(target, p),
      fields: { m: { integerValue: '1' }, n: { integerValue: '2' } },
    },
  }));
  const res = await rest(target, 'POST', ':commit', { body: { writes } });
  if (res.status !== 200) throw new Error(res.text);
});
afterAll(async () => {
  await target.close();
});

const names = (body: { documents?: { name: string }[] }): string[] =>
  (body.documents ?? []).map((d) => d.name.slice(docName(target, '').length));
const root = (suffix: string) =>
  `/v1/projects/${target.projectId}/databases/(default)/documents${suffix}`;
const errorOf = async (path: string) =>
  (await rest(target, 'GET', root(path))).json<{ error: { message: string } }>().error.message;

describe('listing documents across collections', () => {
  it('documents/ lists every document directly in a root collection', async () => {
    const res = await rest(target, 'GET', root('/'));
    expect(res.status).toBe(200);
    expect(names(res.json())).toEqual(['B/x', 'a/z', 'c/a', 'c/b', 'd/b']);
  });
  it('documents/c/a/ lists the documents of its subcollections', async () => {
    expect(names((await rest(target, 'GET', root('/c/a/'))).json())).toEqual([
      'c/a/s/1',
      'c/a/t/2',
    ]);
  });
  it('a page of 1 carries a next page token', async () => {
    const body = (await rest(target, 'GET', root('/?pageSize=1'))).json<{
      documents: { name: string }[];
      nextPageToken?: string;
    }>();
    expect(names(body)).toEqual(['B/x']);
    expect(typeof body.nextPageToken).toBe('string');
  });
  it('a full last page still carries a token, and the next page is empty', async () => {
    const first = (await rest(target, 'GET', root('/c/a/?pageSize=2'))).json<{
      documents: { name: string }[];
      nextPageToken: string;
    }>();
    expect(names(first)).toEqual(['c/a/s/1', 'c/a/t/2']);
    const second = (
      await rest(
        target,
        'GET',
        root(`/c/a/?pageSize=2&pageToken=${encodeURIComponent(first.nextPageToken)}`),
      )
    ).json<{ documents?: unknown[]; nextPageToken?: string }>();
    expect(second).toEqual({});
  });
  it('pages of 2 end with a short page without a token', async () => {
    const seen: string[][] = [];
    let token = '';
    for (let i = 0; i < 5; i++) {
      const body = (
        await rest(
          target,
          'GET',
          root(`/?pageSize=2${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`),
        )
      ).json<{ documents?: { name: string }[]; nextPageToken?: string }>();
      seen.push(names(body));
      if (!body.nextPageToken) break;
      token = body.nextPageToken;
    }
    expect(seen).toEqual([['B/x', 'a/z'], ['c/a', 'c/b'], ['d/b']]);
  });
  it('a mask applies to every listed document', async () => {
    const body = (await rest(target, 'GET', root('/?mask.fieldPaths=n'))).json<{
      documents: { fields: Record<string, unknown> }[];
    }>();
    expect(body.documents.every((d) => Object.keys(d.fields).join() === 'n')).toBe(true);
  });
  it('showMissing needs a collection id', async () => {
    expect(await errorOf('/?showMissing=true')).toBe(
      'collection id must be set when show_missing is true',
    );
  });
  it('a collection with a trailing slash is rejected', async () => {
    expect(await errorOf('/c/')).toBe(
      `Document name "${docName(target, 'c')}/" has invalid trailing "/".`,
    );
    expect(await errorOf('/c/a/s/')).toBe(
      `Document name "${docName(target, 'c/a/s')}/" has invalid trailing "/".`,
    );
  });
  it('empty segments are reported with their position', async () => {
    const base = docName(target, '');
    expect(await errorOf('//')).toBe(
      `Document name "${base}/" lacks a collection id at index ${base.length}.`,
    );
    expect(await errorOf('/c//')).toBe(
      `Document name "${base}c//" lacks a resource id at index ${base.length + 2}.`,
    );
    expect(await errorOf('/c/a//s')).toBe(
      `Document name "${base}c/a//s" lacks a collection id at index ${base.length + 4}.`,
    );
  });
  it('documents without a trailing slash is 404', async () => {
    const res = await rest(target, 'GET', root(''));
    expect(res.status).toBe(404);
    expect(res.text).toBe('Not Found\n');
  });
  it('a collection listing with showMissing shows missing parents', async () => {
    expect(names((await rest(target, 'GET', root('/c?showMissing=true'))).json())).toEqual([
      'c/a',
      'c/b',
      'c/m',
    ]);
  });
  it('orderBy __name__ (asc) is accepted; desc is a descending key scan', async () => {
    expect(names((await rest(target, 'GET', root('/?orderBy=__name__%20asc'))).json())).toEqual([
      'B/x',
      'a/z',
      'c/a',
      'c/b',
      'd/b',
    ]);
    const res = await rest(target, 'GET', root('/?orderBy=__name__%20desc'));
    expect(res.status).toBe(400);
    expect(res.json<{ error: { message: string; status: string } }>().error).toMatchObject({
      message: 'Firestore does not support descending key scans',
      status: 'FAILED_PRECONDITION',
    });
  });
  it('ordering by a field needs a collection id', async () => {
    expect(await errorOf('/?orderBy=n')).toBe(
      'kind is required for all orders except __key__ ascending',
    );
  });
  it('a negative page size is rejected', async () => {
    expect(await errorOf('/c?pageSize=-1')).toBe('Page size must be nonnegative.');
  });
});
