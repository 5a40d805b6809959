import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';

export const ACCESS_DENIED_TITLE = 'Access Denied';
export const ACCESS_DENIED_TEXT = "You don't have manager privileges";

/** A manager page opened by someone else: toasts once and sends them to the admin login. */
export function AccessDeniedRedirect() {
  const notify = useNotify();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    notify.error(ACCESS_DENIED_TITLE, ACCESS_DENIED_TEXT);
    navigate(paths.adminLogin, { replace: true });
  }, [navigate, notify]);
  return <PageLoader label="Redirecting" />;
}
