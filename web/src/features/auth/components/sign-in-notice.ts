import { RETURN_PATH_PARAM, safeReturnPath, type ReturnArea } from '@portal/domain';

/**
 * The message a guard handed to a sign-in page in the router state (`{ notice }`): the pending
 * notice (docs/product.md#81-guard) or 'Your session has expired. Please sign in again.'.
 */
export function noticeOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return undefined;
  return typeof state.notice === 'string' ? state.notice : undefined;
}

/**
 * The page to go back to after signing in (`?next=`, set by a guard when a session ended), when
 * it is a safe path of this site in `area`; else null (docs/product.md#6-portal-access-login, docs/product.md#7-admin-login-adminlogin).
 */
export function returnPathOf(params: URLSearchParams, area: ReturnArea): string | null {
  return safeReturnPath(params.get(RETURN_PATH_PARAM), [area]);
}
