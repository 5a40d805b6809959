import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { afterEach, beforeEach, vi } from 'vitest';
import { takeHandedOverToast } from '../lib/notify';
import { resetSessionEnd } from '../lib/session-end';
import { fakeDb } from './fake-firestore-lite';
import { fakeLive } from './fake-live-firestore';

// Browsers have MessageChannel (antd's selects queue their close on it); happy-dom's window does
// not, and in the VM contexts most web tests run in (web/vitest.shared.ts) Node's own is not a
// global either.
globalThis.MessageChannel ??= NodeMessageChannel as unknown as typeof MessageChannel;

// Every web test runs against the one Firestore stand-in (fake-firestore-lite.ts), empty at the
// start of each test: no test talks to a real Firestore or mocks the SDK on its own.
vi.mock('firebase/firestore/lite', () => import('./fake-firestore-lite'));
// The live views' full SDK too (fake-live-firestore.ts): it never loads unless a test says so.
vi.mock('@/entities/live-firestore', () => import('./fake-live-firestore'));
beforeEach(() => {
  fakeDb.reset();
  fakeLive.reset();
  // Every test starts as a fresh tab: no session has ended (web/src/lib/session-end.ts).
  resetSessionEnd();
  // Nor anything a previous test kept on the device (the last view, the ordering location). The
  // build and route-table tests run in Node, which has no window.
  if (typeof window !== 'undefined') window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  // A carried toast left by a test's unmounted shell is that test's own (lib/notify.tsx).
  takeHandedOverToast();
});

// Tabs and dialogs are lazy chunks: their first import in a test can take a few seconds on a
// busy 2-core machine, so find* and waitFor wait up to 5 s (testing-library's default is 1 s).
configure({ asyncUtilTimeout: 5_000 });
