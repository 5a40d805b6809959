import { connectStorageEmulator, getStorage } from 'firebase/storage';
import { env } from '@/config/env';
import { firebaseApp } from './firebase-app';

/**
 * Cloud Storage on the app of ./firebase-app.ts (App Check; Auth's ID token once ./firebase.ts
 * has signed someone in), for the pages that upload or show product photos. Import it only from
 * those pages (lazily where possible): the Storage SDK stays out of every other page's bundle.
 * Locally it talks to firebase-tools' Storage emulator, whose rules run on our Java-free runtime
 * (docs/storage.md). The bucket is the web config's storageBucket.
 */
export const storage = getStorage(firebaseApp);

if (env.emulators) {
  const { host, storagePort } = env.emulators;
  connectStorageEmulator(storage, host, storagePort);
}
