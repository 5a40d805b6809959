// Size and naming limits recorded against the official emulator v1.22.0 (facts from hidane-dev/hidane limits.json).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docName, rest, startTarget, type Target } from './support/target.js';

let target: Target;
beforeAll(async () => {
  target = await startTarget('rest-limits');
});
afterAll(async () => {
  await target.close();
});

type V = Record<string, unknown>;
const str = (n: number, ch = 'x'): V => ({ stringValue: ch.repeat(n) });
const map = (fields: Record<string, V>): V => ({ mapValue: { fields } });
const arr = (...values: V[]): V => ({ arrayValue: { values } });

async function write(
  fields: Record<string, V>,
  path = 'c/x',
): Promise<{ status: number; message: string }> {
  const res = await rest(target, 'POST', ':commit', {
    body: { writes: [{ update: { name: docName(target, path), fields } }] },
  });
  return {
    status: res.status,
    message: res.status === 200 ? '' : res.json<{ error: { message: string } }>().error.message,
  };
}

describe('limits', () => {
  it('a string at the limit is accepted', async () => {
    expect(await write({ s: str(1048487) })).toEqual({ status: 200, message: '' });
  });
  it('a string over the limit is rejected', async () => {
    expect(await write({ s: str(1048488) })).toEqual({
      status: 400,
      message: 'The value of property "s" is longer than 1048487 bytes.',
    });
  });
  it('a multibyte string over the limit in bytes is rejected', async () => {
    expect(await write({ s: str(349496, '€') })).toEqual({
      status: 400,
      message: 'The value of property "s" is longer than 1048487 bytes.',
    });
  });
  it('a multibyte string at the limit is accepted', async () => {
    expect((await write({ s: str(349495, '€') })).status).toBe(200);
  });
  it('a long string in an array names the array', async () => {
    expect(await write({ a: arr(str(1048488)) })).toEqual({
      status: 400,
      message: 'The value of property "array" is longer than 1048487 bytes.',
    });
  });
  it('a long string in a map is an invalid nested entity', async () => {
    expect(await write({ m: map({ s: str(1048488) }) })).toEqual({
      status: 400,
      message: 'Property m contains an invalid nested entity.',
    });
  });
  it('a long string in a map in an array', async () => {
    expect(await write({ a: arr(map({ s: str(1048488) })) })).toEqual({
      status: 400,
      message: 'Property array contains an invalid nested entity.',
    });
  });
  it('a long string in an array in a map', async () => {
    expect(await write({ m: map({ a: arr(str(1048488)) }) })).toEqual({
      status: 400,
      message: 'Property m contains an invalid nested entity.',
    });
  });
  it('a field name of 1500 bytes is accepted', async () => {
    expect((await write({ ['n'.repeat(1500)]: { integerValue: '1' } })).status).toBe(200);
  });
  it('a field name of 1501 bytes is rejected', async () => {
    expect(await write({ ['n'.repeat(1501)]: { integerValue: '1' } })).toEqual({
      status: 400,
      message: 'The property.name is longer than 1500 bytes.',
    });
  });
  it('a nested field name of 1501 bytes is an invalid nested entity', async () => {
    expect(await write({ m: map({ ['k'.repeat(1501)]: { integerValue: '1' } }) })).toEqual({
      status: 400,
      message: 'Property m contains an invalid nested entity.',
    });
  });
  it('a reserved nested name is reported before a long value', async () => {
    expect(await write({ m: map({ __x__: str(1048488) }) })).toEqual({
      status: 400,
      message: "field name '__x__' is reserved.",
    });
  });
  it('a collection id of 1501 bytes is rejected', async () => {
    expect(await write({ a: { integerValue: '1' } }, `${'c'.repeat(1501)}/x`)).toEqual({
      status: 400,
      message: 'The key path element kind is longer than 1500 bytes.',
    });
  });
  it('a document id of 1501 bytes is rejected', async () => {
    expect(await write({ a: { integerValue: '1' } }, `c/${'d'.repeat(1501)}`)).toEqual({
      status: 400,
      message: 'The key path element name is longer than 1500 bytes.',
    });
  });
  it('a document id of 1500 bytes is accepted', async () => {
    expect((await write({ a: { integerValue: '1' } }, `c/${'d'.repeat(1500)}`)).status).toBe(200);
  });
  it('a document well under 1 MiB is accepted', async () => {
    expect((await write({ a: str(500000), b: str(500000) })).status).toBe(200);
  });
  it('a document over 1 MiB is rejected', async () => {
    expect(await write({ a: str(600000), b: str(600000) })).toEqual({
      status: 400,
      message: 'maximum entity size is 1048576 bytes',
    });
  });
  it('a document over 1 MiB in an array is rejected and the stored document is unchanged', async () => {
    const before = await rest(target, 'GET', '/c/x');
    expect(await write({ a: arr(str(600000), str(600000)) })).toEqual({
      status: 400,
      message: 'maximum entity size is 1048576 bytes',
    });
    const after = await rest(target, 'GET', '/c/x');
    expect(after.text).toBe(before.text);
  });
  it('maps nested deeper than 20 levels are rejected', async () => {
    let v: V = { integerValue: '1' };
    for (let i = 0; i < 21; i++) v = map({ f: v });
    expect(await write({ f: v })).toEqual({
      status: 400,
      message: 'Property f contains an invalid nested entity.',
    });
  });
});
