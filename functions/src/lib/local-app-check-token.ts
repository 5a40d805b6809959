import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * The local stack's App Check tokens (no Firebase here: the local exchange in
 * scripts/lib/app-check-exchange.ts mints them, lib/app-check.ts verifies them in the Functions
 * emulator). HS256 JWTs signed with a key derived from the debug token `npm start` prints.
 */
export const APP_CHECK_HEADER = 'x-firebase-appcheck';

/** How long a locally issued token lives, like App Check's default of one hour. */
export const LOCAL_TOKEN_TTL_SECONDS = 3600;

/** How long a locally issued limited-use token lives, like App Check's limited-use tokens. */
export const LOCAL_LIMITED_USE_TOKEN_TTL_SECONDS = 300;

/** A jti the local exchange writes (a UUID); anything else cannot name a Firestore document. */
const JTI = /^[\w-]{1,64}$/;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signingKey(debugToken: string): Buffer {
  return createHmac('sha256', 'portal-local-app-check').update(debugToken).digest();
}

function sign(input: string, debugToken: string): string {
  return createHmac('sha256', signingKey(debugToken)).update(input).digest('base64url');
}

/**
 * A local App Check token: a JWT (HS256) naming the app in `sub`, as App Check's tokens do, with
 * a unique `jti` so that a replay-protected callable can spend it once.
 */
export function mintLocalAppCheckToken(input: {
  debugToken: string;
  projectId: string;
  appId: string;
  nowMs: number;
  limitedUse?: boolean;
}): { token: string; ttlSeconds: number } {
  const iat = Math.floor(input.nowMs / 1000);
  const ttlSeconds = input.limitedUse
    ? LOCAL_LIMITED_USE_TOKEN_TTL_SECONDS
    : LOCAL_TOKEN_TTL_SECONDS;
  const payload = {
    iss: `local-app-check/${input.projectId}`,
    sub: input.appId,
    aud: [`projects/${input.projectId}`],
    iat,
    exp: iat + ttlSeconds,
    jti: randomUUID(),
  };
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;
  return { token: `${body}.${sign(body, input.debugToken)}`, ttlSeconds };
}

/** What a valid local token says: the app, its id and when it expires (ms). */
export interface LocalAppCheckClaims {
  appId: string;
  jti: string | null;
  expiresAtMs: number;
}

/**
 * The claims of a valid local token for `projectId`, or null: a bad or missing signature (an
 * `alg: none` token has none), another algorithm, expired, another project.
 */
export function verifyLocalAppCheckToken(
  token: string,
  debugToken: string,
  projectId: string,
  nowMs: number,
): LocalAppCheckClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(`${header}.${payload}`, debugToken));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as {
      alg?: unknown;
    };
    if (alg !== 'HS256') return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      sub?: unknown;
      aud?: unknown;
      exp?: unknown;
      jti?: unknown;
    };
    const audience = Array.isArray(claims.aud) ? claims.aud : [];
    if (typeof claims.sub !== 'string' || claims.sub === '') return null;
    if (!audience.includes(`projects/${projectId}`)) return null;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs) return null;
    const jti = typeof claims.jti === 'string' && JTI.test(claims.jti) ? claims.jti : null;
    return { appId: claims.sub, jti, expiresAtMs: claims.exp * 1000 };
  } catch {
    return null;
  }
}
