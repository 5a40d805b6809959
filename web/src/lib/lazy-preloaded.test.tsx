import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPreloaded } from './lazy-preloaded';

function Card({ name }: { name: string }) {
  return <p>Card of {name}</p>;
}

const inSuspense = (node: React.ReactNode) => (
  <Suspense fallback={<p>Loading card</p>}>{node}</Suspense>
);

describe('lazyPreloaded', () => {
  it('draws a preloaded component at once, without suspending', async () => {
    const load = vi.fn(async () => ({ default: Card }));
    const { Component, preload } = lazyPreloaded(load);
    await preload();
    render(inSuspense(<Component name="Ana" />));
    // Synchronously there: no fallback was ever committed (so no reveal throttle either).
    expect(screen.getByText('Card of Ana')).toBeTruthy();
    expect(screen.queryByText('Loading card')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is React.lazy before its chunk has come, and loads it once', async () => {
    let arrive!: () => void;
    const load = vi.fn(
      () =>
        new Promise<{ default: typeof Card }>(
          (resolve) => (arrive = () => resolve({ default: Card })),
        ),
    );
    const { Component, preload, isLoaded } = lazyPreloaded(load);
    render(inSuspense(<Component name="Bo" />));
    expect(screen.getByText('Loading card')).toBeTruthy();
    void preload();
    expect(isLoaded()).toBe(false);
    await act(async () => arrive());
    expect(await screen.findByText('Card of Bo')).toBeTruthy();
    expect(isLoaded()).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a part first drawn through React.lazy mounted when the chunk arrives (its state stays)', async () => {
    let arrive!: () => void;
    const mounts = vi.fn();
    function Counter({ label }: { label: string }) {
      const [count, setCount] = useState(0);
      useEffect(() => mounts(), []);
      return (
        <button type="button" onClick={() => setCount(count + 1)}>
          {label} {count}
        </button>
      );
    }
    const { Component } = lazyPreloaded(
      () =>
        new Promise<{ default: typeof Counter }>(
          (resolve) => (arrive = () => resolve({ default: Counter })),
        ),
    );
    const { rerender } = render(inSuspense(<Component label="Clicks" />));
    await act(async () => arrive());
    fireEvent.click(await screen.findByRole('button', { name: 'Clicks 0' }));
    rerender(inSuspense(<Component label="Taps" />));
    expect(screen.getByRole('button', { name: 'Taps 1' })).toBeTruthy();
    expect(mounts).toHaveBeenCalledTimes(1);
  });

  it('draws the fallback component when the chunk cannot load, and tries again next time', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Card }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ default: Card });
    const { Component, preload, isLoaded } = lazyPreloaded(load, () => <p>No card</p>);
    render(inSuspense(<Component name="Cy" />));
    expect(await screen.findByText('No card')).toBeTruthy();
    // The fallback is drawn through React.lazy, never taken for the component itself.
    expect(isLoaded()).toBe(false);
    await preload();
    expect(isLoaded()).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
    render(inSuspense(<Component name="Cy" />));
    expect(screen.getByText('Card of Cy')).toBeTruthy();
  });
});
