import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AccessDeniedRedirect } from '@/components/access-denied-redirect';
import { AppLoading } from '@/components/app-loading';
import { pageReload, ServerUnreachable } from '@/components/server-unreachable';
import { paths } from '@/config/paths';
import { signOutUser, useManagerCheck } from '@/lib/session';
import { useLastViewManager } from '@/lib/last-view-guard';
import { AdminDashboard } from './admin-dashboard';
import { preloadTab, tabFromParam } from './lazy-tabs';

/**
 * /admin checks the manager claim itself (not wrapped in the buyer guard): a loading state
 * while reactfire's sign-in check reads the session and the ID token, then the dashboard for a
 * manager, or 'Access Denied' and /admin/login for anyone else. The claim comes from the ID
 * token's custom claims, which only the functions set; the rules check the same claim. A
 * returning manager's last view on this device shows while the session is checked (lib/last-view.ts).
 */
export function AdminDashboardPage() {
  const check = useManagerCheck();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const [params] = useSearchParams();
  const firstTab = tabFromParam(params.get('tab'));
  // The tab's chunk downloads while access is checked, not after.
  useEffect(() => void preloadTab(firstTab), [firstTab]);

  const logout = async () => {
    // Set first, so the signed-out session below is not mistaken for an intruder.
    setSigningOut(true);
    try {
      await signOutUser();
    } finally {
      navigate(paths.adminLogin, { replace: true });
    }
  };

  const lastView = useLastViewManager(check);

  if (signingOut) return <AppLoading label="Signing out" />;
  if (check.status === 'loading') {
    if (lastView) return <AdminDashboard email={lastView.email} onLogout={() => void logout()} />;
    return <AppLoading label="Checking access" />;
  }
  // A session that cannot be read (offline) is no refusal: Retry reads it again.
  if (check.status === 'error') return <ServerUnreachable onRetry={() => pageReload.reload()} />;
  if (!check.isManager || !check.user) return <AccessDeniedRedirect />;
  return <AdminDashboard email={check.user.email ?? ''} onLogout={() => void logout()} />;
}
