/**
 * Resolves once the signed-in pages have painted for the first time. Work that the first view
 * does not need starts after it, so that view is not held behind it: Firebase Auth's check of the
 * saved session (lib/firebase.ts; a returning person sees their last view meanwhile,
 * lib/last-view.ts). Never later than MAX_WAIT_MS after the app starts, whatever renders.
 */
const MAX_WAIT_MS = 1000;

let resolvePainted!: () => void;
export const afterFirstPaint = new Promise<void>((resolve) => {
  resolvePainted = resolve;
});
setTimeout(() => resolvePainted(), MAX_WAIT_MS);

/**
 * The Firebase layout has committed its first render: resolves once a frame has been painted
 * since (a frame callback runs before its frame is painted, so the second one comes after).
 */
export function noteFirstCommit(): void {
  if (typeof requestAnimationFrame !== 'function') {
    resolvePainted();
    return;
  }
  requestAnimationFrame(() => requestAnimationFrame(() => resolvePainted()));
}

/** A Firebase Auth persistence class, as far as this module needs to know it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's constructor, as TypeScript requires
type PersistenceClass = new (...args: any[]) => { _isAvailable(): Promise<boolean> };

/**
 * A Firebase Auth persistence that opens only after the first paint: Auth reads the saved
 * session, then checks it with the server, only once the first view is on screen. (Auth asks
 * every persistence `_isAvailable()` before reading a session from any of them.)
 */
export function openedAfterFirstPaint<T extends PersistenceClass>(Base: T): T {
  return class extends Base {
    override async _isAvailable(): Promise<boolean> {
      await afterFirstPaint;
      return super._isAvailable();
    }
  };
}
