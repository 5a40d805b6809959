/**
 * The local App Check exchange: the stand-in for App Check's backend that the local stack runs
 * (there is none offline). The web app's local provider sends it the debug token `npm start`
 * prints and gets a token signed with a key derived from that debug token; the callables verify
 * it in the Functions emulator (functions/src/lib/app-check.ts). The request and answer have the
 * shape of App Check's exchangeDebugToken (`limitedUse: true` asks for a limited-use token, which
 * lives 5 minutes). Every token carries its own `jti`, so the replay-protected callables can
 * spend it once. (The web app's custom provider cannot tell the two kinds apart: the SDK asks it
 * for a new token for each limited-use call and it gets a normal one, with its own jti, spent
 * the same way.) Listens on loopback only.
 */
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { mintLocalAppCheckToken } from '../../functions/src/lib/local-app-check-token';

export interface AppCheckExchangeOptions {
  host: string;
  port: number;
  projectId: string;
  debugToken: string;
  now?: () => number;
}

export interface AppCheckExchange {
  url: string;
  close(): Promise<void>;
}

const PATH = /^\/v1\/projects\/([^/]+)\/apps\/([^/]+):exchangeDebugToken$/;
const APP_ID = /^[\w:.-]{1,100}$/;
const MAX_BODY_BYTES = 4096;

/**
 * Browsers on this machine only: the dev server and the tests' pages, over http, or https when
 * `npm run perf` serves the build over HTTP/2 as Hosting does.
 */
function allowedOrigin(origin: string | undefined): string | null {
  if (!origin) return null;
  return /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin) ? origin : null;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function startAppCheckExchange(options: AppCheckExchangeOptions): Promise<AppCheckExchange> {
  if (options.debugToken.length < 16) throw new Error('The App Check debug token is too short.');
  const now = options.now ?? Date.now;
  const server = http.createServer((req, res) => {
    const origin = allowedOrigin(req.headers.origin);
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
    }
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const fail = (status: number, code: string, message: string) =>
      answer(status, { error: { code: status, status: code, message } });
    if (req.method === 'OPTIONS') {
      res.writeHead(origin ? 204 : 403, {
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': 'Content-Type',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    const match = PATH.exec(new URL(req.url ?? '/', 'http://exchange').pathname);
    if (!match) return fail(404, 'NOT_FOUND', 'Unknown path.');
    if (req.method !== 'POST') return fail(405, 'METHOD_NOT_ALLOWED', 'Use POST.');
    const [projectId, appId] = match.slice(1).map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return '';
      }
    }) as [string, string];
    if (!APP_ID.test(appId)) return fail(400, 'INVALID_ARGUMENT', 'Not an app id.');
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return fail(413, 'INVALID_ARGUMENT', 'Request too large.');
      let debugToken: unknown;
      let limitedUse: unknown;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          debugToken?: unknown;
          limitedUse?: unknown;
          limited_use?: unknown;
        } | null;
        debugToken = body?.debugToken;
        limitedUse = body?.limitedUse ?? body?.limited_use ?? false;
      } catch {
        return fail(400, 'INVALID_ARGUMENT', 'The body must be JSON: { "debugToken": "..." }.');
      }
      if (typeof debugToken !== 'string' || debugToken === '') {
        return fail(400, 'INVALID_ARGUMENT', 'debugToken is required.');
      }
      if (typeof limitedUse !== 'boolean') {
        return fail(400, 'INVALID_ARGUMENT', 'limitedUse must be true or false.');
      }
      if (projectId !== options.projectId || !sameSecret(debugToken, options.debugToken)) {
        return fail(403, 'PERMISSION_DENIED', 'App attestation failed: unknown debug token.');
      }
      const { token, ttlSeconds } = mintLocalAppCheckToken({
        debugToken: options.debugToken,
        projectId,
        appId,
        nowMs: now(),
        limitedUse,
      });
      answer(200, { token, ttl: `${ttlSeconds}s` });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      resolve({
        url: `http://${options.host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // A browser's keep-alive connection would otherwise hold the stop for seconds.
            server.closeAllConnections();
          }),
      });
    });
  });
}
