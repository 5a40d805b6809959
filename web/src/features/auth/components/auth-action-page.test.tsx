import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as FirebaseAuth from 'firebase/auth';
import type { AcceptedResponse, SyncEmailVerificationRequest } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { auth } from '@/lib/firebase';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { AuthActionPage } from './auth-action-page';

const sdk = vi.hoisted(() => ({
  checkActionCode: vi.fn(),
  applyActionCode: vi.fn(),
  verifyPasswordResetCode: vi.fn(),
  confirmPasswordReset: vi.fn(),
}));
vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...sdk,
}));
const callables = vi.hoisted(() => ({
  callSyncEmailVerification:
    vi.fn<(request: SyncEmailVerificationRequest) => Promise<AcceptedResponse>>(),
}));
vi.mock('@/lib/callables', () => callables);

const CODE = 'oob-code-123';

function authError(code: string) {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

function renderAction(query: string, { strict = false } = {}) {
  return renderWithProviders(<AuthActionPage />, {
    strict,
    route: `/auth/action${query}`,
    path: '/auth/action',
    routes: [
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/', element: <h1>Home page</h1> },
      { path: '/forgot-password', element: <h1>Forgot password page</h1> },
    ],
  });
}

beforeEach(() => {
  for (const fn of Object.values(sdk)) fn.mockReset();
  sdk.checkActionCode.mockResolvedValue({
    operation: 'VERIFY_EMAIL',
    data: { email: 'ada@cloudnine.test' },
  });
  sdk.applyActionCode.mockResolvedValue(undefined);
  sdk.verifyPasswordResetCode.mockResolvedValue('ada@cloudnine.test');
  sdk.confirmPasswordReset.mockResolvedValue(undefined);
  callables.callSyncEmailVerification.mockReset().mockResolvedValue({ accepted: true });
});

describe('AuthActionPage, verifyEmail', () => {
  it('verifies the address once (even in StrictMode), syncs the profile and leads to sign in', async () => {
    let finish: () => void = () => undefined;
    sdk.applyActionCode.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    const { router } = renderAction(`?mode=verifyEmail&oobCode=${CODE}`, { strict: true });
    expect(screen.getByRole('heading', { name: 'Verifying your email…' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => finish());

    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(
      screen.getByText(/is verified. We'll review your application and notify you when approved./),
    ).toHaveTextContent('Your email address ada@cloudnine.test is verified.');
    expect(sdk.checkActionCode).toHaveBeenCalledTimes(1);
    expect(sdk.checkActionCode).toHaveBeenCalledWith(auth, CODE);
    expect(sdk.applyActionCode).toHaveBeenCalledTimes(1);
    expect(sdk.applyActionCode).toHaveBeenCalledWith(auth, CODE);
    expect(callables.callSyncEmailVerification).toHaveBeenCalledTimes(1);
    expect(callables.callSyncEmailVerification).toHaveBeenCalledWith({
      email: 'ada@cloudnine.test',
    });
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('still says verified when the profile sync fails', async () => {
    callables.callSyncEmailVerification.mockRejectedValue(new Error('internal'));
    renderAction(`?mode=verifyEmail&oobCode=${CODE}`);
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
  });

  it('tells an expired link apart and points to Resend verification email', async () => {
    sdk.checkActionCode.mockRejectedValue(authError('auth/expired-action-code'));
    renderAction(`?mode=verifyEmail&oobCode=${CODE}`);
    expect(
      await screen.findByRole('heading', { name: 'This link has expired.' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Resend verification email/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(sdk.applyActionCode).not.toHaveBeenCalled();
    expect(callables.callSyncEmailVerification).not.toHaveBeenCalled();
  });

  it('says a used link has already been used', async () => {
    sdk.applyActionCode.mockRejectedValue(authError('auth/invalid-action-code'));
    renderAction(`?mode=verifyEmail&oobCode=${CODE}`);
    expect(
      await screen.findByRole('heading', {
        name: 'This link has already been used or is no longer valid.',
      }),
    ).toBeInTheDocument();
    expect(callables.callSyncEmailVerification).not.toHaveBeenCalled();
  });

  it('offers to try again when the check fails for another reason', async () => {
    sdk.checkActionCode.mockRejectedValue(authError('auth/network-request-failed'));
    renderAction(`?mode=verifyEmail&oobCode=${CODE}`);
    expect(
      await screen.findByRole('heading', { name: "We couldn't check this link." }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('AuthActionPage, resetPassword', () => {
  async function choose(password: string, confirm = password) {
    await userEvent.type(await screen.findByLabelText('New password'), password);
    await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
  }

  it('checks the code, then sets the new password and leads to sign in', async () => {
    const { router } = renderAction(`?mode=resetPassword&oobCode=${CODE}`, { strict: true });
    expect(
      await screen.findByRole('heading', { name: 'Choose a new password' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ada@cloudnine.test')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
    expect(sdk.verifyPasswordResetCode).toHaveBeenCalledTimes(1);
    expect(sdk.verifyPasswordResetCode).toHaveBeenCalledWith(auth, CODE);

    await choose('new-secret-1');
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(screen.getByText('You can now sign in with your new password.')).toBeInTheDocument();
    expect(sdk.confirmPasswordReset).toHaveBeenCalledTimes(1);
    expect(sdk.confirmPasswordReset).toHaveBeenCalledWith(auth, CODE, 'new-secret-1');
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('refuses passwords that do not match, or are too short, without calling the server', async () => {
    renderAction(`?mode=resetPassword&oobCode=${CODE}`);
    await choose('new-secret-1', 'new-secret-2');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(sdk.confirmPasswordReset).not.toHaveBeenCalled();
  });

  it('shows an expired link instead of the form', async () => {
    sdk.verifyPasswordResetCode.mockRejectedValue(authError('auth/expired-action-code'));
    renderAction(`?mode=resetPassword&oobCode=${CODE}`);
    expect(
      await screen.findByRole('heading', { name: 'This link has expired.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('shows a used link instead of the form', async () => {
    sdk.verifyPasswordResetCode.mockRejectedValue(authError('auth/invalid-action-code'));
    renderAction(`?mode=resetPassword&oobCode=${CODE}`);
    expect(
      await screen.findByRole('heading', {
        name: 'This link has already been used or is no longer valid.',
      }),
    ).toBeInTheDocument();
  });

  it('says the link was used when the code is spent before saving', async () => {
    sdk.confirmPasswordReset.mockRejectedValue(authError('auth/invalid-action-code'));
    renderAction(`?mode=resetPassword&oobCode=${CODE}`);
    await choose('new-secret-1');
    expect(
      await screen.findByRole('heading', {
        name: 'This link has already been used or is no longer valid.',
      }),
    ).toBeInTheDocument();
  });

  it('puts a weak password refused by the server on the field', async () => {
    sdk.confirmPasswordReset.mockRejectedValue(authError('auth/weak-password'));
    renderAction(`?mode=resetPassword&oobCode=${CODE}`);
    await choose('123456');
    expect(await screen.findByText('Password must be at least 6 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
  });

  it('toasts other failures and keeps the form', async () => {
    sdk.confirmPasswordReset.mockRejectedValue(authError('auth/network-request-failed'));
    renderAction(`?mode=resetPassword&oobCode=${CODE}`);
    await choose('new-secret-1');
    await expectToast(
      'Password Not Changed',
      'Network error. Check your connection and try again.',
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save new password' })).toBeEnabled(),
    );
  });
});

describe('AuthActionPage, other links', () => {
  it.each([
    ['an unknown mode', `?mode=recoverEmail&oobCode=${CODE}`],
    ['no mode', `?oobCode=${CODE}`],
    ['no code', '?mode=verifyEmail'],
    ['nothing', ''],
  ])('says the link is not valid for %s, with a link home', async (_name, query) => {
    const { router } = renderAction(query);
    expect(
      screen.getByRole('heading', { level: 1, name: 'This link is not valid.' }),
    ).toBeInTheDocument();
    expect(sdk.checkActionCode).not.toHaveBeenCalled();
    expect(sdk.applyActionCode).not.toHaveBeenCalled();
    expect(sdk.verifyPasswordResetCode).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });
});
