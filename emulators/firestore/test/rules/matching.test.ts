import { describe, expect, it } from 'vitest';
import { RulesEngine } from '../../src/rules/engine.js';
import { auth, request, rules, verdict } from './helpers.js';

// Rule selection as the Firebase docs describe it: every match block whose full path matches the
// request is considered; the request is allowed when ANY matching allow for the method holds.
// read = get + list, write = create + update + delete. {x} takes one segment; in rules_version 2
// {x=**} takes zero or more and may sit anywhere (collection-group rules).

describe('methods and overlapping matches', () => {
  const engine = rules(`
    match /items/{id} {
      allow get: if true;
      allow create: if request.auth != null;
    }
    match /notes/{id} {
      allow read;
      allow write: if false;
    }
    match /shared/{id} {
      allow read: if false;
    }
    match /{document=**} {
      allow get: if resource.data.public == true;
    }
  `);

  it.each([
    ['get', 'items/a', null, 'allow'],
    ['list', 'items', null, 'deny'], // only get is granted on items
    ['create', 'items/a', auth('u'), 'allow'],
    ['create', 'items/a', null, 'deny'],
    ['update', 'items/a', auth('u'), 'deny'], // create does not cover update
    ['delete', 'items/a', auth('u'), 'deny'],
    ['get', 'notes/n', null, 'allow'], // `allow read;` without a condition is true
    ['list', 'notes', null, 'allow'], // read covers list
    ['update', 'notes/n', auth('u'), 'deny'],
    ['delete', 'notes/n', auth('u'), 'deny'], // write covers delete
  ] as const)('%s %s -> %s', (method, path, who, expected) => {
    expect(
      verdict(engine.authorize(request(method, path, { auth: who, resource: { public: false } }))),
    ).toBe(expected);
  });

  it('any matching block can grant: the recursive match allows a get the /shared block denies', () => {
    expect(
      verdict(engine.authorize(request('get', 'shared/s', { resource: { public: true } }))),
    ).toBe('allow');
    expect(
      verdict(engine.authorize(request('get', 'shared/s', { resource: { public: false } }))),
    ).toBe('deny');
  });

  it('{document=**} matches nested documents too', () => {
    expect(
      verdict(engine.authorize(request('get', 'a/b/c/d', { resource: { public: true } }))),
    ).toBe('allow');
  });
});

describe('wildcards and nesting', () => {
  const engine = rules(`
    match /profiles/{uid} {
      allow get: if request.auth.uid == uid;
      match /cart_items/{productId} {
        allow read, write: if request.auth.uid == uid && productId.size() > 2;
      }
    }
    match /orgs/{org}/{rest=**} {
      allow get: if rest == /a/b && org == 'acme';
    }
    match /{path=**}/reviews/{id} {
      allow list: if true;
    }
  `);

  it.each([
    ['get', 'profiles/u1', 'u1', 'allow'],
    ['get', 'profiles/u2', 'u1', 'deny'],
    ['get', 'profiles/u1/cart_items/p123', 'u1', 'allow'], // nested match sees the outer {uid}
    ['update', 'profiles/u1/cart_items/p123', 'u1', 'allow'],
    ['update', 'profiles/u2/cart_items/p123', 'u1', 'deny'],
    ['get', 'profiles/u1/cart_items/p1', 'u1', 'deny'],
    ['get', 'profiles/u1/other/x', 'u1', 'deny'], // no rule for that subcollection
    ['get', 'orgs/acme/a/b', 'u1', 'allow'], // {rest=**} binds a path
    ['get', 'orgs/other/a/b', 'u1', 'deny'],
    ['get', 'orgs/acme/a/c', 'u1', 'deny'],
  ] as const)('%s %s as %s -> %s', (method, path, uid, expected) => {
    expect(verdict(engine.authorize(request(method, path, { auth: auth(uid) })))).toBe(expected);
  });

  it('a collection-group query needs a recursive-wildcard rule', () => {
    const group = (collectionId: string) =>
      engine.authorize(
        request('list', collectionId, {
          auth: auth('u1'),
          query: { collectionId, parent: '', allDescendants: true },
        }),
      );
    expect(verdict(group('reviews'))).toBe('allow');
    // /profiles/{uid}/cart_items/{productId} does not cover cart_items under every parent.
    expect(verdict(group('cart_items'))).toBe('deny');
  });

  it('a list of a subcollection binds the parent wildcards', () => {
    const d = engine.authorize(request('list', 'profiles/u1/cart_items', { auth: auth('u1') }));
    // productId is unknown for a query: productId.size() cannot be judged -> deny
    expect(verdict(d)).toBe('deny');
    expect(d.message).toContain("for 'list'");
  });
});

describe('functions and let', () => {
  const engine = RulesEngine.fromSource(`rules_version = '2';
service cloud.firestore {
  function signedIn() { return request.auth != null; }
  function hasRole(role) { return signedIn() && request.auth.token.role == role; }
  match /databases/{database}/documents {
    function isOwner(uid) {
      let me = request.auth.uid;
      let unused = request.auth.token.nothing_here;
      return me == uid;
    }
    function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); }
    function loop(n) { return loop(n + 1); }
    match /profiles/{uid} {
      function approved() { return request.auth.token.status == 'approved'; }
      allow get: if isOwner(uid) && approved();
      allow update: if hasRole('manager');
      allow delete: if fact(5) == 120 && signedIn();
      allow create: if loop(0);
    }
  }
}`);

  it.each([
    ['get', 'u1', { status: 'approved' }, 'allow'],
    ['get', 'u1', { status: 'pending' }, 'deny'],
    ['get', 'u2', { status: 'approved' }, 'deny'],
    ['update', 'u1', { role: 'manager' }, 'allow'], // custom claims reach request.auth.token
    ['update', 'u1', { role: 'retailer' }, 'deny'],
    ['delete', 'u1', {}, 'allow'], // recursion within the depth limit
    ['create', 'u1', {}, 'deny'], // unbounded recursion hits the call-depth limit: error
  ] as const)('%s as %s with %j -> %s', (method, uid, claims, expected) => {
    expect(
      verdict(engine.authorize(request(method, 'profiles/u1', { auth: auth(uid, claims) }))),
    ).toBe(expected);
  });

  it('an unused let that would fail does not fail the function', () => {
    expect(
      verdict(
        engine.authorize(
          request('get', 'profiles/u1', { auth: auth('u1', { status: 'approved' }) }),
        ),
      ),
    ).toBe('allow');
  });

  it('signed-out callers: request.auth is null and reading it is an error', () => {
    expect(verdict(engine.authorize(request('get', 'profiles/u1', { auth: null })))).toBe('deny');
    expect(verdict(engine.authorize(request('delete', 'profiles/u1', { auth: null })))).toBe(
      'deny',
    );
  });
});
