import { useEffect, useRef, useState } from 'react';

export type OneShot<T> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

/**
 * Runs `run(key)` once per key for the life of the component, and follows its result. For
 * actions that must not happen twice (applying a one-time link code): React StrictMode mounts
 * effects twice, and a second call would report the code as already used. The first run's
 * promise is kept in a ref, and every mount of the effect only listens to it.
 *
 * A null key runs nothing ('idle'). `run` should be stable (a module-level function).
 */
export function useOneShot<T>(key: string | null, run: (key: string) => Promise<T>): OneShot<T> {
  const started = useRef<{ key: string; promise: Promise<T> } | null>(null);
  const [result, setResult] = useState<{ key: string; value: OneShot<T> } | null>(null);

  useEffect(() => {
    if (key === null) return;
    if (started.current?.key !== key)
      started.current = { key, promise: Promise.resolve(key).then(run) };
    let active = true;
    started.current.promise.then(
      (data) => {
        if (active) setResult({ key, value: { status: 'success', data } });
      },
      (error: unknown) => {
        if (active) setResult({ key, value: { status: 'error', error } });
      },
    );
    return () => {
      active = false;
    };
  }, [key, run]);

  if (key === null) return { status: 'idle' };
  return result?.key === key ? result.value : { status: 'pending' };
}
