import type { ReactNode } from 'react';
import { AccessDeniedRedirect } from '@/components/access-denied-redirect';
import { AppLoading } from '@/components/app-loading';
import { pageReload, ServerUnreachable } from '@/components/server-unreachable';
import { useManagerCheck } from '@/lib/session';
import { useLastViewManager } from '@/lib/last-view-guard';

/**
 * Manager pages outside the dashboard (invoices, packing slips, company pages): a loading state
 * while the session is read, the page for a manager, 'Access Denied' and /admin/login for anyone
 * else (or, when the manager's session ended by itself, /admin/login with 'Your session has
 * expired. Please sign in again.' and this page as the return path). A session that cannot be
 * read (offline) is a failure with Retry, not a refusal. The rules check the same claim on every
 * read. A returning manager's last view on this device shows while the session is checked
 * (lib/last-view.ts).
 */
export function ManagerGuard({ children }: { children: ReactNode }) {
  const check = useManagerCheck();
  const lastView = useLastViewManager(check);
  if (check.status === 'loading') {
    return lastView ? children : <AppLoading label="Checking access" />;
  }
  if (check.status === 'error') {
    return <ServerUnreachable onRetry={() => pageReload.reload()} />;
  }
  if (!check.isManager) return <AccessDeniedRedirect />;
  return children;
}
