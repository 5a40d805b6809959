/**
 * The shipped storage.rules for claim photos (docs/storage.md, docs/order-lifecycle.md#claims),
 * through the real `firebase/storage` web SDK: firebase-tools' Storage emulator with our
 * Java-free rules runtime, reading the callers' profiles and the claims from our Firestore
 * emulator (firestore.get, firestore.exists). An approved owner or buyer of the company uploads a
 * JPEG or PNG of up to 10 MB, never over a photo already there, and only before the claim is
 * reported; the company's members (a viewer too) and the managers read it; a viewer, another
 * company, a pending account and a visitor never upload; nobody deletes or lists from a client.
 * A text file uploaded as image/jpeg passes (the rules cannot see content): reportClaim refuses
 * it (functions/test/claims/).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  deleteObject,
  getBytes,
  getStorage,
  list,
  ref,
  uploadBytes,
  type FirebaseStorage,
} from 'firebase/storage';
import {
  deleteApp as deleteAdminApp,
  initializeApp as initializeAdminApp,
  type App,
} from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFirebaseToolsStack,
  type FirebaseToolsStack,
} from './support/firebase-tools-stack.js';
import { uniqueProjectId } from './support/target.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/storage-functions', import.meta.url));
const STORAGE_RULES = readFileSync(
  fileURLToPath(new URL('../../../storage.rules', import.meta.url)),
  'utf8',
);
const FIRESTORE_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} { allow read, write: if false; }
  }
}
`;
const MB = 1024 * 1024;
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const TEXT = new TextEncoder().encode('not a photo\n');
const jpeg = { contentType: 'image/jpeg' };

/** Company A: owner, buyer, viewer; company B: owner; a pending company's owner; a manager. */
const PEOPLE = {
  owner: { company: 'company-a', role: 'owner', status: 'approved' },
  buyer: { company: 'company-a', role: 'buyer', status: 'approved' },
  viewer: { company: 'company-a', role: 'viewer', status: 'approved' },
  otherOwner: { company: 'company-b', role: 'owner', status: 'approved' },
  pending: { company: 'company-p', role: 'owner', status: 'pending' },
} as const;
type Person = keyof typeof PEOPLE | 'manager' | 'anonymous';

let stack: FirebaseToolsStack;
let adminApp: App;
let db: Firestore;
let bucket: string;
const apps: FirebaseApp[] = [];

/** The web SDK as the person's browser would use it (an emulator-only ID token with claims). */
function storageAs(person: Person, claims: Record<string, unknown> = {}): FirebaseStorage {
  const app = initializeApp(
    { apiKey: 'demo-key', projectId: stack.projectId, storageBucket: bucket },
    `claim-storage-${apps.length}`,
  );
  apps.push(app);
  const storage = getStorage(app);
  // A refusal is final; do not let the SDK retry anything else for minutes.
  storage.maxOperationRetryTime = 10_000;
  storage.maxUploadRetryTime = 10_000;
  let token: Record<string, unknown> | undefined;
  if (person === 'manager') token = { role: 'manager', status: 'approved' };
  else if (person !== 'anonymous') {
    const p = PEOPLE[person];
    token = { role: 'retailer', status: p.status, company: p.company, company_role: p.role };
  }
  connectStorageEmulator(
    storage,
    '127.0.0.1',
    stack.storagePort,
    token ? { mockUserToken: { sub: person, user_id: person, ...token, ...claims } } : {},
  );
  return storage;
}

const path = (company: string, claim: string, photo = 'photo-1') =>
  `claim-photos/${company}/${claim}/${photo}`;

async function refused(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { code?: string },
  );
  expect(error, 'the request should have been refused').not.toBeNull();
  return error?.code ?? '';
}

beforeAll(async () => {
  stack = await startFirebaseToolsStack({
    projectId: uniqueProjectId('claim-storage'),
    functionsSource: FIXTURE,
    rules: FIRESTORE_RULES,
    storageRules: STORAGE_RULES,
  });
  bucket = `${stack.projectId}.appspot.com`;
  adminApp = initializeAdminApp(
    { projectId: stack.projectId },
    `claim-storage-admin-${Date.now()}`,
  );
  db = getFirestore(adminApp);
  db.settings({ host: `127.0.0.1:${stack.firestore.port}`, ssl: false });
  await Promise.all(
    Object.entries(PEOPLE).map(([uid, p]) =>
      db.doc(`profiles/${uid}`).set({
        role: 'retailer',
        status: p.status,
        company_id: p.company,
        company_role: p.role,
      }),
    ),
  );
  await db.doc('profiles/manager').set({ role: 'manager', status: 'approved' });
}, 150_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  if (adminApp) await deleteAdminApp(adminApp);
  await stack?.stop();
}, 30_000);

describe('storage.rules: claim-photos/{companyId}/{claimId}/{photoId}', () => {
  it('lets an owner and a buyer upload JPEG and PNG photos, which the members and managers read', async () => {
    const first = path('company-a', 'claim-1', 'photo-1');
    await uploadBytes(ref(storageAs('owner'), first), JPEG, jpeg);
    await uploadBytes(ref(storageAs('buyer'), path('company-a', 'claim-1', 'photo-2')), PNG, {
      contentType: 'image/png',
    });
    for (const reader of ['owner', 'buyer', 'viewer', 'manager'] as const) {
      expect(new Uint8Array(await getBytes(ref(storageAs(reader), first)))).toEqual(JPEG);
    }
  });

  it('refuses a viewer, another company, a pending account, a manager and a visitor an upload', async () => {
    const file = path('company-a', 'claim-2');
    const uploaders: FirebaseStorage[] = [
      storageAs('viewer'),
      storageAs('otherOwner'),
      // Another company's owner whose token claims company A: the profile decides.
      storageAs('otherOwner', { company: 'company-a' }),
      storageAs('pending'),
      storageAs('manager'),
      storageAs('anonymous'),
    ];
    for (const storage of uploaders) {
      expect(await refused(uploadBytes(ref(storage, file), JPEG, jpeg))).toBe(
        'storage/unauthorized',
      );
    }
    // The pending company's owner cannot upload to their own company either.
    expect(
      await refused(uploadBytes(ref(storageAs('pending'), path('company-p', 'claim')), JPEG, jpeg)),
    ).toBe('storage/unauthorized');
  });

  it("refuses another company, a pending account and a visitor a read of the company's photo", async () => {
    const file = path('company-a', 'claim-3');
    await uploadBytes(ref(storageAs('owner'), file), JPEG, jpeg);
    for (const storage of [
      storageAs('otherOwner'),
      storageAs('otherOwner', { company: 'company-a' }),
      storageAs('pending'),
      storageAs('anonymous'),
    ]) {
      expect(await refused(getBytes(ref(storage, file)))).toBe('storage/unauthorized');
    }
  });

  it('refuses over 10 MB and a type that is not JPEG or PNG; takes exactly 10 MB', async () => {
    const owner = storageAs('owner');
    const big = new Uint8Array(10 * MB + 1);
    big.set(JPEG);
    expect(
      await refused(uploadBytes(ref(owner, path('company-a', 'claim-4', 'big')), big, jpeg)),
    ).toBe('storage/unauthorized');
    for (const contentType of ['application/pdf', 'image/webp', 'image/gif', 'text/plain']) {
      expect(
        await refused(
          uploadBytes(ref(owner, path('company-a', 'claim-4', 'typed')), JPEG, { contentType }),
        ),
      ).toBe('storage/unauthorized');
    }
    const tenMb = new Uint8Array(10 * MB);
    tenMb.set(JPEG);
    await uploadBytes(ref(owner, path('company-a', 'claim-4', 'ten')), tenMb, jpeg);
  });

  it('lets a text file through as image/jpeg: the rules cannot see content', async () => {
    const file = path('company-a', 'claim-5');
    await uploadBytes(ref(storageAs('owner'), file), TEXT, jpeg);
    expect(new Uint8Array(await getBytes(ref(storageAs('manager'), file)))).toEqual(TEXT);
  });

  it('refuses to replace a photo, and any upload once the claim is reported', async () => {
    const file = path('company-a', 'claim-6');
    await uploadBytes(ref(storageAs('owner'), file), JPEG, jpeg);
    expect(await refused(uploadBytes(ref(storageAs('owner'), file), PNG, jpeg))).toBe(
      'storage/unauthorized',
    );
    await db.doc('claims/claim-6').set({ company_id: 'company-a', status: 'new' });
    expect(
      await refused(
        uploadBytes(ref(storageAs('buyer'), path('company-a', 'claim-6', 'photo-9')), JPEG, jpeg),
      ),
    ).toBe('storage/unauthorized');
  });

  it('refuses delete and list from a client, managers included', async () => {
    const file = path('company-a', 'claim-7');
    await uploadBytes(ref(storageAs('owner'), file), JPEG, jpeg);
    for (const person of ['owner', 'manager'] as const) {
      expect(await refused(deleteObject(ref(storageAs(person), file)))).toBe(
        'storage/unauthorized',
      );
      expect(await refused(list(ref(storageAs(person), 'claim-photos/company-a/claim-7')))).toBe(
        'storage/unauthorized',
      );
    }
  });
});
