import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { BUYER_UID, seedCartItem, seedProfile, signedInSession } from '@/testing/portal-fixtures';
import { createTestQueryClient, renderWithProviders } from '@/testing/render';
import { dehydrate } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profileQueryOptions } from '@/entities/profile';
import * as lastView from '@/lib/last-view';
import {
  LAST_VIEW_KEY,
  resetLastViewState,
  restoredAccount,
  restoreLastView,
} from '@/lib/last-view';
import { storeLastView } from '@/testing/last-view';
import { noteAuthUser, noteSignOutAsked } from '@/lib/session-end';
import { PENDING_MESSAGE, REMOVED_MESSAGE, PortalGuard } from './portal-guard';
import { PortalHeader } from '@/features/shop';

type Claims = { role?: string; status?: string; company?: string; company_role?: string };
const auth = vi.hoisted(() => ({
  session: { status: 'loading', user: null, claims: null } as unknown,
  token: { status: 'loading', claims: {} } as { status: string; claims: Claims },
  readClaims: vi.fn<() => Promise<Claims>>(),
  signOutUser: vi.fn<() => Promise<void>>(),
  listeners: new Set<() => void>(),
  /** Changes the token result as a slow refresh finishing would. */
  setToken(token: { status: string; claims: Claims }) {
    auth.token = token;
    auth.listeners.forEach((listener) => listener());
  },
  /** Changes the session as Firebase Auth would (signed out here or elsewhere, expired). */
  setSession(session: unknown) {
    auth.session = session;
    auth.listeners.forEach((listener) => listener());
  },
}));
vi.mock('@/lib/last-view', { spy: true });
vi.mock('@/lib/session', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (listener: () => void) => {
    auth.listeners.add(listener);
    return () => auth.listeners.delete(listener);
  };
  return {
    useSession: () => useSyncExternalStore(subscribe, () => auth.session),
    useClaims: () => useSyncExternalStore(subscribe, () => auth.token),
    readClaims: auth.readClaims,
    signOutUser: auth.signOutUser,
  };
});

function LoginMarker() {
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  return (
    <main>
      <h1>Login page</h1>
      {notice && <p>Notice: {notice}</p>}
      <p>Search: {location.search}</p>
    </main>
  );
}

const EXPIRED = 'Your session has expired. Please sign in again.';
const UNREACHABLE = "We can't reach the server right now.";
const unavailable = () =>
  Object.assign(new Error('Failed to get document because the client is offline.'), {
    code: 'unavailable',
  });

let pageMounts = 0;
/** Counts how often the guarded page is drawn anew (mounted), not merely rendered again. */
function MountCounter() {
  useEffect(() => {
    pageMounts += 1;
  }, []);
  return null;
}

function renderGuard(queryClient = createTestQueryClient()) {
  return renderWithProviders(
    <PortalGuard redirectDelayMs={50}>
      <MountCounter />
      <PortalHeader />
      <h1>Portal content</h1>
    </PortalGuard>,
    {
      queryClient,
      route: '/portal/store',
      routes: [
        { path: '/login', element: <LoginMarker /> },
        { path: '/portal/my-account', element: <h1>Account page</h1> },
        { path: '/portal/cart', element: <h1>Cart page</h1> },
        { path: '/admin', element: <h1>Admin page</h1> },
      ],
    },
  );
}

const approved = {
  status: 'success',
  claims: { role: 'retailer', status: 'approved', company: BUYER_UID, company_role: 'owner' },
};

beforeEach(() => {
  vi.mocked(lastView.confirmAccount).mockClear();
  pageMounts = 0;
  localStorage.clear();
  resetLastViewState();
  auth.session = signedInSession;
  auth.token = approved;
  auth.readClaims.mockReset();
  auth.signOutUser.mockReset().mockResolvedValue(undefined);
});

describe('PortalGuard', () => {
  it('draws the page while the session is resolved, reading nothing before it is (no last view here)', async () => {
    auth.session = { status: 'loading', user: null, claims: null };
    renderGuard();
    expect(screen.getByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
    // Read out, not shown: the page's frame and loading states are on screen.
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fakeDb.calls).toEqual([]);
    // Firebase Auth answers: the same page, now with the buyer's reads.
    act(() => auth.setSession(signedInSession));
    await waitFor(() => expect(fakeDb.calls.some((c) => c.op === 'getDoc')).toBe(true));
    expect(screen.getByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
    expect(pageMounts).toBe(1);
    await waitFor(() => expect(screen.queryByText('Checking your access')).not.toBeInTheDocument());
  });

  it('sends a visitor without a user to /login, with the page to come back to and no notice', async () => {
    auth.session = { status: 'signed-out', user: null, claims: null };
    const { router } = renderGuard();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fportal%2Fstore');
    expect(screen.queryByText(/Notice:/)).not.toBeInTheDocument();
  });

  it('sends a buyer whose session ended by itself to /login with the message and this page to return to', async () => {
    seedProfile('retailer');
    noteAuthUser(true);
    const { router } = renderGuard();
    expect(await screen.findByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
    // Firebase Auth drops the user: the token expired or was revoked, or another tab signed out.
    act(() => {
      noteAuthUser(false);
      auth.setSession({ status: 'signed-out', user: null, claims: null });
    });
    expect(await screen.findByText(`Notice: ${EXPIRED}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Fportal%2Fstore');
    expect(auth.signOutUser).not.toHaveBeenCalled();
  });

  it('says nothing of an expired session after Logout', async () => {
    seedProfile('retailer');
    noteAuthUser(true);
    renderGuard();
    expect(await screen.findByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
    act(() => {
      noteSignOutAsked();
      noteAuthUser(false);
      auth.setSession({ status: 'signed-out', user: null, claims: null });
    });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.queryByText(/Notice:/)).not.toBeInTheDocument();
  });

  it('shows a designed failure, not /login, when the profile cannot be read, and reads it again on Retry', async () => {
    seedProfile('retailer');
    fakeDb.fail('getDoc', `profiles/${BUYER_UID}`, unavailable(), true);
    const user = userEvent.setup();
    const { router } = renderGuard();
    expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
    expect(screen.getByText('Check your connection, then try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal/store');
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
    expect(auth.signOutUser).not.toHaveBeenCalled();
    const reads = fakeDb.calls.filter((c) => c.op === 'getDoc').length;
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
    expect(fakeDb.calls.filter((c) => c.op === 'getDoc').length).toBeGreaterThan(reads);
  });

  it('shows the same failure when the ID token cannot be read, and reads it from the server on Retry', async () => {
    seedProfile('retailer');
    auth.token = { status: 'error', claims: {} };
    auth.readClaims.mockResolvedValue({
      role: 'retailer',
      status: 'approved',
      company: BUYER_UID,
      company_role: 'owner',
    });
    const user = userEvent.setup();
    renderGuard();
    expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
    expect(auth.readClaims).toHaveBeenCalledWith(signedInSession.user, true);
  });

  it('does not sign out an approved buyer whose stale token cannot be refreshed (offline)', async () => {
    seedProfile('retailer');
    auth.token = { status: 'success', claims: { role: 'retailer', status: 'pending' } };
    auth.readClaims
      .mockRejectedValueOnce(
        Object.assign(new Error('offline'), { code: 'auth/network-request-failed' }),
      )
      .mockResolvedValueOnce({
        role: 'retailer',
        status: 'approved',
        company: BUYER_UID,
        company_role: 'owner',
      });
    const user = userEvent.setup();
    renderGuard();
    expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
    expect(screen.queryByText(PENDING_MESSAGE)).not.toBeInTheDocument();
    expect(auth.signOutUser).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
    expect(auth.readClaims).toHaveBeenCalledTimes(2);
  });

  it('waits for a slow token instead of bouncing an approved buyer', async () => {
    seedProfile('retailer');
    auth.token = { status: 'loading', claims: {} };
    renderGuard();
    await waitFor(() => expect(fakeDb.calls.some((c) => c.op === 'getDoc')).toBe(true));
    expect(screen.getByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
    act(() => auth.setToken(approved));
    expect(await screen.findByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
  });

  it('lets an approved buyer in when claims and profile agree, with the header', async () => {
    seedProfile('wholesaler');
    auth.token = {
      status: 'success',
      claims: { role: 'wholesaler', status: 'approved', company: BUYER_UID, company_role: 'owner' },
    };
    seedCartItem('purple-dream', 2);
    seedCartItem('blue-coast', 3);
    renderGuard();
    expect(await screen.findByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
    expect(await screen.findByText('Cloud Nine Smokeshop')).toBeInTheDocument();
    expect(screen.getByText('Wholesaler')).toBeInTheDocument();
    // The badge counts lines (2 products), not units (5).
    const cart = await screen.findByRole('link', { name: 'Cart, 2 lines' });
    expect(cart).toHaveTextContent('2');
    expect(cart).not.toHaveTextContent('5');
    expect(screen.getByRole('link', { name: 'My Account' })).toHaveAttribute(
      'href',
      '/portal/my-account',
    );
  });

  it('refreshes a stale token once when the profile is approved but the token is not yet', async () => {
    seedProfile('retailer');
    auth.token = { status: 'success', claims: { role: 'retailer', status: 'pending' } };
    let answer!: (claims: Claims) => void;
    auth.readClaims.mockReturnValue(new Promise<Claims>((resolve) => (answer = resolve)));
    renderGuard();
    // While the token is read again the page stays drawn (its refused reads are retried), with
    // the check read out; it is the same page once the fresh token lets the buyer in.
    await waitFor(() => expect(auth.readClaims).toHaveBeenCalledWith(signedInSession.user, true));
    expect(screen.getByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
    expect(screen.getByText('Checking your access')).toHaveAttribute('role', 'status');
    act(() =>
      answer({ role: 'retailer', status: 'approved', company: BUYER_UID, company_role: 'owner' }),
    );
    await waitFor(() => expect(screen.queryByText('Checking your access')).not.toBeInTheDocument());
    expect(pageMounts).toBe(1);
    expect(await screen.findByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
  });

  it('shows the pending message, then signs out and goes to /login with it', async () => {
    seedProfile('retailer', { status: 'pending' });
    auth.token = { status: 'success', claims: { role: 'retailer', status: 'pending' } };
    renderGuard();
    expect(await screen.findByText(PENDING_MESSAGE)).toBeInTheDocument();
    expect(PENDING_MESSAGE).toBe('Your account is still pending approval.');
    expect(screen.queryByText('Portal content')).not.toBeInTheDocument();
    expect(await screen.findByText(`Notice: ${PENDING_MESSAGE}`)).toBeInTheDocument();
    expect(auth.signOutUser).toHaveBeenCalled();
    expect(auth.readClaims).not.toHaveBeenCalled();
  });

  it('tells a member removed from their company so (their token still says approved), then signs out', async () => {
    seedProfile('retailer', { company_id: null, company_role: null });
    auth.token = {
      status: 'success',
      claims: { role: 'retailer', status: 'approved', company: BUYER_UID, company_role: 'buyer' },
    };
    renderGuard();
    expect(await screen.findByText(REMOVED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('No longer a member')).toBeInTheDocument();
    expect(screen.queryByText('Portal content')).not.toBeInTheDocument();
    expect(await screen.findByText(`Notice: ${REMOVED_MESSAGE}`)).toBeInTheDocument();
    expect(auth.signOutUser).toHaveBeenCalled();
  });

  it('does not let in a profile that says approved when the refreshed token still disagrees', async () => {
    seedProfile('retailer');
    auth.token = { status: 'success', claims: { role: 'retailer', status: 'rejected' } };
    auth.readClaims.mockResolvedValue({ role: 'retailer', status: 'rejected' });
    renderGuard();
    expect(await screen.findByText(PENDING_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('Portal content')).not.toBeInTheDocument();
  });

  it('sends a manager to the admin dashboard without signing them out', async () => {
    seedProfile('retailer', { status: 'approved' });
    fakeDb.seed(`profiles/${BUYER_UID}`, {
      ...fakeDb.get(`profiles/${BUYER_UID}`),
      role: 'manager',
    });
    auth.token = { status: 'success', claims: { role: 'manager', status: 'approved' } };
    renderGuard();
    expect(await screen.findByRole('heading', { name: 'Admin page' })).toBeInTheDocument();
    expect(screen.queryByText('Portal content')).not.toBeInTheDocument();
    expect(auth.signOutUser).not.toHaveBeenCalled();
  });

  it('does not let in a profile whose role claim is missing', async () => {
    seedProfile('retailer');
    auth.token = { status: 'success', claims: {} };
    auth.readClaims.mockResolvedValue({});
    renderGuard();
    expect(await screen.findByText(PENDING_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('Portal content')).not.toBeInTheDocument();
  });

  it('sends a user who has no profile to /login', async () => {
    renderGuard();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it('logs out through signOutUser and goes to /login', async () => {
    seedProfile('retailer');
    const user = userEvent.setup();
    renderGuard();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(auth.signOutUser).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it('opens the cart from the cart icon', async () => {
    seedProfile('retailer');
    const user = userEvent.setup();
    renderGuard();
    await user.click(await screen.findByRole('link', { name: 'Cart, 0 lines' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
  });

  describe("a returning buyer's last view on this device", () => {
    /**
     * The buyer's profile as the app read it on an earlier visit (from the fake Firestore, as
     * seeded now), kept on the device, and restored into the client the page will use.
     */
    async function restoredClient() {
      const earlier = createTestQueryClient();
      await earlier.fetchQuery(profileQueryOptions(BUYER_UID));
      storeLastView(
        { kind: 'buyer', uid: BUYER_UID, email: 'buyer@demo.test' },
        dehydrate(earlier).queries,
      );
      const client = createTestQueryClient();
      expect(restoreLastView(client)?.uid).toBe(BUYER_UID);
      return client;
    }
    const checking = { status: 'loading', user: null, claims: null };

    it('shows the page from the last view while the session is checked, and does not draw it again once confirmed', async () => {
      seedProfile('retailer');
      const client = await restoredClient();
      auth.session = checking;
      auth.token = { status: 'loading', claims: {} };
      renderGuard(client);
      expect(screen.getByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
      expect(screen.queryByText('Checking your access')).not.toBeInTheDocument();
      expect(screen.getByText('Cloud Nine Smokeshop')).toBeInTheDocument();

      act(() => auth.setSession(signedInSession));
      act(() => auth.setToken(approved));
      await waitFor(() =>
        expect(client.getQueryState(profileQueryOptions(BUYER_UID).queryKey)?.isInvalidated).toBe(
          false,
        ),
      );
      expect(screen.getByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
      expect(pageMounts).toBe(1);
      expect(restoredAccount()?.uid).toBe(BUYER_UID);
    });

    it('sends the buyer to /login and forgets the view when the session is gone', async () => {
      seedProfile('retailer');
      const client = await restoredClient();
      auth.session = checking;
      const { router } = renderGuard(client);
      expect(screen.getByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
      act(() => auth.setSession({ status: 'signed-out', user: null, claims: null }));
      expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
      expect(router.state.location.search).toBe('?next=%2Fportal%2Fstore');
      expect(localStorage.getItem(LAST_VIEW_KEY)).toBeNull();
      expect(restoredAccount()).toBeNull();
    });

    it("decides on the server's profile, not the kept one: nothing is decided while it is read, and an account no longer approved gets the pending message", async () => {
      seedProfile('retailer');
      const client = await restoredClient();
      seedProfile('retailer', { status: 'pending' });
      auth.session = checking;
      const release = fakeDb.hold('getDoc');
      renderGuard(client);
      expect(screen.getByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
      // Signed in, with a token that says approved: the kept profile says approved too, but the
      // server's is still being read.
      act(() => auth.setSession(signedInSession));
      act(() => auth.setToken(approved));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(lastView.confirmAccount).not.toHaveBeenCalled();
      expect(screen.getByRole('heading', { name: 'Portal content' })).toBeInTheDocument();
      release();
      expect(await screen.findByText(PENDING_MESSAGE)).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Portal content' })).not.toBeInTheDocument();
      expect(lastView.confirmAccount).not.toHaveBeenCalled();
      expect(localStorage.getItem(LAST_VIEW_KEY)).toBeNull();
    });

    it('lets the buyer in once the server says approved, and keeps their view from then on', async () => {
      seedProfile('retailer');
      const client = await restoredClient();
      auth.session = checking;
      const release = fakeDb.hold('getDoc');
      renderGuard(client);
      act(() => auth.setSession(signedInSession));
      act(() => auth.setToken(approved));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(lastView.confirmAccount).not.toHaveBeenCalled();
      release();
      await waitFor(() =>
        expect(lastView.confirmAccount).toHaveBeenCalledWith({
          kind: 'buyer',
          uid: BUYER_UID,
          email: 'buyer@demo.test',
        }),
      );
      expect(pageMounts).toBe(1);
    });

    it("is not another account's to see: a different buyer signed in waits for their own check", async () => {
      seedProfile('retailer');
      const client = await restoredClient();
      auth.session = {
        status: 'signed-in',
        user: { uid: 'someone-else', email: 'x@demo.test' },
        claims: {},
      };
      auth.token = { status: 'loading', claims: {} };
      renderGuard(client);
      expect(screen.getByRole('status')).toHaveTextContent('Checking your access');
      expect(screen.queryByRole('heading', { name: 'Portal content' })).not.toBeInTheDocument();
    });
  });
});
