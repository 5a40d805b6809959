import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type * as FirstPaintModule from './first-paint';

type FirstPaint = typeof FirstPaintModule;

/** A fresh copy of the module (it starts its wait when it loads), with frames run by hand. */
async function freshModule(): Promise<FirstPaint> {
  vi.resetModules();
  return import('./first-paint');
}

let frames: FrameRequestCallback[] = [];
const runFrame = () => {
  const due = frames;
  frames = [];
  due.forEach((callback) => callback(performance.now()));
};

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.push(callback);
    return frames.length;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

/** A stand-in for the browser's Largest Contentful Paint reports: `report(t)` is one entry. */
function stubLargestPaintReports() {
  type Entry = { startTime: number; element?: Element };
  const observers: Array<(entries: Entry[]) => void> = [];
  class Observer {
    static supportedEntryTypes = ['largest-contentful-paint'];
    constructor(private callback: (list: { getEntries(): Entry[] }) => void) {}
    observe() {
      observers.push((entries) => this.callback({ getEntries: () => entries }));
    }
    disconnect() {
      observers.length = 0;
    }
  }
  vi.stubGlobal('PerformanceObserver', Observer);
  return {
    report: (startTime: number, element?: Element) =>
      observers.forEach((notify) => notify([{ startTime, element }])),
    watching: () => observers.length,
  };
}

describe('afterFirstPaint', () => {
  it('resolves when the browser reports a largest element painted since the first commit', async () => {
    const reports = stubLargestPaintReports();
    const { afterFirstPaint, noteFirstCommit } = await freshModule();
    noteFirstCommit();
    await vi.advanceTimersByTimeAsync(0);
    expect(reports.watching()).toBe(1);
    reports.report(performance.now() - 50); // the loading screen's paint, before the commit
    expect(await settled(afterFirstPaint)).toBe(false);
    runFrame();
    runFrame(); // two frame callbacks: the frame may not be on screen yet
    expect(await settled(afterFirstPaint)).toBe(false);
    reports.report(performance.now());
    expect(await settled(afterFirstPaint)).toBe(true);
    expect(reports.watching()).toBe(0);
  });

  /** An image of the first view, still loading: `decoded()` finishes it. */
  function loadingImage() {
    const image = document.createElement('img');
    Object.defineProperty(image, 'complete', { value: false });
    let decoded!: () => void;
    image.decode = () => new Promise<void>((resolve) => (decoded = resolve));
    document.body.append(image);
    return { image, decoded: () => decoded() };
  }

  it("waits for the first view's images, and for the browser to report one of them painted", async () => {
    const reports = stubLargestPaintReports();
    const { image, decoded } = loadingImage();
    try {
      const { afterFirstPaint, noteFirstCommit } = await freshModule();
      noteFirstCommit();
      await vi.advanceTimersByTimeAsync(0);
      reports.report(performance.now()); // the text painted; the photo is still loading
      expect(await settled(afterFirstPaint)).toBe(false);
      decoded();
      await vi.advanceTimersByTimeAsync(0);
      expect(await settled(afterFirstPaint)).toBe(false);
      reports.report(performance.now(), image); // the photo painted
      expect(await settled(afterFirstPaint)).toBe(true);
      expect(reports.watching()).toBe(0);
    } finally {
      image.remove();
    }
  });

  it('counts a photo painted before its decode was seen to finish', async () => {
    const reports = stubLargestPaintReports();
    const { image, decoded } = loadingImage();
    try {
      const { afterFirstPaint, noteFirstCommit } = await freshModule();
      noteFirstCommit();
      await vi.advanceTimersByTimeAsync(0);
      reports.report(performance.now(), image);
      expect(await settled(afterFirstPaint)).toBe(false);
      decoded();
      // No frame runs: the report already said the photo is on screen.
      expect(await settled(afterFirstPaint)).toBe(true);
    } finally {
      image.remove();
    }
  });

  it('resolves two frames and 100 ms after the commit when nothing larger is reported', async () => {
    const { afterFirstPaint, noteFirstCommit } = await freshModule();
    expect(await settled(afterFirstPaint)).toBe(false);
    noteFirstCommit();
    await vi.advanceTimersByTimeAsync(0);
    runFrame(); // the frame that paints the commit: its callbacks run before the paint
    runFrame();
    await vi.advanceTimersByTimeAsync(99);
    expect(await settled(afterFirstPaint)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(afterFirstPaint)).toBe(true);
  });

  it('resolves at once for a page long painted (a sign-in form in use)', async () => {
    const { afterFirstPaint, noteAlreadyPainted } = await freshModule();
    noteAlreadyPainted();
    expect(await settled(afterFirstPaint)).toBe(true);
  });

  it('never waits more than a second, whatever renders', async () => {
    const { afterFirstPaint } = await freshModule();
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(afterFirstPaint)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(afterFirstPaint)).toBe(true);
  });
});

describe('openedAfterFirstPaint', () => {
  it('makes a Firebase Auth persistence answer whether it is available only after the first paint', async () => {
    const { openedAfterFirstPaint, noteFirstCommit } = await freshModule();
    const asked = vi.fn(async () => true);
    class Persistence {
      static type = 'LOCAL';
      _isAvailable() {
        return asked();
      }
    }
    const Wrapped = openedAfterFirstPaint(Persistence);
    const available = new Wrapped()._isAvailable();
    expect(await settled(available)).toBe(false);
    expect(asked).not.toHaveBeenCalled();
    noteFirstCommit();
    await vi.advanceTimersByTimeAsync(0);
    runFrame();
    runFrame();
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(available)).toBe(true);
    await expect(available).resolves.toBe(true);
    expect(asked).toHaveBeenCalledTimes(1);
    expect((Wrapped as unknown as typeof Persistence).type).toBe('LOCAL');
  });
});
