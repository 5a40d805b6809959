import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AcceptedResponse, SyncEmailVerificationRequest } from '@portal/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { AuthActionPage } from './auth-action-page';

/**
 * The page applies the links' codes with Auth's REST API (api/identity-toolkit.ts): a stand-in
 * for the Auth server answers its requests, so the requests and the server's answers (and their
 * errors, as Identity Toolkit words them) are what is tested. The Auth emulator answers them for
 * real in the mail journey.
 */
type Reply = { status?: number; body: unknown } | 'offline';
const server = vi.hoisted(() => ({
  /** accounts:resetPassword without a new password: reads the code. */
  check: vi.fn<(oobCode: string) => Promise<Reply>>(),
  /** accounts:update: applies a verification code. */
  apply: vi.fn<(oobCode: string) => Promise<Reply>>(),
  /** accounts:resetPassword with a new password: uses a reset code. */
  confirm: vi.fn<(oobCode: string, newPassword: string) => Promise<Reply>>(),
}));
const callables = vi.hoisted(() => ({
  callSyncEmailVerification:
    vi.fn<(request: SyncEmailVerificationRequest) => Promise<AcceptedResponse>>(),
}));
vi.mock('@/lib/callables', () => callables);

const CODE = 'oob-code-123';
const ok = (body: object = {}): Reply => ({ body });
/** An Identity Toolkit refusal, as the server sends it. */
const refused = (message: string): Reply => ({
  status: 400,
  body: {
    error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'invalid' }] },
  },
});

async function identityToolkit(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input));
  expect(init?.method).toBe('POST');
  expect(url.searchParams.get('key')).toBeTruthy();
  const body = JSON.parse(String(init?.body)) as { oobCode: string; newPassword?: string };
  const method = url.pathname.replace(/^.*\/identitytoolkit\.googleapis\.com\/v1\//, '');
  let reply: Reply;
  if (method === 'accounts:update') reply = await server.apply(body.oobCode);
  else if (method !== 'accounts:resetPassword') throw new Error(`Unexpected request ${url.href}`);
  else if (body.newPassword === undefined) reply = await server.check(body.oobCode);
  else reply = await server.confirm(body.oobCode, body.newPassword);
  if (reply === 'offline') throw new TypeError('Failed to fetch');
  return new Response(JSON.stringify(reply.body), {
    status: reply.status ?? 200,
    headers: { 'Content-Type': 'application/json' },
  });
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
  vi.stubGlobal('fetch', vi.fn(identityToolkit));
  server.check
    .mockReset()
    .mockResolvedValue(ok({ email: 'ada@cloudnine.test', requestType: 'VERIFY_EMAIL' }));
  server.apply.mockReset().mockResolvedValue(ok({ email: 'ada@cloudnine.test' }));
  server.confirm.mockReset().mockResolvedValue(ok({ email: 'ada@cloudnine.test' }));
  callables.callSyncEmailVerification.mockReset().mockResolvedValue({ accepted: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AuthActionPage, verifyEmail', () => {
  it('verifies the address once (even in StrictMode), syncs the profile and leads to sign in', async () => {
    let finish: () => void = () => undefined;
    server.apply.mockReturnValue(new Promise<Reply>((resolve) => (finish = () => resolve(ok()))));
    const { router } = renderAction(`?mode=verifyEmail&oobCode=${CODE}`, { strict: true });
    expect(screen.getByRole('heading', { name: 'Verifying your email…' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => finish());

    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(
      screen.getByText(/is verified. We'll review your application and notify you when approved./),
    ).toHaveTextContent('Your email address ada@cloudnine.test is verified.');
    expect(server.check).toHaveBeenCalledTimes(1);
    expect(server.check).toHaveBeenCalledWith(CODE);
    expect(server.apply).toHaveBeenCalledTimes(1);
    expect(server.apply).toHaveBeenCalledWith(CODE);
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
    server.check.mockResolvedValue(refused('EXPIRED_OOB_CODE'));
    renderAction(`?mode=verifyEmail&oobCode=${CODE}`);
    expect(
      await screen.findByRole('heading', { name: 'This link has expired.' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Resend verification email/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(server.apply).not.toHaveBeenCalled();
    expect(callables.callSyncEmailVerification).not.toHaveBeenCalled();
  });

  it('says a used link has already been used', async () => {
    server.apply.mockResolvedValue(refused('INVALID_OOB_CODE'));
    renderAction(`?mode=verifyEmail&oobCode=${CODE}`);
    expect(
      await screen.findByRole('heading', {
        name: 'This link has already been used or is no longer valid.',
      }),
    ).toBeInTheDocument();
    expect(callables.callSyncEmailVerification).not.toHaveBeenCalled();
  });

  it('offers to try again when the check fails for another reason', async () => {
    server.check.mockResolvedValue('offline');
    renderAction(`?mode=verifyEmail&oobCode=${CODE}`);
    expect(
      await screen.findByRole('heading', { name: "We couldn't check this link." }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers to try again when the server fails without an Auth error', async () => {
    server.check.mockResolvedValue({ status: 503, body: 'Service Unavailable' });
    renderAction(`?mode=verifyEmail&oobCode=${CODE}`);
    expect(
      await screen.findByRole('heading', { name: "We couldn't check this link." }),
    ).toBeInTheDocument();
    expect(server.apply).not.toHaveBeenCalled();
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
    expect(server.check).toHaveBeenCalledTimes(1);
    expect(server.check).toHaveBeenCalledWith(CODE);

    await choose('new-secret-1');
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(screen.getByText('You can now sign in with your new password.')).toBeInTheDocument();
    expect(server.confirm).toHaveBeenCalledTimes(1);
    expect(server.confirm).toHaveBeenCalledWith(CODE, 'new-secret-1');
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
    expect(server.confirm).not.toHaveBeenCalled();
  });

  it('shows an expired link instead of the form', async () => {
    server.check.mockResolvedValue(refused('EXPIRED_OOB_CODE'));
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
    server.check.mockResolvedValue(refused('INVALID_OOB_CODE'));
    renderAction(`?mode=resetPassword&oobCode=${CODE}`);
    expect(
      await screen.findByRole('heading', {
        name: 'This link has already been used or is no longer valid.',
      }),
    ).toBeInTheDocument();
  });

  it('says the link was used when the code is spent before saving', async () => {
    server.confirm.mockResolvedValue(refused('INVALID_OOB_CODE'));
    renderAction(`?mode=resetPassword&oobCode=${CODE}`);
    await choose('new-secret-1');
    expect(
      await screen.findByRole('heading', {
        name: 'This link has already been used or is no longer valid.',
      }),
    ).toBeInTheDocument();
  });

  it('puts a weak password refused by the server on the field', async () => {
    server.confirm.mockResolvedValue(
      refused('WEAK_PASSWORD : Password should be at least 6 characters'),
    );
    renderAction(`?mode=resetPassword&oobCode=${CODE}`);
    await choose('123456');
    expect(await screen.findByText('Password must be at least 6 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
  });

  it("toasts the server's own explanation of a refusal it gives no code for", async () => {
    server.confirm.mockResolvedValue(
      refused('PASSWORD_POLICY_VIOLATION : Policy: use 12 characters or more'),
    );
    renderAction(`?mode=resetPassword&oobCode=${CODE}`);
    await choose('new-secret-1');
    await expectToast('Password Not Changed', 'Policy: use 12 characters or more');
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
  });

  it('toasts other failures and keeps the form', async () => {
    server.confirm.mockResolvedValue('offline');
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
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });
});
