/**
 * The location a member last chose to order for, kept on this device per member (the cart's
 * "Ship to"). Kept apart from the locations' reads so that a page which only passes the choice
 * on (Buy Now in the store) does not load them. The server checks the choice at checkout, and
 * without one ships to the member's first location.
 */
const storageKey = (uid: string) => `portal.ordering-location.${uid}`;
const listeners = new Set<() => void>();

export function readOrderingChoice(uid: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(uid));
  } catch {
    return null;
  }
}

export function saveOrderingChoice(uid: string, locationId: string): void {
  try {
    window.localStorage.setItem(storageKey(uid), locationId);
  } catch {
    // No storage on this device (a private window): the first location stays the one used.
  }
  listeners.forEach((listener) => listener());
}

export function subscribeOrderingChoice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
