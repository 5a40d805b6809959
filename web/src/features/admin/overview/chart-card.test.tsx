import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNearViewport } from './chart-card';

/** A stand-in IntersectionObserver: `enter()` brings every observed box near the viewport. */
function stubIntersections() {
  const observed: Array<{
    callback: IntersectionObserverCallback;
    options?: IntersectionObserverInit;
  }> = [];
  let disconnected = 0;
  class Observer {
    constructor(
      private callback: IntersectionObserverCallback,
      private options?: IntersectionObserverInit,
    ) {}
    observe() {
      observed.push({ callback: this.callback, options: this.options });
    }
    disconnect() {
      disconnected += 1;
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  return {
    observed,
    disconnected: () => disconnected,
    enter: (isIntersecting = true) =>
      act(() =>
        observed.forEach(({ callback }) =>
          callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver),
        ),
      ),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('WhenNearViewport', () => {
  it('draws its chart only once its box comes within 200 px of the viewport', () => {
    const io = stubIntersections();
    render(
      <WhenNearViewport placeholder={<p>Chart loading</p>}>
        <p>The chart</p>
      </WhenNearViewport>,
    );
    expect(screen.getByText('Chart loading')).toBeInTheDocument();
    expect(screen.queryByText('The chart')).not.toBeInTheDocument();
    expect(io.observed[0]?.options?.rootMargin).toBe('200px 0px');
    io.enter(false);
    expect(screen.queryByText('The chart')).not.toBeInTheDocument();
    io.enter();
    expect(screen.getByText('The chart')).toBeInTheDocument();
    expect(screen.queryByText('Chart loading')).not.toBeInTheDocument();
    expect(io.disconnected()).toBeGreaterThan(0);
  });

  it('draws every chart before the page is printed', () => {
    stubIntersections();
    render(
      <WhenNearViewport placeholder={<p>Chart loading</p>}>
        <p>The chart</p>
      </WhenNearViewport>,
    );
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getByText('The chart')).toBeInTheDocument();
  });

  it('draws at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNearViewport placeholder={<p>Chart loading</p>}>
        <p>The chart</p>
      </WhenNearViewport>,
    );
    expect(screen.getByText('The chart')).toBeInTheDocument();
  });
});
