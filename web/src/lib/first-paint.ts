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
 * browser paints): resolves once that view is on screen. The browser's Largest Contentful Paint
 * reports say so: a largest element painted since the commit, and, when the view has images
 * still loading (a product photo is often the largest element), one of those images. Without a
 * fitting report (a view that paints nothing larger than before, a browser without the reports,
 * images that never come) it counts as shown two frames and REPORT_WAIT_MS after it has stopped
 * waiting for them. (A frame callback runs before its frame is painted, and the compositor shows
 * the frame later still: two frame callbacks alone can come a few milliseconds before the paint.)
 */
export function noteFirstCommit(): void {
  if (noted) return;
  noted = true;
  const reports = largestPaintReports(performance.now());
  void (async () => {
    try {
      const images = pendingImages();
      if (images.length > 0) await loaded(images);
      await reports.shown(images);
    } finally {
      reports.stop();
      resolvePainted();
    }
  })();
}

/** A page that has long been painted (a sign-in form in use): nothing is waited for. */
export function noteAlreadyPainted(): void {
  noted = true;
  resolvePainted();
}

/** The images of the document still loading (not lazy ones). */
function pendingImages(): HTMLImageElement[] {
  if (typeof document === 'undefined') return [];
  return Array.from(document.querySelectorAll('img')).filter(
    (image) => !image.complete && image.loading !== 'lazy',
  );
}

/** Resolves once the images are loaded and decoded (or failed), IMAGES_WAIT_MS at most. */
async function loaded(images: HTMLImageElement[]): Promise<void> {
  await Promise.race([
    Promise.all(images.map((image) => image.decode().catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, IMAGES_WAIT_MS)),
  ]);
}

/** A Largest Contentful Paint report, as far as this module reads it. */
type LargestPaint = { startTime: number; element?: Element | null };

/**
 * Listens, from now on, to the browser's reports of a largest element painted at or after
 * `since`. `shown(images)` resolves when one has come (one of `images` when there are any), else
 * on the next report, else two frames and REPORT_WAIT_MS after it is called.
 */
function largestPaintReports(since: number): {
  shown: (images: readonly Element[]) => Promise<void>;
  stop: () => void;
} {
  const seen: LargestPaint[] = [];
  let onReport: (() => void) | undefined;
  let observer: PerformanceObserver | undefined;
  if (supportsLargestPaint()) {
    observer = new PerformanceObserver((list) => {
      const fresh = (list.getEntries() as LargestPaint[]).filter(
        (entry) => entry.startTime >= since,
      );
      if (fresh.length === 0) return;
      seen.push(...fresh);
      onReport?.();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  const fits = (images: readonly Element[]) =>
    images.length === 0
      ? seen.length > 0
      : seen.some((entry) => entry.element != null && images.includes(entry.element));
  return {
    shown: (images) =>
      new Promise((resolve) => {
        if (fits(images)) {
          resolve();
          return;
        }
        // A report from now on will do: the view, or what of it has come, is on screen.
        onReport = () => resolve();
        if (typeof requestAnimationFrame !== 'function') {
          setTimeout(resolve, REPORT_WAIT_MS);
          return;
        }
        requestAnimationFrame(() =>
          requestAnimationFrame(() => setTimeout(resolve, REPORT_WAIT_MS)),
        );
      }),
    stop: () => {
      onReport = undefined;
      observer?.disconnect();
    },
  };
}

/** Whether this browser reports Largest Contentful Paint (Safari does not). */
function supportsLargestPaint(): boolean {
  return (
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint') ?? false)
  );
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
