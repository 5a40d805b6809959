import { describe, expect, it } from 'vitest';
import { RulesSyntaxError } from '../../src/rules/errors.js';
import { parseExpression, parseRules } from '../../src/rules/parser.js';

function syntaxError(source: string): RulesSyntaxError {
  try {
    parseRules(source, 'firestore.rules');
  } catch (e) {
    if (e instanceof RulesSyntaxError) return e;
    throw e;
  }
  throw new Error('expected a syntax error');
}

const wrap = (body: string) => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
${body}
  }
}
`;

describe('parsing valid rules', () => {
  it('reads nested matches, wildcards, functions with let, comments and allow forms', () => {
    const ast = parseRules(`rules_version = "2";
// a line comment
service cloud.firestore {
  /* a block
     comment */
  function signedIn() { return request.auth != null; }
  match /databases/{database}/documents {
    match /profiles/{uid} {
      function mine() { let me = request.auth.uid; return me == uid; }
      allow read;
      allow create, update: if signedIn() && mine()
      match /cart_items/{item} { allow write: if mine(); }
    }
    match /{path=**}/reviews/{id} { allow list: if true; }
  }
}`);
    expect(ast.version).toBe('2');
    expect(ast.functions.map((f) => f.name)).toEqual(['signedIn']);
    const db = ast.matches[0];
    expect(db?.pattern).toEqual([
      { kind: 'literal', text: 'databases' },
      { kind: 'single', name: 'database' },
      { kind: 'literal', text: 'documents' },
    ]);
    const profiles = db?.children[0];
    expect(profiles?.allows.map((a) => [a.methods, a.condition === null, a.line])).toEqual([
      [['read'], true, 10],
      [['create', 'update'], false, 11],
    ]);
    expect(profiles?.functions[0]?.lets.map((l) => l.name)).toEqual(['me']);
    expect(profiles?.children[0]?.pattern[0]).toEqual({ kind: 'literal', text: 'cart_items' });
    expect(db?.children[1]?.pattern[0]).toEqual({ kind: 'rest', name: 'path' });
  });

  it('accepts an allow without its final semicolon before the next statement, like the official compiler', () => {
    const ast = parseRules(wrap('    match /a/{id} { allow get: if true\n allow list: if false }'));
    expect(ast.matches[0]?.children[0]?.allows.map((a) => a.methods[0])).toEqual(['get', 'list']);
  });

  it('respects precedence: && binds tighter than ||, relations tighter than &&', () => {
    const e = parseExpression('a || b && c == d');
    expect(e.kind).toBe('or');
    if (e.kind === 'or') {
      expect(e.right.kind).toBe('and');
      if (e.right.kind === 'and') expect(e.right.right.kind).toBe('binary');
    }
  });

  it('reads path literals with $(...) segments', () => {
    const e = parseExpression(
      'get(/databases/$(database)/documents/users/$(request.auth.uid)).data.role',
    );
    expect(e.kind).toBe('member');
  });
});

describe('syntax errors report file:line:column', () => {
  it.each([
    [
      'a missing semicolon',
      wrap('    match /a/{id} { allow read: if true true; }'),
      4,
      41,
      "expected ';'",
    ],
    [
      'an unknown method',
      wrap('    match /a/{id} { allow reed: if true; }'),
      4,
      27,
      "unknown method 'reed'",
    ],
    ['a missing if', wrap('    match /a/{id} { allow read: true; }'), 4, 33, "expected 'if'"],
    [
      'an unterminated string',
      wrap("    match /a/{id} { allow read: if 'abc; }"),
      4,
      36,
      'unterminated string',
    ],
    [
      'a bad wildcard',
      wrap('    match /a/{id=*} { allow read; }'),
      4,
      14,
      'malformed path variable',
    ],
    [
      'two recursive wildcards',
      wrap('    match /{a=**}/x/{b=**} { allow read; }'),
      4,
      21,
      'only one recursive wildcard',
    ],
    [
      'a stray character',
      wrap('    match /a/{id} { allow read: if 1 # 2; }'),
      4,
      38,
      "unexpected character '#'",
    ],
    [
      'a missing closing brace',
      "rules_version = '2';\nservice cloud.firestore {\n  match /a/{b} {\n",
      4,
      1,
      'end of file',
    ],
    [
      'another service',
      'service firebase.storage {\n}\n',
      1,
      1,
      'expected service cloud.firestore',
    ],
    [
      'an unsupported version',
      "rules_version = '3';\nservice cloud.firestore {}\n",
      1,
      17,
      "unsupported rules_version '3'",
    ],
    [
      'an unterminated comment',
      "rules_version = '2';\n/* never closed\nservice cloud.firestore {}\n",
      2,
      1,
      'unterminated /* comment',
    ],
    [
      'a keyword as a value',
      wrap('    match /a/{id} { allow read: if match; }'),
      4,
      36,
      "unexpected keyword 'match'",
    ],
  ])('%s', (_name, source, line, column, text) => {
    const e = syntaxError(source);
    expect(e.message).toContain(`firestore.rules:${line}:${column}: `);
    expect(e.message).toContain(text);
    expect([e.line, e.column]).toEqual([line, column]);
  });
});
