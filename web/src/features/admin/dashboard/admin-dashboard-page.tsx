import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AccessDeniedRedirect } from '@/components/access-denied-redirect';
import { AppLoading, CheckingStatus } from '@/components/app-loading';
import { pageReload, ServerUnreachable } from '@/components/server-unreachable';
import { paths } from '@/config/paths';
import { signOutUser, useManagerCheck } from '@/lib/session';
import { drawnWhileChecking, useLastViewManager } from '@/lib/last-view-guard';
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
  // A session that cannot be read (offline) is no refusal: Retry reads it again.
  if (check.status === 'error') return <ServerUnreachable onRetry={() => pageReload.reload()} />;
  if (check.status === 'success' && (!check.isManager || !check.user)) {
    return <AccessDeniedRedirect />;
  }
  // While the session is checked the dashboard is already drawn: the returning manager's last
  // view, or on a first visit its header, tabs and their loading states, read out as `Checking
  // access` (no figure: every read waits for Firebase Auth's restored session, and the rules
  // check the claim on each). Anyone who is not a manager is sent away once the check answers.
  const checking = check.status === 'loading';
  if (checking && !drawnWhileChecking(lastView)) return <AppLoading label="Checking access" />;
  const email = checking ? (lastView?.email ?? '') : (check.user?.email ?? '');
  return (
    <>
      <AdminDashboard email={email} onLogout={() => void logout()} />
      {checking && !lastView && <CheckingStatus label="Checking access" />}
    </>
  );
}
