import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import {
  canUsePortal,
  isBuyerRole,
  isManager,
  parseAccessClaims,
  type AccessClaims,
  type BuyerRole,
} from '@portal/domain';
import type { z } from 'zod';

/** Who is calling, from the verified ID token's custom claims. */
export interface Caller {
  uid: string;
  claims: Partial<AccessClaims>;
}

export function requireAuth(request: Pick<CallableRequest, 'auth'>): Caller {
  if (!request.auth) throw new HttpsError('unauthenticated', 'Sign in first.');
  return { uid: request.auth.uid, claims: parseAccessClaims(request.auth.token) };
}

export function requireManager(request: Pick<CallableRequest, 'auth'>): Caller {
  const caller = requireAuth(request);
  if (!isManager(caller.claims)) throw new HttpsError('permission-denied', 'Only managers can do this.');
  return caller;
}

export function requireApprovedBuyer(request: Pick<CallableRequest, 'auth'>): Caller & { role: BuyerRole } {
  const caller = requireAuth(request);
  if (!canUsePortal(caller.claims) || !isBuyerRole(caller.claims.role)) {
    throw new HttpsError('permission-denied', 'Your account is not approved for ordering.');
  }
  return { ...caller, role: caller.claims.role };
}

/** Parses request.data with a domain schema; bad input is invalid-argument with the first issue. */
export function parseData<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new HttpsError('invalid-argument', `${where}${issue?.message ?? 'Invalid request'}`);
  }
  return result.data;
}
