import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';

/**
 * The Admin SDK, initialised once. In the emulators FIRESTORE_EMULATOR_HOST and
 * FIREBASE_AUTH_EMULATOR_HOST point it at the local stack.
 */
if (getApps().length === 0) initializeApp();

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
