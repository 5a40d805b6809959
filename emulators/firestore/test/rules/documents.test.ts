import { describe, expect, it } from 'vitest';
import { RulesAuthorizer } from '../../src/rules/authorizer.js';
import { auth, request, rules, verdict } from './helpers.js';

// get()/exists() read the database before the request; getAfter()/existsAfter() read it as if
// the whole write (batch or transaction) had succeeded. Firebase's limits on these document
// access calls: 10 for single-document requests and queries, 20 for batched writes and
// transactions (and still 10 per operation). Repeated calls for one document count once.

const profiles = {
  'profiles/u1': { role: 'retailer', status: 'approved' },
  'profiles/m1': { role: 'manager', status: 'approved' },
  'profiles/p1': { role: 'retailer', status: 'pending' },
};

describe('request and resource', () => {
  const engine = rules(`
    match /profiles/{uid} {
      allow create: if resource == null && request.resource.data.user_id == request.auth.uid
        && request.resource.id == uid && request.resource.data.keys().hasOnly(['user_id', 'name']);
      allow update: if request.resource.data.diff(resource.data).affectedKeys().hasOnly(['name'])
        && request.method == 'update';
      allow delete: if resource.data.user_id == request.auth.uid;
      allow get: if resource == null || resource.data.user_id == request.auth.uid;
    }
  `);

  it.each([
    ['create', { user_id: 'u1', name: 'A' }, null, 'allow'],
    ['create', { user_id: 'u2', name: 'A' }, null, 'deny'], // writing someone else's id
    ['create', { user_id: 'u1', name: 'A', role: 'manager' }, null, 'deny'], // extra field
    ['update', { user_id: 'u1', name: 'B' }, { user_id: 'u1', name: 'A' }, 'allow'],
    ['update', { user_id: 'u2', name: 'A' }, { user_id: 'u1', name: 'A' }, 'deny'], // changes user_id
    ['delete', null, { user_id: 'u1' }, 'allow'],
    ['delete', null, { user_id: 'u9' }, 'deny'],
    ['get', null, null, 'allow'], // a missing document: resource is null
    ['get', null, { user_id: 'u9' }, 'deny'],
  ] as const)('%s -> %s', (method, after, before, expected) => {
    const req = request(method, 'profiles/u1', {
      auth: auth('u1'),
      resource: before,
      requestResource: after,
    });
    expect(verdict(engine.authorize(req))).toBe(expected);
  });
});

describe('get, exists, getAfter, existsAfter', () => {
  const engine = rules(`
    function profile() { return get(/databases/$(database)/documents/profiles/$(request.auth.uid)); }
    match /products/{id} {
      allow get: if profile().data.status == 'approved';
      allow create: if profile().data.role == 'manager';
      allow delete: if exists(/databases/$(database)/documents/profiles/$(request.auth.uid))
        && !exists(/databases/$(database)/documents/locks/$(id));
    }
    match /orders/{id} {
      allow create: if getAfter(/databases/$(database)/documents/orders/$(id)).data.total == 10
        && existsAfter(/databases/$(database)/documents/receipts/$(id));
    }
  `);

  it.each([
    ['get', 'u1', 'allow'],
    ['get', 'p1', 'deny'], // pending
    ['get', 'nobody', 'deny'], // get() of a missing doc is null; null.data is an error
    ['create', 'm1', 'allow'],
    ['create', 'u1', 'deny'],
    ['delete', 'u1', 'allow'],
    ['delete', 'nobody', 'deny'],
  ] as const)('%s on products as %s -> %s', (method, uid, expected) => {
    expect(
      verdict(engine.authorize(request(method, 'products/x', { auth: auth(uid), db: profiles }))),
    ).toBe(expected);
  });

  it('exists() sees the lock document and denies', () => {
    const db = { ...profiles, 'locks/x': { by: 'm1' } };
    expect(
      verdict(engine.authorize(request('delete', 'products/x', { auth: auth('u1'), db }))),
    ).toBe('deny');
  });

  it('getAfter/existsAfter see the writes of the whole commit', () => {
    const after = { 'orders/o1': { total: 10 }, 'receipts/o1': { ok: true } };
    expect(
      verdict(engine.authorize(request('create', 'orders/o1', { auth: auth('u1'), after }))),
    ).toBe('allow');
    const noReceipt = { 'orders/o1': { total: 10 } };
    expect(
      verdict(
        engine.authorize(request('create', 'orders/o1', { auth: auth('u1'), after: noReceipt })),
      ),
    ).toBe('deny');
  });

  it('get() of a path that is not a document is an error', () => {
    const e = rules(
      `match /t/{id} { allow get: if exists(/databases/$(database)/documents/profiles); }`,
    );
    expect(verdict(e.authorize(request('get', 't/x', { db: profiles })))).toBe('deny');
  });
});

describe('document access limits', () => {
  const chain = (n: number) =>
    Array.from({ length: n }, (_, i) => `exists(/databases/$(database)/documents/d/${i})`).join(
      ' && ',
    );
  const db = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`d/${i}`, { i }]));

  it('10 distinct documents are allowed for a single-document request', () => {
    expect(
      verdict(
        rules(`match /t/{id} { allow get: if ${chain(10)}; }`).authorize(
          request('get', 't/x', { db }),
        ),
      ),
    ).toBe('allow');
  });

  it('the 11th distinct document is an error: deny', () => {
    expect(
      verdict(
        rules(`match /t/{id} { allow get: if ${chain(11)}; }`).authorize(
          request('get', 't/x', { db }),
        ),
      ),
    ).toBe('deny');
  });

  it('repeated calls for the same document count once', () => {
    const repeated = Array.from(
      { length: 15 },
      () => 'exists(/databases/$(database)/documents/d/1)',
    ).join(' && ');
    expect(
      verdict(
        rules(`match /t/{id} { allow get: if ${repeated}; }`).authorize(
          request('get', 't/x', { db }),
        ),
      ),
    ).toBe('allow');
  });

  it('the writes of one commit share a limit of 20', () => {
    const fns = `function n(i) { return exists(/databases/$(database)/documents/d/$(i)); }`;
    const cond = Array.from({ length: 8 }, (_, i) => `n(string(int(id) * 8 + ${i}))`).join(' && ');
    const authorizer = new RulesAuthorizer();
    expect(authorizer.setRulesSource(sourceOf(cond, fns))).toEqual({ ok: true });
    const base = request('create', 'w/0', { db, requestResource: { a: 1 } });
    const shared = base.lookup;
    const at = (i: number) =>
      authorizer.authorize({ ...base, path: `w/${i}`, lookup: shared }).allowed;
    expect(at(0)).toBe(true); // 8 documents
    expect(at(1)).toBe(true); // 16
    expect(at(2)).toBe(false); // 24 > 20 for the commit
    // a new commit (a new lookup) starts from zero
    expect(authorizer.authorize({ ...base, path: 'w/2', lookup: { ...shared } }).allowed).toBe(
      true,
    );
  });
});

function sourceOf(cond: string, fns: string): string {
  return `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    ${fns}
    match /w/{id} { allow create: if ${cond}; }
  }
}`;
}
