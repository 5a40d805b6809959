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
 * After the first painted frame, how long to wait for the browser to report a newly painted
 * largest element before deciding it painted none (a view smaller than the one before it, or a
 * browser without Largest Contentful Paint entries).
 */
const REPORT_WAIT_MS = 100;

/** How long the first view's images may take to load and decode before they are not waited for. */
const IMAGES_WAIT_MS = 500;

let noted = false;

/**
 * The Firebase layout has committed its first render (call it from a layout effect, before the
 * browser paints): resolves once that view is on screen. Its images (a product photo is often
 * the largest element) are loaded and decoded first; then the browser's own report of a largest
 * element painted since the commit says it has been shown. (A frame callback runs before its
 * frame is painted, and the compositor shows the frame later still: two frame callbacks alone
 * can come a few milliseconds before the paint.)
 */
export function noteFirstCommit(): void {
  if (noted) return;
  noted = true;
  const committedAt = performance.now();
  void (async () => {
    try {
      const waitedForImages = await firstViewImages();
      await largestPaintSince(waitedForImages ? performance.now() : committedAt);
    } finally {
      resolvePainted();
    }
  })();
}

/** A page that has long been painted (a sign-in form in use): nothing is waited for. */
export function noteAlreadyPainted(): void {
  noted = true;
  resolvePainted();
}

/** Waits for the images of the document still loading (not lazy ones); whether there were any. */
async function firstViewImages(): Promise<boolean> {
  if (typeof document === 'undefined') return false;
  const pending = Array.from(document.querySelectorAll('img')).filter(
    (image) => !image.complete && image.loading !== 'lazy',
  );
  if (pending.length === 0) return false;
  await Promise.race([
    Promise.all(pending.map((image) => image.decode().catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, IMAGES_WAIT_MS)),
  ]);
  return true;
}

/**
 * Resolves when the browser reports a largest element painted at or after `since`, or two frames
 * and REPORT_WAIT_MS after the call when it reports none.
 */
function largestPaintSince(since: number): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    if (typeof PerformanceObserver !== 'undefined') {
      if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
        observer = new PerformanceObserver((list) => {
          if (list.getEntries().some((entry) => entry.startTime >= since)) done();
        });
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
      }
    }
    if (typeof requestAnimationFrame !== 'function') {
      setTimeout(done, REPORT_WAIT_MS);
      return;
    }
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, REPORT_WAIT_MS)));
  });
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
