/**
 * The shipped storage.rules for resale certificates (docs/storage.md, docs/tax.md), through the
 * real `firebase/storage` web SDK: firebase-tools' Storage emulator with our Java-free rules
 * runtime, reading the callers' profiles from our Firestore emulator (firestore.get). Only the
 * company's approved owner uploads a PDF, PNG or JPEG of up to 10 MB, and only before the
 * certificate is submitted; the company's owners and buyers and the managers read it; a viewer,
 * another company, a pending account and a visitor neither read nor write; nobody deletes or
 * lists from a client. An .exe renamed .pdf and uploaded as application/pdf passes (the rules
 * cannot see content): submitTaxCertificate refuses it (functions/test/tax/).
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
const PDF = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]);
const pdf = { contentType: 'application/pdf' };

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
    `tax-storage-${apps.length}`,
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

const path = (company: string, certificate: string) =>
  `tax-certificates/${company}/${certificate}/certificate`;

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
    projectId: uniqueProjectId('tax-storage'),
    functionsSource: FIXTURE,
    rules: FIRESTORE_RULES,
    storageRules: STORAGE_RULES,
  });
  bucket = `${stack.projectId}.appspot.com`;
  adminApp = initializeAdminApp({ projectId: stack.projectId }, `tax-storage-admin-${Date.now()}`);
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

describe('storage.rules: tax-certificates/{companyId}/{certificateId}/certificate', () => {
  it('lets the owner upload a PDF, which the owner, a buyer and a manager read', async () => {
    const file = path('company-a', 'cert-1');
    await uploadBytes(ref(storageAs('owner'), file), PDF, pdf);
    for (const reader of ['owner', 'buyer', 'manager'] as const) {
      expect(new Uint8Array(await getBytes(ref(storageAs(reader), file)))).toEqual(PDF);
    }
    // A buyer reads but never writes.
    expect(await refused(uploadBytes(ref(storageAs('buyer'), file), PDF, pdf))).toBe(
      'storage/unauthorized',
    );
    expect(
      await refused(uploadBytes(ref(storageAs('buyer'), path('company-a', 'cert-b')), PDF, pdf)),
    ).toBe('storage/unauthorized');
    // PNG and JPEG too.
    await uploadBytes(ref(storageAs('owner'), path('company-a', 'cert-png')), PDF, {
      contentType: 'image/png',
    });
    await uploadBytes(ref(storageAs('owner'), path('company-a', 'cert-jpg')), PDF, {
      contentType: 'image/jpeg',
    });
  });

  it('refuses a viewer, another company, a pending account and a visitor', async () => {
    const file = path('company-a', 'cert-2');
    await uploadBytes(ref(storageAs('owner'), file), PDF, pdf);
    const outsiders: FirebaseStorage[] = [
      storageAs('viewer'),
      storageAs('otherOwner'),
      // Another company's owner whose token claims company A: the profile decides.
      storageAs('otherOwner', { company: 'company-a' }),
      storageAs('pending'),
      storageAs('anonymous'),
    ];
    for (const storage of outsiders) {
      expect(await refused(getBytes(ref(storage, file)))).toBe('storage/unauthorized');
      expect(await refused(uploadBytes(ref(storage, file), PDF, pdf))).toBe('storage/unauthorized');
    }
    // The pending company's owner cannot upload to their own company either.
    expect(
      await refused(uploadBytes(ref(storageAs('pending'), path('company-p', 'cert')), PDF, pdf)),
    ).toBe('storage/unauthorized');
  });

  it('refuses one byte over 10 MB, a wrong content type, another file name, delete and list', async () => {
    const owner = storageAs('owner');
    const file = path('company-a', 'cert-3');
    // The limit's first byte over, not 20 MB: the same refusal, half the bytes through the emulator.
    const big = new Uint8Array(10 * MB + 1);
    big.set(PDF);
    expect(await refused(uploadBytes(ref(owner, file), big, pdf))).toBe('storage/unauthorized');
    expect(
      await refused(
        uploadBytes(ref(owner, file), EXE, { contentType: 'application/x-msdownload' }),
      ),
    ).toBe('storage/unauthorized');
    expect(
      await refused(uploadBytes(ref(owner, 'tax-certificates/company-a/cert-3/other'), PDF, pdf)),
    ).toBe('storage/unauthorized');
    // Exactly 10 MB is allowed.
    const tenMb = new Uint8Array(10 * MB);
    tenMb.set(PDF);
    await uploadBytes(ref(owner, file), tenMb, pdf);
    expect(await refused(deleteObject(ref(owner, file)))).toBe('storage/unauthorized');
    expect(await refused(deleteObject(ref(storageAs('manager'), file)))).toBe(
      'storage/unauthorized',
    );
    expect(await refused(list(ref(owner, 'tax-certificates/company-a/cert-3')))).toBe(
      'storage/unauthorized',
    );
  });

  it('lets an .exe renamed .pdf through as application/pdf: the rules cannot see content', async () => {
    const file = path('company-a', 'cert-exe');
    await uploadBytes(ref(storageAs('owner'), file), EXE, pdf);
    expect(new Uint8Array(await getBytes(ref(storageAs('manager'), file)))).toEqual(EXE);
  });

  it('refuses to replace an uploaded file, even before its certificate is submitted', async () => {
    const file = path('company-a', 'cert-5');
    await uploadBytes(ref(storageAs('owner'), file), PDF, pdf);
    // Swapped after the server's check and before the submission: refused.
    expect(await refused(uploadBytes(ref(storageAs('owner'), file), EXE, pdf))).toBe(
      'storage/unauthorized',
    );
    expect(new Uint8Array(await getBytes(ref(storageAs('manager'), file)))).toEqual(PDF);
  });

  it('refuses to replace the file once its certificate is submitted', async () => {
    const file = path('company-a', 'cert-4');
    await uploadBytes(ref(storageAs('owner'), file), PDF, pdf);
    await db.doc('tax_certificates/cert-4').set({ company_id: 'company-a', status: 'pending' });
    expect(await refused(uploadBytes(ref(storageAs('owner'), file), EXE, pdf))).toBe(
      'storage/unauthorized',
    );
  });
});
