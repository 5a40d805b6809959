import { describe, expect, it } from 'vitest';
import { RulesEngine } from '../../src/rules/engine.js';
import { auth, eq, request } from './helpers.js';

// Decisions recorded against the official Local Emulator Suite (public conformance fixtures of
// t-k/fireemu, `rules-decisions`): a closed document denies an anonymous get with
// "false for 'get' @ L<n>"; an owner-only document lets its owner write and refuses anyone else
// and signed-out callers; a public collection lists for anyone.
const engine = RulesEngine.fromSource(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /owner_docs/{uid} {
      allow read, write: if request.auth != null && request.auth.uid == uid;
    }
    match /public_docs/{id} {
      allow read: if true;
    }
    match /closed_docs/{id} {
      allow read, write: if false;
    }
  }
}
`);

describe('recorded official decisions', () => {
  it('anonymous get of a closed document: deny, "false for \'get\' @ L11"', () => {
    const d = engine.authorize(request('get', 'closed_docs/x'));
    expect([d.allowed, d.reason]).toEqual([false, "false for 'get' @ L11"]);
  });

  it('anonymous list of a public collection: allow (even when it is empty)', () => {
    expect(engine.authorize(request('list', 'public_docs')).allowed).toBe(true);
  });

  it('anonymous write to an owner document: deny, "false for \'create\' @ L5"', () => {
    const d = engine.authorize(
      request('create', 'owner_docs/nobody', { requestResource: { v: 1 } }),
    );
    expect([d.allowed, d.reason]).toEqual([false, "false for 'create' @ L5"]);
  });

  it('the owner writes their own document: allow', () => {
    const d = engine.authorize(
      request('create', 'owner_docs/u1', { auth: auth('u1'), requestResource: { v: 1 } }),
    );
    expect(d.allowed).toBe(true);
  });

  it("the owner cannot write another user's document: deny", () => {
    const d = engine.authorize(
      request('create', 'owner_docs/someone-else', { auth: auth('u1'), requestResource: { v: 1 } }),
    );
    expect([d.allowed, d.reason]).toEqual([false, "false for 'create' @ L5"]);
  });

  it('after sign-out the document is protected again: deny', () => {
    expect(engine.authorize(request('get', 'owner_docs/u1', { auth: null })).allowed).toBe(false);
  });

  it('a query on the owner collection filtered on another field than the id: deny', () => {
    // uid is the document id: no filter on a field can prove it equals the caller.
    const d = engine.authorize(
      request('list', 'owner_docs', { auth: auth('u1'), query: { where: eq('owner', 'u1') } }),
    );
    expect(d.allowed).toBe(false);
  });
});
