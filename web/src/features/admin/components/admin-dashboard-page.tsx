import { isManager } from '@portal/domain';
import type { User } from 'firebase/auth';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';
import { signOutUser, useClaims, useSession } from '@/lib/session';
import { AdminDashboard } from './admin-dashboard';

export const ACCESS_DENIED_TITLE = 'Access Denied';
export const ACCESS_DENIED_TEXT = "You don't have manager privileges";

/**
 * /admin checks the manager claim itself (SPEC section 2: not wrapped in the buyer guard): a
 * loading state while the session and the ID token load, then the dashboard for a manager, or
 * 'Access Denied' and /admin/login for anyone else. The claim comes from the ID token's custom
 * claims, which only the setProfileStatus function sets; the rules check the same claim.
 */
export function AdminDashboardPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const logout = async () => {
    // Set first, so the signed-out session below is not mistaken for an intruder.
    setSigningOut(true);
    try {
      await signOutUser();
    } finally {
      navigate(paths.adminLogin, { replace: true });
    }
  };

  if (signingOut) return <PageLoader label="Signing out" />;
  if (session.status === 'loading') return <PageLoader label="Checking access" />;
  if (session.status === 'signed-out') return <AccessDenied />;
  return <ManagerCheck user={session.user} onLogout={logout} />;
}

function ManagerCheck({ user, onLogout }: { user: User; onLogout: () => void }) {
  const { status, claims } = useClaims(user);
  if (status === 'loading') return <PageLoader label="Checking access" />;
  if (status === 'error' || !isManager(claims)) return <AccessDenied />;
  return <AdminDashboard email={user.email ?? ''} onLogout={onLogout} />;
}

/** Toasts once and sends the visitor to the admin login. */
function AccessDenied() {
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
