import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';

/** The name firebase-admin gives the app `initializeApp()` makes without one. */
export const DEFAULT_APP_NAME = '[DEFAULT]';

/**
 * The Admin SDK's default app, made once: unless one exists already, whatever other apps there
 * are. (Checking for no app at all left a process with only a named app, such as a test's own
 * admin app made before this module first loaded, with no default app and every call failing.)
 * In the emulators FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST point it at the
 * local stack.
 */
export function ensureDefaultApp(): void {
  if (!getApps().some((app) => app.name === DEFAULT_APP_NAME)) initializeApp();
}

ensureDefaultApp();

export const adminAuth = () => getAuth();
export const firestore = () => getFirestore();

/**
 * The project's default Cloud Storage bucket: the one the runtime names (FIREBASE_CONFIG's
 * storageBucket, in Cloud Functions and the Functions emulator), else `<project>.appspot.com`,
 * the emulators' default bucket (scripts and tests run without FIREBASE_CONFIG), read from the
 * context's environment (lib/params.ts: the one place that reads process.env).
 */
export function defaultBucket(env: Readonly<Record<string, string | undefined>>) {
  const storage = getStorage();
  try {
    return storage.bucket();
  } catch {
    return storage.bucket(`${env.GCLOUD_PROJECT ?? ''}.appspot.com`);
  }
}
