import { RulesSyntaxError } from './errors.js';

export type TokenType = 'ident' | 'int' | 'float' | 'string' | 'bytes' | 'punct' | 'eof';

export interface Token {
  type: TokenType;
  text: string;
  /** Decoded value for string literals. */
  value: string;
  start: number;
  end: number;
  line: number;
  column: number;
}

const PUNCT2 = new Set(['==', '!=', '<=', '>=', '&&', '||']);
const PUNCT1 = new Set('()[]{}.,;:?!<>=+-*/%'.split(''));

/** An on-demand tokenizer; the parser can reposition it to read match paths and path literals. */
export class Lexer {
  pos = 0;
  private readonly lineStarts: number[] = [0];

  constructor(
    readonly source: string,
    readonly file: string,
  ) {
    for (let i = 0; i < source.length; i++)
      if (source.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  lineCol(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.lineStarts[lo] as number) + 1 };
  }

  error(offset: number, message: string): RulesSyntaxError {
    const { line, column } = this.lineCol(offset);
    return new RulesSyntaxError(this.file, line, column, message);
  }

  skipSpace(): void {
    const s = this.source;
    for (;;) {
      const c = s[this.pos];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v') {
        this.pos++;
      } else if (c === '/' && s[this.pos + 1] === '/') {
        const nl = s.indexOf('\n', this.pos);
        this.pos = nl < 0 ? s.length : nl + 1;
      } else if (c === '/' && s[this.pos + 1] === '*') {
        const close = s.indexOf('*/', this.pos + 2);
        if (close < 0) throw this.error(this.pos, 'unterminated /* comment');
        this.pos = close + 2;
      } else {
        return;
      }
    }
  }

  private make(type: TokenType, start: number, value = ''): Token {
    const { line, column } = this.lineCol(start);
    return {
      type,
      text: this.source.slice(start, this.pos),
      value,
      start,
      end: this.pos,
      line,
      column,
    };
  }

  next(): Token {
    this.skipSpace();
    const s = this.source;
    const start = this.pos;
    if (start >= s.length) return this.make('eof', start);
    const c = s[start] as string;
    if (
      (c === 'b' || c === 'B' || c === 'r' || c === 'R') &&
      (s[start + 1] === '"' || s[start + 1] === "'")
    ) {
      this.pos++;
      const value = this.readString(c === 'r' || c === 'R');
      return this.make(c === 'b' || c === 'B' ? 'bytes' : 'string', start, value);
    }
    if (isIdentStart(c)) {
      while (this.pos < s.length && isIdentPart(s[this.pos] as string)) this.pos++;
      return this.make('ident', start);
    }
    if (isDigit(c) || (c === '.' && isDigit(s[start + 1] ?? ''))) return this.readNumber(start);
    if (c === '"' || c === "'") {
      const value = this.readString(false);
      return this.make('string', start, value);
    }
    const two = s.slice(start, start + 2);
    if (PUNCT2.has(two)) {
      this.pos += 2;
      return this.make('punct', start);
    }
    if (PUNCT1.has(c)) {
      this.pos++;
      return this.make('punct', start);
    }
    throw this.error(start, `unexpected character '${c}'`);
  }

  private readNumber(start: number): Token {
    const s = this.source;
    if (s[start] === '0' && (s[start + 1] === 'x' || s[start + 1] === 'X')) {
      this.pos = start + 2;
      while (/[0-9a-fA-F]/.test(s[this.pos] ?? '')) this.pos++;
      if (this.pos === start + 2) throw this.error(start, 'malformed hexadecimal literal');
      return this.make('int', start);
    }
    let isFloat = false;
    while (isDigit(s[this.pos] ?? '')) this.pos++;
    if (s[this.pos] === '.' && isDigit(s[this.pos + 1] ?? '')) {
      isFloat = true;
      this.pos++;
      while (isDigit(s[this.pos] ?? '')) this.pos++;
    }
    if (s[this.pos] === 'e' || s[this.pos] === 'E') {
      let p = this.pos + 1;
      if (s[p] === '+' || s[p] === '-') p++;
      if (isDigit(s[p] ?? '')) {
        isFloat = true;
        this.pos = p;
        while (isDigit(s[this.pos] ?? '')) this.pos++;
      }
    }
    return this.make(isFloat ? 'float' : 'int', start);
  }

  private readString(raw: boolean): string {
    const s = this.source;
    const quote = s[this.pos] as string;
    const open = this.pos;
    this.pos++;
    let out = '';
    for (;;) {
      if (this.pos >= s.length || s[this.pos] === '\n')
        throw this.error(open, 'unterminated string literal');
      const c = s[this.pos] as string;
      if (c === quote) {
        this.pos++;
        return out;
      }
      if (c === '\\' && !raw) {
        const e = s[this.pos + 1] ?? '';
        this.pos += 2;
        switch (e) {
          case 'n':
            out += '\n';
            break;
          case 't':
            out += '\t';
            break;
          case 'r':
            out += '\r';
            break;
          case 'b':
            out += '\b';
            break;
          case 'f':
            out += '\f';
            break;
          case 'v':
            out += '\v';
            break;
          case 'a':
            out += '\x07';
            break;
          case 'x':
          case 'u':
          case 'U': {
            const len = e === 'x' ? 2 : e === 'u' ? 4 : 8;
            const hex = s.slice(this.pos, this.pos + len);
            if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex))
              throw this.error(this.pos - 2, `malformed \\${e} escape`);
            out += String.fromCodePoint(parseInt(hex, 16));
            this.pos += len;
            break;
          }
          default:
            if (/[0-7]/.test(e)) {
              const oct = s.slice(this.pos - 1, this.pos + 2);
              if (!/^[0-7]{3}$/.test(oct)) throw this.error(this.pos - 2, 'malformed octal escape');
              out += String.fromCharCode(parseInt(oct, 8));
              this.pos += 2;
            } else {
              // \\ \' \" \` \? and, leniently, any other escaped character stand for themselves.
              out += e;
            }
        }
        continue;
      }
      out += c;
      this.pos++;
    }
  }
}

export function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

export function isIdentStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}

export function isIdentPart(c: string): boolean {
  return isIdentStart(c) || isDigit(c);
}
