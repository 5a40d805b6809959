import { initializeApp } from 'firebase/app';
import { connectFunctionsEmulator, getFunctions } from 'firebase/functions';
import { env } from '@/config/env';
import { hostingConfig } from '@/config/firebase-web-config';
import { startAppCheck } from './app-check';

/**
 * The Firebase app with App Check and the callables, initialised once at module level (never in
 * render), without Firebase Auth: a page that only calls functions (the newsletter links) loads
 * this much and no more. Auth is added on the same app by ./firebase.ts, which the signed-in
 * pages import; the callables then send the signed-in person's ID token on their own.
 *
 * A production build made without VITE_FIREBASE_* reads the project's web config from Firebase
 * Hosting before anything else touches Firebase (top-level await: the modules that import this
 * one wait for it; a dropped request is tried again, see fetchHostingConfig).
 */
export const firebaseApp = initializeApp(env.firebase ?? (await hostingConfig()));
// Before any Firebase call, so every callable and Firestore request carries an App Check token.
startAppCheck(firebaseApp, { emulators: env.emulators, siteKey: env.appCheckSiteKey });
export const functions = getFunctions(firebaseApp, env.functionsRegion);

if (env.emulators) {
  const { host, functionsPort } = env.emulators;
  connectFunctionsEmulator(functions, host, functionsPort);
}
