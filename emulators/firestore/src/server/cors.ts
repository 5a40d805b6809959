/**
 * CORS. The official emulator echoes any origin with credentials allowed, so any web page open in
 * the developer's browser can call its admin endpoints (wipe the data, export it to a folder, swap
 * the rules) and read the answers. Here:
 *
 * - the admin endpoints (everything that is not the Firestore API itself: /emulator/v1/...,
 *   unknown paths) refuse a request, preflight included, whose Origin is not a loopback page
 *   (the web app under the dev server, the Emulator UI, the tests' pages): 403, nothing done;
 * - the Firestore API answers any origin, as Firestore does, but credentials and private-network
 *   access are allowed for loopback pages only.
 *
 * A request without an Origin (the Admin SDK, firebase-tools, curl) is not a browser page's and
 * is served as before.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const ALLOWED_METHODS = 'DELETE,GET,HEAD,PATCH,POST,PUT';

/** Pages served from this machine: http(s)://localhost, 127.0.0.1 or [::1], any port. */
const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

export function isLoopbackOrigin(origin: string): boolean {
  return LOOPBACK_ORIGIN.test(origin);
}

/** The Firestore API itself (what the web app's SDKs call), and the health check at `/`. */
function isFirestoreApi(pathname: string): boolean {
  return (
    pathname === '/' ||
    /^\/v1(beta1)?\/projects\//.test(pathname) ||
    pathname.startsWith('/google.firestore.v1.Firestore/') // WebChannel (webchannel.ts)
  );
}

/**
 * Sets the CORS headers of the answer; false when the request must be refused (a page of another
 * origin calling an admin endpoint), with no CORS header set.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const loopback = isLoopbackOrigin(origin);
  if (!loopback && !isFirestoreApi(pathname)) return false;
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('vary', 'Origin');
  if (loopback) res.setHeader('access-control-allow-credentials', 'true');
  res.setHeader('access-control-allow-methods', ALLOWED_METHODS);
  if (req.method === 'OPTIONS') {
    const requested = req.headers['access-control-request-headers'];
    if (requested !== undefined) res.setHeader('access-control-allow-headers', requested);
    if (loopback && req.headers['access-control-request-private-network'] !== undefined)
      res.setHeader('access-control-allow-private-network', 'true');
  }
  return true;
}
