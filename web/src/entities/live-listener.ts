import { useEffect, useRef } from 'react';
import { LIVE_DWELL_MS, liveFirestore, type LiveFirestore } from './live-firestore';

/** Stops a listener. */
type Unsubscribe = () => void;

/**
 * Keeps one realtime listener open while the view is mounted and `key` stays the same (null: no
 * listener). `listen` starts it once the view has been open LIVE_DWELL_MS and the full SDK is
 * loaded (after the first paint, when the browser is idle), and answers its unsubscribe; it
 * always sees the latest render's callbacks. A view left before then starts nothing. Listening
 * is an extra: the view already shows what it read, so a listener that fails (offline, refused)
 * leaves the view as it was; its first snapshot catches up on what changed meanwhile.
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
    const dwell = setTimeout(() => {
      liveFirestore().then(
        (live) => {
          if (!left) stop = latest.current(live);
        },
        () => undefined,
      );
    }, LIVE_DWELL_MS);
    return () => {
      left = true;
      clearTimeout(dwell);
      stop?.();
    };
  }, [key]);
}
