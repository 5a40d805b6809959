import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppLoading } from '@/components/app-loading';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';
import { sessionEnded } from '@/lib/session-end';
import { SignInRedirect } from './sign-in-redirect';

export const ACCESS_DENIED_TITLE = 'Access Denied';
export const ACCESS_DENIED_TEXT = "You don't have manager privileges";

/**
 * A manager page opened by someone else: toasts once and sends them to the admin login. When a
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
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    // The admin login is in the public shell: the toast goes with the move.
    notify.error(ACCESS_DENIED_TITLE, ACCESS_DENIED_TEXT, { carry: true });
    navigate(paths.adminLogin, { replace: true });
  }, [navigate, notify]);
  return <AppLoading label="Redirecting" />;
}
