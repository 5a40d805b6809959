import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { afterAll, afterEach, beforeEach, expect, vi } from 'vitest';
import { takeHandedOverToast } from '../lib/notify';
import { resetSessionEnd } from '../lib/session-end';
import { fakeDb } from './fake-firestore-lite';
import { fakeLive } from './fake-live-firestore';

// Browsers have MessageChannel (antd's selects queue their close on it); happy-dom's window does
// not, and in the VM contexts most web tests run in (web/vitest.shared.ts) Node's own is not a
// global either.
globalThis.MessageChannel ??= NodeMessageChannel as unknown as typeof MessageChannel;

/**
 * No web unit test talks to a server on this machine. The Functions, Auth and Storage emulators
 * listen on local ports (firebase.json), and the app's requests go there in tests
 * (src/config/env.ts): with none running each leaked request only printed an ECONNREFUSED trace,
 * and the test passed because the app survives a failed request; with `npm start` running it
 * would reach the developer's stack. So a request to a loopback address (fetch or XMLHttpRequest)
 * is refused here, never sent, and fails the test that made it (the afterEach below), naming the
 * URL. A test stubs the module that sends it instead (vi.mock of '@/lib/callables',
 * '@/lib/site-content'...). Other URLs (data:, blob:) go to happy-dom's fetch as before, and a
 * test's own vi.stubGlobal('fetch', ...) or vi.spyOn(globalThis, 'fetch') stands in front of this
 * guard (vi.unstubAllGlobals puts the guard back).
 */
const realRequests: { url: string; test: string }[] = [];

function loopbackUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input, globalThis.location?.href ?? 'http://localhost/');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase();
  const loopback =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(host) ||
    host === '0.0.0.0' ||
    host === '[::1]' ||
    host === '[::]' ||
    // 127.x.y.z written as IPv6 (the URL parser turns it into [::ffff:7f..:....]).
    host.startsWith('[::ffff:7f');
  return loopback ? url.href : null;
}

function refuse(url: string): string {
  realRequests.push({ url, test: expect.getState().currentTestName ?? '(outside a test)' });
  return `A web unit test sent a real request to ${url}; stub the module that sends it (src/testing/setup-tests.ts).`;
}

// Only in the page's environment (happy-dom): the build's tests run in Node (no window) and
// some start a local server of their own to ask (web/build/dev-server-files.test.ts).
if (typeof window !== 'undefined') {
  const happyDomFetch = globalThis.fetch;
  globalThis.fetch = function guardedFetch(input: RequestInfo | URL, init?: RequestInit) {
    const url = loopbackUrl(input instanceof Request ? input.url : String(input));
    if (url) return Promise.reject(new TypeError(refuse(url)));
    return happyDomFetch(input, init);
  } as typeof fetch;

  const open = XMLHttpRequest.prototype.open as (...args: unknown[]) => void;
  XMLHttpRequest.prototype.open = function guardedOpen(this: XMLHttpRequest, ...args: unknown[]) {
    const url = loopbackUrl(String(args[1]));
    if (url) throw new DOMException(refuse(url), 'NetworkError');
    open.apply(this, args);
  } as typeof XMLHttpRequest.prototype.open;
}

function expectNoRealRequests() {
  const sent = realRequests.splice(0);
  if (sent.length === 0) return;
  throw new Error(
    `${sent.length} real request(s) to a local server from a web unit test (refused, not sent). ` +
      'Stub the module that sends each one (vi.mock), as src/testing/setup-tests.ts explains:\n' +
      sent.map(({ url, test }) => `  ${url}  (in "${test}")`).join('\n'),
  );
}

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
  // Last, after the test's own afterEach hooks (they run first): a request to a local server.
  expectNoRealRequests();
});
// One made after the last test's afterEach (a file's afterAll, an effect left running).
afterAll(expectNoRealRequests);

// Tabs and dialogs are lazy chunks: their first import in a test can take a few seconds on a
// busy 2-core machine, so find* and waitFor wait up to 5 s (testing-library's default is 1 s).
configure({ asyncUtilTimeout: 5_000 });
