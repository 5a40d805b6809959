import { Alert, Button } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { User } from 'firebase/auth';
import { isBuyerRole, resolveAccess, type AccessClaims } from '@portal/domain';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { useProfile } from '@/entities/profile';
import { readClaims, signOutUser, useClaims, useSession } from '@/lib/session';
import '../portal-layout.css';

/** docs/product.md §8.1: the message the guard shows to a signed-in account that is not approved. */
export const PENDING_MESSAGE = 'Your account is still pending approval.';

/** Router state handed to /login when the guard sends someone there. */
export interface GuardRedirectState {
  notice?: string;
}

interface PortalGuardProps {
  children: ReactNode;
  /** How long the pending message stays before going to /login. */
  redirectDelayMs?: number;
}

/**
 * The guard of /portal/* (docs/product.md §8.1): a loading state, then /login when there is no user
 * or the account is not approved. Approval needs both the ID-token claims and the profile to say
 * "approved retailer or wholesaler". Nothing is decided while either is loading, and when the
 * profile says approved but the cached token does not (approval happened after sign-in), the
 * token is refreshed once before deciding, so an approved buyer is never bounced by a stale or
 * slow token.
 */
export function PortalGuard({ children, redirectDelayMs = 2500 }: PortalGuardProps) {
  const session = useSession();
  if (session.status === 'loading') return <PageLoader label="Checking your access" />;
  if (session.status === 'signed-out') return <Navigate to={paths.login} replace />;
  return (
    <ApprovedBuyerCheck user={session.user} redirectDelayMs={redirectDelayMs}>
      {children}
    </ApprovedBuyerCheck>
  );
}

type Refreshed =
  { state: 'idle' } | { state: 'done'; claims: Partial<AccessClaims> } | { state: 'failed' };

function ApprovedBuyerCheck({
  user,
  children,
  redirectDelayMs,
}: PortalGuardProps & { user: User }) {
  const token = useClaims(user);
  const profile = useProfile(user.uid);
  const [refreshed, setRefreshed] = useState<Refreshed>({ state: 'idle' });

  const profileApproved =
    !!profile.data && isBuyerRole(profile.data.role) && profile.data.status === 'approved';
  // The one access decision, from the freshest claims we have and the profile.
  const claims = refreshed.state === 'done' ? refreshed.claims : token.claims;
  const access = resolveAccess(claims, profile.data ?? null);
  const needsRefresh =
    token.status === 'success' &&
    profileApproved &&
    access.kind !== 'buyer' &&
    refreshed.state === 'idle';

  useEffect(() => {
    if (!needsRefresh) return;
    let live = true;
    readClaims(user, true).then(
      (claims) => live && setRefreshed({ state: 'done', claims }),
      () => live && setRefreshed({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [needsRefresh, user]);

  if (token.status === 'loading' || profile.isPending || needsRefresh) {
    return <PageLoader label="Checking your access" />;
  }
  // An unloadable profile or token goes to /login (docs/product.md §17.9).
  if (token.status === 'error' || profile.isError || !profile.data) {
    return <Navigate to={paths.login} replace />;
  }
  // A manager has no cart or catalog prices here: their place is the admin dashboard (not a
  // reason to sign them out).
  if (access.kind === 'manager') return <Navigate to={paths.admin} replace />;
  if (access.kind !== 'buyer') return <PendingNotice delayMs={redirectDelayMs ?? 2500} />;
  return <>{children}</>;
}

/** Shows the pending message, then signs the account out and goes to /login with the notice. */
function PendingNotice({ delayMs }: { delayMs: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const state: GuardRedirectState = { notice: PENDING_MESSAGE };
      navigate(paths.login, { replace: true, state });
      void signOutUser().catch(() => undefined);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs, navigate]);

  return (
    <main className="portal-guard-notice">
      <Alert
        type="warning"
        showIcon
        title="Account Pending"
        description={PENDING_MESSAGE}
        action={
          <Button
            onClick={() => {
              const state: GuardRedirectState = { notice: PENDING_MESSAGE };
              navigate(paths.login, { replace: true, state });
              void signOutUser().catch(() => undefined);
            }}
          >
            Back to Login
          </Button>
        }
      />
    </main>
  );
}
