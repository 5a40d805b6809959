import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { resolveAccess, type Access, type BuyerRole } from '@portal/domain';
import type { z } from 'zod/mini';
import { authErrorCode } from './auth-users';
import { clientIp, type ClientRequest } from './client-ip';
import type { Context } from './context';
import './zod-locale';

/**
 * The callables' checks of who is calling and what they sent: edge code, so it answers with
 * HttpsError directly. Access is the domain's one decision, resolveAccess, from the verified ID
 * token's custom claims (validated there: a malformed claim grants nothing), the same decision
 * the web guards make. Roles and what each may do: docs/product.md.
 */
export interface Caller {
  uid: string;
  access: Access;
}

type CallerRequest = Pick<CallableRequest, 'auth'>;

/** The refusal of a caller who may not order (not an approved buyer, or no longer one). */
export const NOT_APPROVED = 'Your account is not approved for ordering.';

export function requireAuth(request: CallerRequest): Caller {
  if (!request.auth) throw new HttpsError('unauthenticated', 'Sign in first.');
  return { uid: request.auth.uid, access: resolveAccess(request.auth.token) };
}

/** The refusal of a caller who is not a manager, or no longer one. */
export const MANAGERS_ONLY = 'Only managers can do this.';

/**
 * A manager, by the token's claims and by their account now (requireCurrentManager).
 */
export async function requireManager(
  request: CallerRequest,
  deps: Pick<Context, 'auth'>,
): Promise<Caller> {
  const caller = requireAuth(request);
  if (caller.access.kind !== 'manager') throw new HttpsError('permission-denied', MANAGERS_ONLY);
  await requireCurrentManager(caller, deps);
  return caller;
}

/**
 * Refuses a caller whose token says manager but whose account no longer does: an ID token keeps
 * the claims it was minted with for up to an hour after the claims CLI revokes a manager (which
 * takes the claims away, ends the sessions and writes the profile rejected), or after the account
 * is disabled. So the account's claims are asked of Auth (no Firestore read). Nothing for any
 * other caller: the callables that take managers and buyers alike check a buyer's approval
 * themselves (accounts/current-approval.ts).
 */
export async function requireCurrentManager(
  caller: Caller,
  deps: Pick<Context, 'auth'>,
): Promise<void> {
  if (caller.access.kind !== 'manager') return;
  const user = await deps.auth.getUser(caller.uid).catch((error: unknown) => {
    if (authErrorCode(error) === 'auth/user-not-found') return null;
    throw error;
  });
  if (!user || user.disabled || resolveAccess(user.customClaims ?? {}).kind !== 'manager') {
    throw new HttpsError('permission-denied', MANAGERS_ONLY);
  }
}

export function requireApprovedBuyer(request: CallerRequest): Caller & { role: BuyerRole } {
  const { uid, access } = requireAuth(request);
  if (access.kind !== 'buyer') {
    throw new HttpsError('permission-denied', NOT_APPROVED);
  }
  return { uid, access, role: access.role };
}

/** An approved buyer (retailer or wholesaler) or a manager; anyone else is refused. */
export function requireApprovedBuyerOrManager(request: CallerRequest): Caller {
  const caller = requireAuth(request);
  if (caller.access.kind !== 'buyer' && caller.access.kind !== 'manager') {
    throw new HttpsError('permission-denied', NOT_APPROVED);
  }
  return caller;
}

/**
 * The caller's IP for per-IP rate limits: the hop Google's front end appended to
 * X-Forwarded-For (never the entries the client wrote, which `req.ip` would take), normalised
 * (IPv6 as its /64). Why and how: client-ip.ts. A request without one shares the 'unknown' bucket.
 */
export function callerIp(request: { rawRequest?: ClientRequest | undefined }): string {
  return clientIp(request.rawRequest);
}

/**
 * Parses request.data with a domain schema; bad input is invalid-argument with the first issue.
 * Unknown keys are refused without naming them: the caller chose them, and echoing a request's
 * keys back would hand an attacker a megabyte-sized answer for a megabyte of keys.
 */
export function parseData<S extends z.ZodMiniType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    // A record's bad key is in the path: cut each part short, the caller wrote it.
    const where = issue?.path.length
      ? `${issue.path.map((part) => String(part).slice(0, MAX_PATH_PART)).join('.')}: `
      : '';
    const message =
      issue?.code === 'unrecognized_keys' ? UNKNOWN_FIELDS : (issue?.message ?? 'Invalid request');
    throw new HttpsError('invalid-argument', `${where}${message}`);
  }
  return result.data;
}

const MAX_PATH_PART = 64;

/** What a request with a field its callable does not take is told. */
export const UNKNOWN_FIELDS = 'This request has a field it does not take.';
