import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AcceptedResponse, RequestPasswordResetRequest } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { ForgotPasswordPage } from './forgot-password-page';

const callables = vi.hoisted(() => ({
  callRequestPasswordReset:
    vi.fn<(request: RequestPasswordResetRequest) => Promise<AcceptedResponse>>(),
}));
vi.mock('@/lib/callables', () => callables);

const SENT =
  "If an account exists for that address, we've sent a link to reset your password. Check your inbox.";

function renderPage() {
  return renderWithProviders(<ForgotPasswordPage />, {
    shell: 'public',
    route: '/forgot-password',
    routes: [{ path: '/login', element: <h1>Login page</h1> }],
  });
}

async function submit(email: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

beforeEach(() => {
  callables.callRequestPasswordReset.mockReset().mockResolvedValue({ accepted: true });
});

describe('ForgotPasswordPage', () => {
  it('shows Reset Password with a labelled email field and a way back to sign in', async () => {
    const { router } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(document.title).toMatch(/^Reset Password \|/);
    await userEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('checks the address before calling the server', async () => {
    renderPage();
    await submit('not-an-email');
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(callables.callRequestPasswordReset).not.toHaveBeenCalled();
  });

  it('asks for a reset link with the trimmed address and gives the one answer', async () => {
    const { router } = renderPage();
    await submit('  owner@shop.test ');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(SENT);
    expect(status).toHaveFocus();
    expect(callables.callRequestPasswordReset).toHaveBeenCalledTimes(1);
    expect(callables.callRequestPasswordReset).toHaveBeenCalledWith({ email: 'owner@shop.test' });
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('gives the same answer for any address (the server decides, the page reveals nothing)', async () => {
    renderPage();
    await submit('nobody@nowhere.test');
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
  });

  it('shows a busy button while sending', async () => {
    let finish: (value: AcceptedResponse) => void = () => undefined;
    callables.callRequestPasswordReset.mockReturnValue(
      new Promise((resolve) => (finish = resolve)),
    );
    renderPage();
    await submit('owner@shop.test');
    expect(await screen.findByRole('button', { name: /Sending/ })).toBeDisabled();
    await act(async () => finish({ accepted: true }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
  });

  it.each([
    ['a network failure', Object.assign(new Error('internal'), { code: 'functions/internal' })],
    [
      'a rate limit',
      Object.assign(new Error('Too many requests.'), { code: 'functions/resource-exhausted' }),
    ],
  ])('shows an error toast and keeps the form on %s', async (_name, error) => {
    callables.callRequestPasswordReset.mockRejectedValue(error);
    renderPage();
    await submit('owner@shop.test');
    await expectToast('Request Failed', "We couldn't send the reset link. Please try again later.");
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled(),
    );
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
  });
});
