import { describe, expect, it } from 'vitest';
import { hasUnsafeText, stripUnsafeText } from './plain-text';

const UNSAFE = [
  '\u0000',
  '\t',
  '\n',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u061c',
  '\u200e',
  '\u200f',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2069',
];

describe('plain text', () => {
  it.each(UNSAFE.map((c) => [c.codePointAt(0)!.toString(16), c]))('finds U+%s', (_code, char) => {
    expect(hasUnsafeText(`Shop${char}Name`)).toBe(true);
    expect(stripUnsafeText(`Shop${char}Name`)).toBe('Shop Name');
  });

  it('leaves letters of every script, emoji and joiners alone', () => {
    for (const name of ['Café Ünïcode', 'متجر السحاب', 'Shop 🧊', 'क्ष', 'a\u200db']) {
      expect(hasUnsafeText(name)).toBe(false);
      expect(stripUnsafeText(name)).toBe(name);
    }
  });

  it('strips runs into one space and trims', () => {
    expect(stripUnsafeText(' \u202eVisit\r\n\u202c https://evil.test ')).toBe(
      'Visit https://evil.test',
    );
  });
});
