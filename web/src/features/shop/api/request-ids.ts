/** A request id placeTermsOrder accepts (/^[A-Za-z0-9_-]{8,64}$/): a UUID without its dashes. */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

let last: { key: string; id: string } | null = null;

/**
 * One request id per attempt: the same id for as long as `key` (what is being ordered: the
 * cart's lines, the location, the PO number) stays the same, so pressing again after a network
 * failure answers the order already placed instead of placing a second one; a new id once the
 * attempt changes.
 */
export function requestIdFor(key: string): string {
  if (last?.key !== key) last = { key, id: newRequestId() };
  return last.id;
}

/** The attempt was answered with an order: the next one, even of the same cart, is new. */
export function endAttempt(): void {
  last = null;
}
