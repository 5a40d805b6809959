/** Real SDK clients pointed at the target: Firestore Lite (REST) and firebase-admin (gRPC). */
import { deleteApp, initializeApp as initializeClientApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  getFirestore as getLiteFirestore,
  setLogLevel,
  type Firestore as LiteFirestore,
} from 'firebase/firestore/lite';
import {
  deleteApp as deleteAdminApp,
  initializeApp as initializeAdminApp,
} from 'firebase-admin/app';
import {
  getFirestore as getAdminFirestore,
  type Firestore as AdminFirestore,
} from 'firebase-admin/firestore';
import { startTarget, type Target } from './target.js';

export function liteClient(
  target: Target,
  name: string,
): { db: LiteFirestore; close(): Promise<void> } {
  setLogLevel('silent');
  const app = initializeClientApp({ projectId: target.projectId, apiKey: 'fake-api-key' }, name);
  const db = getLiteFirestore(app);
  connectFirestoreEmulator(db, target.host, target.port);
  return { db, close: () => deleteApp(app) };
}

/** firebase-admin reads FIRESTORE_EMULATOR_HOST when the Firestore instance is created. */
export function adminClient(
  target: Target,
  name: string,
): { db: AdminFirestore; close(): Promise<void> } {
  process.env['FIRESTORE_EMULATOR_HOST'] = `${target.host}:${target.port}`;
  const app = initializeAdminApp({ projectId: target.projectId }, name);
  const db = getAdminFirestore(app);
  return { db, close: () => deleteAdminApp(app) };
}

/** A fresh target with both SDK clients on it, and one close for all three. */
export async function startWithClients(suite: string): Promise<{
  target: Target;
  admin: AdminFirestore;
  lite: LiteFirestore;
  close(): Promise<void>;
}> {
  const target = await startTarget(suite);
  const admin = adminClient(target, `${suite}-admin`);
  const lite = liteClient(target, `${suite}-lite`);
  return {
    target,
    admin: admin.db,
    lite: lite.db,
    close: async () => {
      await lite.close();
      await admin.close();
      await target.close();
    },
  };
}
