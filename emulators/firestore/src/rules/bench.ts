/**
 * Measures what rules evaluation adds to single-document reads and to a list query, with a
 * ruleset shaped like the portal's (claims, helper functions, a get() of the caller's profile).
 * Run: npx tsx emulators/firestore/src/rules/bench.ts
 */
import { performance } from 'node:perf_hooks';
import { RulesEngine } from './engine.js';
import type { Fields, RulesRequest } from './firestore-types.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function signedIn() { return request.auth != null; }
    function claims() { return request.auth.token; }
    function approved() { return signedIn() && claims().status == 'approved'; }
    function isManager() { return approved() && claims().role == 'manager'; }
    function isBuyer() { return approved() && claims().role in ['retailer', 'wholesaler']; }
    function profile() { return get(/databases/$(database)/documents/profiles/$(request.auth.uid)).data; }

    match /profiles/{uid} {
      allow get: if signedIn() && (request.auth.uid == uid || isManager());
      allow create: if signedIn() && request.auth.uid == uid
        && request.resource.data.keys().hasOnly(['user_id', 'full_name', 'store_name', 'seller_permit_id', 'created_at'])
        && request.resource.data.created_at == request.time;
      match /cart_items/{productId} {
        allow read, delete: if isBuyer() && request.auth.uid == uid;
        allow create, update: if isBuyer() && request.auth.uid == uid
          && request.resource.data.quantity is int && request.resource.data.quantity >= 1;
      }
    }
    match /products/{productId} {
      allow get: if isManager() || (isBuyer() && resource.data.is_active == true);
      allow list: if isManager() || (isBuyer() && resource.data.is_active == true);
      allow write: if isManager();
    }
    match /orders/{orderId} {
      allow get: if isManager() || (isBuyer() && resource.data.user_id == request.auth.uid && profile().status == 'approved');
      allow list: if isManager() || (isBuyer() && resource.data.user_id == request.auth.uid);
    }
    match /{document=**} {
      allow read, write: if false;
    }
  }
}
`;

const s = (v: string) => ({ stringValue: v });
const product: Fields = {
  name: s('Mango Syrup'),
  description: s('1 gal'),
  price_retailer: { integerValue: '1299' },
  is_active: { booleanValue: true },
};
const order: Fields = { user_id: s('u1'), status: s('paid'), amount: { integerValue: '2598' } };
const profile: Fields = { user_id: s('u1'), status: s('approved'), role: s('retailer') };
const token = {
  sub: 'u1',
  user_id: 'u1',
  role: 'retailer',
  status: 'approved',
  email: 'u1@example.com',
  firebase: { sign_in_provider: 'password' },
};
const lookup = { get: (p: string) => (p === 'profiles/u1' ? profile : null), getAfter: () => null };

function req(
  method: RulesRequest['method'],
  path: string,
  resource: Fields | null,
  extra: Partial<RulesRequest> = {},
): RulesRequest {
  return {
    method,
    path,
    auth: { uid: 'u1', token },
    time: new Date(),
    resource,
    requestResource: null,
    lookup,
    ...extra,
  };
}

function measure(
  name: string,
  engine: RulesEngine,
  make: () => RulesRequest,
  expectAllowed: boolean,
): void {
  for (let i = 0; i < 2000; i++) engine.authorize(make());
  const samples: number[] = [];
  for (let i = 0; i < 20000; i++) {
    const r = make();
    const t = performance.now();
    const d = engine.authorize(r);
    samples.push(performance.now() - t);
    if (d.allowed !== expectAllowed) throw new Error(`${name}: unexpected decision ${d.message}`);
  }
  samples.sort((a, b) => a - b);
  const q = (p: number) => ((samples[Math.floor(samples.length * p)] as number) * 1000).toFixed(1);
  console.log(`${name.padEnd(44)} median ${q(0.5)} µs  p95 ${q(0.95)} µs  p99 ${q(0.99)} µs`);
}

const t0 = performance.now();
const engine = RulesEngine.fromSource(RULES);
console.log(`parse + compile: ${((performance.now() - t0) * 1000).toFixed(0)} µs`);
measure('get products/p1 (buyer, allowed)', engine, () => req('get', 'products/p1', product), true);
measure(
  'get orders/o1 (buyer, get() of profile)',
  engine,
  () => req('get', 'orders/o1', order),
  true,
);
measure('get profiles/u2 (denied)', engine, () => req('get', 'profiles/u2', profile), false);
const where = { fieldFilter: { field: { fieldPath: 'user_id' }, op: 'EQUAL', value: s('u1') } };
measure(
  'list orders where user_id == uid',
  engine,
  () =>
    req('list', 'orders', null, {
      query: { collectionId: 'orders', parent: '', allDescendants: false, where },
    }),
  true,
);
