import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { User } from 'firebase/auth';
import {
  isBuyerRole,
  REMOVED_FROM_COMPANY,
  resolveAccess,
  type AccessClaims,
} from '@portal/domain';
import { AppLoading, CheckingStatus } from '@/components/app-loading';
import { ServerUnreachable } from '@/components/server-unreachable';
import { SignInRedirect } from '@/components/sign-in-redirect';
import { paths } from '@/config/paths';
import { BuyerUidContext, profileQueryOptions, useProfile } from '@/entities/profile';
import { isFromDevice, restoredAccount } from '@/lib/last-view';
import { drawnWhileChecking, useLastViewVerdict } from '@/lib/last-view-guard';
import { readClaims, signOutUser, useClaims, useSession } from '@/lib/session';
import '../portal-layout.css';

/**
 * The message the guard shows to a signed-in account that is not approved
 * (docs/product.md#81-guard).
 */
export const PENDING_MESSAGE = 'Your account is still pending approval.';

/** What a member removed from their company reads (on sign-in, or on their next action). */
export const REMOVED_MESSAGE = REMOVED_FROM_COMPANY;

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
 * The guard of /portal/* (docs/product.md#81-guard): a loading state, then /login when there is no
 * user (with the page as the return path, and 'Your session has expired. Please sign in again.'
 * when the session ended by itself) or the account is not approved. Approval needs both the
 * ID-token claims and the profile to say "approved retailer or wholesaler". Nothing is decided
 * while either is loading, and when the profile says approved but the cached token does not
 * (approval happened after sign-in), the token is refreshed once before deciding, so an approved
 * buyer is never bounced by a stale or slow token. A token or profile that cannot be read (offline,
 * Firestore unavailable) is a failure with Retry, never a reason to go to /login.
 *
 * A returning buyer's last view on this device (lib/last-view.ts) shows while the session is
 * checked, in place of the loading state: the page renders from their last data and reads
 * afresh, and the guard still decides once Firebase Auth answers. The page is the same element
 * before and after the decision, so it is not drawn twice.
 */
export function PortalGuard({ children, redirectDelayMs = 2500 }: PortalGuardProps) {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const verdict = useBuyerVerdict(user);
  const lastView = useLastViewBuyer(user);
  const uid = user?.uid ?? lastView?.uid ?? '';
  const email = user?.email ?? lastView?.email ?? '';
  const letIn = verdict.kind === 'buyer';

  const refused = session.status === 'signed-out' || (verdict.kind !== 'checking' && !letIn);
  useLastViewVerdict(
    letIn && uid ? { kind: 'buyer', uid, email } : null,
    refused && verdict.kind !== 'unreachable',
  );

  // While the session is checked the page is already drawn (drawnWhileChecking; useBuyer has no
  // uid until Firebase Auth has restored the session, so nothing is read before it; the rules
  // check every read). It stays drawn while a token is read again after an approval: its reads
  // refused meanwhile are retried.
  const drawWhileChecking =
    verdict.kind === 'checking' && session.status !== 'signed-out' && drawnWhileChecking(lastView);
  if (letIn || drawWhileChecking) {
    return (
      <BuyerUidContext.Provider value={uid}>
        {children}
        {/* The page after it, so the page is the same element once the check ends. */}
        {!letIn && !lastView && <CheckingStatus label="Checking your access" />}
      </BuyerUidContext.Provider>
    );
  }
  if (session.status === 'signed-out') return <SignInRedirect area="portal" />;
  switch (verdict.kind) {
    case 'checking':
      return <AppLoading label="Checking your access" />;
    case 'unreachable':
      return <ServerUnreachable onRetry={verdict.retry} retrying={verdict.retrying} />;
    case 'not-applicant':
      return <Navigate to={paths.login} replace />;
    case 'manager':
      return <Navigate to={paths.admin} replace />;
    case 'pending':
      return <PendingNotice delayMs={redirectDelayMs ?? 2500} />;
    case 'removed':
      return (
        <PendingNotice
          delayMs={redirectDelayMs ?? 2500}
          title="No longer a member"
          message={REMOVED_MESSAGE}
        />
      );
  }
}

/**
 * The buyer whose last view this device restored, while it may stand in for the loading state:
 * the session is still being checked (or is this same account's), and the restored data holds
 * their approved buyer profile.
 */
function useLastViewBuyer(user: User | null): { uid: string; email: string } | null {
  const account = restoredAccount();
  const client = useQueryClient();
  if (!account || account.kind !== 'buyer') return null;
  if (user && user.uid !== account.uid) return null;
  const profile = client.getQueryData(profileQueryOptions(account.uid).queryKey);
  const approved = !!profile && isBuyerRole(profile.role) && profile.status === 'approved';
  return approved ? { uid: account.uid, email: account.email } : null;
}

type Refreshed =
  | { state: 'idle' }
  | { state: 'pending' }
  | { state: 'done'; claims: Partial<AccessClaims> }
  | { state: 'failed' };

type BuyerVerdict =
  | { kind: 'checking' }
  | { kind: 'buyer' }
  | { kind: 'unreachable'; retry: () => void; retrying: boolean }
  | { kind: 'not-applicant' }
  | { kind: 'manager' }
  | { kind: 'pending' }
  | { kind: 'removed' };

/** The access decision for a signed-in user (checking while there is none yet). */
function useBuyerVerdict(user: User | null): BuyerVerdict {
  const token = useClaims(user);
  const profile = useProfile(user?.uid);
  const [refreshed, setRefreshed] = useState<Refreshed>({ state: 'idle' });

  const profileApproved =
    !!profile.data && isBuyerRole(profile.data.role) && profile.data.status === 'approved';
  // The one access decision, from the freshest claims we have and the profile.
  const claims = refreshed.state === 'done' ? refreshed.claims : token.claims;
  const access = resolveAccess(claims, profile.data ?? null);
  const needsRefresh =
    token.status === 'success' &&
    profileApproved &&
    access.kind === 'pending' &&
    refreshed.state === 'idle';

  useEffect(() => {
    if (!needsRefresh || !user) return;
    let live = true;
    readClaims(user, true).then(
      (claims) => live && setRefreshed({ state: 'done', claims }),
      () => live && setRefreshed({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [needsRefresh, user]);

  // A manager moved the company between tiers (docs/pricing.md): the profile already decides
  // (rules and pages price by it), and the token is refreshed in the background so that
  // everything else that reads the claims (the route loaders' prefetch) agrees too.
  const tierMoved =
    access.kind === 'buyer' &&
    token.status === 'success' &&
    refreshed.state === 'idle' &&
    claims.role !== access.role;
  useEffect(() => {
    if (!tierMoved || !user) return;
    let live = true;
    readClaims(user, true).then(
      (fresh) => live && setRefreshed({ state: 'done', claims: fresh }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [tierMoved, user]);

  // The cached token could not be read, and no forced refresh has read it since.
  const tokenFailed = token.status === 'error' && refreshed.state !== 'done';

  // Reads again what failed: the profile, and the token (forced, from the server).
  function retry() {
    if (!user) return;
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

  if (!user) return { kind: 'checking' };
  // The profile restored from the device is no answer: the decision waits for the server's
  // (offline, it keeps waiting, with the last view on screen).
  const profileFromDevice = !profile.isError && isFromDevice(profile.dataUpdatedAt);
  if (
    (token.status === 'loading' && refreshed.state !== 'done') ||
    profile.isPending ||
    profileFromDevice ||
    needsRefresh ||
    refreshed.state === 'pending'
  ) {
    return { kind: 'checking' };
  }
  // A profile or token that cannot be read is a failure to show, not a missing sign-in
  // (docs/product.md#179-where-failures-lead): the buyer stays signed in, with Retry.
  if (profile.isError || tokenFailed || refreshed.state === 'failed') {
    return { kind: 'unreachable', retry, retrying: profile.isFetching };
  }
  // No profile at all: not an applicant of this portal.
  if (!profile.data) return { kind: 'not-applicant' };
  // A manager has no cart or catalog prices here: their place is the admin dashboard (not a
  // reason to sign them out).
  if (access.kind === 'manager') return { kind: 'manager' };
  if (access.kind === 'removed') return { kind: 'removed' };
  if (access.kind !== 'buyer') return { kind: 'pending' };
  return { kind: 'buyer' };
}

/**
 * Shows why the account cannot enter (pending by default; a member removed from their company),
 * then signs it out and goes to /login with the notice.
 */
function PendingNotice({
  delayMs,
  title = 'Account Pending',
  message = PENDING_MESSAGE,
}: {
  delayMs: number;
  title?: string;
  message?: string;
}) {
  const navigate = useNavigate();
  // To /login with the notice, then sign out: only once the sign-in page is there (its chunk may
  // still be loading), so the signed-out portal does not send the tab to /login without it.
  const leave = useCallback(
    (state: GuardRedirectState) => {
      void Promise.resolve(navigate(paths.login, { replace: true, state })).then(() =>
        signOutUser().catch(() => undefined),
      );
    },
    [navigate],
  );
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const state: GuardRedirectState = { notice: message };
      leave(state);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs, leave, message]);

  return (
    <main className="portal-guard-notice">
      <Alert
        type="warning"
        title={title}
        description={message}
        action={
          <Button
            onClick={() => {
              const state: GuardRedirectState = { notice: message };
              leave(state);
            }}
          >
            Back to Login
          </Button>
        }
      />
    </main>
  );
}
