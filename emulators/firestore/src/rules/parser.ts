import type {
  RulesService,
  AllowMethod,
  AllowStmt,
  BinaryOp,
  Expr,
  FunctionDecl,
  LetBinding,
  MatchBlock,
  PathPart,
  PatternSegment,
  Pos,
  RulesetAst,
} from './ast.js';
import { Lexer, isIdentPart, type Token } from './lexer.js';
import { RBytes } from './values.js';

const ALLOW_METHODS = new Set<AllowMethod>([
  'get',
  'list',
  'create',
  'update',
  'delete',
  'read',
  'write',
]);
const RELATIONS = new Set(['==', '!=', '<', '<=', '>', '>=']);
const RESERVED = new Set([
  'true',
  'false',
  'null',
  'in',
  'is',
  'if',
  'let',
  'return',
  'function',
  'match',
  'allow',
]);

/** Parses a `service cloud.firestore` (or `firebase.storage`) ruleset. Throws RulesSyntaxError. */
export function parseRules(
  source: string,
  file = 'firestore.rules',
  service: RulesService = 'cloud.firestore',
): RulesetAst {
  return new Parser(source, file).parseRuleset(service);
}

/** Parses a single expression (used by tests and tools). */
export function parseExpression(source: string, file = '<expr>'): Expr {
  const p = new Parser(source, file);
  const e = p.parseExpr();
  p.expectEof();
  return e;
}

class Parser {
  private readonly lx: Lexer;
  private tok: Token;

  constructor(source: string, file: string) {
    this.lx = new Lexer(source, file);
    this.tok = this.lx.next();
  }

  private advance(): Token {
    const t = this.tok;
    this.tok = this.lx.next();
    return t;
  }

  private resetTo(offset: number): void {
    this.lx.pos = offset;
    this.tok = this.lx.next();
  }

  private is(text: string): boolean {
    return (this.tok.type === 'punct' || this.tok.type === 'ident') && this.tok.text === text;
  }

  private accept(text: string): boolean {
    if (!this.is(text)) return false;
    this.advance();
    return true;
  }

  private describe(t: Token): string {
    return t.type === 'eof' ? 'end of file' : `'${t.text}'`;
  }

  private fail(message: string, t: Token = this.tok): never {
    throw this.lx.error(t.start, message);
  }

  private expect(text: string, context = ''): Token {
    if (!this.is(text))
      this.fail(
        `expected '${text}'${context ? ' ' + context : ''} but found ${this.describe(this.tok)}`,
      );
    return this.advance();
  }

  private ident(what: string): Token {
    if (this.tok.type !== 'ident')
      this.fail(`expected ${what} but found ${this.describe(this.tok)}`);
    return this.advance();
  }

  expectEof(): void {
    if (this.tok.type !== 'eof') this.fail(`unexpected ${this.describe(this.tok)}`);
  }

  private pos(t: Token): Pos {
    return { line: t.line, column: t.column };
  }

  parseRuleset(expected: RulesService): RulesetAst {
    let version: string | null = null;
    if (this.is('rules_version')) {
      this.advance();
      this.expect('=');
      const v = this.tok;
      if (v.type !== 'string')
        this.fail(`expected a string after rules_version = but found ${this.describe(v)}`);
      this.advance();
      if (v.value !== '1' && v.value !== '2')
        this.fail(`unsupported rules_version '${v.value}'`, v);
      version = v.value;
      this.expect(';', 'after rules_version');
    }
    const svc = this.tok;
    if (!this.is('service')) this.fail(`expected 'service' but found ${this.describe(svc)}`);
    this.advance();
    let service = this.ident('a service name').text;
    while (this.accept('.')) service += '.' + this.ident('a service name').text;
    if (service !== expected)
      this.fail(`expected service ${expected} but found service ${service}`, svc);
    this.expect('{', 'to open the service block');
    const functions: FunctionDecl[] = [];
    const matches: MatchBlock[] = [];
    while (!this.is('}')) {
      if (this.is('function')) functions.push(this.parseFunction());
      else if (this.is('match')) matches.push(this.parseMatch());
      else this.fail(`expected 'match' or 'function' but found ${this.describe(this.tok)}`);
    }
    this.advance();
    this.expectEof();
    return { version, service, functions, matches };
  }

  private parseFunction(): FunctionDecl {
    const start = this.expect('function');
    const name = this.ident('a function name').text;
    this.expect('(');
    const params: string[] = [];
    if (!this.is(')')) {
      do params.push(this.ident('a parameter name').text);
      while (this.accept(','));
    }
    this.expect(')', 'after the parameters');
    this.expect('{', 'to open the function body');
    const lets: LetBinding[] = [];
    while (this.is('let')) {
      const l = this.advance();
      const letName = this.ident('a variable name after let').text;
      this.expect('=');
      const expr = this.parseExpr();
      this.expect(';', 'after the let binding');
      lets.push({ name: letName, expr, ...this.pos(l) });
    }
    this.expect('return', 'in the function body');
    const body = this.parseExpr();
    this.accept(';');
    this.expect('}', 'to close the function body');
    return { name, params, lets, body, ...this.pos(start) };
  }

  private parseMatch(): MatchBlock {
    const start = this.expect('match');
    const pattern = this.readMatchPattern();
    this.expect('{', 'to open the match block');
    const block: MatchBlock = {
      pattern,
      functions: [],
      allows: [],
      children: [],
      ...this.pos(start),
    };
    while (!this.is('}')) {
      if (this.is('match')) block.children.push(this.parseMatch());
      else if (this.is('allow')) block.allows.push(this.parseAllow());
      else if (this.is('function')) block.functions.push(this.parseFunction());
      else
        this.fail(`expected 'match', 'allow' or 'function' but found ${this.describe(this.tok)}`);
    }
    this.advance();
    return block;
  }

  /** Reads `/a/{b}/{c=**}` straight from the source (the token lookahead is discarded). */
  private readMatchPattern(): PatternSegment[] {
    const src = this.lx.source;
    let p = this.tok.start;
    if (src[p] !== '/')
      this.fail(
        `expected a path starting with '/' after match but found ${this.describe(this.tok)}`,
      );
    const segments: PatternSegment[] = [];
    let rest = 0;
    while (src[p] === '/') {
      p++;
      if (src[p] === '{') {
        const close = src.indexOf('}', p);
        const body = close < 0 ? '' : src.slice(p + 1, close);
        const m = /^([A-Za-z_][A-Za-z0-9_]*)(=\*\*)?$/.exec(body);
        if (!m)
          throw this.lx.error(
            p,
            `malformed path variable '{${body}}': expected {name} or {name=**}`,
          );
        if (m[2]) {
          rest++;
          if (rest > 1)
            throw this.lx.error(
              p,
              'only one recursive wildcard {name=**} is allowed in a match path',
            );
          segments.push({ kind: 'rest', name: m[1] as string });
        } else {
          segments.push({ kind: 'single', name: m[1] as string });
        }
        p = close + 1;
      } else {
        const s = p;
        while (p < src.length && !/[\s/{}]/.test(src[p] as string)) p++;
        if (p === s) throw this.lx.error(s, 'empty path segment in match path');
        const text = src.slice(s, p);
        if (text.includes('*'))
          throw this.lx.error(s, `'${text}': wildcards are written {name} or {name=**}`);
        segments.push({ kind: 'literal', text });
      }
    }
    this.resetTo(p);
    return segments;
  }

  private parseAllow(): AllowStmt {
    const start = this.expect('allow');
    const methods: AllowMethod[] = [];
    do {
      const m = this.ident('a method (get, list, create, update, delete, read, write)');
      if (!ALLOW_METHODS.has(m.text as AllowMethod))
        this.fail(
          `unknown method '${m.text}': expected get, list, create, update, delete, read or write`,
          m,
        );
      methods.push(m.text as AllowMethod);
    } while (this.accept(','));
    let condition: Expr | null = null;
    if (this.accept(':')) {
      this.expect('if', "after ':'");
      condition = this.parseExpr();
    }
    // The official compiler accepts a missing ';' before the next statement or the closing brace.
    if (!(this.is('}') || this.is('allow') || this.is('match') || this.is('function')))
      this.expect(';', 'after the allow statement');
    else this.accept(';');
    return { methods, condition, ...this.pos(start) };
  }

  parseExpr(): Expr {
    const test = this.parseOr();
    if (this.is('?')) {
      const q = this.advance();
      const then = this.parseExpr();
      this.expect(':', 'in the conditional expression');
      const otherwise = this.parseExpr();
      return { kind: 'cond', test, then, otherwise, ...this.pos(q) };
    }
    return test;
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.is('||')) {
      const t = this.advance();
      left = { kind: 'or', left, right: this.parseAnd(), ...this.pos(t) };
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseRelation();
    while (this.is('&&')) {
      const t = this.advance();
      left = { kind: 'and', left, right: this.parseRelation(), ...this.pos(t) };
    }
    return left;
  }

  private parseRelation(): Expr {
    let left = this.parseAdditive();
    for (;;) {
      const t = this.tok;
      if (t.type === 'punct' && RELATIONS.has(t.text)) {
        this.advance();
        left = {
          kind: 'binary',
          op: t.text as BinaryOp,
          left,
          right: this.parseAdditive(),
          ...this.pos(t),
        };
      } else if (t.type === 'ident' && t.text === 'in') {
        this.advance();
        left = { kind: 'binary', op: 'in', left, right: this.parseAdditive(), ...this.pos(t) };
      } else if (t.type === 'ident' && t.text === 'is') {
        this.advance();
        const typeName = this.ident('a type name after is').text;
        left = { kind: 'is', operand: left, typeName, ...this.pos(t) };
      } else {
        return left;
      }
    }
  }

  private parseAdditive(): Expr {
    let left = this.parseMultiplicative();
    while (this.tok.type === 'punct' && (this.tok.text === '+' || this.tok.text === '-')) {
      const t = this.advance();
      left = {
        kind: 'binary',
        op: t.text as BinaryOp,
        left,
        right: this.parseMultiplicative(),
        ...this.pos(t),
      };
    }
    return left;
  }

  private parseMultiplicative(): Expr {
    let left = this.parseUnary();
    while (
      this.tok.type === 'punct' &&
      (this.tok.text === '*' || this.tok.text === '/' || this.tok.text === '%')
    ) {
      const t = this.advance();
      left = {
        kind: 'binary',
        op: t.text as BinaryOp,
        left,
        right: this.parseUnary(),
        ...this.pos(t),
      };
    }
    return left;
  }

  private parseUnary(): Expr {
    if (this.tok.type === 'punct' && (this.tok.text === '!' || this.tok.text === '-')) {
      const t = this.advance();
      const operand = this.parseUnary();
      if (
        t.text === '-' &&
        operand.kind === 'lit' &&
        (typeof operand.value === 'bigint' || typeof operand.value === 'number')
      ) {
        return { kind: 'lit', value: -operand.value, ...this.pos(t) };
      }
      return { kind: 'unary', op: t.text as '!' | '-', operand, ...this.pos(t) };
    }
    return this.parsePostfix();
  }

  private parsePostfix(): Expr {
    let e = this.parsePrimary();
    for (;;) {
      if (this.is('.')) {
        const t = this.advance();
        const name = this.ident('a field or method name after .').text;
        e = { kind: 'member', object: e, name, ...this.pos(t) };
      } else if (this.is('[')) {
        const t = this.advance();
        let from: Expr | null = null;
        if (!this.is(':')) from = this.parseExpr();
        if (this.accept(':')) {
          const to = this.is(']') ? null : this.parseExpr();
          this.expect(']', 'to close the slice');
          e = { kind: 'slice', object: e, from, to, ...this.pos(t) };
        } else {
          this.expect(']', 'to close the index');
          e = { kind: 'index', object: e, index: from as Expr, ...this.pos(t) };
        }
      } else if (this.is('(')) {
        const t = this.advance();
        const args: Expr[] = [];
        if (!this.is(')')) {
          do args.push(this.parseExpr());
          while (this.accept(','));
        }
        this.expect(')', 'to close the call');
        e = { kind: 'call', callee: e, args, ...this.pos(t) };
      } else {
        return e;
      }
    }
  }

  private parsePrimary(): Expr {
    const t = this.tok;
    const pos = this.pos(t);
    switch (t.type) {
      case 'int': {
        this.advance();
        const v = BigInt(t.text);
        if (v > 2n ** 63n) this.fail('integer literal out of range', t);
        return { kind: 'lit', value: v, ...pos };
      }
      case 'float':
        this.advance();
        return { kind: 'lit', value: Number(t.text), ...pos };
      case 'string':
        this.advance();
        return { kind: 'lit', value: t.value, ...pos };
      case 'bytes':
        this.advance();
        return {
          kind: 'lit',
          value: new RBytes(new Uint8Array([...t.value].map((c) => c.charCodeAt(0) & 0xff))),
          ...pos,
        };
      case 'ident':
        this.advance();
        if (t.text === 'true') return { kind: 'lit', value: true, ...pos };
        if (t.text === 'false') return { kind: 'lit', value: false, ...pos };
        if (t.text === 'null') return { kind: 'lit', value: null, ...pos };
        if (RESERVED.has(t.text)) this.fail(`unexpected keyword '${t.text}' in an expression`, t);
        return { kind: 'ident', name: t.text, ...pos };
      case 'punct':
        break;
      case 'eof':
        this.fail('unexpected end of file in an expression');
    }
    if (t.text === '(') {
      this.advance();
      const e = this.parseExpr();
      this.expect(')', 'to close the parenthesis');
      return e;
    }
    if (t.text === '[') {
      this.advance();
      const items: Expr[] = [];
      while (!this.is(']')) {
        items.push(this.parseExpr());
        if (!this.accept(',')) break;
      }
      this.expect(']', 'to close the list');
      return { kind: 'list', items, ...pos };
    }
    if (t.text === '{') {
      this.advance();
      const entries: { key: Expr; value: Expr }[] = [];
      while (!this.is('}')) {
        const key = this.parseExpr();
        this.expect(':', 'between a map key and its value');
        entries.push({ key, value: this.parseExpr() });
        if (!this.accept(',')) break;
      }
      this.expect('}', 'to close the map');
      return { kind: 'map', entries, ...pos };
    }
    if (t.text === '/') return this.parsePathLiteral(t);
    this.fail(`unexpected ${this.describe(t)} in an expression`);
  }

  /** `/databases/$(database)/documents/users/$(request.auth.uid)`, `/databases/(default)/...` */
  private parsePathLiteral(t: Token): Expr {
    const src = this.lx.source;
    let p = t.start;
    const segments: PathPart[][] = [];
    while (src[p] === '/') {
      p++;
      const parts: PathPart[] = [];
      for (;;) {
        if (src[p] === '$' && src[p + 1] === '(') {
          this.resetTo(p + 2);
          parts.push(this.parseExpr());
          const close = this.expect(')', 'to close $(');
          p = close.end;
        } else if (src[p] === '(' && /^\([A-Za-z0-9_-]+\)/.test(src.slice(p, p + 130))) {
          // A literal database name in parentheses: /databases/(default)/documents/...
          const close = src.indexOf(')', p);
          parts.push(src.slice(p, close + 1));
          p = close + 1;
        } else if (p < src.length && isPathChar(src[p] as string)) {
          const s = p;
          while (p < src.length && isPathChar(src[p] as string)) p++;
          parts.push(src.slice(s, p));
        } else {
          break;
        }
      }
      if (parts.length === 0) throw this.lx.error(p, 'empty segment in path literal');
      segments.push(parts);
    }
    this.resetTo(p);
    return { kind: 'path', segments, line: t.line, column: t.column };
  }
}

function isPathChar(c: string): boolean {
  return (
    isIdentPart(c) || c === '-' || c === '.' || c === '~' || c === '%' || c === '@' || c === '+'
  );
}
