import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

/**
 * Which Firestore the matrix runs against: the local emulator the test stack started
 * (FIRESTORE_EMULATOR_HOST), or an official emulator named by FIRESTORE_RULES_TARGET=host:port.
 * The Auth emulator is always the stack's.
 */
export function firestoreTarget(): string {
  const target = process.env.FIRESTORE_RULES_TARGET || process.env.FIRESTORE_EMULATOR_HOST;
  if (!target) throw new Error('Neither FIRESTORE_RULES_TARGET nor FIRESTORE_EMULATOR_HOST is set');
  return target;
}

export function authHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set');
  return host;
}

export function projectId(): string {
  return process.env.GCLOUD_PROJECT || 'demo-wholesale-portal';
}

let adminApp: App | undefined;

function app(): App {
  if (!adminApp) {
    // The Admin SDK's Firestore client reads the emulator host from the environment when it is
    // created: point it at the matrix target (this worker only).
    process.env.FIRESTORE_EMULATOR_HOST = firestoreTarget();
    adminApp =
      getApps().find((a) => a.name === 'rules-admin') ??
      initializeApp({ projectId: projectId() }, 'rules-admin');
  }
  return adminApp;
}

/** Admin SDK (bypasses rules): seeds data and prepares the Auth users. */
export function rulesAdminDb(): Firestore {
  return getFirestore(app());
}

export function rulesAdminAuth(): Auth {
  return getAuth(app());
}

/** Deletes every document through the emulator's admin endpoint (same on the official emulator). */
export async function clearFirestore(): Promise<void> {
  const url = `http://${firestoreTarget()}/emulator/v1/projects/${projectId()}/databases/(default)/documents`;
  const response = await fetch(url, { method: 'DELETE' });
  if (!response.ok)
    throw new Error(`Clearing Firestore failed: ${response.status} ${await response.text()}`);
}
