import { useEffect, useRef } from 'react';
import { liveFirestore, type LiveFirestore } from './live-firestore';

/** Stops a listener. */
type Unsubscribe = () => void;

/**
 * Keeps one realtime listener open while the view is mounted and `key` stays the same (null: no
 * listener). `listen` starts it once the full SDK is loaded (after the first paint) and answers
 * its unsubscribe; it always sees the latest render's callbacks. A view that is left before the
 * SDK arrives starts nothing. Listening is an extra: the view already shows what it read, so a
 * listener that fails (offline, refused) leaves the view as it was.
 */
export function useLiveListener(key: string | null, listen: (live: LiveFirestore) => Unsubscribe) {
  const latest = useRef(listen);
  useEffect(() => {
    latest.current = listen;
  });
  useEffect(() => {
    if (key === null) return;
    let stop: Unsubscribe | null = null;
    let left = false;
    liveFirestore().then(
      (live) => {
        if (!left) stop = latest.current(live);
      },
      () => undefined,
    );
    return () => {
      left = true;
      stop?.();
    };
  }, [key]);
}
