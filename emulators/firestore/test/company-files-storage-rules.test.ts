/**
 * The shipped storage.rules for a company's files (docs/storage.md), through the real
 * `firebase/storage` web SDK: firebase-tools' Storage emulator with our Java-free rules runtime,
 * reading the callers' profiles, the claims and the certificates from our Firestore emulator
 * (firestore.get, firestore.exists). One stack for both kinds of file (starting one is most of
 * such a file's time).
 *
 * Claim photos (docs/order-lifecycle.md#claims): an approved owner or buyer of the company
 * uploads a JPEG or PNG of up to 10 MB, never over a photo already there, and only before the
 * claim is reported; the company's members (a viewer too) and the managers read it; a viewer,
 * another company, a pending account and a visitor never upload; nobody deletes or lists from a
 * client. A text file uploaded as image/jpeg passes (the rules cannot see content): reportClaim
 * refuses it (functions/test/claims/).
 *
 * Resale certificates (docs/tax.md): only the company's approved owner uploads a PDF, PNG or
 * JPEG of up to 10 MB, and only before the certificate is submitted; the company's owners and
 * buyers and the managers read it; a viewer, another company, a pending account and a visitor
 * neither read nor write; nobody deletes or lists from a client. An .exe renamed .pdf and
 * uploaded as application/pdf passes: submitTaxCertificate refuses it (functions/test/tax/).
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
import {
  DENY_ALL_FIRESTORE_RULES,
  refused,
  STORAGE_FUNCTIONS_FIXTURE,
} from './support/storage-rules-stack.js';
import { uniqueProjectId } from './support/target.js';

const STORAGE_RULES = readFileSync(
  fileURLToPath(new URL('../../../storage.rules', import.meta.url)),
  'utf8',
);
const MB = 1024 * 1024;
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const TEXT = new TextEncoder().encode('not a photo\n');
const jpeg = { contentType: 'image/jpeg' };
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
    `company-storage-${apps.length}`,
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

const photoPath = (company: string, claim: string, photo = 'photo-1') =>
  `claim-photos/${company}/${claim}/${photo}`;
const certificatePath = (company: string, certificate: string) =>
  `tax-certificates/${company}/${certificate}/certificate`;

beforeAll(async () => {
  stack = await startFirebaseToolsStack({
    projectId: uniqueProjectId('company-storage'),
    functionsSource: STORAGE_FUNCTIONS_FIXTURE,
    rules: DENY_ALL_FIRESTORE_RULES,
    storageRules: STORAGE_RULES,
  });
  bucket = `${stack.projectId}.appspot.com`;
  adminApp = initializeAdminApp(
    { projectId: stack.projectId },
    `company-storage-admin-${Date.now()}`,
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
    const first = photoPath('company-a', 'claim-1', 'photo-1');
    await uploadBytes(ref(storageAs('owner'), first), JPEG, jpeg);
    await uploadBytes(ref(storageAs('buyer'), photoPath('company-a', 'claim-1', 'photo-2')), PNG, {
      contentType: 'image/png',
    });
    for (const reader of ['owner', 'buyer', 'viewer', 'manager'] as const) {
      expect(new Uint8Array(await getBytes(ref(storageAs(reader), first)))).toEqual(JPEG);
    }
  });

  it('refuses a viewer, another company, a pending account, a manager and a visitor an upload', async () => {
    const file = photoPath('company-a', 'claim-2');
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
      await refused(
        uploadBytes(ref(storageAs('pending'), photoPath('company-p', 'claim')), JPEG, jpeg),
      ),
    ).toBe('storage/unauthorized');
  });

  it("refuses another company, a pending account and a visitor a read of the company's photo", async () => {
    const file = photoPath('company-a', 'claim-3');
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
      await refused(uploadBytes(ref(owner, photoPath('company-a', 'claim-4', 'big')), big, jpeg)),
    ).toBe('storage/unauthorized');
    for (const contentType of ['application/pdf', 'image/webp', 'image/gif', 'text/plain']) {
      expect(
        await refused(
          uploadBytes(ref(owner, photoPath('company-a', 'claim-4', 'typed')), JPEG, {
            contentType,
          }),
        ),
      ).toBe('storage/unauthorized');
    }
    const tenMb = new Uint8Array(10 * MB);
    tenMb.set(JPEG);
    await uploadBytes(ref(owner, photoPath('company-a', 'claim-4', 'ten')), tenMb, jpeg);
  });

  it('lets a text file through as image/jpeg: the rules cannot see content', async () => {
    const file = photoPath('company-a', 'claim-5');
    await uploadBytes(ref(storageAs('owner'), file), TEXT, jpeg);
    expect(new Uint8Array(await getBytes(ref(storageAs('manager'), file)))).toEqual(TEXT);
  });

  it('refuses to replace a photo, and any upload once the claim is reported', async () => {
    const file = photoPath('company-a', 'claim-6');
    await uploadBytes(ref(storageAs('owner'), file), JPEG, jpeg);
    expect(await refused(uploadBytes(ref(storageAs('owner'), file), PNG, jpeg))).toBe(
      'storage/unauthorized',
    );
    await db.doc('claims/claim-6').set({ company_id: 'company-a', status: 'new' });
    expect(
      await refused(
        uploadBytes(
          ref(storageAs('buyer'), photoPath('company-a', 'claim-6', 'photo-9')),
          JPEG,
          jpeg,
        ),
      ),
    ).toBe('storage/unauthorized');
  });

  it('refuses delete and list from a client, managers included', async () => {
    const file = photoPath('company-a', 'claim-7');
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

describe('storage.rules: tax-certificates/{companyId}/{certificateId}/certificate', () => {
  it('lets the owner upload a PDF, which the owner, a buyer and a manager read', async () => {
    const file = certificatePath('company-a', 'cert-1');
    await uploadBytes(ref(storageAs('owner'), file), PDF, pdf);
    for (const reader of ['owner', 'buyer', 'manager'] as const) {
      expect(new Uint8Array(await getBytes(ref(storageAs(reader), file)))).toEqual(PDF);
    }
    // A buyer reads but never writes.
    expect(await refused(uploadBytes(ref(storageAs('buyer'), file), PDF, pdf))).toBe(
      'storage/unauthorized',
    );
    expect(
      await refused(
        uploadBytes(ref(storageAs('buyer'), certificatePath('company-a', 'cert-b')), PDF, pdf),
      ),
    ).toBe('storage/unauthorized');
    // PNG and JPEG too.
    await uploadBytes(ref(storageAs('owner'), certificatePath('company-a', 'cert-png')), PDF, {
      contentType: 'image/png',
    });
    await uploadBytes(ref(storageAs('owner'), certificatePath('company-a', 'cert-jpg')), PDF, {
      contentType: 'image/jpeg',
    });
  });

  it('refuses a viewer, another company, a pending account and a visitor', async () => {
    const file = certificatePath('company-a', 'cert-2');
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
      await refused(
        uploadBytes(ref(storageAs('pending'), certificatePath('company-p', 'cert')), PDF, pdf),
      ),
    ).toBe('storage/unauthorized');
  });

  it('refuses one byte over 10 MB, a wrong content type, another file name, delete and list', async () => {
    const owner = storageAs('owner');
    const file = certificatePath('company-a', 'cert-3');
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
    const file = certificatePath('company-a', 'cert-exe');
    await uploadBytes(ref(storageAs('owner'), file), EXE, pdf);
    expect(new Uint8Array(await getBytes(ref(storageAs('manager'), file)))).toEqual(EXE);
  });

  it('refuses to replace an uploaded file, even before its certificate is submitted', async () => {
    const file = certificatePath('company-a', 'cert-5');
    await uploadBytes(ref(storageAs('owner'), file), PDF, pdf);
    // Swapped after the server's check and before the submission: refused.
    expect(await refused(uploadBytes(ref(storageAs('owner'), file), EXE, pdf))).toBe(
      'storage/unauthorized',
    );
    expect(new Uint8Array(await getBytes(ref(storageAs('manager'), file)))).toEqual(PDF);
  });

  it('refuses to replace the file once its certificate is submitted', async () => {
    const file = certificatePath('company-a', 'cert-4');
    await uploadBytes(ref(storageAs('owner'), file), PDF, pdf);
    await db.doc('tax_certificates/cert-4').set({ company_id: 'company-a', status: 'pending' });
    expect(await refused(uploadBytes(ref(storageAs('owner'), file), EXE, pdf))).toBe(
      'storage/unauthorized',
    );
  });
});

describe('the Functions emulator under these tests', () => {
  it("runs every upload's trigger in one worker process, as the local stack does", async () => {
    // Ten uploads at once: each finalized object is a call of the fixture's onObjectFinalized
    // function. firebase-tools left to itself starts a worker process for each call made while
    // the others are busy (about 1 s of CPU each); the stack's one worker takes them in turn.
    const names = Array.from({ length: 10 }, (_, i) =>
      photoPath('company-a', 'claim-workers', `photo-${i}`),
    );
    const owner = storageAs('owner');
    await Promise.all(names.map((name) => uploadBytes(ref(owner, name), JPEG, jpeg)));
    const logged = names.map((name) => db.doc(`storage_log/${name.replace(/\//g, '__')}`));
    const deadline = Date.now() + 55_000;
    while ((await db.getAll(...logged)).some((snap) => !snap.exists)) {
      if (Date.now() > deadline) {
        throw new Error(
          `onObjectFinalized did not run for all ten:\n${stack.output().slice(-4000)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await stack.functionWorkers()).toBe(1);
  }, 60_000);
});
