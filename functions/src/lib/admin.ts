import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';

/**
 * The Admin SDK, initialised once. In the emulators FIRESTORE_EMULATOR_HOST and
 * FIREBASE_AUTH_EMULATOR_HOST point it at the local stack.
 */
if (getApps().length === 0) initializeApp();

export const adminAuth = () => getAuth();
export const firestore = () => getFirestore();
