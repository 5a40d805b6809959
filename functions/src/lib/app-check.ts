import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';

/**
 * App Check: every callable refuses a request that does not come from our web app.
 *
 * In production the callables are declared with `enforceAppCheck` (see `CALLABLE_OPTIONS`), so
 * the Functions runtime verifies the `X-Firebase-AppCheck` token with the Admin SDK (the web app
 * gets it from reCAPTCHA Enterprise) and answers `unauthenticated` without one. Firestore's App
 * Check enforcement is a project setting (docs/deploying.md).
 *
 * The local stack has no App Check backend and the Functions emulator does not verify signatures,
 * so the stack runs a local exchange (scripts/lib/app-check-exchange.ts) that trades the debug
 * token `npm start` prints for a short-lived token signed with a key derived from it, and
 * `checkLocalAppCheck` verifies that signature in the emulator. The same rule then holds locally:
 * no token from the exchange, no call.
 */
export const CALLABLE_OPTIONS = { enforceAppCheck: true } as const;

export const APP_CHECK_HEADER = 'x-firebase-appcheck';

/** How long a locally issued token lives, like App Check's default of one hour. */
export const LOCAL_TOKEN_TTL_SECONDS = 3600;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signingKey(debugToken: string): Buffer {
  return createHmac('sha256', 'portal-local-app-check').update(debugToken).digest();
}

function sign(input: string, debugToken: string): string {
  return createHmac('sha256', signingKey(debugToken)).update(input).digest('base64url');
}

/** A local App Check token: a JWT (HS256) naming the app in `sub`, as App Check's tokens do. */
export function mintLocalAppCheckToken(input: {
  debugToken: string;
  projectId: string;
  appId: string;
  nowMs: number;
}): { token: string; ttlSeconds: number } {
  const iat = Math.floor(input.nowMs / 1000);
  const payload = {
    iss: `local-app-check/${input.projectId}`,
    sub: input.appId,
    aud: [`projects/${input.projectId}`],
    iat,
    exp: iat + LOCAL_TOKEN_TTL_SECONDS,
  };
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;
  return { token: `${body}.${sign(body, input.debugToken)}`, ttlSeconds: LOCAL_TOKEN_TTL_SECONDS };
}

/** The app id of a valid local token for `projectId`, or null (bad signature, expired, other project). */
export function verifyLocalAppCheckToken(
  token: string,
  debugToken: string,
  projectId: string,
  nowMs: number,
): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(`${header}.${payload}`, debugToken));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      sub?: unknown;
      aud?: unknown;
      exp?: unknown;
    };
    const audience = Array.isArray(claims.aud) ? claims.aud : [];
    if (typeof claims.sub !== 'string' || claims.sub === '') return null;
    if (!audience.includes(`projects/${projectId}`)) return null;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs) return null;
    return claims.sub;
  } catch {
    return null;
  }
}

interface AppCheckRequest {
  rawRequest?: { headers?: Record<string, string | string[] | undefined> } | undefined;
}

/**
 * In the Functions emulator only: the App Check token must be one the local exchange issued for
 * this project. (In production the runtime has verified it before the handler runs.)
 */
export function checkLocalAppCheck(
  request: AppCheckRequest,
  env: NodeJS.ProcessEnv = process.env,
  nowMs: number = Date.now(),
): void {
  if (env.FUNCTIONS_EMULATOR !== 'true') return;
  const debugToken = env.APP_CHECK_DEBUG_TOKEN ?? '';
  const projectId = env.GCLOUD_PROJECT ?? '';
  const header = request.rawRequest?.headers?.[APP_CHECK_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  if (!debugToken || !token || !verifyLocalAppCheckToken(token, debugToken, projectId, nowMs)) {
    throw new HttpsError('unauthenticated', 'Unauthenticated');
  }
}
