// Firestore value ordering and equality (the helpers the rules engine also uses).
import { describe, expect, it } from 'vitest';
import { parseFieldPath } from '../src/store/field-path.js';
import { formatTimestamp, parseTimestamp } from '../src/store/timestamp.js';
import {
  compareReferences,
  compareValues,
  typeOrder,
  valuesEqual,
  valuesIdentical,
  type Value,
} from '../src/store/value.js';

const ordered: [string, Value][] = [
  ['null', { nullValue: null }],
  ['false', { booleanValue: false }],
  ['true', { booleanValue: true }],
  ['NaN', { doubleValue: Number.NaN }],
  ['-Infinity', { doubleValue: -Infinity }],
  ['min int64', { integerValue: '-9223372036854775808' }],
  // 15 characters and fewer compare as doubles, longer ones exactly (store/value.ts).
  ['-(10^15)', { integerValue: '-1000000000000000' }],
  ['-(10^14 - 1)', { integerValue: '-99999999999999' }],
  ['-1.5', { doubleValue: -1.5 }],
  ['0', { integerValue: '0' }],
  ['0.5', { doubleValue: 0.5 }],
  ['1', { integerValue: '1' }],
  ['10^14', { integerValue: '100000000000000' }],
  ['10^15 - 2', { integerValue: '999999999999998' }],
  ['10^15 - 1', { integerValue: '999999999999999' }],
  ['10^15', { integerValue: '1000000000000000' }],
  ['2^53', { integerValue: '9007199254740992' }],
  ['2^53 + 1', { integerValue: '9007199254740993' }],
  ['max int64', { integerValue: '9223372036854775807' }],
  ['Infinity', { doubleValue: Infinity }],
  ['epoch', { timestampValue: '1970-01-01T00:00:00Z' }],
  ['epoch + 1µs', { timestampValue: '1970-01-01T00:00:00.000001Z' }],
  ['empty string', { stringValue: '' }],
  ['"a"', { stringValue: 'a' }],
  ['"b"', { stringValue: 'b' }],
  ['U+FFFD', { stringValue: '\uFFFD' }],
  ['emoji', { stringValue: '😀' }],
  ['bytes 00', { bytesValue: 'AA==' }],
  ['bytes ff', { bytesValue: '/w==' }],
  ['ref a/__id-5__', { referenceValue: 'projects/p/databases/(default)/documents/a/__id-5__' }],
  ['ref a/__id7__', { referenceValue: 'projects/p/databases/(default)/documents/a/__id7__' }],
  ['ref a/__id10__', { referenceValue: 'projects/p/databases/(default)/documents/a/__id10__' }],
  ['ref a/1', { referenceValue: 'projects/p/databases/(default)/documents/a/1' }],
  ['ref a/1/b/1', { referenceValue: 'projects/p/databases/(default)/documents/a/1/b/1' }],
  ['ref b/1', { referenceValue: 'projects/p/databases/(default)/documents/b/1' }],
  ['geo (-1, 5)', { geoPointValue: { latitude: -1, longitude: 5 } }],
  ['geo (0, 0)', { geoPointValue: {} }],
  ['[]', { arrayValue: {} }],
  ['[1]', { arrayValue: { values: [{ integerValue: '1' }] } }],
  ['[1, 1]', { arrayValue: { values: [{ integerValue: '1' }, { integerValue: '1' }] } }],
  ['[2]', { arrayValue: { values: [{ integerValue: '2' }] } }],
  ['{}', { mapValue: {} }],
  ['{a: 1}', { mapValue: { fields: { a: { integerValue: '1' } } } }],
  ['{a: 2}', { mapValue: { fields: { a: { integerValue: '2' } } } }],
  ['{b: 0}', { mapValue: { fields: { b: { integerValue: '0' } } } }],
];

describe('value order', () => {
  for (let i = 0; i < ordered.length - 1; i++) {
    const [la, a] = ordered[i] as [string, Value];
    const [lb, b] = ordered[i + 1] as [string, Value];
    it(`${la} < ${lb}`, () => {
      expect(compareValues(a, b)).toBeLessThan(0);
      expect(compareValues(b, a)).toBeGreaterThan(0);
    });
  }

  it('integers and doubles compare by value', () => {
    expect(compareValues({ integerValue: '1' }, { doubleValue: 1 })).toBe(0);
    expect(valuesEqual({ integerValue: '3' }, { doubleValue: 3 })).toBe(true);
    expect(
      compareValues({ integerValue: '9007199254740993' }, { doubleValue: 9007199254740992 }),
    ).toBeGreaterThan(0);
  });

  it('NaN equals NaN and -0 equals 0', () => {
    expect(valuesEqual({ doubleValue: Number.NaN }, { doubleValue: Number.NaN })).toBe(true);
    expect(valuesEqual({ doubleValue: -0 }, { doubleValue: 0 })).toBe(true);
  });

  it('identity distinguishes 1 from 1.0, equality does not', () => {
    expect(valuesIdentical({ integerValue: '1' }, { doubleValue: 1 })).toBe(false);
    expect(
      valuesIdentical(
        { mapValue: { fields: { a: { integerValue: '1' } } } },
        { mapValue: { fields: { a: { integerValue: '1' } } } },
      ),
    ).toBe(true);
  });

  it('timestamps with different fraction lengths compare by instant', () => {
    expect(
      compareValues(
        { timestampValue: '2020-01-01T00:00:00.120Z' },
        { timestampValue: '2020-01-01T00:00:00Z' },
      ),
    ).toBeGreaterThan(0);
  });

  it('references compare segment by segment, not as plain strings', () => {
    expect(compareReferences('c/a/x', 'c/a-/x')).toBeLessThan(0);
    expect(compareReferences('p/p1/p/sub1', 'p/p2')).toBeLessThan(0);
    expect(compareReferences('c/__id9__', 'c/__id10__')).toBeLessThan(0);
    expect(compareReferences('c/__id10__', 'c/a')).toBeLessThan(0);
  });

  it('timestamps with 0, 3, 6 and 9 fraction digits order by instant', () => {
    const ts = [
      '2020-01-01T00:00:00Z',
      '2020-01-01T00:00:00.000001Z',
      '2020-01-01T00:00:00.000001001Z',
      '2020-01-01T00:00:00.120Z',
      '2020-01-01T00:00:01Z',
    ];
    for (let i = 0; i < ts.length - 1; i++) {
      expect(
        compareValues({ timestampValue: ts[i] as string }, { timestampValue: ts[i + 1] as string }),
      ).toBeLessThan(0);
    }
  });

  it('numbers share one type order', () => {
    expect(typeOrder({ integerValue: '1' })).toBe(typeOrder({ doubleValue: Number.NaN }));
  });
});

describe('timestamps and field paths', () => {
  it.each([
    ['2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z'],
    ['2020-01-01T01:00:00+01:00', '2020-01-01T00:00:00Z'],
    ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00Z'],
    ['9999-12-31T23:59:59.999999999Z', '9999-12-31T23:59:59.999999999Z'],
    ['2024-02-29T12:34:56.5Z', '2024-02-29T12:34:56.500Z'],
  ])('%s formats as %s', (input, output) => {
    const ts = parseTimestamp(input);
    expect(ts).not.toBeNull();
    expect(formatTimestamp(ts as NonNullable<typeof ts>)).toBe(output);
  });

  it.each(['2020-13-01T00:00:00Z', 'yesterday', '2020-01-01 00:00:00Z', '10000-01-01T00:00:00Z'])(
    'rejects %s',
    (input) => {
      expect(parseTimestamp(input)).toBeNull();
    },
  );

  it.each([
    ['a.b', ['a', 'b']],
    ['`a.b`.c', ['a.b', 'c']],
    ['`x\\`y`', ['x`y']],
    ['__name__', ['__name__']],
  ])('parses field path %s', (input, segments) => {
    expect(parseFieldPath(input)).toEqual(segments);
  });

  it.each(['', 'a..b', '.a', 'a.', '1a', '``'])('rejects field path "%s"', (input) => {
    expect(parseFieldPath(input)).toBeNull();
  });
});
