import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { paths, REPLAY_PROTECTED_CALLABLES, type FunctionName } from '@portal/domain';
import { isAlreadyExists } from './firestore-errors';
import {
  APP_CHECK_HEADER,
  verifyLocalAppCheckToken,
  type LocalAppCheckClaims,
} from './local-app-check-token';

/**
 * App Check: every callable refuses a request that does not come from our web app.
 *
 * In production the callables are declared with `enforceAppCheck` (`callableOptions`), so the
 * Functions runtime verifies the `X-Firebase-AppCheck` token with the Admin SDK (the web app gets
 * it from reCAPTCHA Enterprise) and answers `unauthenticated` without one. Firestore's App Check
 * enforcement is a project setting (docs/deploying.md).
 *
 * Replay protection: the callables anyone may call signed out (REPLAY_PROTECTED_CALLABLES in
 * @portal/domain) are also declared with `consumeAppCheckToken`. The runtime then asks App Check
 * to spend the token and tells the handler, in `request.app.alreadyConsumed`, whether it had been
 * spent before; it does not refuse a spent token itself, so `checkAppCheck` does. The web app
 * sends these callables a fresh limited-use token each time.
 *
 * The local stack has no App Check backend and the Functions emulator does not verify signatures
 * (it decodes any token, `alg: none` included, and reports every token as never spent), so the
 * stack runs a local exchange (scripts/lib/app-check-exchange.ts) that trades the debug token
 * `npm start` prints for a short-lived token signed with a key derived from it, and
 * `checkAppCheck` verifies that signature in the emulator and spends the token's `jti` in
 * Firestore where the runtime was asked to consume it. The same rules then hold locally: no token
 * from the exchange, no call; a spent token, no second call.
 */
export function callableOptions(name: FunctionName) {
  return {
    enforceAppCheck: true,
    consumeAppCheckToken: REPLAY_PROTECTED_CALLABLES.has(name),
  } as const;
}

export interface AppCheckRequest {
  /** What the runtime verified; `alreadyConsumed` is set only where it was asked to consume. */
  app?: { alreadyConsumed?: boolean | undefined } | undefined;
  rawRequest?: { headers?: Record<string, string | string[] | undefined> } | undefined;
}

/** The one answer to a missing, forged, expired or spent token, as the runtime gives it. */
const refused = () => new HttpsError('unauthenticated', 'Unauthenticated');

/**
 * Spends a local token: records its jti with `create()`, which fails when the record exists, so
 * of two calls with one token (even at the same moment) exactly one goes through. The record
 * expires with the token (`expires_at`, for a TTL policy); a spent token is refused until then
 * and dead after.
 */
async function spendLocalToken(
  db: Firestore,
  claims: LocalAppCheckClaims,
  nowMs: number,
): Promise<boolean> {
  if (claims.jti === null) return false;
  try {
    await db.doc(paths.appCheckToken(claims.jti)).create({
      app_id: claims.appId,
      spent_at: Timestamp.fromMillis(nowMs),
      expires_at: Timestamp.fromMillis(claims.expiresAtMs),
    });
    return true;
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
}

/**
 * Before every callable handler (handlers/edge.ts):
 *
 * - a token the runtime reports as already spent is refused (production: App Check's backend
 *   keeps the record; `consumeAppCheckToken` only reports it);
 * - in the Functions emulator only, the token must be one the local exchange issued for this
 *   project, and where the runtime was asked to consume it (`alreadyConsumed` is set, always
 *   false there) it is spent here, once.
 */
export async function checkAppCheck(
  request: AppCheckRequest,
  db: Firestore,
  env: NodeJS.ProcessEnv = process.env,
  nowMs: number = Date.now(),
): Promise<void> {
  if (request.app?.alreadyConsumed === true) throw refused();
  if (env.FUNCTIONS_EMULATOR !== 'true') return;
  const debugToken = env.APP_CHECK_DEBUG_TOKEN ?? '';
  const projectId = env.GCLOUD_PROJECT ?? '';
  const header = request.rawRequest?.headers?.[APP_CHECK_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  const claims =
    debugToken && token ? verifyLocalAppCheckToken(token, debugToken, projectId, nowMs) : null;
  if (!claims) throw refused();
  if (request.app?.alreadyConsumed === false && !(await spendLocalToken(db, claims, nowMs))) {
    throw refused();
  }
}
