import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';
import { useManagerCheck } from '@/lib/session';

/**
 * Manager pages outside the dashboard (invoices, packing slips): a loading state while the
 * session is read, the page for a manager, 'Access Denied' and /admin/login for anyone else. The
 * rules check the same claim on every read.
 */
export function ManagerGuard({ children }: { children: ReactNode }) {
  const check = useManagerCheck();
  if (check.status === 'loading') return <PageLoader label="Checking access" />;
  if (check.status === 'error' || !check.isManager) return <Denied />;
  return children;
}

function Denied() {
  const notify = useNotify();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    notify.error('Access Denied', "You don't have manager privileges");
    navigate(paths.adminLogin, { replace: true });
  }, [navigate, notify]);
  return <PageLoader label="Redirecting" />;
}
