/**
 * Cloud Storage end to end without Java: firebase-tools runs its Storage emulator with our rules
 * runtime (src/storage-rules/, through the `java` stand-in) evaluating the test-only rules in
 * test/fixtures/storage/storage.rules. The real `firebase/storage` web SDK uploads and downloads
 * under those rules (anonymous, signed in, claims, content type and size, firestore.get),
 * firebase-admin's Storage bypasses them, and the fixture's onObjectFinalized function
 * (test/fixtures/storage-functions) runs for an upload.
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
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
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
  fileURLToPath(new URL('./fixtures/storage/storage.rules', import.meta.url)),
  'utf8',
);

let stack: FirebaseToolsStack;
let adminApp: App;
let db: Firestore;
let bucket: string;
const apps: FirebaseApp[] = [];

/** The web SDK as a browser would use it: anonymous, or with an (emulator-only) ID token. */
function webStorage(token?: Record<string, unknown> & { sub: string }): FirebaseStorage {
  const app = initializeApp(
    { apiKey: 'demo-key', projectId: stack.projectId, storageBucket: bucket },
    `storage-${apps.length}`,
  );
  apps.push(app);
  const storage = getStorage(app);
  connectStorageEmulator(
    storage,
    '127.0.0.1',
    stack.storagePort,
    token ? { mockUserToken: { ...token, user_id: token.sub } } : {},
  );
  return storage;
}

const png = (bytes: number) => new Uint8Array(bytes).fill(7);

beforeAll(async () => {
  stack = await startFirebaseToolsStack({
    projectId: uniqueProjectId('storage'),
    functionsSource: STORAGE_FUNCTIONS_FIXTURE,
    rules: DENY_ALL_FIRESTORE_RULES,
    storageRules: STORAGE_RULES,
  });
  bucket = `${stack.projectId}.appspot.com`;
  adminApp = initializeAdminApp({ projectId: stack.projectId }, `storage-admin-${Date.now()}`);
  db = getFirestore(adminApp);
  db.settings({ host: `127.0.0.1:${stack.firestore.port}`, ssl: false });
}, 150_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  if (adminApp) await deleteAdminApp(adminApp);
  await stack?.stop();
}, 30_000);

describe('Storage rules through the web SDK', () => {
  it('lets a signed-in person put a small image in their own folder, and refuses the rest', async () => {
    const anonymous = webStorage();
    const ana = webStorage({ sub: 'ana' });
    const image = { contentType: 'image/png' };

    expect(await refused(uploadBytes(ref(anonymous, 'users/ana/a.png'), png(10), image))).toBe(
      'storage/unauthorized',
    );
    expect(await refused(uploadBytes(ref(ana, 'users/bob/a.png'), png(10), image))).toBe(
      'storage/unauthorized',
    );
    // Content type and size limits, and custom metadata.
    expect(
      await refused(
        uploadBytes(ref(ana, 'users/ana/a.txt'), png(10), { contentType: 'text/plain' }),
      ),
    ).toBe('storage/unauthorized');
    expect(await refused(uploadBytes(ref(ana, 'users/ana/big.png'), png(1024 * 1024), image))).toBe(
      'storage/unauthorized',
    );
    expect(
      await refused(
        uploadBytes(ref(ana, 'users/ana/m.png'), png(10), {
          ...image,
          customMetadata: { kind: 'document' },
        }),
      ),
    ).toBe('storage/unauthorized');

    const done = await uploadBytes(ref(ana, 'users/ana/a.png'), png(1024 * 1024 - 1), image);
    expect(done.metadata.size).toBe(1024 * 1024 - 1);
    // Read: allowed to anyone by the rules.
    const bytes = new Uint8Array(await getBytes(ref(anonymous, 'users/ana/a.png')));
    expect(bytes.length).toBe(1024 * 1024 - 1);
    // Delete reads `resource` (the stored object) and request.time against its timeCreated.
    expect(await refused(deleteObject(ref(anonymous, 'users/ana/a.png')))).toBe(
      'storage/unauthorized',
    );
    await deleteObject(ref(ana, 'users/ana/a.png'));
    expect(await refused(getBytes(ref(anonymous, 'users/ana/a.png')))).toBe(
      'storage/object-not-found',
    );
  });

  it('reads token claims', async () => {
    const staff = webStorage({ sub: 'sam', staff: true });
    const notStaff = webStorage({ sub: 'nia', staff: false });
    expect(await refused(uploadBytes(ref(notStaff, 'staff/x.bin'), png(3)))).toBe(
      'storage/unauthorized',
    );
    await uploadBytes(ref(staff, 'staff/x.bin'), png(3));
    expect(new Uint8Array(await getBytes(ref(staff, 'staff/x.bin'))).length).toBe(3);
    expect(await refused(getBytes(ref(notStaff, 'staff/x.bin')))).toBe('storage/unauthorized');
  });

  it('reads Firestore documents with firestore.get and firestore.exists', async () => {
    const gus = webStorage({ sub: 'gus' });
    expect(await refused(uploadBytes(ref(gus, 'granted/g.bin'), png(4)))).toBe(
      'storage/unauthorized',
    );
    await db.doc('grants/gus').set({ ok: false });
    await uploadBytes(ref(gus, 'granted/g.bin'), png(4));
    // The grant exists but says no: firestore.get(...).data.ok is false.
    expect(await refused(getBytes(ref(gus, 'granted/g.bin')))).toBe('storage/unauthorized');
    await db.doc('grants/gus').set({ ok: true });
    expect(new Uint8Array(await getBytes(ref(gus, 'granted/g.bin'))).length).toBe(4);
  });

  it('lists a folder only when a list rule allows it (rules_version 2)', async () => {
    const lee = webStorage({ sub: 'lee' });
    const anonymous = webStorage();
    await fetch(
      `http://127.0.0.1:${stack.storagePort}/upload/storage/v1/b/${bucket}/o?uploadType=media&name=listable/one.txt`,
      { method: 'POST', headers: { Authorization: 'Bearer owner' }, body: 'one' },
    );
    const listed = await list(ref(lee, 'listable'));
    expect(listed.items.map((item) => item.fullPath)).toEqual(['listable/one.txt']);
    expect(await refused(list(ref(anonymous, 'listable')))).toBe('storage/unauthorized');
  });
});

describe('Storage with admin credentials', () => {
  it('firebase-admin uploads and downloads anywhere, whatever the rules say', async () => {
    // firebase-admin/storage (@google-cloud/storage) finds the emulator through this variable.
    process.env['FIREBASE_STORAGE_EMULATOR_HOST'] = `127.0.0.1:${stack.storagePort}`;
    const file = getAdminStorage(adminApp).bucket(bucket).file('nobody/may/write.txt');
    await file.save('admin wrote this', { contentType: 'text/plain' });
    const [bytes] = await file.download();
    expect(bytes.toString('utf8')).toBe('admin wrote this');
    // The same object is refused to a browser: no rule matches it.
    expect(await refused(getBytes(ref(webStorage({ sub: 'ana' }), 'nobody/may/write.txt')))).toBe(
      'storage/unauthorized',
    );
  });
});

describe('Storage triggers', () => {
  it('runs an onObjectFinalized function for an upload', async () => {
    const ana = webStorage({ sub: 'ana' });
    await uploadBytes(ref(ana, 'users/ana/trigger.png'), png(42), { contentType: 'image/png' });
    // On a busy machine the Functions emulator may first start a worker for the function.
    const deadline = Date.now() + 55_000;
    for (;;) {
      const snap = await db.doc('storage_log/users__ana__trigger.png').get();
      if (snap.exists) {
        expect(snap.data()).toEqual({
          bucket,
          name: 'users/ana/trigger.png',
          contentType: 'image/png',
          size: 42,
          type: 'google.cloud.storage.object.v1.finalized',
        });
        return;
      }
      if (Date.now() > deadline) {
        throw new Error(`onObjectFinalized did not run:\n${stack.output().slice(-4000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 60_000);
});
