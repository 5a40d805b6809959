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

describe('afterFirstPaint', () => {
  it('resolves once a frame has been painted after the first commit, not at the commit', async () => {
    const { afterFirstPaint, noteFirstCommit } = await freshModule();
    expect(await settled(afterFirstPaint)).toBe(false);
    noteFirstCommit();
    runFrame(); // the frame that paints the commit: its callbacks run before the paint
    expect(await settled(afterFirstPaint)).toBe(false);
    runFrame(); // the next frame: the first one has been painted
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
  it("makes a Firebase Auth persistence answer whether it is available only after the first paint", async () => {
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
    runFrame();
    runFrame();
    expect(await settled(available)).toBe(true);
    await expect(available).resolves.toBe(true);
    expect(asked).toHaveBeenCalledTimes(1);
    expect((Wrapped as unknown as typeof Persistence).type).toBe('LOCAL');
  });
});
