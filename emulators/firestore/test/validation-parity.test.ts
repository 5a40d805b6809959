/**
 * Requests the official emulator (v1.22.0) refuses, refused here with its status and its words, and
 * its admin endpoints' answers. The expected answers are the recorded official ones (the public
 * fixtures of hidane-dev/hidane, captured against the official emulator, and the messages its
 * reimplementations quote from it); each refused case has an accepted neighbour, so the test fails
 * if the rule moved either way. Through raw REST, and firebase-admin (gRPC) for a few.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AggregateField, FieldPath, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator } from '../src/index.js';
import { adminClient, startWithClients } from './support/sdk-apps.js';
import { rest, uniqueProjectId, type Target } from './support/target.js';

let target: Target;
let admin: Firestore;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ target, admin, close } = await startWithClients('validation-parity'));
  await admin.doc('items/a').set({ a: 1, b: 2, n: 3, tags: ['x'] });
  await admin.doc('items/b').set({ a: 2, b: 3, n: 4, tags: ['y'] });
  await admin.doc('items/a/sub/c').set({ a: 3 });
});
afterAll(async () => {
  await close?.();
});

type V = Record<string, unknown>;
const int = (n: number): V => ({ integerValue: String(n) });
const str = (s: string): V => ({ stringValue: s });
const arr = (...values: V[]): V => ({ arrayValue: { values } });
const ref = (p: string): V => ({
  referenceValue: `projects/${target.projectId}/databases/(default)/documents/${p}`,
});
const field = (fieldPath: string, op: string, value: V): V => ({
  fieldFilter: { field: { fieldPath }, op, value },
});
const unary = (fieldPath: string, op: string): V => ({
  unaryFilter: { field: { fieldPath }, op },
});
const or = (...filters: V[]): V => ({ compositeFilter: { op: 'OR', filters } });
const and = (...filters: V[]): V => ({ compositeFilter: { op: 'AND', filters } });
const items = { from: [{ collectionId: 'items' }] };

interface Answer {
  status: number;
  message: string;
  docs: string[];
}

async function runQuery(structuredQuery: V): Promise<Answer> {
  const res = await rest(target, 'POST', ':runQuery', { body: { structuredQuery } });
  if (res.status !== 200) {
    return {
      status: res.status,
      message: res.json<{ error: { message: string } }>().error.message,
      docs: [],
    };
  }
  const rows = res.json<{ document?: { name: string } }[]>();
  const prefix = `projects/${target.projectId}/databases/(default)/documents/`;
  const docs = rows.flatMap((r) => (r.document ? [r.document.name.slice(prefix.length)] : []));
  return { status: 200, message: '', docs };
}

const refused = (message: string) => ({ status: 400, message, docs: [] });

describe('__name__ filters (official: INVALID_ARGUMENT)', () => {
  it.each([
    [
      'a string operand',
      field('__name__', 'EQUAL', str('a')),
      '__key__ filter value must be a Key',
    ],
    [
      'a string in an in list',
      field('__name__', 'IN', arr(str('a'))),
      '__key__ filter value must be a Key',
    ],
    ['is-nan', unary('__name__', 'IS_NAN'), '__key__ filter value must be a Key'],
    ['is-not-null', unary('__name__', 'IS_NOT_NULL'), '__key__ filter value must be a Key'],
    [
      'array-contains',
      field('__name__', 'ARRAY_CONTAINS', { referenceValue: 'X:items/a' }),
      'the name __key__ is reserved',
    ],
    [
      'array-contains-any',
      field('__name__', 'ARRAY_CONTAINS_ANY', arr({ referenceValue: 'X:items/a' })),
      'the name __key__ is reserved',
    ],
  ])('refuses %s', async (_name, where, message) => {
    const resolved = JSON.parse(
      JSON.stringify(where).replaceAll(
        'X:',
        `projects/${target.projectId}/databases/(default)/documents/`,
      ),
    ) as V;
    expect(await runQuery({ ...items, where: resolved })).toEqual(refused(message));
  });

  it('refuses a reference to a collection, with the parent-name message', async () => {
    const name = `projects/${target.projectId}/databases/(default)/documents/items`;
    expect(await runQuery({ ...items, where: field('__name__', 'EQUAL', ref('items')) })).toEqual(
      refused(`Document parent name "${name}" lacks "/" at index ${name.length}.`),
    );
  });

  it('answers a reference to a document, alone or in an in list', async () => {
    expect(
      (await runQuery({ ...items, where: field('__name__', 'EQUAL', ref('items/b')) })).docs,
    ).toEqual(['items/b']);
    expect(
      (
        await runQuery({
          ...items,
          where: field('__name__', 'IN', arr(ref('items/a'), ref('x/y'))),
        })
      ).docs,
    ).toEqual(['items/a']);
  });
});

describe('filter shapes (official: INVALID_ARGUMENT)', () => {
  it('refuses a composite filter without an operator', async () => {
    const filters = [field('a', 'EQUAL', int(1))];
    const expected = refused('Unsupported CompositeFilter operator.');
    expect(await runQuery({ ...items, where: { compositeFilter: { filters } } })).toEqual(expected);
    expect(
      await runQuery({
        ...items,
        where: { compositeFilter: { op: 'OPERATOR_UNSPECIFIED', filters } },
      }),
    ).toEqual(expected);
    expect((await runQuery({ ...items, where: and(...filters) })).docs).toEqual(['items/a']);
  });

  it('refuses a field filter without an operator', async () => {
    expect(
      await runQuery({
        ...items,
        where: { fieldFilter: { field: { fieldPath: 'a' }, value: int(1) } },
      }),
    ).toEqual(refused('Unknown FieldFilter operator.'));
  });

  it('refuses two != filters on different fields, and != with is-not-null', async () => {
    const message =
      "Only a single 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', or 'IS_NOT_NULL' filter allowed per query.";
    expect(
      await runQuery({
        ...items,
        where: and(field('a', 'NOT_EQUAL', int(1)), field('b', 'NOT_EQUAL', int(2))),
      }),
    ).toEqual(refused(message));
    expect(
      await runQuery({
        ...items,
        where: and(field('a', 'NOT_EQUAL', int(1)), unary('b', 'IS_NOT_NULL')),
      }),
    ).toEqual(refused(message));
    expect(
      await runQuery({
        ...items,
        where: and(field('a', 'NOT_IN', arr(int(1))), field('b', 'NOT_EQUAL', int(2))),
      }),
    ).toEqual(refused(message));
    expect(
      (
        await runQuery({
          ...items,
          where: and(field('a', 'NOT_EQUAL', int(1)), field('b', 'EQUAL', int(3))),
        })
      ).docs,
    ).toEqual(['items/b']);
  });

  it('refuses not-in with or, in one message', async () => {
    expect(
      await runQuery({
        ...items,
        where: or(field('a', 'NOT_IN', arr(int(1))), field('b', 'EQUAL', int(2))),
      }),
    ).toEqual(
      refused("'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'."),
    );
  });

  it('refuses 31 disjunctions and answers 30', async () => {
    const values = (n: number) => arr(...Array.from({ length: n }, (_, i) => int(i)));
    expect(await runQuery({ ...items, where: field('a', 'IN', values(30)) })).toMatchObject({
      status: 200,
    });
    expect(
      await runQuery({
        ...items,
        where: or(field('a', 'IN', values(30)), field('b', 'EQUAL', int(1))),
      }),
    ).toEqual(
      refused(
        'Too many disjunctions after normalization. Result had 31 disjunctions which is more than the maximum of 30',
      ),
    );
  });

  it('refuses in without an array or with an empty one', async () => {
    expect(await runQuery({ ...items, where: field('a', 'IN', int(1)) })).toEqual(
      refused("'IN' requires an ArrayValue."),
    );
    expect(await runQuery({ ...items, where: field('a', 'NOT_IN', arr()) })).toEqual(
      refused("'NOT_IN' requires an non-empty ArrayValue."),
    );
  });
});

describe('collection selectors (official: INVALID_ARGUMENT)', () => {
  it('reads every collection under the parent when the query has no selector', async () => {
    const none = await runQuery({});
    expect(none.status).toBe(200);
    expect(none.docs).toEqual(expect.arrayContaining(['items/a', 'items/b']));
    expect(none.docs).not.toContain('items/a/sub/c');
  });

  it('refuses two collection selectors', async () => {
    expect(
      await runQuery({ from: [{ collectionId: 'items' }, { collectionId: 'other' }] }),
    ).toEqual(refused('StructuredQuery.from cannot have more than one collection selector.'));
  });

  it('refuses a collection id with a slash', async () => {
    expect(await runQuery({ from: [{ collectionId: 'items/a/sub' }] })).toEqual(
      refused('Collection id "items/a/sub" is invalid because it contains "/".'),
    );
  });

  it.each([
    ['every collection below the root', [{ allDescendants: true }]],
    ['every collection of the root', [{ collectionId: '' }]],
  ])('a query over %s filters and orders by name only', async (_name, from) => {
    expect(await runQuery({ from, where: field('a', 'EQUAL', int(1)) })).toEqual(
      refused('kind is required for filter: a'),
    );
    expect(await runQuery({ from, orderBy: [{ field: { fieldPath: 'a' } }] })).toEqual(
      refused('kind is required for all orders except __key__ ascending'),
    );
    // __name__ descending is a descending key scan (FAILED_PRECONDITION, HTTP 400) instead.
    const descending = await rest(target, 'POST', ':runQuery', {
      body: {
        structuredQuery: {
          from,
          orderBy: [{ field: { fieldPath: '__name__' }, direction: 'DESCENDING' }],
        },
      },
    });
    expect(descending.json<{ error: { status: string; message: string } }>().error).toMatchObject({
      status: 'FAILED_PRECONDITION',
      message: 'Firestore does not support descending key scans',
    });
    const byName = await runQuery({
      from,
      where: field('__name__', 'GREATER_THAN_OR_EQUAL', ref('items/b')),
      orderBy: [{ field: { fieldPath: '__name__' }, direction: 'ASCENDING' }],
    });
    expect(byName.status).toBe(200);
    expect(byName.docs).toContain('items/b');
    expect(byName.docs).not.toContain('items/a');
  });
});

async function runAggregation(
  aggregations: V[],
): Promise<{ status: number; message: string; fields: V }> {
  const res = await rest(target, 'POST', ':runAggregationQuery', {
    body: { structuredAggregationQuery: { structuredQuery: items, aggregations } },
  });
  if (res.status !== 200)
    return {
      status: res.status,
      message: res.json<{ error: { message: string } }>().error.message,
      fields: {},
    };
  const rows = res.json<{ result?: { aggregateFields: V } }[]>();
  return {
    status: 200,
    message: '',
    fields: rows.find((r) => r.result)?.result?.aggregateFields ?? {},
  };
}

const aggRefused = (message: string) => ({ status: 400, message, fields: {} });

describe('aggregations (official: INVALID_ARGUMENT)', () => {
  it('refuses sum and avg of __name__', async () => {
    const message = 'Aggregations are not supported for the property: __key__';
    expect(await runAggregation([{ sum: { field: { fieldPath: '__name__' } } }])).toEqual(
      aggRefused(message),
    );
    expect(await runAggregation([{ avg: { field: { fieldPath: '__name__' } } }])).toEqual(
      aggRefused(message),
    );
    expect((await runAggregation([{ sum: { field: { fieldPath: 'n' } } }])).fields).toEqual({
      field_1: int(7),
    });
  });

  it('names unnamed aggregations field_1, field_2 among themselves, so an explicit field_1 clashes', async () => {
    // The recorded case: an explicit field_1 next to an unnamed sum.
    expect(
      await runAggregation([
        { alias: 'field_1', count: {} },
        { sum: { field: { fieldPath: 'n' } } },
      ]),
    ).toEqual(aggRefused('Aggregation aliases contain duplicate alias: field_1.'));
    expect(
      (await runAggregation([{ alias: 'x', count: {} }, { count: {} }, { alias: '', count: {} }]))
        .fields,
    ).toEqual({
      x: int(2),
      field_1: int(2),
      field_2: int(2),
    });
  });

  it.each([
    ['none', [], 'Aggregations can not be empty.'],
    [
      'six',
      Array.from({ length: 6 }, (_, i) => ({ alias: `c${i}`, count: {} })),
      'The maximum number of aggregations allowed in an aggregation query is 5. Received: 6',
    ],
    [
      'a reserved alias',
      [{ alias: '__total__', count: {} }],
      'The property.name "__total__" is reserved.',
    ],
    [
      'a duplicate alias',
      [
        { alias: 'x', count: {} },
        { alias: 'x', count: {} },
      ],
      'Aggregation aliases contain duplicate alias: x.',
    ],
    ['no operator', [{ alias: 'x' }], 'Operator field in Aggregation is not set.'],
    ['a sum without a field', [{ alias: 's', sum: {} }], 'Invalid empty property path string.'],
    [
      'an empty field path',
      [{ sum: { field: { fieldPath: '' } } }],
      'Invalid empty property path string.',
    ],
  ])('refuses %s', async (_name, aggregations, message) => {
    expect(await runAggregation(aggregations as V[])).toEqual(aggRefused(message));
  });
});

describe('nested field names count with their path (official: INVALID_ARGUMENT)', () => {
  const write = async (fields: V) => {
    const res = await rest(target, 'PATCH', '/limits/x', { body: { fields } });
    return res.status === 200
      ? { status: 200, message: '' }
      : { status: res.status, message: res.json<{ error: { message: string } }>().error.message };
  };
  const map = (fields: V): V => ({ mapValue: { fields } });
  it('m.<key> of 1,500 bytes is accepted, of 1,501 refused', async () => {
    expect(await write({ m: map({ ['k'.repeat(1498)]: int(1) }) })).toEqual({
      status: 200,
      message: '',
    });
    expect(await write({ m: map({ ['k'.repeat(1499)]: int(1) }) })).toEqual({
      status: 400,
      message: 'Property m contains an invalid nested entity.',
    });
  });
  it('a map in an array counts as array.<key>', async () => {
    expect(await write({ list: arr(map({ ['k'.repeat(1494)]: int(1) })) })).toEqual({
      status: 200,
      message: '',
    });
    expect(await write({ list: arr(map({ ['k'.repeat(1495)]: int(1) })) })).toEqual({
      status: 400,
      message: 'Property array contains an invalid nested entity.',
    });
  });
});

describe('written values (official: INVALID_ARGUMENT)', () => {
  const write = async (fields: V) => {
    const res = await rest(target, 'PATCH', '/values/x', { body: { fields } });
    return res.status === 200
      ? { status: 200, message: '' }
      : { status: res.status, message: res.json<{ error: { message: string } }>().error.message };
  };
  it('refuses a value with no type', async () => {
    expect(await write({ v: {} })).toEqual({
      status: 400,
      message: 'Cannot convert firestore.v1.Value with type unset.',
    });
    expect(await write({ v: { nullValue: null } })).toEqual({ status: 200, message: '' });
  });
  it('refuses a geo point out of range, naming the value as Java prints it', async () => {
    expect(await write({ g: { geoPointValue: { latitude: 91, longitude: 0 } } })).toEqual({
      status: 400,
      message: "Geo point latitude '91.0' outside permitted range -90.0 to 90.0.",
    });
    expect(await write({ g: { geoPointValue: { latitude: 0, longitude: -180.5 } } })).toEqual({
      status: 400,
      message: "Geo point longitude '-180.5' outside permitted range -180.0 to 180.0.",
    });
    expect(await write({ g: { geoPointValue: { latitude: 90, longitude: -180 } } })).toEqual({
      status: 200,
      message: '',
    });
  });
});

describe('through firebase-admin (gRPC status 3)', () => {
  it('refuses two != filters on different fields', async () => {
    await expect(
      admin.collection('items').where('a', '!=', 1).where('b', '!=', 2).get(),
    ).rejects.toThrow(
      "3 INVALID_ARGUMENT: Only a single 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', or 'IS_NOT_NULL' filter allowed per query.",
    );
    const one = await admin.collection('items').where('a', '!=', 1).get();
    expect(one.docs.map((d) => d.id)).toEqual(['b']);
  });

  it('refuses the sum of the document id', async () => {
    await expect(
      admin
        .collection('items')
        .aggregate({ s: AggregateField.sum(FieldPath.documentId()) })
        .get(),
    ).rejects.toThrow(
      '3 INVALID_ARGUMENT: Aggregations are not supported for the property: __key__',
    );
  });
});

describe('admin endpoints', () => {
  it('POST /reset clears every project, reloads the seed and answers "Resetting..."', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'reset-'));
    const projectId = uniqueProjectId('reset');
    const seedFile = path.join(dir, 'seed.json');
    await writeFile(seedFile, JSON.stringify({ version: 1, documents: { 'seeded/s': { v: 1 } } }));
    const emu = await startFirestoreEmulator({
      port: 0,
      projectId,
      seedFile,
      log: () => undefined,
    });
    const doc = (project: string, p: string) =>
      `${emu.url}/v1/projects/${project}/databases/(default)/documents/${p}`;
    try {
      for (const [project, p] of [
        [projectId, 'extra/x'],
        ['demo-reset-other', 'extra/y'],
      ] as const) {
        const res = await fetch(doc(project, p), { method: 'PATCH', body: '{}' });
        expect(res.status).toBe(200);
      }
      expect((await fetch(`${emu.url}/reset`)).status).toBe(404);
      const res = await fetch(`${emu.url}/reset`, { method: 'POST' });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('Resetting...\n');
      expect((await fetch(doc(projectId, 'extra/x'))).status).toBe(404);
      expect((await fetch(doc('demo-reset-other', 'extra/y'))).status).toBe(404);
      expect((await fetch(doc(projectId, 'seeded/s'))).status).toBe(200);
    } finally {
      await emu.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('clear and recursive delete take no body or {}, and refuse anything else with 400', async () => {
    const base = `${target.url}/emulator/v1/projects/${target.projectId}/databases/(default)/documents`;
    await admin.doc('wipe/a').set({ v: 1 });
    await admin.doc('wipe/a/sub/b').set({ v: 1 });
    for (const body of ['garbage', '[]', '{"x":1}']) {
      for (const url of [base, `${base}/wipe/a`]) {
        const res = await fetch(url, { method: 'DELETE', body });
        expect(res.status, `${url} ${body}`).toBe(400);
        expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
          "Payload isn't valid for request.",
        );
      }
    }
    expect((await admin.doc('wipe/a/sub/b').get()).exists).toBe(true);
    expect((await fetch(`${base}/wipe/a`, { method: 'DELETE', body: '{}' })).status).toBe(200);
    expect((await admin.doc('wipe/a/sub/b').get()).exists).toBe(false);
    await admin.doc('wipe/c').set({ v: 1 });
    expect((await fetch(base, { method: 'DELETE', body: '{}' })).status).toBe(200);
    expect((await admin.doc('wipe/c').get()).exists).toBe(false);
    await admin.doc('items/a').set({ a: 1, b: 2, n: 3, tags: ['x'] });
    await admin.doc('items/b').set({ a: 2, b: 3, n: 4, tags: ['y'] });
  });

  it('export takes camelCase keys and a database of another project', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'export-'));
    const other = uniqueProjectId('export-other');
    const otherAdmin = adminClient({ ...target, projectId: other }, 'validation-export-other');
    try {
      await otherAdmin.db.doc('kept/k').set({ from: 'other' });
      const res = await fetch(`${target.url}/emulator/v1/projects/${target.projectId}:export`, {
        method: 'POST',
        body: JSON.stringify({
          database: `projects/${other}/databases/(default)`,
          exportDirectory: dir,
          exportName: 'camel',
        }),
      });
      expect(res.status).toBe(200);
      const output = path.join(dir, 'camel/all_namespaces/all_kinds/output-0');
      expect(existsSync(output)).toBe(true);
      expect(await readFile(output, 'utf8')).toContain('other');
      const bad = await fetch(`${target.url}/emulator/v1/projects/${target.projectId}:export`, {
        method: 'POST',
        body: JSON.stringify({ database: '(default)', exportDirectory: dir }),
      });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
        'Database name "(default)" lacks "projects" at index 0.',
      );
    } finally {
      await otherAdmin.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
