import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { RulesEvalError } from '../../src/rules/errors.js';
import { fullMatch, regexReplace, regexSplit } from '../../src/rules/regex.js';
import { judge, request, rules } from './helpers.js';

// string.matches / split / replace use RE2 syntax and semantics in production. Every case states
// the RE2 answer and names an implementation it rules out: JavaScript's RegExp, or a plausible
// wrong port (re2js's own Java-style split/replaceAll, anchoring without a group, a search instead
// of a full match). The test checks both that we give the RE2 answer and that the named
// alternative really gives something else, so no case passes by accident.

type Outcome = unknown;

/** The result of `f`, or 'throws' when it throws (an invalid pattern, say). */
function outcome(f: () => unknown): Outcome {
  try {
    return f();
  } catch {
    return 'throws';
  }
}

/** A rules string or list-of-strings literal (JSON escapes are valid rules escapes). */
function lit(v: string | string[]): string {
  return typeof v === 'string' ? JSON.stringify(v) : `[${v.map((s) => lit(s)).join(', ')}]`;
}

/** Evaluates `expr` as an allow condition and returns the denial reason ('' when allowed). */
function denialReason(expr: string): string {
  const d = rules(`match /t/{id} { allow get: if ${expr}; }`).authorize(request('get', 't/doc'));
  return d.allowed ? '' : d.reason;
}

const matchAlternatives = {
  js: (t: string, p: string) => new RegExp(`^(?:${p})$`).test(t),
  jsSearch: (t: string, p: string) => new RegExp(p).test(t),
  re2jsUngroupedAnchors: (t: string, p: string) => RE2JS.compile(`^${p}$`).test(t),
  re2jsFind: (t: string, p: string) => RE2JS.compile(p).matcher(t).find(),
  re2jsFirstMatchIsWhole: (t: string, p: string) => {
    const m = RE2JS.compile(p).matcher(t);
    return m.find() && m.start() === 0 && m.end() === t.length;
  },
};

type MatchCase = [
  what: string,
  text: string,
  pattern: string,
  expected: boolean | 'error',
  ruledOut: keyof typeof matchAlternatives,
];

const matchCases: MatchCase[] = [
  ['full match, not a search', 'user@example.com.evil', '.*@example[.]com', false, 'jsSearch'],
  ['full match, not a search (plain re2js find)', 'xabcx', 'abc', false, 're2jsFind'],
  ['anchoring covers every alternative', 'xbc', 'a|bc', false, 're2jsUngroupedAnchors'],
  ['a full match takes the longer alternative', 'ab', 'a|ab', true, 're2jsFirstMatchIsWhole'],
  ['(?i) inline flag', 'ABC', '(?i)abc', true, 'js'],
  ['(?i) from the middle of the pattern on', 'abCD', 'ab(?i)cd', true, 'js'],
  ['(?i) is scoped by a group', 'aBc', 'a(?i:b)C', false, 'js'],
  ['[[:alpha:]]', 'abc', '[[:alpha:]]+', true, 'js'],
  ['[[:digit:]]', '2026', '[[:digit:]]+', true, 'js'],
  ['[[:alpha:]] is one class, not a class and a ]', 'a]', '[[:alpha:]]', false, 'js'],
  ['[[:^digit:]] negated POSIX class', 'x', '[[:^digit:]]', true, 'js'],
  ['\\pL Unicode letter', 'héllo', '\\pL+', true, 'js'],
  ['\\p{Greek} Unicode script', 'Ωμέγα', '\\p{Greek}+', true, 'js'],
  ['\\PL negated Unicode class', '42', '\\PL+', true, 'js'],
  ['\\pN Unicode number', '٣', '\\pN', true, 'js'],
  ['\\x{...} code point escape', '😀', '\\x{1F600}', true, 'js'],
  ['. takes a whole emoji', '😀', '.', true, 'js'],
  ['an emoji is not two characters', '😀', '..', false, 'js'],
  ['a class range over emoji', '😁', '[😀-😂]', true, 'js'],
  ['backreference \\1 is invalid', 'aa', '(a)\\1', 'error', 'js'],
  ['lookahead (?=) is invalid', 'ab', 'a(?=b)b', 'error', 'js'],
  ['negative lookahead (?!) is invalid', 'ab', 'a(?!c)b', 'error', 'js'],
  ['lookbehind (?<=) is invalid', 'ab', 'a(?<=a)b', 'error', 'js'],
  ['negative lookbehind (?<!) is invalid', 'ab', 'a(?<!b)b', 'error', 'js'],
];

describe('matches(): RE2 full match', () => {
  it.each(matchCases)('%s: %j matches %j', (_what, text, pattern, expected, ruledOut) => {
    const alternative = outcome(() => matchAlternatives[ruledOut](text, pattern));
    if (expected === 'error') {
      expect(() => fullMatch(text, pattern)).toThrow(RulesEvalError);
      // The alternative silently answers instead of rejecting the pattern.
      expect(typeof alternative).toBe('boolean');
      const reason = denialReason(`${lit(text)}.matches(${lit(pattern)})`);
      expect(reason).toMatch(/^Invalid regular expression '.*': .* for 'get' @ L\d+$/);
      // An error, not false: `x || !x` still denies.
      const x = `${lit(text)}.matches(${lit(pattern)})`;
      expect(judge(`${x} || !${x}`)).toBe('deny');
    } else {
      expect(fullMatch(text, pattern)).toBe(expected);
      expect(alternative).not.toBe(expected);
      expect(judge(`${lit(text)}.matches(${lit(pattern)}) == ${expected}`)).toBe('allow');
    }
  });

  it('the portal rules patterns behave (URL, e-mail)', () => {
    expect(fullMatch('https://example.com/a.png', '^https?://.+')).toBe(true);
    expect(fullMatch('ftp://example.com', '^https?://.+')).toBe(false);
    const email = '^[^@\\s]+@[^@\\s]+[.][^@\\s]+$';
    expect(fullMatch('buyer@example.com', email)).toBe(true);
    expect(fullMatch('buyer@example', email)).toBe(false);
    expect(fullMatch('buyer@exa mple.com', email)).toBe(false);
  });

  it('compiled patterns are reused and an invalid pattern stays an error', () => {
    for (let i = 0; i < 3; i++) {
      expect(fullMatch('SKU-0042', 'SKU-[0-9]{4}')).toBe(true);
      expect(() => fullMatch('aa', '(a)\\1')).toThrow(/Invalid regular expression/);
    }
    // More distinct patterns than the cache holds: the cache is flushed, answers stay right.
    for (let i = 0; i < 600; i++) expect(fullMatch(`n${i}`, `n${i}`)).toBe(true);
  });
});

const splitAlternatives = {
  js: (t: string, p: string) => t.split(new RegExp(p)),
  re2jsSplit: (t: string, p: string) => RE2JS.compile(p).split(t),
  re2jsSplitNoLimit: (t: string, p: string) => RE2JS.compile(p).split(t, -1),
};

type SplitCase = [
  what: string,
  text: string,
  pattern: string,
  expected: string[],
  ruledOut: keyof typeof splitAlternatives,
];

const splitCases: SplitCase[] = [
  ['keeps a trailing empty piece', 'a,b,', ',', ['a', 'b', ''], 're2jsSplit'],
  [
    'keeps leading, inner and trailing empty pieces',
    ',a,,b,',
    ',',
    ['', 'a', '', 'b', ''],
    're2jsSplit',
  ],
  ['a separator-only string gives two empty pieces', ',', ',', ['', ''], 're2jsSplit'],
  ['capturing groups are not spliced in', 'a1b22c', '([0-9]+)', ['a', 'b', 'c'], 'js'],
  ['an empty pattern splits between characters', 'abc', '', ['a', 'b', 'c'], 're2jsSplitNoLimit'],
  [
    'empty matches at the start and end separate nothing',
    'abc',
    'x*',
    ['a', 'b', 'c'],
    're2jsSplitNoLimit',
  ],
  [
    'an empty match right after a match is not a separator',
    'abc',
    'b*',
    ['a', 'c'],
    're2jsSplitNoLimit',
  ],
  ['an empty pattern keeps an emoji whole', 'a😀b', '', ['a', '😀', 'b'], 'js'],
  ['split on an emoji', 'x😀y😀', '😀', ['x', 'y', ''], 're2jsSplit'],
  ['split with (?i) and a POSIX class', 'aXbx1c', '(?i)x[[:digit:]]?', ['a', 'b', 'c'], 'js'],
];

describe('split(): pieces between RE2 matches', () => {
  it.each(splitCases)('%s: %j split %j', (_what, text, pattern, expected, ruledOut) => {
    expect(regexSplit(text, pattern)).toEqual(expected);
    expect(outcome(() => splitAlternatives[ruledOut](text, pattern))).not.toEqual(expected);
    expect(judge(`${lit(text)}.split(${lit(pattern)}) == ${lit(expected)}`)).toBe('allow');
  });

  it('splitting an empty string gives one empty piece', () => {
    expect(regexSplit('', ',')).toEqual(['']);
    expect(judge(`''.split(',') == ['']`)).toBe('allow');
  });

  it('an invalid pattern is an error', () => {
    expect(() => regexSplit('aa', '(a)\\1')).toThrow(RulesEvalError);
    expect(denialReason(`'a/b'.split('(?=/)').size() > 0`)).toMatch(/^Invalid regular expression/);
  });
});

const replaceAlternatives = {
  js: (t: string, p: string, r: string) => t.replace(new RegExp(p, 'g'), r),
  re2jsReplaceAll: (t: string, p: string, r: string) => RE2JS.compile(p).matcher(t).replaceAll(r),
};

type ReplaceCase = [
  what: string,
  text: string,
  pattern: string,
  replacement: string,
  expected: string,
  ruledOut: keyof typeof replaceAlternatives,
];

const replaceCases: ReplaceCase[] = [
  ['\\1 \\2 are groups', 'john smith', '(\\w+) (\\w+)', '\\2, \\1', 'smith, john', 'js'],
  ['\\0 is the whole match', 'a-b', '[a-z]', '<\\0>', '<a>-<b>', 're2jsReplaceAll'],
  ['\\\\ is one backslash', 'a/b', '/', '\\\\', 'a\\b', 'js'],
  ['$1 is literal', 'ab', '(a)', '$1', '$1b', 'js'],
  ['$& and $$ are literal', 'cost', 'cost', '$& $$', '$& $$', 'js'],
  [
    '$ next to a group reference',
    'price 12',
    '([0-9]+)',
    '$\\1.00',
    'price $12.00',
    're2jsReplaceAll',
  ],
  ['an unmatched group inserts nothing', 'ac', 'a(b)?c', '[\\1]', '[]', 'js'],
  ['an empty match right after a match is skipped', 'abc', 'b*', '-', '-a-c-', 're2jsReplaceAll'],
  [
    'an empty pattern inserts between characters, not inside an emoji',
    'a😀',
    '',
    '-',
    '-a-😀-',
    'js',
  ],
  ['. takes a whole emoji', '😀😀', '.', '[\\0]', '[😀][😀]', 'js'],
  ['a group holding an emoji', '😀x', '(.)x', '\\1\\1', '😀😀', 'js'],
  ['(?i) in the pattern', 'Mango MANGO', '(?i)mango', 'kiwi', 'kiwi kiwi', 'js'],
];

describe('replace(): RE2 GlobalReplace', () => {
  it.each(replaceCases)(
    '%s: %j replace %j with %j',
    (_what, text, pattern, replacement, expected, ruledOut) => {
      expect(regexReplace(text, pattern, replacement)).toBe(expected);
      expect(outcome(() => replaceAlternatives[ruledOut](text, pattern, replacement))).not.toBe(
        expected,
      );
      const expr = `${lit(text)}.replace(${lit(pattern)}, ${lit(replacement)}) == ${lit(expected)}`;
      expect(judge(expr)).toBe('allow');
    },
  );

  it.each([
    ['a group the pattern does not have', 'a', '(a)', '\\2'],
    ['\\ followed by a letter', 'a', 'a', '\\n'],
    ['a trailing backslash', 'a', 'a', 'x\\'],
  ])('an invalid replacement is an error: %s', (_what, text, pattern, replacement) => {
    expect(() => regexReplace(text, pattern, replacement)).toThrow(RulesEvalError);
    // JavaScript would have inserted the text literally.
    expect(typeof replaceAlternatives.js(text, pattern, replacement)).toBe('string');
    const reason = denialReason(`${lit(text)}.replace(${lit(pattern)}, ${lit(replacement)}) != ''`);
    expect(reason).toMatch(/^Invalid replacement/);
  });

  it('an invalid pattern is an error', () => {
    expect(() => regexReplace('aa', '(a)\\1', 'x')).toThrow(RulesEvalError);
    expect(denialReason(`'ab'.replace('(?<=a)b', 'x') != ''`)).toMatch(
      /^Invalid regular expression/,
    );
  });
});
