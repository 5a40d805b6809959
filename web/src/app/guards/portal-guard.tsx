import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { User } from 'firebase/auth';
import { isBuyerRole, resolveAccess, type AccessClaims } from '@portal/domain';
import { AppLoading } from '@/components/app-loading';
import { ServerUnreachable } from '@/components/server-unreachable';
import { SignInRedirect } from '@/components/sign-in-redirect';
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
 * (with the page as the return path, and 'Your session has expired. Please sign in again.' when
 * the session ended by itself) or the account is not approved. Approval needs both the ID-token
 * claims and the profile to say "approved retailer or wholesaler". Nothing is decided while either
 * is loading, and when the profile says approved but the cached token does not (approval happened
 * after sign-in), the token is refreshed once before deciding, so an approved buyer is never
 * bounced by a stale or slow token. A token or profile that cannot be read (offline, Firestore
 * unavailable) is a failure with Retry, never a reason to go to /login.
 */
export function PortalGuard({ children, redirectDelayMs = 2500 }: PortalGuardProps) {
  const session = useSession();
  if (session.status === 'loading') return <AppLoading label="Checking your access" />;
  if (session.status === 'signed-out') return <SignInRedirect area="portal" />;
  return (
    <ApprovedBuyerCheck user={session.user} redirectDelayMs={redirectDelayMs}>
      {children}
    </ApprovedBuyerCheck>
  );
}

type Refreshed =
  | { state: 'idle' }
  | { state: 'pending' }
  | { state: 'done'; claims: Partial<AccessClaims> }
  | { state: 'failed' };

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

  // The cached token could not be read, and no forced refresh has read it since.
  const tokenFailed = token.status === 'error' && refreshed.state !== 'done';

  // Reads again what failed: the profile, and the token (forced, from the server).
  function retry() {
    if (profile.isError) void profile.refetch();
    if (tokenFailed) {
      setRefreshed({ state: 'pending' });
      readClaims(user, true).then(
        (fresh) => setRefreshed({ state: 'done', claims: fresh }),
        () => setRefreshed({ state: 'failed' }),
      );
    } else if (refreshed.state === 'failed') {
      // The refresh of a stale token failed: the effect above runs it again.
      setRefreshed({ state: 'idle' });
    }
  }

  if (
    (token.status === 'loading' && refreshed.state !== 'done') ||
    profile.isPending ||
    needsRefresh ||
    refreshed.state === 'pending'
  ) {
    return <AppLoading label="Checking your access" />;
  }
  // A profile or token that cannot be read is a failure to show, not a missing sign-in
  // (docs/product.md §17.9): the buyer stays signed in, with Retry.
  if (profile.isError || tokenFailed || refreshed.state === 'failed') {
    return <ServerUnreachable onRetry={retry} retrying={profile.isFetching} />;
  }
  // No profile at all: not an applicant of this portal.
  if (!profile.data) return <Navigate to={paths.login} replace />;
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
