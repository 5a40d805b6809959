import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import type { AcceptedResponse, ResendVerificationEmailRequest } from '@portal/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { expectToast, toastElements } from '@/testing/toasts';
import { LoginPage } from './login-page';

const api = vi.hoisted(() => ({
  signIn: vi.fn<(form: { email: string; password: string }) => Promise<User>>(),
  getAccountAccess:
    vi.fn<(user: User) => Promise<'manager' | 'approved' | 'pending' | 'rejected'>>(),
  signOutUser: vi.fn<() => Promise<void>>(),
  ProfileUnreadableError: class ProfileUnreadableError extends Error {},
  callResendVerificationEmail:
    vi.fn<(request: ResendVerificationEmailRequest) => Promise<AcceptedResponse>>(),
}));
vi.mock('../api/sign-in', () => ({ signIn: api.signIn }));
vi.mock('../api/get-account-access', () => ({
  getAccountAccess: api.getAccountAccess,
  ProfileUnreadableError: api.ProfileUnreadableError,
}));
vi.mock('@/lib/session', () => ({ signOutUser: api.signOutUser }));
vi.mock('@/lib/callables', () => ({
  callResendVerificationEmail: api.callResendVerificationEmail,
}));

const user = { uid: 'buyer-1', email: 'buyer@shop.test', emailVerified: true } as User;
const unverifiedUser = { ...user, emailVerified: false } as User;

function authError(code: string, message = `Firebase: Error (${code}).`) {
  return Object.assign(new Error(message), { code });
}

function renderLogin(route = '/login') {
  return renderWithProviders(<LoginPage />, {
    shell: 'public',
    path: '/login',
    route,
    routes: [
      { path: '/portal/my-account', element: <h1>Account page</h1> },
      { path: '/portal/store', element: <h1>Store page</h1> },
      { path: '/portal/cart', element: <h1>Cart page</h1> },
      { path: '/admin', element: <h1>Admin page</h1> },
      { path: '/admin/stores/:uid', element: <h1>Store admin page</h1> },
      { path: '/apply', element: <h1>Apply page</h1> },
      { path: '/forgot-password', element: <h1>Forgot password page</h1> },
    ],
  });
}

async function fillAndSubmit(u: ReturnType<typeof userEvent.setup>, email = 'buyer@shop.test') {
  await u.type(screen.getByLabelText('Email'), email);
  await u.type(screen.getByLabelText('Password'), 'demo1234');
  await u.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  api.signIn.mockReset().mockResolvedValue(user);
  api.getAccountAccess.mockReset();
  api.signOutUser.mockReset().mockResolvedValue(undefined);
  api.callResendVerificationEmail.mockReset().mockResolvedValue({ accepted: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LoginPage', () => {
  it('shows Portal Access with labelled fields and a link to /apply', async () => {
    const { router } = renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Portal Access' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('link', { name: 'Apply for access' }));
    expect(router.state.location.pathname).toBe('/apply');
  });

  it('requires email and password before calling the server', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.signIn).not.toHaveBeenCalled();
  });

  it('welcomes an approved buyer with Store and Account, then goes to /portal/my-account after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    api.getAccountAccess.mockResolvedValue('approved');
    const { router } = renderLogin();
    await fillAndSubmit(u);
    await expectToast('Welcome back!', '');
    expect(api.signIn).toHaveBeenCalledWith({ email: 'buyer@shop.test', password: 'demo1234' });
    expect(api.getAccountAccess).toHaveBeenCalledWith(user);
    const toast = toastElements()[0] ?? null;
    expect(toast).not.toBeNull();
    expect(within(toast as HTMLElement).getByRole('button', { name: 'Store' })).toBeInTheDocument();
    expect(
      within(toast as HTMLElement).getByRole('button', { name: 'Account' }),
    ).toBeInTheDocument();
    expect(api.signOutUser).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(2900));
    expect(router.state.location.pathname).toBe('/login');
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/my-account'));
    expect(screen.getByRole('heading', { name: 'Account page' })).toBeInTheDocument();
  });

  it('closes the welcome toast when the timed move leaves the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    api.getAccountAccess.mockResolvedValue('approved');
    const { router } = renderLogin();
    await fillAndSubmit(u);
    await expectToast('Welcome back!', 'Taking you to your account in 3 seconds.');
    act(() => vi.advanceTimersByTime(2900));
    expect(toastElements()[0] ?? null).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/my-account'));
    await waitFor(() => expect(toastElements()[0] ?? null).toBeNull());
  });

  it('closes the welcome toast when something else sends the buyer away (a redirect, a sign-out)', async () => {
    api.getAccountAccess.mockResolvedValue('approved');
    const { router } = renderLogin();
    await fillAndSubmit(userEvent.setup());
    await expectToast('Welcome back!', '');
    // The guard of the next page, or Logout, moves the browser on (here to /apply).
    await act(() => router.navigate('/apply', { replace: true }));
    await waitFor(() => expect(toastElements()[0] ?? null).toBeNull());
  });

  it('takes a buyer sent here by the guard straight back to their page, without the timed move', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    api.getAccountAccess.mockResolvedValue('approved');
    const { router } = renderLogin(`/login?next=${encodeURIComponent('/portal/cart?x=1')}`);
    await fillAndSubmit(u);
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/cart'));
    expect(router.state.location.search).toBe('?x=1');
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5000));
    expect(router.state.location.pathname).toBe('/portal/cart');
    expect(toastElements()[0] ?? null).toBeNull();
  });

  it.each([
    ['another site', 'https://evil.example/portal/cart'],
    ['a scheme-relative address', '//evil.example/portal/cart'],
    ['a page outside the portal', '/forgot-password'],
    ['a dot-dot escape', '/portal/../apply'],
  ])('ignores a return path to %s: the usual welcome', async (_, next) => {
    api.getAccountAccess.mockResolvedValue('approved');
    const { router } = renderLogin(`/login?next=${encodeURIComponent(next)}`);
    await fillAndSubmit(userEvent.setup());
    await expectToast('Welcome back!', '');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('takes a manager back to an admin page of the return path', async () => {
    api.getAccountAccess.mockResolvedValue('manager');
    const { router } = renderLogin(`/login?next=${encodeURIComponent('/admin/stores/u1')}`);
    await fillAndSubmit(userEvent.setup(), 'manager@shop.test');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/stores/u1'));
  });

  it('goes to the store from the toast and cancels the timed move', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    api.getAccountAccess.mockResolvedValue('approved');
    const { router } = renderLogin();
    await fillAndSubmit(u);
    const store = await screen.findByRole('button', { name: 'Store' });
    await u.click(store);
    expect(router.state.location.pathname).toBe('/portal/store');
    act(() => vi.advanceTimersByTime(5000));
    expect(router.state.location.pathname).toBe('/portal/store');
  });

  it('goes to the account from the toast', async () => {
    api.getAccountAccess.mockResolvedValue('approved');
    const { router } = renderLogin();
    await fillAndSubmit(userEvent.setup());
    await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
    expect(router.state.location.pathname).toBe('/portal/my-account');
  });

  it('does not move after leaving the page before the 3 seconds are up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    api.getAccountAccess.mockResolvedValue('approved');
    const { router } = renderLogin();
    await fillAndSubmit(u);
    await expectToast('Welcome back!', '');
    await act(() => router.navigate('/apply'));
    act(() => vi.advanceTimersByTime(5000));
    expect(router.state.location.pathname).toBe('/apply');
  });

  it("signs out a verified pending account with 'Account Pending', kept above the form", async () => {
    api.getAccountAccess.mockResolvedValue('pending');
    const { router } = renderLogin();
    await fillAndSubmit(userEvent.setup());
    await expectToast(
      'Account Pending',
      "Your account is still pending approval. We'll notify you when it's ready.",
    );
    expect(api.signOutUser).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/login');
    // The toast fades; the page keeps saying why, above the form.
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(
      "Account PendingYour account is still pending approval. We'll notify you when it's ready.",
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('tells a rejected account the truth, with our contact address, and signs it out', async () => {
    api.signIn.mockResolvedValue(unverifiedUser);
    api.getAccountAccess.mockResolvedValue('rejected');
    const { router } = renderLogin();
    await fillAndSubmit(userEvent.setup());
    await expectToast(
      'Account Not Approved',
      'Your application was not approved. Questions? Write to support@electricslush.example.',
    );
    expect(api.signOutUser).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText(/pending approval/)).not.toBeInTheDocument();
    // Not the verification panel, even with an unverified address: the form and the notice.
    expect(screen.queryByText('Please verify your email address.')).not.toBeInTheDocument();
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Account Not Approved');
    expect(notice).toHaveTextContent("we'll gladly take another look");
    expect(
      within(notice).getByRole('link', { name: 'support@electricslush.example' }),
    ).toHaveAttribute('href', 'mailto:support@electricslush.example');
    // The next attempt starts without it.
    api.getAccountAccess.mockResolvedValue('approved');
    api.signIn.mockResolvedValue(user);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.queryByText('Account Not Approved', { selector: 'p' })).not.toBeInTheDocument(),
    );
  });

  it('sends a manager to /admin', async () => {
    api.getAccountAccess.mockResolvedValue('manager');
    const { router } = renderLogin();
    await fillAndSubmit(userEvent.setup(), 'manager@shop.test');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(api.signOutUser).not.toHaveBeenCalled();
  });

  it("signs out with 'Profile Error' when the account status cannot be read", async () => {
    api.getAccountAccess.mockRejectedValue(new api.ProfileUnreadableError('no profile'));
    const { router } = renderLogin();
    await fillAndSubmit(userEvent.setup());
    await expectToast('Profile Error', 'Could not verify account status.');
    expect(api.signOutUser).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    authError('auth/invalid-credential'),
    authError('auth/wrong-password'),
    authError('auth/user-not-found'),
    new Error('Invalid login credentials'),
  ])("shows 'Login Failed' for wrong credentials (%s)", async (error) => {
    api.signIn.mockRejectedValue(error);
    renderLogin();
    await fillAndSubmit(userEvent.setup());
    await expectToast('Login Failed', 'Invalid email or password. Please check your credentials.');
    expect(api.getAccountAccess).not.toHaveBeenCalled();
    expect(api.signOutUser).not.toHaveBeenCalled();
  });

  it("shows 'Login Error' with the server's message for other auth errors", async () => {
    api.signIn.mockRejectedValue(
      authError(
        'auth/operation-not-allowed',
        'Firebase: Password sign-in is disabled (auth/operation-not-allowed).',
      ),
    );
    renderLogin();
    await fillAndSubmit(userEvent.setup());
    await expectToast('Login Error', 'Password sign-in is disabled');
  });

  it("shows 'Login Error' with a friendly text for a network failure", async () => {
    api.signIn.mockRejectedValue(authError('auth/network-request-failed'));
    renderLogin();
    await fillAndSubmit(userEvent.setup());
    await expectToast('Login Error', 'Network error. Check your connection and try again.');
  });

  it('shows the catch-all and signs out when something unexpected fails after sign-in', async () => {
    api.getAccountAccess.mockRejectedValue(new TypeError('boom'));
    renderLogin();
    await fillAndSubmit(userEvent.setup());
    await expectToast('Login Error', 'Something went wrong. Please try again.');
    expect(api.signOutUser).toHaveBeenCalledTimes(1);
  });

  it('disables the submit button while signing in', async () => {
    let finish: (value: User) => void = () => undefined;
    api.signIn.mockReturnValue(new Promise<User>((resolve) => (finish = resolve)));
    api.getAccountAccess.mockResolvedValue('pending');
    renderLogin();
    await fillAndSubmit(userEvent.setup());
    expect(await screen.findByRole('button', { name: /signing in/i })).toBeDisabled();
    await act(async () => finish(user));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled());
  });

  it("shows the guard's notice as an inline alert", async () => {
    const { router } = renderLogin();
    expect(screen.queryByText('Your account is still pending approval.')).not.toBeInTheDocument();
    await act(() =>
      router.navigate('/login', { state: { notice: 'Your account is still pending approval.' } }),
    );
    expect(await screen.findByText('Your account is still pending approval.')).toBeInTheDocument();
  });

  it('links to /forgot-password under the password field', async () => {
    const { router } = renderLogin();
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});

describe('LoginPage, a pending applicant with an unverified email', () => {
  function callableError(code: string, message: string) {
    return Object.assign(new Error(message), { code: `functions/${code}` });
  }

  async function signInUnverified() {
    api.signIn.mockResolvedValue(unverifiedUser);
    api.getAccountAccess.mockResolvedValue('pending');
    const result = renderLogin();
    await fillAndSubmit(userEvent.setup());
    await expectToast(
      'Account Pending',
      "Your account is still pending approval. We'll notify you when it's ready.",
    );
    return result;
  }

  it('keeps them signed in on the page and asks them to verify their address', async () => {
    await signInUnverified();
    expect(screen.getByText('Please verify your email address.')).toBeInTheDocument();
    // The panel takes the focus, and its notice is what a screen reader reads with it.
    const panel = screen.getByRole('group', { name: 'Verify your email' });
    expect(panel).toHaveFocus();
    expect(panel).toHaveAccessibleDescription(/Please verify your email address\./);
    expect(screen.getByText(/We sent a link to/)).toHaveTextContent(
      'We sent a link to buyer@shop.test.',
    );
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(api.signOutUser).not.toHaveBeenCalled();
  });

  it('resends the verification email and says so', async () => {
    await signInUnverified();
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Verification email sent. Check your inbox.',
      ),
    );
    expect(api.callResendVerificationEmail).toHaveBeenCalledTimes(1);
    expect(api.callResendVerificationEmail).toHaveBeenCalledWith({});
    expect(api.signOutUser).not.toHaveBeenCalled();
  });

  it.each([
    ['resource-exhausted', 'Too many requests. Try again later.'],
    ['failed-precondition', 'Your email address is already verified.'],
  ])("shows the server's message when the resend is refused (%s)", async (code, message) => {
    api.callResendVerificationEmail.mockRejectedValue(callableError(code, message));
    await signInUnverified();
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(message)).toHaveAttribute('role', 'alert');
    expect(screen.queryByText('Verification email sent. Check your inbox.')).toBeNull();
  });

  it('shows the catch-all for an unexpected failure', async () => {
    api.callResendVerificationEmail.mockRejectedValue(callableError('internal', 'internal'));
    await signInUnverified();
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toHaveAttribute(
      'role',
      'alert',
    );
  });

  it('signs out and shows the form again when they choose Sign out', async () => {
    await signInUnverified();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(api.signOutUser).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText('Please verify your email address.')).not.toBeInTheDocument();
  });

  it('signs out when they leave the page', async () => {
    const { router } = await signInUnverified();
    expect(api.signOutUser).not.toHaveBeenCalled();
    await act(() => router.navigate('/apply'));
    expect(api.signOutUser).toHaveBeenCalledTimes(1);
  });
});
