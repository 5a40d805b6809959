import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveFirestore } from './live-firestore';
import { useLiveListener } from './live-listener';

// The real dwell (the web tests' stand-in starts at once): a view listens only once it has been
// open LIVE_DWELL_MS (8 s).
vi.mock('./live-firestore', () => ({
  LIVE_DWELL_MS: 8000,
  liveFirestore: vi.fn(() => Promise.resolve({ sdk: {}, db: {} })),
}));

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(liveFirestore).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useLiveListener', () => {
  it('starts listening once the view has been open 8 s, and stops when it is left', async () => {
    const stop = vi.fn();
    const listen = vi.fn(() => stop);
    const { unmount } = renderHook(() => useLiveListener('orders', listen));
    await vi.advanceTimersByTimeAsync(7900);
    expect(liveFirestore).not.toHaveBeenCalled();
    expect(listen).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(listen).toHaveBeenCalledTimes(1);
    unmount();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('opens nothing for a view left within the dwell, nor for a null key', async () => {
    const listen = vi.fn(() => () => undefined);
    const { unmount } = renderHook(() => useLiveListener('orders', listen));
    await vi.advanceTimersByTimeAsync(5000);
    unmount();
    renderHook(() => useLiveListener(null, listen));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(liveFirestore).not.toHaveBeenCalled();
    expect(listen).not.toHaveBeenCalled();
  });

  it('starts again when the key changes, stopping the listener of the old one', async () => {
    const stops = [vi.fn(), vi.fn()];
    let opened = 0;
    const listen = vi.fn(() => stops[opened++]!);
    const { rerender } = renderHook(({ key }) => useLiveListener(key, listen), {
      initialProps: { key: 'a' },
    });
    await vi.advanceTimersByTimeAsync(8100);
    rerender({ key: 'b' });
    expect(stops[0]).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(8100);
    expect(listen).toHaveBeenCalledTimes(2);
    expect(stops[1]).not.toHaveBeenCalled();
  });
});
