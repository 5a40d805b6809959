import RE2 from 're2';
import { evalError } from './errors.js';

/**
 * Rules' `matches`, `split` and `replace` use RE2 syntax, so they run on the `re2` binding
 * (Google's RE2 itself): no backreferences or lookaround, `(?i)` flags and POSIX classes work
 * exactly as in production. Compiled patterns are cached.
 */
const cache = new Map<string, RE2>();
const CACHE_MAX = 512;

function compile(key: string, source: string, flags: string): RE2 {
  let re = cache.get(key);
  if (re === undefined) {
    try {
      re = new RE2(source, flags);
    } catch (e) {
      throw evalError(`Invalid regular expression '${source}': ${(e as Error).message}`);
    }
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(key, re);
  }
  return re;
}

/** Full match: the whole string must match the pattern. */
export function fullMatch(text: string, pattern: string): boolean {
  return compile('m' + pattern, `^(?:${pattern})$`, 'u').test(text);
}

export function regexSplit(text: string, pattern: string): string[] {
  return text.split(compile('s' + pattern, pattern, 'u'));
}

/** Replaces every match; `\1`..`\9` in the replacement refer to groups, as in RE2's GlobalReplace. */
export function regexReplace(text: string, pattern: string, replacement: string): string {
  const re = compile('g' + pattern, pattern, 'gu');
  re.lastIndex = 0;
  const js = replacement
    .replace(/\$/g, '$$$$')
    .replace(/\\(\d)/g, '$$$1')
    .replace(/\\\\/g, '\\');
  return text.replace(re, js);
}
