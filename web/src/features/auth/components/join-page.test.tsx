import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVITATION_MESSAGES, type InvitationPreview } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { JoinPage } from './join-page';

const api = vi.hoisted(() => ({
  getInvitation: vi.fn<(token: string) => Promise<InvitationPreview>>(),
  acceptInvitation: vi.fn(),
  currentAccount: vi.fn<() => Promise<{ email: string } | null>>(),
  signIn: vi.fn(),
  signOutUser: vi.fn(),
}));
/** holdAuthSdk: the Auth SDK's chunk never arrives (a slow network). */
const sdk = vi.hoisted(() => ({ holdAuthSdk: false }));
vi.mock('../api/load-auth-api', () => ({
  loadAuthApi: () => (sdk.holdAuthSdk ? new Promise(() => undefined) : Promise.resolve(api)),
  loadInvitationPreview: async () => ({ getInvitation: api.getInvitation }),
  preloadAuthApi: () => undefined,
}));

const TOKEN = 'a'.repeat(43);
const PREVIEW: InvitationPreview = {
  companyName: 'Cloud Nine Smoke Shop',
  role: 'buyer',
  email: 'new@shop.test',
  invitedBy: 'Rico Alvarez',
  expiresAt: '2026-12-09T10:00:00.000Z',
  accountExists: false,
};

function renderJoin(token = TOKEN) {
  return renderWithProviders(<JoinPage />, {
    shell: 'public',
    route: `/join?token=${token}`,
    path: '/join',
    routes: [
      { path: '/portal', element: <h1>Portal</h1> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
  });
}

const refusal = (message: string, code = 'functions/failed-precondition') =>
  Object.assign(new Error(message), { code });

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  sdk.holdAuthSdk = false;
  api.currentAccount.mockResolvedValue(null);
});

describe('JoinPage (/join?token=…)', () => {
  it('says who invited which address to which company, then creates the account and joins', async () => {
    api.getInvitation.mockResolvedValue(PREVIEW);
    api.acceptInvitation.mockResolvedValue({
      companyId: 'c1',
      companyName: PREVIEW.companyName,
      role: 'buyer',
      accountCreated: true,
    });
    api.signIn.mockResolvedValue({ email: PREVIEW.email });
    const { router } = renderJoin();
    expect(screen.getByRole('heading', { level: 1, name: 'Join your company' })).toBeVisible();
    expect(await screen.findByText(/Rico Alvarez invited/)).toHaveTextContent(
      'Rico Alvarez invited new@shop.test to order with Cloud Nine Smoke Shop as Buyer.',
    );
    expect(api.getInvitation).toHaveBeenCalledWith(TOKEN);
    // Checked before the call.
    await userEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(api.acceptInvitation).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Full name'), 'Bianca Ortiz');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal'));
    expect(api.acceptInvitation).toHaveBeenCalledWith({
      token: TOKEN,
      fullName: 'Bianca Ortiz',
      password: 'secret-pass-1',
    });
    expect(api.signIn).toHaveBeenCalledWith({ email: PREVIEW.email, password: 'secret-pass-1' });
  });

  it('joins with one click when signed in with the invited address', async () => {
    api.getInvitation.mockResolvedValue({ ...PREVIEW, accountExists: true });
    api.currentAccount.mockResolvedValue({ email: 'NEW@shop.test' });
    api.acceptInvitation.mockResolvedValue({ accountCreated: false });
    const { router } = renderJoin();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Join Cloud Nine Smoke Shop' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal'));
    expect(api.acceptInvitation).toHaveBeenCalledWith({ token: TOKEN });
  });

  it('asks an existing account to sign in first', async () => {
    api.getInvitation.mockResolvedValue({ ...PREVIEW, accountExists: true });
    renderJoin();
    expect(await screen.findByText('You already have an account: sign in to join.')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue(PREVIEW.email);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('refuses a signed-in account with another address, and nothing is accepted', async () => {
    api.getInvitation.mockResolvedValue(PREVIEW);
    api.currentAccount.mockResolvedValue({ email: 'someone@else.test' });
    renderJoin();
    expect(await screen.findByText(INVITATION_MESSAGES.otherAddress)).toBeVisible();
    expect(screen.getByText('You are signed in as someone@else.test.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Join/ })).not.toBeInTheDocument();
    expect(api.acceptInvitation).not.toHaveBeenCalled();
  });

  it.each([
    ['expired', INVITATION_MESSAGES.expired],
    ['used', INVITATION_MESSAGES.used],
    ['withdrawn', INVITATION_MESSAGES.revoked],
    ['tampered', INVITATION_MESSAGES.notFound],
  ])('shows the server’s words for a link that is %s', async (_kind, message) => {
    api.getInvitation.mockRejectedValue(refusal(message));
    renderJoin();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
  });

  it('shows a refusal without waiting for the sign-in SDK', async () => {
    api.getInvitation.mockRejectedValue(refusal(INVITATION_MESSAGES.expired));
    sdk.holdAuthSdk = true;
    renderJoin();
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_MESSAGES.expired);
  });

  it('says a cut or changed link is not valid without calling the server', async () => {
    renderJoin('not-a-token');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_MESSAGES.notFound);
    expect(api.getInvitation).not.toHaveBeenCalled();
  });

  it('shows the refusal of the accept call (an address that joined another company meanwhile)', async () => {
    api.getInvitation.mockResolvedValue({ ...PREVIEW, accountExists: true });
    api.currentAccount.mockResolvedValue({ email: PREVIEW.email });
    api.acceptInvitation.mockRejectedValue(refusal(INVITATION_MESSAGES.otherCompany));
    renderJoin();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Join Cloud Nine Smoke Shop' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_MESSAGES.otherCompany);
  });
});
