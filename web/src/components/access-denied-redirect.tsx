import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { signInPath } from '@portal/domain';
import { AppLoading } from '@/components/app-loading';
import { useNotify } from '@/lib/notify';
import { sessionEnded } from '@/lib/session-end';
import { SignInRedirect } from './sign-in-redirect';

export const ACCESS_DENIED_TITLE = 'Access Denied';
export const ACCESS_DENIED_TEXT = "You don't have manager privileges";

/**
 * A manager page opened by someone else: toasts once and sends them to the admin login, with the
 * page as the return path (`?next=`), so a manager who opened a mail's link signed out (the
 * new-order mail's "Open the order") comes back to it after signing in. When a
 * manager's own session ended by itself on the page (expired, revoked, signed out in another
 * tab), no 'Access Denied': the admin login says the session expired and brings them back here.
 */
export function AccessDeniedRedirect() {
  const [expired] = useState(sessionEnded);
  return expired ? <SignInRedirect area="admin" /> : <AccessDenied />;
}

function AccessDenied() {
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    // The admin login is in the public shell: the toast goes with the move.
    notify.error(ACCESS_DENIED_TITLE, ACCESS_DENIED_TEXT, { carry: true });
    const here = `${location.pathname}${location.search}${location.hash}`;
    navigate(signInPath('admin', here), { replace: true });
  }, [navigate, notify, location]);
  return <AppLoading label="Redirecting" />;
}
