// A few decisions through the running emulator (REST, as Firestore Lite talks to it): the same
// engine, with Auth-emulator style unsigned ID tokens and `Bearer owner` bypassing the rules.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/index.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function approved() { return request.auth.token.status == 'approved'; }
    match /orders/{id} {
      allow get, list: if approved() && resource.data.user_id == request.auth.uid;
      allow create: if approved() && request.resource.data.user_id == request.auth.uid
        && getAfter(/databases/$(database)/documents/orders/$(id)).data.amount > 0;
    }
  }
}
`;

const PROJECT = 'demo-rules-server';
let emulator: FirestoreEmulator;
let dir = '';
const logLines: string[] = [];

function token(claims: Record<string, unknown>): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: claims['uid'], user_id: claims['uid'], ...claims })}.`;
}

async function call(
  method: string,
  path: string,
  bearer: string | null,
  body?: unknown,
): Promise<{
  status: number;
  json: { error?: { status: string; message: string } } & Record<string, unknown>;
}> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (bearer !== null) headers['authorization'] = `Bearer ${bearer}`;
  const res = await fetch(
    `${emulator.url}/v1/projects/${PROJECT}/databases/(default)/documents${path}`,
    {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    },
  );
  return {
    status: res.status,
    json: (await res.json()) as { error?: { status: string; message: string } },
  };
}

const buyer = () => token({ uid: 'u1', status: 'approved', role: 'retailer' });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rules-server-'));
  const rulesFile = join(dir, 'firestore.rules');
  writeFileSync(rulesFile, RULES);
  emulator = await startFirestoreEmulator({
    port: 0,
    projectId: PROJECT,
    rulesFile,
    log: (l) => logLines.push(l),
  });
  const seed = await call('PATCH', '/orders/o1', 'owner', {
    fields: { user_id: { stringValue: 'u1' }, amount: { integerValue: '1299' } },
  });
  expect(seed.status).toBe(200); // the owner bypasses the rules
});

afterAll(async () => {
  await emulator?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('rules through the emulator', () => {
  it('an approved owner reads the order: allow', async () => {
    expect((await call('GET', '/orders/o1', buyer())).status).toBe(200);
  });

  it('another buyer is denied with 403 PERMISSION_DENIED naming the operation, path and line', async () => {
    const res = await call('GET', '/orders/o1', token({ uid: 'u2', status: 'approved' }));
    expect(res.status).toBe(403);
    expect(res.json.error?.status).toBe('PERMISSION_DENIED');
    expect(res.json.error?.message).toContain(
      `false for 'get' @ L6 on /databases/(default)/documents/orders/o1`,
    );
    expect(
      logLines.some(
        (l) => l.startsWith("PERMISSION_DENIED: false for 'get' @ L6") && l.includes('uid=u2'),
      ),
    ).toBe(true);
  });

  it('no Authorization header means request.auth == null: deny', async () => {
    expect((await call('GET', '/orders/o1', null)).status).toBe(403);
  });

  it('a query filtered on the caller is allowed; the same query without the filter is denied', async () => {
    const query = (where?: object) => ({
      structuredQuery: { from: [{ collectionId: 'orders' }], ...(where ? { where } : {}) },
    });
    const mine = {
      fieldFilter: { field: { fieldPath: 'user_id' }, op: 'EQUAL', value: { stringValue: 'u1' } },
    };
    expect((await call('POST', ':runQuery', buyer(), query(mine))).status).toBe(200);
    expect((await call('POST', ':runQuery', buyer(), query())).status).toBe(403);
  });

  it('a create is judged with getAfter seeing the written document', async () => {
    const ok = await call('PATCH', '/orders/o2', buyer(), {
      fields: { user_id: { stringValue: 'u1' }, amount: { integerValue: '5' } },
    });
    expect(ok.status).toBe(200);
    const zero = await call('PATCH', '/orders/o3', buyer(), {
      fields: { user_id: { stringValue: 'u1' }, amount: { integerValue: '0' } },
    });
    expect(zero.status).toBe(403);
  });
});
