import type { Firestore } from 'firebase/firestore';
import type * as LiveSdkModule from './live-sdk';
import { env } from '@/config/env';
import { firebaseApp } from '@/lib/firebase';
import { afterFirstPaint } from '@/lib/first-paint';

/**
 * The full Firestore SDK, for the few views that update live (docs/live-updates.md): its
 * realtime listeners (WebChannel) are what Lite lacks. Everything else reads and writes with Lite
 * (./firestore.ts). It is a chunk of its own (./live-sdk.ts), fetched on the first call once the
 * view has painted and the browser is idle, so no page waits for it; signed in through the same
 * app's Auth.
 */
export type LiveSdk = typeof LiveSdkModule;

export interface LiveFirestore {
  sdk: LiveSdk;
  db: Firestore;
}

let loading: Promise<LiveFirestore> | null = null;

/**
 * How long a view stays open before it starts listening (docs/live-updates.md#when-listening-starts):
 * live updates are for people who keep a view open, and a glance at a tab opens no listener,
 * costs no reads, and does not parse the SDK while the person starts to read and tap.
 */
export const LIVE_DWELL_MS = 8000;

/** The longest a listener waits for the browser to be idle after the view's first paint. */
const IDLE_WAIT_MS = 2000;

/** Resolves when the browser is idle (the view's own reads and rendering done), or soon after. */
function browserIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
    } else {
      setTimeout(resolve, 100);
    }
  });
}

export function liveFirestore(): Promise<LiveFirestore> {
  loading ??= (async () => {
    await afterFirstPaint;
    await browserIdle();
    const sdk = await import('./live-sdk');
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
