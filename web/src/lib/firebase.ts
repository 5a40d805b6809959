import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions } from 'firebase/functions';
import { env } from '@/config/env';
import { startAppCheck } from './app-check';
import { fetchHostingConfig } from '@/config/firebase-web-config';

/**
 * Firebase, initialised once at module level (never in render). Only routes that need
 * Firebase import this module, so the landing page ships no Firebase code. Firestore is not
 * here: the entities (web/src/entities/firestore.ts) own it.
 *
 * A production build made without VITE_FIREBASE_* reads the project's web config from Firebase
 * Hosting before anything else touches Firebase (top-level await: the lazy routes that import
 * this module wait for it; a dropped request is tried again, see fetchHostingConfig).
 */
export const firebaseApp = initializeApp(env.firebase ?? (await fetchHostingConfig()));
// Before any Firebase call, so every callable and Firestore request carries an App Check token.
startAppCheck(firebaseApp, { emulators: env.emulators, siteKey: env.appCheckSiteKey });
// getAuth() without its popup/redirect helper: sign-in is by email and password only, so no
// Google sign-in iframe or script is ever loaded (the Content-Security-Policy allows none).
export const auth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
});
export const functions = getFunctions(firebaseApp, env.functionsRegion);

if (env.emulators) {
  const { host, authPort, functionsPort } = env.emulators;
  connectAuthEmulator(auth, `http://${host}:${authPort}`, { disableWarnings: true });
  connectFunctionsEmulator(functions, host, functionsPort);
}
