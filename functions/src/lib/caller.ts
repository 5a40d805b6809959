import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { resolveAccess, type Access, type BuyerRole } from '@portal/domain';
import type { z } from 'zod/mini';
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

export function requireAuth(request: CallerRequest): Caller {
  if (!request.auth) throw new HttpsError('unauthenticated', 'Sign in first.');
  return { uid: request.auth.uid, access: resolveAccess(request.auth.token) };
}

export function requireManager(request: CallerRequest): Caller {
  const caller = requireAuth(request);
  if (caller.access.kind !== 'manager') {
    throw new HttpsError('permission-denied', 'Only managers can do this.');
  }
  return caller;
}

export function requireApprovedBuyer(request: CallerRequest): Caller & { role: BuyerRole } {
  const { uid, access } = requireAuth(request);
  if (access.kind !== 'buyer') {
    throw new HttpsError('permission-denied', 'Your account is not approved for ordering.');
  }
  return { uid, access, role: access.role };
}

/** An approved buyer (retailer or wholesaler) or a manager; anyone else is refused. */
export function requireApprovedBuyerOrManager(request: CallerRequest): Caller {
  const caller = requireAuth(request);
  if (caller.access.kind !== 'buyer' && caller.access.kind !== 'manager') {
    throw new HttpsError('permission-denied', 'Your account is not approved for ordering.');
  }
  return caller;
}

/**
 * The caller's IP as the platform reports it (for per-IP rate limits). Behind Google's front end
 * that is the client's address; a request without one shares the 'unknown' bucket.
 */
export function callerIp(request: { rawRequest?: { ip?: string | undefined } }): string {
  return request.rawRequest?.ip || 'unknown';
}

/** Parses request.data with a domain schema; bad input is invalid-argument with the first issue. */
export function parseData<S extends z.ZodMiniType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new HttpsError('invalid-argument', `${where}${issue?.message ?? 'Invalid request'}`);
  }
  return result.data;
}
