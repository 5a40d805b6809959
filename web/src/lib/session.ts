import { parseAccessClaims, resolveAccess, type AccessClaims } from '@portal/domain';
import { onIdTokenChanged, signOut, type User } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { useSigninCheck } from 'reactfire';
import { auth } from './firebase';
import { forgetLastView, noteAuthAccount } from './last-view';
import { noteAuthUser, noteSignOutAsked } from './session-end';

// Follows the session for session-end.ts: registered when this module loads, before any
// reactfire hook listens, so a session that ends by itself is known as such before the guards
// render the signed-out state. The device's last view (last-view.ts) goes with a session that
// is gone, and is not another account's to see.
onIdTokenChanged(auth, (user) => {
  noteAuthUser(user !== null);
  noteAuthAccount(user?.uid ?? null);
});

/**
 * The signed-in state, through reactfire: it follows Firebase Auth's state and ID token and
 * checks custom claims. Claims are validated by the domain (`parseAccessClaims`), never cast.
 */
export type SessionState =
  | { status: 'loading'; user: null; claims: null }
  | { status: 'signed-out'; user: null; claims: null }
  | { status: 'signed-in'; user: User; claims: Partial<AccessClaims> };

/** Whether someone is signed in (reactfire's sign-in check). */
export function useSession(): SessionState {
  const { status, data } = useSigninCheck();
  if (status === 'loading') return { status: 'loading', user: null, claims: null };
  if (status === 'error' || !data.signedIn)
    return { status: 'signed-out', user: null, claims: null };
  return { status: 'signed-in', user: data.user, claims: {} };
}

export type ManagerCheck =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'success'; user: User | null; isManager: boolean };

/**
 * reactfire's sign-in check, validating the claims with the domain's one access decision.
 * reactfire keys its cached check by the options and cannot tell two validator functions apart,
 * so this is the app's only validator, kept at module level.
 */
const managerClaims = {
  validateCustomClaims: (claims: Record<string, unknown>) => ({
    hasRequiredClaims: resolveAccess(claims).kind === 'manager',
    errors: {},
  }),
};

export function useManagerCheck(): ManagerCheck {
  const { status, data } = useSigninCheck(managerClaims);
  if (status === 'loading') return { status: 'loading' };
  if (status === 'error') return { status: 'error' };
  return { status: 'success', user: data.user, isManager: data.signedIn && data.hasRequiredClaims };
}

type ClaimsResult = {
  status: 'loading' | 'success' | 'error';
  claims: Partial<AccessClaims>;
};

/**
 * Custom claims of a signed-in user, read from the (cached) ID token and again whenever Firebase
 * Auth's token changes. Loading while there is no user yet (the session is still being checked).
 */
export function useClaims(user: User | null): ClaimsResult {
  const [result, setResult] = useState<ClaimsResult & { user: User | null }>({
    user: null,
    status: 'loading',
    claims: {},
  });
  useEffect(() => {
    if (!user) return;
    let live = true;
    const read = () =>
      user.getIdTokenResult().then(
        (token) =>
          live && setResult({ user, status: 'success', claims: parseAccessClaims(token.claims) }),
        () => live && setResult({ user, status: 'error', claims: {} }),
      );
    const unsubscribe = onIdTokenChanged(auth, (next) => {
      if (next?.uid === user.uid) void read();
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [user]);
  if (!user || result.user !== user) return { status: 'loading', claims: {} };
  return { status: result.status, claims: result.claims };
}

/** Reads claims directly (outside React), forcing a refresh so a fresh approval is seen. */
export async function readClaims(user: User, forceRefresh = false): Promise<Partial<AccessClaims>> {
  const result = await user.getIdTokenResult(forceRefresh);
  return parseAccessClaims(result.claims);
}

/** Signs out on purpose (Logout, a pending account): the guards say nothing about a session end. */
export async function signOutUser(): Promise<void> {
  noteSignOutAsked();
  forgetLastView();
  await signOut(auth);
}
