import type * as FirestoreSdk from 'firebase/firestore';
import { env } from '@/config/env';
import { firebaseApp } from '@/lib/firebase';
import { afterFirstPaint } from '@/lib/first-paint';

/**
 * The full Firestore SDK, for the few views that update live (docs/live-updates.md): its
 * realtime listeners (WebChannel) are what Lite lacks. Everything else reads and writes with Lite
 * (./firestore.ts). It is a chunk of its own, fetched on the first call and never before the
 * view's first paint, so no page waits for it; signed in through the same app's Auth.
 */
export type LiveSdk = typeof FirestoreSdk;

export interface LiveFirestore {
  sdk: LiveSdk;
  db: FirestoreSdk.Firestore;
}

let loading: Promise<LiveFirestore> | null = null;

export function liveFirestore(): Promise<LiveFirestore> {
  loading ??= (async () => {
    await afterFirstPaint;
    const sdk = await import('firebase/firestore');
    const db = sdk.initializeFirestore(firebaseApp, {});
    if (env.emulators) {
      sdk.connectFirestoreEmulator(db, env.emulators.host, env.emulators.firestorePort);
    }
    return { sdk, db };
  })();
  // A failed download is tried again by the next view that asks.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
