import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeDb } from './fake-firestore-lite';

// Every web test runs against the one Firestore stand-in (fake-firestore-lite.ts), empty at the
// start of each test: no test talks to a real Firestore or mocks the SDK on its own.
vi.mock('firebase/firestore/lite', () => import('./fake-firestore-lite'));
beforeEach(() => fakeDb.reset());
afterEach(() => cleanup());

// Node-environment tests (e.g. the build budget) have no window.
if (typeof window !== 'undefined') {
  // jsdom lacks these browser APIs that antd's responsive components use.
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  }
  // antd reads computed styles of pseudo elements (scrollbar size); jsdom throws "Not implemented".
  const originalGetComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => originalGetComputedStyle(element);
}
