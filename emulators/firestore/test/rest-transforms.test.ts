// Field transforms as the official emulator v1.22.0 applies them (facts from hidane-dev/hidane transforms.json).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docName, rest, startTarget, TIME, type Target } from './support/target.js';

let target: Target;
beforeAll(async () => {
  target = await startTarget('rest-transforms');
});
afterAll(async () => {
  await target.close();
});

type V = Record<string, unknown>;
interface CommitBody {
  writeResults: { updateTime?: string; transformResults?: V[] }[];
  commitTime: string;
}

async function commit(
  writes: unknown[],
): Promise<{ status: number; body: CommitBody & { error?: { message: string } } }> {
  const res = await rest(target, 'POST', ':commit', { body: { writes } });
  return { status: res.status, body: res.json() };
}
const set = (path: string, fields: Record<string, V>) => ({
  update: { name: docName(target, path), fields },
});
const transform = (path: string, updateTransforms: unknown[]) => ({
  update: { name: docName(target, path), fields: {} },
  updateMask: { fieldPaths: [] },
  updateTransforms,
});
const fieldsOf = async (path: string): Promise<Record<string, V>> =>
  (await rest(target, 'GET', `/${path}`)).json<{ fields: Record<string, V> }>().fields;

describe('field transforms', () => {
  it('server time is shared by every transform of a commit, at millisecond precision, not after the commit', async () => {
    const { status, body } = await commit([
      {
        ...set('st/d', { a: { integerValue: '1' } }),
        updateTransforms: [
          { fieldPath: 'b', setToServerValue: 'REQUEST_TIME' },
          { fieldPath: 'm.at', setToServerValue: 'REQUEST_TIME' },
        ],
      },
      {
        update: { name: docName(target, 'st/e'), fields: {} },
        updateTransforms: [{ fieldPath: 'b', setToServerValue: 'REQUEST_TIME' }],
      },
    ]);
    expect(status).toBe(200);
    const [first, second] = body.writeResults;
    const t = first?.transformResults?.[0]?.['timestampValue'] as string;
    expect(t).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/);
    expect(first?.transformResults?.[1]).toEqual({ timestampValue: t });
    expect(second?.transformResults?.[0]).toEqual({ timestampValue: t });
    expect(Date.parse(t)).toBeLessThanOrEqual(Date.parse(body.commitTime));
    expect(await fieldsOf('st/d')).toEqual({
      a: { integerValue: '1' },
      b: { timestampValue: t },
      m: { mapValue: { fields: { at: { timestampValue: t } } } },
    });
  });

  it('increment: missing, integer, double, non-numeric, saturating at both int64 ends, and a double operand', async () => {
    await commit([
      set('inc/d', {
        i5: { integerValue: '5' },
        dbl: { doubleValue: 1.5 },
        text: { stringValue: 'x' },
        big: { integerValue: '9223372036854775807' },
        small: { integerValue: '-9223372036854775808' },
      }),
    ]);
    const { body } = await commit([
      transform('inc/d', [
        { fieldPath: 'missing', increment: { integerValue: '5' } },
        { fieldPath: 'i5', increment: { integerValue: '3' } },
        { fieldPath: 'dbl', increment: { integerValue: '2' } },
        { fieldPath: 'text', increment: { integerValue: '7' } },
        { fieldPath: 'big', increment: { integerValue: '1' } },
        { fieldPath: 'small', increment: { integerValue: '-1' } },
        { fieldPath: 'mixed', increment: { doubleValue: 0.5 } },
      ]),
    ]);
    expect(body.writeResults[0]?.transformResults).toEqual([
      { integerValue: '5' },
      { integerValue: '8' },
      { doubleValue: 3.5 },
      { integerValue: '7' },
      { integerValue: '9223372036854775807' },
      { integerValue: '-9223372036854775808' },
      { doubleValue: 0.5 },
    ]);
  });

  it('increment of an integer by a double makes a double', async () => {
    await commit([set('incm/d', { n: { integerValue: '5' } })]);
    const { body } = await commit([
      transform('incm/d', [{ fieldPath: 'n', increment: { doubleValue: 2.5 } }]),
    ]);
    expect(body.writeResults[0]?.transformResults).toEqual([{ doubleValue: 7.5 }]);
    expect(await fieldsOf('incm/d')).toEqual({ n: { doubleValue: 7.5 } });
  });

  it('maximum and minimum keep the stored type on ties, take NaN, and replace non-numbers', async () => {
    await commit([
      set('mm/d', {
        a: { integerValue: '3' },
        b: { integerValue: '3' },
        c: { integerValue: '3' },
        e: { stringValue: 'x' },
        z: { doubleValue: -0.0 },
        n: { integerValue: '1' },
        lo: { integerValue: '3' },
        lo2: { integerValue: '3' },
      }),
    ]);
    const { body } = await commit([
      transform('mm/d', [
        { fieldPath: 'a', maximum: { integerValue: '5' } },
        { fieldPath: 'b', maximum: { doubleValue: 3.0 } },
        { fieldPath: 'c', maximum: { doubleValue: 2.5 } },
        { fieldPath: 'missing', maximum: { integerValue: '7' } },
        { fieldPath: 'e', maximum: { integerValue: '1' } },
        { fieldPath: 'z', maximum: { doubleValue: 0.0 } },
        { fieldPath: 'n', maximum: { doubleValue: 'NaN' } },
        { fieldPath: 'lo', minimum: { doubleValue: 2.5 } },
        { fieldPath: 'lo2', minimum: { doubleValue: 3.0 } },
      ]),
    ]);
    expect(body.writeResults[0]?.transformResults).toEqual([
      { integerValue: '5' },
      { integerValue: '3' },
      { integerValue: '3' },
      { integerValue: '7' },
      { integerValue: '1' },
      { doubleValue: 0 },
      { doubleValue: 'NaN' },
      { doubleValue: 2.5 },
      { integerValue: '3' },
    ]);
  });

  it('arrayUnion treats 1 and 1.0 (and NaN and NaN) as equal and answers null results', async () => {
    await commit([
      set('au/d', {
        a: { arrayValue: { values: [{ integerValue: '1' }, { stringValue: 'a' }] } },
        notarray: { integerValue: '5' },
      }),
    ]);
    const { body } = await commit([
      transform('au/d', [
        {
          fieldPath: 'a',
          appendMissingElements: {
            values: [
              { doubleValue: 1.0 },
              { stringValue: 'b' },
              { stringValue: 'b' },
              { nullValue: null },
            ],
          },
        },
        {
          fieldPath: 'missing',
          appendMissingElements: {
            values: [
              { integerValue: '1' },
              { integerValue: '1' },
              { doubleValue: 'NaN' },
              { doubleValue: 'NaN' },
            ],
          },
        },
        { fieldPath: 'notarray', appendMissingElements: { values: [{ stringValue: 'x' }] } },
      ]),
    ]);
    expect(body.writeResults[0]?.transformResults).toEqual([
      { nullValue: null },
      { nullValue: null },
      { nullValue: null },
    ]);
    expect(await fieldsOf('au/d')).toEqual({
      a: {
        arrayValue: {
          values: [
            { integerValue: '1' },
            { stringValue: 'a' },
            { stringValue: 'b' },
            { nullValue: null },
          ],
        },
      },
      missing: { arrayValue: { values: [{ integerValue: '1' }, { doubleValue: 'NaN' }] } },
      notarray: { arrayValue: { values: [{ stringValue: 'x' }] } },
    });
  });

  it('arrayRemove removes numerically equal values, NaN, null and equal maps; non-arrays become empty', async () => {
    await commit([
      set('ar/d', {
        a: {
          arrayValue: {
            values: [
              { integerValue: '1' },
              { doubleValue: 1.0 },
              { integerValue: '2' },
              { doubleValue: 'NaN' },
              { nullValue: null },
              { stringValue: 'x' },
              { mapValue: { fields: { k: { integerValue: '1' } } } },
            ],
          },
        },
        notarray: { integerValue: '5' },
      }),
    ]);
    await commit([
      transform('ar/d', [
        {
          fieldPath: 'a',
          removeAllFromArray: {
            values: [
              { integerValue: '1' },
              { doubleValue: 'NaN' },
              { nullValue: null },
              { mapValue: { fields: { k: { doubleValue: 1.0 } } } },
            ],
          },
        },
        { fieldPath: 'missing', removeAllFromArray: { values: [{ integerValue: '1' }] } },
        { fieldPath: 'notarray', removeAllFromArray: { values: [{ integerValue: '5' }] } },
      ]),
    ]);
    expect(await fieldsOf('ar/d')).toEqual({
      a: { arrayValue: { values: [{ integerValue: '2' }, { stringValue: 'x' }] } },
      notarray: { arrayValue: {} },
      missing: { arrayValue: {} },
    });
  });

  it('a transform applies after the update of the same field', async () => {
    const { body } = await commit([
      {
        ...set('ord/d', { a: { integerValue: '1' } }),
        updateTransforms: [{ fieldPath: 'a', increment: { integerValue: '1' } }],
      },
    ]);
    expect(body.writeResults[0]?.transformResults).toEqual([{ integerValue: '2' }]);
  });

  it('a transform applies after a masked update of the same field', async () => {
    await commit([set('mo/d', { a: { integerValue: '1' } })]);
    const { body } = await commit([
      {
        ...set('mo/d', { a: { integerValue: '10' } }),
        updateMask: { fieldPaths: ['a'] },
        updateTransforms: [{ fieldPath: 'a', increment: { integerValue: '1' } }],
      },
    ]);
    expect(body.writeResults[0]?.transformResults).toEqual([{ integerValue: '11' }]);
  });

  it('two transforms on one field apply in order', async () => {
    const { status, body } = await commit([
      {
        update: { name: docName(target, 'two/d'), fields: {} },
        updateTransforms: [
          { fieldPath: 'a', increment: { integerValue: '1' } },
          { fieldPath: 'a', increment: { integerValue: '2' } },
        ],
      },
    ]);
    expect(status).toBe(200);
    expect(body.writeResults[0]?.transformResults).toEqual([
      { integerValue: '1' },
      { integerValue: '3' },
    ]);
  });

  it('a transform through a non-map parent replaces it with a map', async () => {
    await commit([set('par/d', { a: { integerValue: '1' } })]);
    await commit([transform('par/d', [{ fieldPath: 'a.b', increment: { integerValue: '1' } }])]);
    expect(await fieldsOf('par/d')).toEqual({
      a: { mapValue: { fields: { b: { integerValue: '1' } } } },
    });
  });

  it('a standalone transform write updates or creates the document', async () => {
    await commit([set('sa/d', { n: { integerValue: '1' } })]);
    const one = await commit([
      {
        transform: {
          document: docName(target, 'sa/d'),
          fieldTransforms: [{ fieldPath: 'n', increment: { integerValue: '1' } }],
        },
      },
    ]);
    expect(one.body.writeResults[0]?.transformResults).toEqual([{ integerValue: '2' }]);
    await commit([
      {
        transform: {
          document: docName(target, 'sa/missing'),
          fieldTransforms: [{ fieldPath: 'n', increment: { integerValue: '1' } }],
        },
      },
    ]);
    expect(await fieldsOf('sa/missing')).toEqual({ n: { integerValue: '1' } });
  });

  it('a transform that changes nothing keeps the update time', async () => {
    const first = await commit([
      set('noop/d', { a: { arrayValue: { values: [{ integerValue: '1' }] } } }),
    ]);
    const second = await commit([
      transform('noop/d', [
        { fieldPath: 'a', appendMissingElements: { values: [{ integerValue: '1' }] } },
      ]),
    ]);
    expect(second.body.writeResults[0]?.updateTime).toBe(first.body.commitTime);
    expect(second.body.commitTime).toMatch(TIME);
    expect(second.body.commitTime).not.toBe(first.body.commitTime);
  });

  it('increment by a string is 400 "Input must be int64 or double."', async () => {
    const res = await commit([
      {
        update: { name: docName(target, 'bad/d'), fields: {} },
        updateTransforms: [{ fieldPath: 'a', increment: { stringValue: 'x' } }],
      },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('Input must be int64 or double.');
  });
});
