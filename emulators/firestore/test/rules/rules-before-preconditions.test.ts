// Rules are judged before preconditions, as in production, so a caller the rules deny cannot tell
// from the answer whether a document exists: it gets PERMISSION_DENIED for a `create`
// (currentDocument.exists=false), an `update` (exists=true) or an updateTime precondition, on an
// existing document and on a missing one alike. Only a caller the rules allow learns ALREADY_EXISTS,
// NOT_FOUND or FAILED_PRECONDITION. A write with an existence precondition is judged as the only
// method it can succeed as: exists=false as `create` (resource null), exists=true and updateTime as
// `update`. Admin callers (Bearer owner) skip the rules and keep the precondition answers.
// Driven through raw REST, raw gRPC, Firestore Lite and the full web SDK (Write stream).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceError } from '@grpc/grpc-js';
import { doc as webDoc, updateDoc as webUpdateDoc } from 'firebase/firestore';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  doc,
  getFirestore,
  setLogLevel,
  updateDoc,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/index.js';
import { bearer, rawFirestoreClient, type RawClient } from '../support/grpc-client.js';
import { mockUser, webClient } from '../support/web-sdk.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /locked/{id} { allow read, write: if false; }
    match /createOnly/{id} { allow create: if request.auth != null; }
    match /updateOnly/{id} { allow update: if request.auth != null; }
    match /owned/{id} {
      allow create: if request.auth != null && request.resource.data.owner == request.auth.uid;
      allow update: if request.auth != null && resource.data.owner == request.auth.uid;
    }
  }
}
`;
const PROJECT = 'demo-rules-before-preconditions';
const DB = `projects/${PROJECT}/databases/(default)`;
const DOCS = `${DB}/documents`;
const EXISTING = ['locked/a', 'createOnly/a', 'updateOnly/a', 'owned/a'];

let emulator: FirestoreEmulator;
let dir = '';
const updateTimes = new Map<string, string>();

function token(uid: string): string {
  const b64 = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: uid, user_id: uid })}.`;
}
const MALLORY = token('mallory');
/** Who calls: `null` is no Authorization header. */
type Who = string | null;

type Precondition = { exists: boolean } | { updateTime: string };

function write(path: string, pre: Precondition, fields: Record<string, unknown> = {}): object {
  return { update: { name: `${DOCS}/${path}`, fields }, currentDocument: pre };
}

async function commit(
  writes: object[],
  who: Who,
): Promise<{ status: number; error?: { status: string; message: string } }> {
  const res = await fetch(`${emulator.url}/v1/${DOCS}:commit`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(who === null ? {} : { authorization: `Bearer ${who}` }),
    },
    body: JSON.stringify({ writes }),
  });
  const json = (await res.json()) as { error?: { status: string; message: string } };
  return { status: res.status, ...(json.error ? { error: json.error } : {}) };
}

/** The status name of a one-write commit (OK for success). */
async function outcome(path: string, pre: Precondition, who: Who, fields = {}): Promise<string> {
  const res = await commit([write(path, pre, fields)], who);
  return res.error?.status ?? (res.status === 200 ? 'OK' : String(res.status));
}

async function readAsAdmin(path: string): Promise<Record<string, unknown> | null> {
  const res = await fetch(`${emulator.url}/v1/${DOCS}/${path}`, {
    headers: { authorization: 'Bearer owner' },
  });
  if (res.status === 404) return null;
  return ((await res.json()) as { fields: Record<string, unknown> }).fields;
}

const owner = (uid: string) => ({ owner: { stringValue: uid } });
const WRONG_TIME = '2001-01-01T00:00:00.000001Z';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rules-before-preconditions-'));
  const rulesFile = join(dir, 'firestore.rules');
  writeFileSync(rulesFile, RULES);
  emulator = await startFirestoreEmulator({
    port: 0,
    projectId: PROJECT,
    rulesFile,
    log: () => undefined,
  });
  for (const path of EXISTING) {
    const res = await fetch(`${emulator.url}/v1/${DOCS}/${path}`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ fields: owner('alice') }),
    });
    expect(res.status).toBe(200);
    updateTimes.set(path, ((await res.json()) as { updateTime: string }).updateTime);
  }
});

afterAll(async () => {
  await emulator?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a create (exists=false) under rules', () => {
  it.each([
    ['no token', null],
    ['a signed-in user', MALLORY],
  ])(
    'denied by the rules is PERMISSION_DENIED, with the same message, whether the document exists or not (%s)',
    async (_label, who) => {
      for (const collection of ['locked', 'updateOnly']) {
        if (collection === 'updateOnly' && who === null) continue;
        const existing = await commit([write(`${collection}/a`, { exists: false })], who);
        const missing = await commit([write(`${collection}/missing`, { exists: false })], who);
        expect(existing.status, `${collection}/a`).toBe(403);
        expect(existing.error?.status).toBe('PERMISSION_DENIED');
        expect(missing.status, `${collection}/missing`).toBe(403);
        // The denial names the operation: it must not say `update` for the existing document.
        expect(existing.error?.message).toContain(`for 'create'`);
        expect(existing.error?.message.replace(`${collection}/a`, `${collection}/missing`)).toBe(
          missing.error?.message,
        );
      }
    },
  );

  it('allowed by the rules is ALREADY_EXISTS on an existing document, which stays unchanged', async () => {
    expect(await outcome('createOnly/a', { exists: false }, MALLORY)).toBe('ALREADY_EXISTS');
    // owned: the create rule looks at request.resource only, never at the stored document.
    expect(await outcome('owned/a', { exists: false }, MALLORY, owner('mallory'))).toBe(
      'ALREADY_EXISTS',
    );
    expect(await outcome('owned/a', { exists: false }, MALLORY, owner('alice'))).toBe(
      'PERMISSION_DENIED',
    );
    expect(await outcome('owned/new', { exists: false }, MALLORY, owner('alice'))).toBe(
      'PERMISSION_DENIED',
    );
    expect(await readAsAdmin('createOnly/a')).toEqual(owner('alice'));
    expect(await readAsAdmin('owned/a')).toEqual(owner('alice'));
    // And on a missing document it creates it.
    expect(await outcome('createOnly/fresh', { exists: false }, MALLORY)).toBe('OK');
  });

  it('through the REST createDocument method (POST ?documentId=) the rules come first too', async () => {
    const post = async (collection: string, id: string, who: Who) => {
      const res = await fetch(`${emulator.url}/v1/${DOCS}/${collection}?documentId=${id}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(who === null ? {} : { authorization: `Bearer ${who}` }),
        },
        body: JSON.stringify({ fields: {} }),
      });
      return res.status;
    };
    expect(await post('locked', 'a', null)).toBe(403);
    expect(await post('locked', 'missing', null)).toBe(403);
    expect(await post('updateOnly', 'a', MALLORY)).toBe(403);
    expect(await post('createOnly', 'a', MALLORY)).toBe(409);
    expect(await post('locked', 'a', 'owner')).toBe(409);
  });
});

describe('an update (exists=true) or updateTime precondition under rules', () => {
  it('denied by the rules is PERMISSION_DENIED on a missing document as on an existing one', async () => {
    for (const [path, who] of [
      ['createOnly/a', MALLORY],
      ['createOnly/missing', MALLORY],
      ['locked/a', null],
      ['locked/missing', null],
      ['owned/a', MALLORY],
      ['owned/missing', MALLORY],
    ] as const) {
      expect(await outcome(path, { exists: true }, who, owner('mallory')), path).toBe(
        'PERMISSION_DENIED',
      );
      expect(await outcome(path, { updateTime: WRONG_TIME }, who, owner('mallory')), path).toBe(
        'PERMISSION_DENIED',
      );
    }
    const time = updateTimes.get('createOnly/a') as string;
    expect(await outcome('createOnly/a', { updateTime: time }, MALLORY)).toBe('PERMISSION_DENIED');
    expect(await outcome('createOnly/missing', { updateTime: time }, MALLORY)).toBe(
      'PERMISSION_DENIED',
    );
    const denied = await commit([write('createOnly/missing', { exists: true })], MALLORY);
    expect(denied.error?.message).toContain(`for 'update'`);
  });

  it('allowed by the rules is NOT_FOUND or FAILED_PRECONDITION', async () => {
    expect(await outcome('updateOnly/missing', { exists: true }, MALLORY)).toBe('NOT_FOUND');
    expect(await outcome('updateOnly/missing', { updateTime: WRONG_TIME }, MALLORY)).toBe(
      'NOT_FOUND',
    );
    expect(await outcome('updateOnly/a', { updateTime: WRONG_TIME }, MALLORY, owner('x'))).toBe(
      'FAILED_PRECONDITION',
    );
    expect(await readAsAdmin('updateOnly/missing')).toBeNull();
  });
});

describe('a commit of several writes', () => {
  it('judges every write before any precondition: a later denial wins over an earlier precondition', async () => {
    const res = await commit(
      [write('createOnly/a', { exists: false }), write('locked/b', { exists: false })],
      MALLORY,
    );
    expect(res.status).toBe(403);
    expect(res.error?.status).toBe('PERMISSION_DENIED');
    expect(await readAsAdmin('locked/b')).toBeNull();
  });
});

describe('admin callers keep the precondition answers', () => {
  it('ALREADY_EXISTS, NOT_FOUND and FAILED_PRECONDITION, rules skipped', async () => {
    expect(await outcome('locked/a', { exists: false }, 'owner')).toBe('ALREADY_EXISTS');
    expect(await outcome('locked/missing', { exists: true }, 'owner')).toBe('NOT_FOUND');
    expect(await outcome('locked/missing', { updateTime: WRONG_TIME }, 'owner')).toBe('NOT_FOUND');
    expect(await outcome('locked/a', { updateTime: WRONG_TIME }, 'owner')).toBe(
      'FAILED_PRECONDITION',
    );
    expect(await outcome('locked/admin-new', { exists: false }, 'owner')).toBe('OK');
  });
});

describe('through gRPC and the client SDKs', () => {
  let client: RawClient;
  let lite: Firestore;
  let closeLite: () => Promise<void>;
  beforeAll(() => {
    client = rawFirestoreClient('127.0.0.1', emulator.port);
    setLogLevel('silent');
    const app = initializeApp(
      { projectId: PROJECT, apiKey: 'fake-api-key' },
      'rules-before-preconditions-lite',
    );
    lite = getFirestore(app);
    connectFirestoreEmulator(lite, '127.0.0.1', emulator.port, {
      mockUserToken: mockUser('mallory'),
    });
    closeLite = () => deleteApp(app);
  });
  afterAll(async () => {
    client?.close();
    await closeLite?.();
  });

  async function grpcCommit(writes: object[], authorization: string | null): Promise<number> {
    return new Promise((resolve) => {
      (client['commit'] as (...args: unknown[]) => void)(
        { database: DB, writes },
        bearer(authorization),
        (error: ServiceError | null) => resolve(error ? error.code : 0),
      );
    });
  }

  it('raw gRPC Commit: PERMISSION_DENIED (7) for a denied caller, 6 or 5 for an allowed one', async () => {
    const user = `Bearer ${MALLORY}`;
    expect(await grpcCommit([write('updateOnly/a', { exists: false })], user)).toBe(7);
    expect(await grpcCommit([write('updateOnly/missing', { exists: false })], user)).toBe(7);
    expect(await grpcCommit([write('createOnly/missing', { exists: true })], user)).toBe(7);
    expect(await grpcCommit([write('createOnly/a', { exists: false })], user)).toBe(6);
    expect(await grpcCommit([write('updateOnly/missing', { exists: true })], user)).toBe(5);
    expect(await grpcCommit([write('locked/a', { exists: false })], 'Bearer owner')).toBe(6);
  });

  it('Firestore Lite updateDoc: permission-denied on a missing document the caller may not update', async () => {
    await expect(updateDoc(doc(lite, 'createOnly/missing'), { n: 1 })).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(updateDoc(doc(lite, 'createOnly/a'), { n: 1 })).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(updateDoc(doc(lite, 'updateOnly/missing'), { n: 1 })).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it('full web SDK updateDoc (Write stream): the same answers', async () => {
    const web = webClient(
      { host: '127.0.0.1', port: emulator.port, projectId: PROJECT },
      'rules-before-preconditions-web',
      mockUser('mallory'),
    );
    try {
      await expect(
        webUpdateDoc(webDoc(web.db, 'createOnly/missing'), { n: 1 }),
      ).rejects.toMatchObject({ code: 'permission-denied' });
      await expect(
        webUpdateDoc(webDoc(web.db, 'updateOnly/missing'), { n: 1 }),
      ).rejects.toMatchObject({ code: 'not-found' });
    } finally {
      await web.close();
    }
  });
});
