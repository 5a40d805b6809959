import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { AdminLoginPage } from './admin-login-page';

type Claims = { role?: string; status?: string };
const api = vi.hoisted(() => ({
  signIn: vi.fn<(form: { email: string; password: string }) => Promise<User>>(),
  readClaims: vi.fn<(user: User, force?: boolean) => Promise<Claims>>(),
  signOutUser: vi.fn<() => Promise<void>>(),
}));
vi.mock('../api/sign-in', () => ({ signIn: api.signIn }));
vi.mock('@/lib/session', () => ({ readClaims: api.readClaims, signOutUser: api.signOutUser }));

const user = { uid: 'm1', email: 'manager@shop.test' } as User;

function renderAdminLogin(route = '/admin/login') {
  return renderWithProviders(<AdminLoginPage />, {
    shell: 'public',
    route,
    path: '/admin/login',
    routes: [
      { path: '/admin', element: <h1>Admin Dashboard</h1> },
      { path: '/admin/stores/:uid', element: <h1>Store page</h1> },
      { path: '/', element: <h1>Home page</h1> },
      { path: '/forgot-password', element: <h1>Forgot password page</h1> },
    ],
  });
}

async function submit(email = 'manager@shop.test') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), 'demo1234');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  api.signIn.mockReset().mockResolvedValue(user);
  api.readClaims.mockReset();
  api.signOutUser.mockReset().mockResolvedValue(undefined);
});

describe('AdminLoginPage', () => {
  it('shows Admin Login with labelled fields and a Back to Home link', async () => {
    const { router } = renderAdminLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('requires email and password', async () => {
    renderAdminLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.signIn).not.toHaveBeenCalled();
  });

  it('welcomes a manager and opens the dashboard', async () => {
    api.readClaims.mockResolvedValue({ role: 'manager', status: 'approved' });
    const { router } = renderAdminLogin();
    await submit();
    await expectToast('Welcome back!', 'Successfully logged in as admin');
    expect(api.readClaims).toHaveBeenCalledWith(user, true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(api.signOutUser).not.toHaveBeenCalled();
  });

  it.each([
    ['an approved retailer', { role: 'retailer', status: 'approved' }],
    ['a rejected wholesaler', { role: 'wholesaler', status: 'rejected' }],
    ['an account without claims', {}],
  ])("signs out %s with 'Access Denied'", async (_name, claims) => {
    api.readClaims.mockResolvedValue(claims);
    const { router } = renderAdminLogin();
    await submit('buyer@shop.test');
    await expectToast('Access Denied', "You don't have admin privileges");
    expect(api.signOutUser).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it("shows 'Login Failed' with a friendly text for wrong credentials", async () => {
    api.signIn.mockRejectedValue(
      Object.assign(new Error('Firebase: Error (auth/invalid-credential).'), {
        code: 'auth/invalid-credential',
      }),
    );
    renderAdminLogin();
    await submit();
    await expectToast('Login Failed', 'Invalid email or password. Please check your credentials.');
    expect(api.signOutUser).not.toHaveBeenCalled();
  });

  it("shows 'Login Failed' with the server's message for other auth errors", async () => {
    api.signIn.mockRejectedValue(
      Object.assign(new Error('Firebase: Error (auth/too-many-requests).'), {
        code: 'auth/too-many-requests',
      }),
    );
    renderAdminLogin();
    await submit();
    await expectToast('Login Failed', 'Too many attempts. Please wait a moment and try again.');
  });

  it("shows 'An unexpected error occurred' and signs out when the claims cannot be read", async () => {
    api.readClaims.mockRejectedValue(new TypeError('token service down'));
    renderAdminLogin();
    await submit();
    await expectToast('Error', 'An unexpected error occurred');
    expect(api.signOutUser).toHaveBeenCalledTimes(1);
  });

  it('disables the submit button while signing in', async () => {
    let finish: (value: User) => void = () => undefined;
    api.signIn.mockReturnValue(new Promise<User>((resolve) => (finish = resolve)));
    api.readClaims.mockResolvedValue({});
    renderAdminLogin();
    await submit();
    expect(await screen.findByRole('button', { name: /signing in/i })).toBeDisabled();
    await act(async () => finish(user));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled());
  });

  it('links to /forgot-password under the password field', async () => {
    const { router } = renderAdminLogin();
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('says why the guard sent a manager here, and takes them back to the page they were on', async () => {
    api.readClaims.mockResolvedValue({ role: 'manager', status: 'approved' });
    const { router } = renderAdminLogin(
      `/admin/login?next=${encodeURIComponent('/admin/stores/u1?x=1')}`,
    );
    await act(() =>
      router.navigate(router.state.location, {
        replace: true,
        state: { notice: 'Your session has expired. Please sign in again.' },
      }),
    );
    expect(
      await screen.findByText('Your session has expired. Please sign in again.'),
    ).toBeInTheDocument();
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/stores/u1'));
    expect(router.state.location.search).toBe('?x=1');
    expect(await screen.findByRole('heading', { name: 'Store page' })).toBeInTheDocument();
  });

  it.each([
    ['a buyer page', '/portal/cart'],
    ['another site', 'https://evil.example/admin'],
    ['a scheme-relative address', '//evil.example/admin'],
  ])('ignores a return path to %s and opens the dashboard', async (_, next) => {
    api.readClaims.mockResolvedValue({ role: 'manager', status: 'approved' });
    const { router } = renderAdminLogin(`/admin/login?next=${encodeURIComponent(next)}`);
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});
