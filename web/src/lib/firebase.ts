import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { env } from '@/config/env';
import { firebaseApp } from './firebase-app';
import { openedAfterFirstPaint } from './first-paint';

/**
 * Firebase Auth on the app of ./firebase-app.ts (App Check and the callables), for the routes
 * that sign people in or show signed-in pages. Only routes that need it import this module, so
 * the landing page ships no Firebase code and the newsletter links no Auth. Firestore is not here:
 * the entities (web/src/entities/firestore.ts) own it.
 */
export { firebaseApp };

// getAuth() without its popup/redirect helper: sign-in is by email and password only, so no
// Google sign-in iframe or script is ever loaded (the Content-Security-Policy allows none).
export const auth = initializeAuth(firebaseApp, {
  persistence: [
    // The saved session is read (and checked with the server) after the first paint: a
    // returning person's last view is on screen first (first-paint.ts, last-view.ts).
    openedAfterFirstPaint(
      indexedDBLocalPersistence as unknown as new () => { _isAvailable(): Promise<boolean> },
    ) as unknown as typeof indexedDBLocalPersistence,
    browserLocalPersistence,
    browserSessionPersistence,
  ],
});

if (env.emulators) {
  const { host, authPort } = env.emulators;
  connectAuthEmulator(auth, `http://${host}:${authPort}`, { disableWarnings: true });
}
