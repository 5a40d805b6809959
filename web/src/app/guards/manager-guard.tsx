import type { ReactNode } from 'react';
import { AccessDeniedRedirect } from '@/components/access-denied-redirect';
import { PageLoader } from '@/components/page-loader';
import { useManagerCheck } from '@/lib/session';

/**
 * Manager pages outside the dashboard (invoices, packing slips): a loading state while the
 * session is read, the page for a manager, 'Access Denied' and /admin/login for anyone else. The
 * rules check the same claim on every read.
 */
export function ManagerGuard({ children }: { children: ReactNode }) {
  const check = useManagerCheck();
  if (check.status === 'loading') return <PageLoader label="Checking access" />;
  if (check.status === 'error' || !check.isManager) return <AccessDeniedRedirect />;
  return children;
}
