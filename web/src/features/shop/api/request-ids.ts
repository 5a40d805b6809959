import { useCallback, useRef } from 'react';

/** A request id placeTermsOrder accepts (/^[A-Za-z0-9_-]{8,64}$/): a UUID without its dashes. */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * One request id per attempt: the same id for as long as `key` (what is being ordered: the
 * cart's lines, the location, the PO number) stays the same, so pressing again after a network
 * failure answers the order already placed instead of placing a second one; a new id once the
 * attempt changes.
 */
export function useAttemptIds(): (key: string) => string {
  const last = useRef<{ key: string; id: string } | null>(null);
  return useCallback((key: string) => {
    if (last.current?.key !== key) last.current = { key, id: newRequestId() };
    return last.current.id;
  }, []);
}
