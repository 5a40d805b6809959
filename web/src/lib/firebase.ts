import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { connectFunctionsEmulator, getFunctions } from 'firebase/functions';
import { env } from '@/config/env';

/**
 * Firebase, initialised once at module level (never in render). Only routes that need
 * Firebase import this module, so the landing page ships no Firebase code.
 * Firestore is the Lite SDK (REST, no realtime listeners): see DESIGN.md.
 */
export const firebaseApp = initializeApp(env.firebase);
export const auth = getAuth(firebaseApp);
export const db = getFirestore(firebaseApp);
export const functions = getFunctions(firebaseApp, env.functionsRegion);

if (env.emulators) {
  const { host, authPort, firestorePort, functionsPort } = env.emulators;
  connectAuthEmulator(auth, `http://${host}:${authPort}`, { disableWarnings: true });
  connectFirestoreEmulator(db, host, firestorePort);
  connectFunctionsEmulator(functions, host, functionsPort);
}
