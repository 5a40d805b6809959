import type * as FirebaseAuth from 'firebase/auth';
import type { User } from 'firebase/auth';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  confirmAccount,
  keepLastView,
  LAST_VIEW_KEY,
  resetLastViewState,
  restoredAccount,
  restoreLastView,
} from './last-view';
import { signOutUser, useClaims, useManagerCheck, useSession } from './session';
import { resetSessionEnd, sessionEnded } from './session-end';

const reactfire = vi.hoisted(() => ({ useSigninCheck: vi.fn(), useIdTokenResult: vi.fn() }));
vi.mock('reactfire', () => reactfire);
const firebaseAuth = vi.hoisted(() => ({
  listeners: [] as ((user: unknown) => void)[],
  signOut: vi.fn(),
}));
vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  onIdTokenChanged: (_auth: unknown, listener: (user: unknown) => void) => {
    firebaseAuth.listeners.push(listener);
    return () => {
      firebaseAuth.listeners = firebaseAuth.listeners.filter((other) => other !== listener);
    };
  },
  signOut: firebaseAuth.signOut,
}));
/** Firebase Auth's ID-token listeners hear this user (or none). */
const tokenChanged = (user: unknown) => firebaseAuth.listeners.forEach((listen) => listen(user));

const user = { uid: 'u1', email: 'manager@demo.test' } as User;

beforeEach(() => {
  reactfire.useSigninCheck.mockReset();
  reactfire.useIdTokenResult.mockReset();
});

describe('useSession (reactfire sign-in check)', () => {
  it('is loading, signed out or signed in as reactfire says', () => {
    reactfire.useSigninCheck.mockReturnValue({ status: 'loading', data: undefined });
    expect(useSession().status).toBe('loading');
    reactfire.useSigninCheck.mockReturnValue({
      status: 'success',
      data: { signedIn: false, user: null },
    });
    expect(useSession().status).toBe('signed-out');
    reactfire.useSigninCheck.mockReturnValue({ status: 'error', data: undefined });
    expect(useSession().status).toBe('signed-out');
    reactfire.useSigninCheck.mockReturnValue({ status: 'success', data: { signedIn: true, user } });
    expect(useSession()).toMatchObject({ status: 'signed-in', user });
  });
});

describe('useManagerCheck', () => {
  it("asks reactfire's sign-in check to validate the claims with resolveAccess", () => {
    reactfire.useSigninCheck.mockReturnValue({
      status: 'success',
      data: { signedIn: true, hasRequiredClaims: true, errors: {}, user },
    });
    expect(useManagerCheck()).toEqual({ status: 'success', user, isManager: true });
    const options = reactfire.useSigninCheck.mock.calls[0]?.[0] as {
      validateCustomClaims: (claims: unknown) => { hasRequiredClaims: boolean };
    };
    expect(
      options.validateCustomClaims({ role: 'manager', status: 'approved' }).hasRequiredClaims,
    ).toBe(true);
    expect(
      options.validateCustomClaims({ role: 'manager', status: 'rejected' }).hasRequiredClaims,
    ).toBe(false);
    expect(
      options.validateCustomClaims({ role: 'wholesaler', status: 'approved' }).hasRequiredClaims,
    ).toBe(false);
    expect(options.validateCustomClaims({ role: ['manager'] }).hasRequiredClaims).toBe(false);
  });

  it('is not a manager without the claim or without a user', () => {
    reactfire.useSigninCheck.mockReturnValue({
      status: 'success',
      data: { signedIn: true, hasRequiredClaims: false, errors: { role: ['manager'] }, user },
    });
    expect(useManagerCheck()).toEqual({ status: 'success', user, isManager: false });
    reactfire.useSigninCheck.mockReturnValue({
      status: 'success',
      data: { signedIn: false, hasRequiredClaims: false, errors: {}, user: null },
    });
    expect(useManagerCheck()).toEqual({ status: 'success', user: null, isManager: false });
  });
});

describe('useClaims', () => {
  const withToken = (claims: Record<string, unknown> | Error) =>
    ({
      ...user,
      getIdTokenResult: vi.fn(async () => {
        if (claims instanceof Error) throw claims;
        return { claims };
      }),
    }) as unknown as User;

  it('validates the claims of the ID token instead of casting them', async () => {
    const signedIn = withToken({ role: 'superuser', status: 'approved', email: 'x@y.z' });
    const { result } = renderHook(() => useClaims(signedIn));
    expect(result.current.status).toBe('loading');
    act(() => tokenChanged(signedIn));
    await waitFor(() =>
      expect(result.current).toEqual({ status: 'success', claims: { status: 'approved' } }),
    );
  });

  it('is loading while there is no user, and an error when the token cannot be read', async () => {
    const { result, rerender } = renderHook(({ who }: { who: User | null }) => useClaims(who), {
      initialProps: { who: null as User | null },
    });
    expect(result.current).toEqual({ status: 'loading', claims: {} });
    const broken = withToken(new Error('network-request-failed'));
    rerender({ who: broken });
    act(() => tokenChanged(broken));
    await waitFor(() => expect(result.current).toEqual({ status: 'error', claims: {} }));
  });

  it("reads the claims again when Firebase Auth's token changes (a refresh after approval)", async () => {
    let claims: Record<string, unknown> = { role: 'retailer', status: 'pending' };
    const signedIn = {
      ...user,
      getIdTokenResult: vi.fn(async () => ({ claims })),
    } as unknown as User;
    const { result } = renderHook(() => useClaims(signedIn));
    act(() => tokenChanged(signedIn));
    await waitFor(() =>
      expect(result.current.claims).toEqual({ role: 'retailer', status: 'pending' }),
    );
    claims = { role: 'retailer', status: 'approved' };
    act(() => tokenChanged(signedIn));
    await waitFor(() =>
      expect(result.current.claims).toEqual({ role: 'retailer', status: 'approved' }),
    );
  });
});

describe("the device's last view follows the session (last-view.ts)", () => {
  const other = { uid: 'u2', email: 'someone@demo.test' } as User;

  function keptView(uid: string) {
    resetLastViewState();
    localStorage.clear();
    const writer = new QueryClient();
    const stop = keepLastView(writer);
    writer.setQueryData(['profile', uid], { role: 'retailer', status: 'approved' });
    vi.useFakeTimers();
    confirmAccount({ kind: 'buyer', uid, email: `${uid}@demo.test` });
    vi.advanceTimersByTime(1100);
    vi.useRealTimers();
    stop();
    resetLastViewState();
    expect(restoreLastView(new QueryClient())?.uid).toBe(uid);
  }

  it('keeps the view while the same account is signed in', () => {
    keptView('u1');
    tokenChanged(user);
    expect(restoredAccount()?.uid).toBe('u1');
    expect(localStorage.getItem(LAST_VIEW_KEY)).not.toBeNull();
  });

  it('forgets it when the session is gone or another account is signed in', () => {
    keptView('u1');
    tokenChanged(null);
    expect(restoredAccount()).toBeNull();
    expect(localStorage.getItem(LAST_VIEW_KEY)).toBeNull();
    keptView('u1');
    tokenChanged(other);
    expect(localStorage.getItem(LAST_VIEW_KEY)).toBeNull();
  });

  it("forgets another account's view when someone signs in, in a tab that restored none (the sign-in page)", () => {
    keptView('u2');
    resetLastViewState(); // a tab that started on /login: nothing restored, nothing confirmed
    expect(localStorage.getItem(LAST_VIEW_KEY)).not.toBeNull();
    tokenChanged(user); // u1 signs in
    expect(localStorage.getItem(LAST_VIEW_KEY)).toBeNull();
  });

  it('keeps the view of the account that signs in again on the sign-in page', () => {
    keptView('u1');
    resetLastViewState();
    tokenChanged(user);
    expect(localStorage.getItem(LAST_VIEW_KEY)).not.toBeNull();
  });

  it('forgets it on Logout', async () => {
    keptView('u1');
    firebaseAuth.signOut.mockResolvedValue(undefined);
    await signOutUser();
    expect(restoredAccount()).toBeNull();
    expect(localStorage.getItem(LAST_VIEW_KEY)).toBeNull();
  });
});

describe('the end of a session (session-end.ts)', () => {
  beforeEach(() => {
    resetSessionEnd();
    firebaseAuth.signOut.mockReset().mockImplementation(async () => tokenChanged(null));
  });

  it('follows Firebase Auth from the moment the module loads', () => {
    expect(firebaseAuth.listeners).toHaveLength(1);
  });

  it('knows a session that ended without this tab signing out (expired, revoked, another tab)', () => {
    tokenChanged(user);
    expect(sessionEnded()).toBe(false);
    tokenChanged(null);
    expect(sessionEnded()).toBe(true);
    // Signing in again starts afresh.
    tokenChanged(user);
    expect(sessionEnded()).toBe(false);
  });

  it('does not take Logout for an expired session', async () => {
    tokenChanged(user);
    await signOutUser();
    expect(firebaseAuth.signOut).toHaveBeenCalledTimes(1);
    expect(sessionEnded()).toBe(false);
  });

  it('says nothing about a visitor who was never signed in', () => {
    tokenChanged(null);
    expect(sessionEnded()).toBe(false);
  });
});
