import { pbkdf2 } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RulesAuthorizer } from '../../src/rules/authorizer.js';
import { RulesEngine } from '../../src/rules/engine.js';
import { createAuthorizer } from '../../src/server/authorize.js';
import { auth, request } from './helpers.js';

const SOURCE = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /profiles/{uid} {
      allow get: if request.auth.uid == uid;
      allow get: if request.auth.token.role == 'manager';
      allow update: if false;
    }
  }
}
`;

describe('decision messages', () => {
  const engine = RulesEngine.fromSource(SOURCE);

  it('names each failing allow like the official emulator: "false for \'update\' @ L7"', () => {
    const d = engine.authorize(
      request('update', 'profiles/u1', { auth: auth('u1'), requestResource: { a: 1 } }),
    );
    expect(d.allowed).toBe(false);
    expect(d.reason).toBe("false for 'update' @ L7");
    expect(d.message).toBe("false for 'update' @ L7 on /databases/(default)/documents/profiles/u1");
    expect(d.logLine).toBe(
      "PERMISSION_DENIED: false for 'update' @ L7 on /databases/(default)/documents/profiles/u1 (uid=u1)",
    );
  });

  it('joins several failing allows and reports errors with their text', () => {
    const d = engine.authorize(request('get', 'profiles/u1', { auth: auth('u2') }));
    expect(d.reason).toBe(
      "false for 'get' @ L5, Property role is undefined on object. for 'get' @ L6",
    );
    expect(d.logLine).toContain('[L6:');
  });

  it('says when no allow statement matches', () => {
    const d = engine.authorize(request('delete', 'profiles/u1', { auth: auth('u1') }));
    expect(d.message).toBe(
      "No matching allow statements for 'delete' on /databases/(default)/documents/profiles/u1",
    );
    const other = engine.authorize(request('get', 'orders/o1', { auth: null }));
    expect(other.logLine).toContain('(unauthenticated)');
  });

  it('an allowed decision carries the granting line', () => {
    const d = engine.authorize(
      request('get', 'profiles/u9', { auth: auth('m', { role: 'manager' }) }),
    );
    expect([d.allowed, d.line]).toEqual([true, 6]);
  });
});

describe('rules file loading and hot reload', () => {
  let dir = '';
  const authorizers: RulesAuthorizer[] = [];
  afterEach(() => {
    for (const a of authorizers.splice(0)) a.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // Polls up to 10 s: file-watch polling can lag far behind on a loaded 2-core machine.
  async function until(check: () => boolean): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(check()).toBe(true);
  }

  it('sees an edit made right after start-up, even when the file watch starts late', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rules-'));
    const file = join(dir, 'firestore.rules');
    writeFileSync(file, SOURCE);
    // Keep libuv's thread pool busy so any stat issued by the watch runs only after the edit.
    const busy = Array.from(
      { length: 4 },
      () => new Promise((resolve) => pbkdf2('x', 'y', 300_000, 32, 'sha256', resolve)),
    );
    const a = new RulesAuthorizer({ rulesFile: file, intervalMs: 20 });
    authorizers.push(a);
    writeFileSync(file, SOURCE.replace('allow update: if false;', 'allow update: if true;'));
    await Promise.all(busy);
    await until(
      () =>
        a.authorize(
          request('update', 'profiles/u1', { auth: auth('u1'), requestResource: { a: 1 } }),
        ).allowed,
    );
  });

  it('reloads on change and keeps the last good rules on a bad edit, logging file:line:column', async () => {
    dir = mkdtempSync(join(tmpdir(), 'rules-'));
    const file = join(dir, 'firestore.rules');
    writeFileSync(file, SOURCE);
    const lines: string[] = [];
    const a = new RulesAuthorizer({ rulesFile: file, log: (l) => lines.push(l), intervalMs: 20 });
    authorizers.push(a);
    const update = () =>
      a.authorize(request('update', 'profiles/u1', { auth: auth('u1'), requestResource: { a: 1 } }))
        .allowed;
    expect(update()).toBe(false);

    writeFileSync(file, SOURCE.replace('allow update: if false;', 'allow update: if true;'));
    await until(() => update());

    writeFileSync(file, SOURCE.replace('allow update: if false;', 'allow update: if true &&;'));
    await until(() =>
      lines.some((l) => l.includes(`${file}:7:31: unexpected ';' in an expression`)),
    );
    expect(lines.find((l) => l.includes(':7:31:'))).toContain('keeping the last good rules');
    expect(update()).toBe(true); // still the last good rules
  });

  it('a rules file that never parsed denies every request with the syntax error', () => {
    dir = mkdtempSync(join(tmpdir(), 'rules-'));
    const file = join(dir, 'firestore.rules');
    writeFileSync(file, 'service cloud.firestore {');
    const a = new RulesAuthorizer({ rulesFile: file, watch: false });
    const d = a.authorize(request('get', 'profiles/u1', { auth: auth('u1') }));
    expect(d.allowed).toBe(false);
    expect(d.message).toContain(`${file}:1:26: `);
  });

  it('setRulesSource swaps the rules and refuses a bad source', () => {
    const a = new RulesAuthorizer();
    expect(a.authorize(request('get', 'x/y')).allowed).toBe(true); // no rules file: allow all, like the official emulator
    expect(a.setRulesSource(SOURCE)).toEqual({ ok: true });
    expect(a.authorize(request('get', 'x/y')).allowed).toBe(false);
    const bad = a.setRulesSource('service cloud.firestore { match /x { allow read: if } }');
    expect(bad.ok).toBe(false);
    expect(a.authorize(request('get', 'x/y')).allowed).toBe(false);
  });
});

describe('the emulator seam (src/server/authorize.ts)', () => {
  it('judges requests in the REST shapes the server passes', () => {
    const lines: string[] = [];
    const authz = createAuthorizer({ log: (l) => lines.push(l) });
    expect(
      authz.setRulesSource(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /orders/{id} {
      allow get: if resource.data.user_id == request.auth.uid && resource.data.amount is int;
      allow list: if resource.data.user_id == request.auth.uid;
    }
  }
}`),
    ).toEqual({ ok: true });
    const base = {
      auth: { uid: 'u1', token: { sub: 'u1' } },
      time: new Date(),
      requestResource: null,
      lookup: { get: () => null, getAfter: () => null },
    };
    expect(
      authz.authorize({
        ...base,
        method: 'get',
        path: 'orders/o1',
        resource: { user_id: { stringValue: 'u1' }, amount: { integerValue: '1299' } },
      }).allowed,
    ).toBe(true);
    const denied = authz.authorize({
      ...base,
      method: 'get',
      path: 'orders/o1',
      resource: { user_id: { stringValue: 'u2' }, amount: { integerValue: '5' } },
    });
    expect(denied).toEqual({
      allowed: false,
      message: "false for 'get' @ L5 on /databases/(default)/documents/orders/o1",
    });
    expect(lines.at(-1)).toMatch(/^PERMISSION_DENIED: false for 'get' @ L5/);
    const where = {
      fieldFilter: { field: { fieldPath: 'user_id' }, op: 'EQUAL', value: { stringValue: 'u1' } },
    };
    const list = (w?: unknown) =>
      authz.authorize({
        ...base,
        method: 'list',
        path: 'orders',
        resource: null,
        query: { collectionId: 'orders', parent: '', allDescendants: false, where: w },
      }).allowed;
    expect(list(where)).toBe(true);
    expect(list(undefined)).toBe(false);
    authz.close();
  });
});

describe('request.time precision', () => {
  it('with timeMicros, a REQUEST_TIME server timestamp equals request.time to the microsecond', () => {
    const authz = createAuthorizer({});
    authz.setRulesSource(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /profiles/{uid} { allow create: if request.resource.data.created_at == request.time; }
  }
}`);
    const micros = 1_795_262_400_123_456;
    const base = {
      method: 'create' as const,
      path: 'profiles/u1',
      auth: { uid: 'u1', token: {} },
      time: new Date(micros / 1000),
      resource: null,
      requestResource: { created_at: { timestampValue: '2026-11-21T12:00:00.123456Z' } },
      lookup: { get: () => null, getAfter: () => null },
    };
    expect(authz.authorize({ ...base, timeMicros: micros }).allowed).toBe(true);
    expect(authz.authorize({ ...base, timeMicros: micros + 1 }).allowed).toBe(false);
    // a Date alone holds milliseconds: the microseconds are lost and the equality fails
    expect(authz.authorize(base).allowed).toBe(false);
    authz.close();
  });
});
