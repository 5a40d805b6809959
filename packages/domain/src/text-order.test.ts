import { describe, expect, it } from 'vitest';
import {
  compareCodes,
  compareText,
  compareTextKeys,
  PUNCTUATION_ORDER,
  textOrderKey,
} from './text-order';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const sign = (value: number) => Math.sign(value);

/**
 * The spaces, punctuation and symbols the order must place as the collator does: every printable
 * ASCII character but letters and digits, and the typographic ones names are typed or pasted
 * with. PUNCTUATION_ORDER must hold exactly these (the no-break space folds to a space).
 */
const ASCII_SYMBOLS = Array.from({ length: 95 }, (_, index) =>
  String.fromCharCode(32 + index),
).filter((char) => !/[A-Za-z0-9]/.test(char));
const SYMBOLS = [
  ...ASCII_SYMBOLS,
  ...'\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u00b0\u00a9\u00ae\u00a3\u20ac',
];
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'éèêëÉáàâäÀñÑüÜöÖôçÇøØłßæœíîïóúû';
const COMPATIBLE = ['\u2122', '\ufb01', '\u2026'];
const ALPHABET = [...LETTERS, ...'0123456789', ...SYMBOLS, '\u00a0', ...ACCENTED, ...COMPATIBLE];

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function randomText(next: () => number, alphabet: readonly string[], maxLength: number): string {
  const length = Math.floor(next() * (maxLength + 1));
  let text = '';
  for (let index = 0; index < length; index += 1) {
    text += alphabet[Math.floor(next() * alphabet.length)];
  }
  return text;
}

const NAMES = [
  'Purple Dream Syrup',
  'purple dream syrup',
  'Blue Coast',
  'Blue-Coast',
  'Blue Coast 2',
  'Blue Coast 10',
  'Blue Coast 010',
  'Slushie Machine XL',
  'Slushie Machine (2 bowl)',
  'Slushie Machine – 3 bowl',
  'Piña Colada',
  'Pina Colada',
  'Crème Brûlée',
  'Electric Slush™ Cup',
  'Electric Slush Cup',
  '12 oz Cups',
  '8 oz Cups',
  '#1 Best Seller',
  '$5 Sampler',
  'Mango Tango!',
  'Mango Tango',
  "Grandma's Grape",
  '"Quoted" Cherry',
  'Zebra',
  'zebra',
  'Ærø Berry',
  'Straße Mix',
  'Strasse Mix',
  '',
];

describe('compareText', () => {
  it("holds PUNCTUATION_ORDER equal to the collator's order of those characters", () => {
    const sorted = [...SYMBOLS].sort(collator.compare);
    const groups: string[] = [];
    for (const char of sorted) {
      const last = groups.at(-1);
      if (last !== undefined && collator.compare(last[0]!, char) === 0) {
        groups[groups.length - 1] = last + char;
      } else {
        groups.push(char);
      }
    }
    expect(groups).toEqual(PUNCTUATION_ORDER);
    // Below the digits, and the digits below the letters, as the classes of the order assume.
    expect(collator.compare(sorted.at(-1)!, '0')).toBeLessThan(0);
    expect(collator.compare('9', 'a')).toBeLessThan(0);
  });

  it('orders product names as the collator does', () => {
    for (const a of NAMES) {
      for (const b of NAMES) {
        expect([a, b, sign(compareText(a, b))]).toEqual([a, b, sign(collator.compare(a, b))]);
      }
    }
    expect([...NAMES].sort(compareText)).toEqual([...NAMES].sort(collator.compare));
  });

  it('agrees with the collator on 60,000 random pairs of its alphabet', () => {
    const next = random(2026);
    for (let pair = 0; pair < 30_000; pair += 1) {
      const a = randomText(next, ALPHABET, 6);
      const b = randomText(next, ALPHABET, 6);
      expect([a, b, sign(compareText(a, b))]).toEqual([a, b, sign(collator.compare(a, b))]);
      // Pairs that share a beginning, where the later characters decide.
      const c = a + randomText(next, ALPHABET, 3);
      const d = a + randomText(next, ALPHABET, 3);
      expect([c, d, sign(compareText(c, d))]).toEqual([c, d, sign(collator.compare(c, d))]);
    }
  });

  it('compares numbers by value, whatever their leading zeros', () => {
    expect(compareText('Syrup 2', 'Syrup 10')).toBeLessThan(0);
    expect(compareText('Syrup 007', 'Syrup 7')).toBe(0);
    expect(compareText('1,000', '999')).toBeLessThan(0);
    expect(compareText('99999999999999999999', '100000000000000000000')).toBeLessThan(0);
  });

  it('sorts keys made once as it sorts the names', () => {
    const keys = NAMES.map(textOrderKey);
    const byKeys = NAMES.map((_, index) => index)
      .sort((a, b) => compareTextKeys(keys[a]!, keys[b]!))
      .map((index) => NAMES[index]);
    expect(byKeys).toEqual([...NAMES].sort(compareText));
  });

  it('puts other scripts after the letters, in code point order', () => {
    expect(compareText('z', 'Ω')).toBeLessThan(0);
    expect(compareText('Ω', 'Я')).toBeLessThan(0);
  });
});

describe('compareCodes', () => {
  it('compares character by character', () => {
    expect(compareCodes('2026-01-02', '2026-01-10')).toBeLessThan(0);
    expect(compareCodes('B', 'a')).toBeLessThan(0);
    expect(compareCodes('id-1', 'id-1')).toBe(0);
  });
});
