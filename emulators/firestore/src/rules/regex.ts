import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';
import { evalError } from './errors.js';

/**
 * Rules' `matches`, `split` and `replace` use RE2 syntax, so they run on `re2js` (a pure-JS port
 * of RE2 via Go's regexp), never on JavaScript's RegExp: no backreferences or lookaround, `(?i)`
 * flags, POSIX and Unicode classes work as in production, and the text is matched by code point
 * (`.` takes a whole emoji). Compiled patterns are cached.
 *
 * re2js's own `split` and `replaceAll` follow Java (RE2/J) and JavaScript conventions, not RE2's,
 * so both are done here on top of the matcher: matches are enumerated the RE2 way (an empty match
 * right after the previous match is not a match) and replacements use RE2's rewrite syntax.
 */
const cache = new Map<string, RE2JS>();
const CACHE_MAX = 512;

/** re2js is loaded by the first rules regex (its Unicode tables cost an idle emulator ~2 MB). */
let re2js: typeof RE2JS | undefined;
function engine(): typeof RE2JS {
  re2js ??= (createRequire(import.meta.url)('re2js') as { RE2JS: typeof RE2JS }).RE2JS;
  return re2js;
}

function compile(pattern: string): RE2JS {
  let re = cache.get(pattern);
  if (re === undefined) {
    try {
      // No flags: lookbehinds (an re2js extension) stay a syntax error, as in RE2.
      re = engine().compile(pattern);
    } catch (e) {
      throw evalError(`Invalid regular expression '${pattern}': ${(e as Error).message}`);
    }
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(pattern, re);
  }
  return re;
}

/** Full match: the whole string must match the pattern (RE2::FullMatch). */
export function fullMatch(text: string, pattern: string): boolean {
  return compile(pattern).testExact(text);
}

interface Match {
  start: number;
  end: number;
  /** Groups 0..n as UTF-16 offsets into the text; -1 for a group that did not take part. */
  groups: number[];
}

/**
 * Successive non-overlapping matches, leftmost-first, as RE2's GlobalReplace and Go's FindAll
 * enumerate them: after each match the search resumes at its end (one code point further for an
 * empty match), and an empty match that touches the end of the previous match is skipped. Offsets
 * are UTF-16 indices; the step over an empty match never splits a surrogate pair.
 */
function allMatches(re: RE2JS, text: string, withGroups: boolean): Match[] {
  const m = re.matcher(text);
  const groupCount = withGroups ? m.groupCount() : 0;
  const out: Match[] = [];
  let pos = 0;
  let previousEnd = -1;
  while (pos <= text.length && m.find(pos)) {
    const start = m.start();
    const end = m.end();
    let accept = true;
    if (end === pos) {
      // An empty match at the search position: step one code point so the search moves on.
      if (start === previousEnd) accept = false;
      pos += pos < text.length && (text.codePointAt(pos) as number) > 0xffff ? 2 : 1;
    } else {
      pos = end;
    }
    previousEnd = end;
    if (accept) {
      const groups: number[] = [start, end];
      for (let g = 1; g <= groupCount; g++) groups.push(m.start(g), m.end(g));
      out.push({ start, end, groups });
    }
  }
  return out;
}

/**
 * The pieces between matches, leading and trailing empty pieces included. An empty match at the
 * very start or end of the text separates nothing, so `'abc'.split('')` is `['a', 'b', 'c']`.
 * Capturing groups are not spliced into the result (unlike JavaScript's `String.split`).
 */
export function regexSplit(text: string, pattern: string): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (const { start, end } of allMatches(compile(pattern), text, false)) {
    if (end === 0 || (start === end && start === text.length)) continue;
    pieces.push(text.slice(from, start));
    from = end;
  }
  pieces.push(text.slice(from));
  return pieces;
}

type Rewrite = (string | number)[];

/**
 * Parses a replacement in RE2's rewrite syntax: `\0` is the whole match, `\1`..`\9` a group,
 * `\\` a backslash; everything else, `$` included, is literal. Any other backslash, or a group
 * the pattern does not have, makes the rewrite invalid (an evaluation error).
 */
function parseRewrite(replacement: string, groupCount: number): Rewrite {
  const parts: Rewrite = [];
  let literal = '';
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i] as string;
    if (c !== '\\') {
      literal += c;
      continue;
    }
    const next = replacement[++i];
    if (next === '\\') {
      literal += '\\';
    } else if (next !== undefined && next >= '0' && next <= '9') {
      const group = next.charCodeAt(0) - 48;
      if (group > groupCount) {
        throw evalError(
          `Invalid replacement '${replacement}': \\${group} but the pattern has ${groupCount} group(s)`,
        );
      }
      if (literal !== '') parts.push(literal);
      literal = '';
      parts.push(group);
    } else {
      throw evalError(
        `Invalid replacement '${replacement}': a backslash must be followed by a digit or a backslash`,
      );
    }
  }
  if (literal !== '') parts.push(literal);
  return parts;
}

/** Replaces every match (RE2::GlobalReplace); `\0`..`\9` in the replacement refer to groups. */
export function regexReplace(text: string, pattern: string, replacement: string): string {
  const re = compile(pattern);
  const rewrite = parseRewrite(replacement, re.groupCount());
  const withGroups = rewrite.some((p) => typeof p === 'number');
  let out = '';
  let from = 0;
  for (const { start, end, groups } of allMatches(re, text, withGroups)) {
    out += text.slice(from, start);
    for (const part of rewrite) {
      if (typeof part === 'string') {
        out += part;
      } else {
        const gs = groups[2 * part] as number;
        if (gs >= 0) out += text.slice(gs, groups[2 * part + 1]);
      }
    }
    from = end;
  }
  return out + text.slice(from);
}
