import { describe, expect, it } from 'vitest';
import { and, auth, eq, op, or, request, rules, verdict } from './helpers.js';

// "Rules are not filters": a query is allowed only if the rule holds for every document it could
// return, judged from the query's constraints, not from the documents that exist (there are none
// in these tests). The official emulator answers an unconstrained query with
// "false for 'list' @ L<n>" and lets `where user_id == uid` through.

const engine = rules(`
  match /orders/{id} {
    allow list: if request.auth != null && resource.data.user_id == request.auth.uid;
  }
  match /products/{id} {
    allow list: if resource.data.is_active == true && request.query.limit <= 50;
  }
  match /tickets/{id} {
    allow list: if resource.data.status in ['open', 'pending'];
  }
  match /boards/{id} {
    allow list: if request.auth.uid in resource.data.members;
  }
  match /catalog/{id} {
    allow list: if request.auth.token.role == 'manager' || resource.data.visibility == 'public';
  }
  match /docs/{id} {
    allow list: if resource.data.meta.owner == request.auth.uid;
  }
  match /named/{id} {
    allow list: if resource.id == 'a' || resource.__name__ == /databases/$(database)/documents/named/b;
  }
  match /open/{id} {
    allow list: if request.query.offset == 0 || !('offset' in request.query);
  }
`);

function list(
  collection: string,
  uid: string | null,
  query: object = {},
  claims: Record<string, unknown> = {},
) {
  return engine.authorize(
    request('list', collection, { auth: uid === null ? null : auth(uid, claims), query }),
  );
}

describe('equality filters fix the fields a rule reads', () => {
  it.each([
    ['where user_id == caller', 'u1', { where: eq('user_id', 'u1') }, 'allow'],
    ['no filter', 'u1', {}, 'deny'],
    ['another uid', 'u1', { where: eq('user_id', 'u2') }, 'deny'],
    ['a filter on another field only', 'u1', { where: eq('status', 'paid') }, 'deny'],
    [
      'user_id == caller AND another filter',
      'u1',
      { where: and(eq('user_id', 'u1'), eq('status', 'paid')) },
      'allow',
    ],
    [
      'user_id == caller AND a range filter',
      'u1',
      { where: and(eq('user_id', 'u1'), op('amount', 'GREATER_THAN', 5)) },
      'allow',
    ],
    [
      'a range filter on user_id',
      'u1',
      { where: op('user_id', 'GREATER_THAN_OR_EQUAL', 'u1') },
      'deny',
    ],
    ['user_id != caller', 'u1', { where: op('user_id', 'NOT_EQUAL', 'u2') }, 'deny'],
    ['signed out, with the filter', null, { where: eq('user_id', 'u1') }, 'deny'],
  ] as const)('orders: %s -> %s', (_name, uid, query, expected) => {
    expect(verdict(list('orders', uid, query))).toBe(expected);
  });
});

describe('OR and IN are judged branch by branch', () => {
  it.each([
    ['in [open, pending]', { where: op('status', 'IN', ['open', 'pending']) }, 'allow'],
    ['in [open, closed]', { where: op('status', 'IN', ['open', 'closed']) }, 'deny'],
    ['== open', { where: eq('status', 'open') }, 'allow'],
    ['OR(open, pending)', { where: or(eq('status', 'open'), eq('status', 'pending')) }, 'allow'],
    ['OR(open, closed)', { where: or(eq('status', 'open'), eq('status', 'closed')) }, 'deny'],
    ['OR(open, no constraint)', { where: or(eq('status', 'open'), eq('kind', 'x')) }, 'deny'],
    ['not-in [closed]', { where: op('status', 'NOT_IN', ['closed']) }, 'deny'],
  ] as const)('tickets: %s -> %s', (_name, query, expected) => {
    expect(verdict(list('tickets', 'u1', query))).toBe(expected);
  });
});

describe('array-contains, nested fields, ids', () => {
  it.each([
    ['boards', { where: op('members', 'ARRAY_CONTAINS', 'u1') }, 'allow'],
    ['boards', { where: op('members', 'ARRAY_CONTAINS', 'u2') }, 'deny'],
    ['boards', { where: op('members', 'ARRAY_CONTAINS_ANY', ['u1', 'u2']) }, 'deny'], // the u2 branch
    ['boards', {}, 'deny'],
    ['docs', { where: eq('meta.owner', 'u1') }, 'allow'], // dotted field path
    ['docs', { where: eq('meta.owner', 'u2') }, 'deny'],
    ['named', { where: eq('__name__', { ref: 'named/a' }) }, 'allow'],
  ] as const)('%s %j -> %s', (collection, query, expected) => {
    const q = JSON.parse(
      JSON.stringify(query).replace(
        /\{"mapValue":\{"fields":\{"ref":\{"stringValue":"([^"]+)"\}\}\}\}/,
        '{"referenceValue":"projects/p/databases/(default)/documents/$1"}',
      ),
    );
    expect(verdict(list(collection, 'u1', q))).toBe(expected);
  });
});

describe('request.query and rules that need no document fields', () => {
  it.each([
    ['products with is_active and limit 20', { where: eq('is_active', true), limit: 20 }, 'allow'],
    ['products with limit 51', { where: eq('is_active', true), limit: 51 }, 'deny'],
    ['products without a limit', { where: eq('is_active', true) }, 'deny'], // request.query.limit missing
    ['products, inactive', { where: eq('is_active', false), limit: 10 }, 'deny'],
    ['open without an offset', {}, 'allow'],
    ['open with offset 0', { offset: 0 }, 'allow'],
    ['open with offset 5', { offset: 5 }, 'deny'],
  ] as const)('%s -> %s', (name, query, expected) => {
    expect(verdict(list(name.split(' ')[0] as string, 'u1', query))).toBe(expected);
  });

  it('a claim alone can allow a query with no filter (error || true is true)', () => {
    expect(verdict(list('catalog', 'm1', {}, { role: 'manager' }))).toBe('allow');
    expect(verdict(list('catalog', 'u1', {}, { role: 'retailer' }))).toBe('deny');
    expect(
      verdict(list('catalog', 'u1', { where: eq('visibility', 'public') }, { role: 'retailer' })),
    ).toBe('allow');
  });

  it('the denial names the list operation, the collection and the rule line', () => {
    const d = list('orders', 'u1', {});
    // helpers.rules() puts the body after 4 header lines: the orders allow is on line 7.
    expect(d.allowed).toBe(false);
    expect(d.message).toMatch(
      /user_id.* for 'list' @ L7 on \/databases\/\(default\)\/documents\/orders$/,
    );
  });
});
