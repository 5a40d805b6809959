import type * as FirebaseAuth from 'firebase/auth';
import type { User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
    return () => undefined;
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
    reactfire.useSigninCheck.mockReturnValue({ status: 'success', data: { signedIn: false, user: null } });
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
    expect(options.validateCustomClaims({ role: 'manager', status: 'approved' }).hasRequiredClaims).toBe(true);
    expect(options.validateCustomClaims({ role: 'manager', status: 'rejected' }).hasRequiredClaims).toBe(false);
    expect(options.validateCustomClaims({ role: 'wholesaler', status: 'approved' }).hasRequiredClaims).toBe(false);
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
  it('validates the claims of the ID token instead of casting them', () => {
    reactfire.useIdTokenResult.mockReturnValue({
      status: 'success',
      data: { claims: { role: 'superuser', status: 'approved', email: 'x@y.z' } },
    });
    expect(useClaims(user)).toEqual({ status: 'success', claims: { status: 'approved' } });
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
