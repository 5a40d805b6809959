import { signInPath, type ReturnArea } from '@portal/domain';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { acknowledgeSessionEnd, SESSION_EXPIRED_MESSAGE, sessionEnded } from '@/lib/session-end';

/** Router state a guard hands to a sign-in page: a message to show above the form. */
export interface SignInNotice {
  notice?: string;
}

/**
 * Sends someone without a session to the sign-in page of the area they were in (`/login` for
 * /portal/*, `/admin/login` for the managers' pages) with the page they were on as the return
 * path (`?next=`), so that signing in brings them back to it (docs/product.md#81-guard, docs/product.md#121-access). When
 * their session ended by itself (expired, revoked, signed out in another tab), the sign-in page
 * says so: 'Your session has expired. Please sign in again.'
 */
export function SignInRedirect({ area }: { area: ReturnArea }) {
  const location = useLocation();
  // Read once: the redirect must not change its mind on a second render.
  const [expired] = useState(sessionEnded);
  useEffect(() => {
    if (expired) acknowledgeSessionEnd();
  }, [expired]);
  const here = `${location.pathname}${location.search}${location.hash}`;
  const state: SignInNotice | null = expired ? { notice: SESSION_EXPIRED_MESSAGE } : null;
  return <Navigate to={signInPath(area, here)} replace state={state} />;
}
