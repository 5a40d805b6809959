/**
 * The order of names people read in a list (products, categories, lists, companies, tutorials):
 * letters without regard to case or accents, numbers by their value ("Syrup 2" before
 * "Syrup 10"), spaces and punctuation before digits, digits before letters. It is the order of
 * `Intl.Collator('en', { sensitivity: 'base', numeric: true })` for the text the portal's names
 * are made of (tests hold the two equal: text-order.test.ts), written out so that no page needs
 * a collator: a page's first collator, or first `localeCompare`, loads ICU's collation data,
 * about 9 ms of the main thread in a fresh Chromium page on a laptop (four times that on a
 * mid-range phone), inside the render that first sorts.
 *
 * What it covers like the collator: Latin letters with or without accents (é, ñ, ü, ç, ø, ł, ß
 * as ss, æ as ae, œ as oe), the compatibility forms Unicode spells with letters (™ as tm, ﬁ as
 * fi), digits, the no-break space, and the punctuation and symbols of PUNCTUATION_ORDER. Where
 * it is not the collator's: characters of other scripts and other symbols come after the
 * letters in code point order, where the collator has an order of its own for each; text equal
 * apart from case or accents compares equal, as with the collator (a stable sort keeps the
 * order it was given).
 */
import { foldCase } from './fold-case';

/**
 * Spaces, punctuation and symbols in the collator's order, each group a run of characters it
 * holds equal (regenerated and checked against Intl.Collator by text-order.test.ts).
 */
export const PUNCTUATION_ORDER: readonly string[] = [
  ' ',
  '_',
  '-',
  '\u2013',
  '\u2014',
  ',',
  ';',
  ':',
  '!',
  '?',
  '.',
  "'\u2018\u2019",
  '"\u201c\u201d',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '@',
  '*',
  '/',
  '\\',
  '&',
  '#',
  '%',
  '\u2022',
  '`',
  '^',
  '\u00b0',
  '\u00a9',
  '\u00ae',
  '+',
  '<',
  '=',
  '>',
  '|',
  '~',
  '$',
  '\u00a3',
  '\u20ac',
];

const PUNCTUATION_RANK = new Map<string, number>(
  PUNCTUATION_ORDER.flatMap((group, rank) => [...group].map((char) => [char, rank] as const)),
);

/** Letters the compatibility decomposition leaves whole, as the collator spells them. */
const LETTER_SPELLINGS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
};

const DIGITS = /^[0-9]$/;

/**
 * A name as the order compares it: a list of units, each a digit run (its digits without leading
 * zeros, a string) or one other character (a number: its class, then its rank in the class).
 */
export type TextOrderKey = readonly (string | number)[];

// A character's class, in order: punctuation and spaces, [digits], letters a to z, the rest.
const PUNCTUATION = 0;
const LETTER = 2 * 0x110000;
const OTHER = 3 * 0x110000;

/** The units of `text` in the order's terms (precompute it to sort many names). */
export function textOrderKey(text: string): TextOrderKey {
  const folded = foldCase(text).replace(
    /[ßæœøłđ]/g,
    (letter) => LETTER_SPELLINGS[letter] ?? letter,
  );
  const units: (string | number)[] = [];
  let digits = '';
  for (const char of folded) {
    if (DIGITS.test(char)) {
      digits += char;
      continue;
    }
    if (digits) units.push(withoutLeadingZeros(digits));
    digits = '';
    const code = char.codePointAt(0)!;
    const rank = PUNCTUATION_RANK.get(char);
    if (rank !== undefined) units.push(PUNCTUATION + rank);
    else if (code >= 97 && code <= 122) units.push(LETTER + code);
    else units.push(OTHER + code);
  }
  if (digits) units.push(withoutLeadingZeros(digits));
  return units;
}

function withoutLeadingZeros(digits: string): string {
  return digits.replace(/^0+/, '');
}

/** Two digit runs by their value (both without leading zeros). */
function compareNumbers(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Negative when `a` comes first, positive when `b` does, 0 when the order holds them equal. */
export function compareTextKeys(a: TextOrderKey, b: TextOrderKey): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const x = a[index]!;
    const y = b[index]!;
    if (typeof x === 'string') {
      if (typeof y === 'string') {
        const byValue = compareNumbers(x, y);
        if (byValue !== 0) return byValue;
      } else {
        return y < LETTER ? 1 : -1;
      }
    } else if (typeof y === 'string') {
      return x < LETTER ? -1 : 1;
    } else if (x !== y) {
      return x - y;
    }
  }
  return a.length - b.length;
}

/** Two names in the order people read a list in (see the top of this module). */
export function compareText(a: string, b: string): number {
  return compareTextKeys(textOrderKey(a), textOrderKey(b));
}

/** Two identifiers or ISO dates, character by character (no collation: they are not words). */
export function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
