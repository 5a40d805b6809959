import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewsletterTokenRequest, NewsletterTokenResponse } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { NewsletterPage } from './newsletter-page';

const callables = vi.hoisted(() => ({
  callConfirmNewsletter:
    vi.fn<(request: NewsletterTokenRequest) => Promise<NewsletterTokenResponse>>(),
  callUnsubscribeNewsletter:
    vi.fn<(request: NewsletterTokenRequest) => Promise<NewsletterTokenResponse>>(),
}));
vi.mock('@/lib/callables', () => callables);

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345-_xy';

function callableError(code: string, message: string) {
  return Object.assign(new Error(message), { code: `functions/${code}` });
}

function renderNewsletter(route: string) {
  return renderWithProviders(<NewsletterPage />, {
    strict: true,
    route,
    path: '/newsletter/:action',
    routes: [{ path: '/', element: <h1>Home page</h1> }],
  });
}

beforeEach(() => {
  callables.callConfirmNewsletter.mockReset().mockResolvedValue({ state: 'confirmed' });
  callables.callUnsubscribeNewsletter.mockReset().mockResolvedValue({ state: 'unsubscribed' });
});

describe('NewsletterPage', () => {
  it('confirms the subscription once and says so', async () => {
    let finish: (value: NewsletterTokenResponse) => void = () => undefined;
    callables.callConfirmNewsletter.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { router } = renderNewsletter(`/newsletter/confirm?token=${TOKEN}`);
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your subscription…');
    await act(async () => finish({ state: 'confirmed' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: "You're subscribed" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Thanks for confirming. We'll send new flavors and offers to your inbox."),
    ).toBeInTheDocument();
    expect(callables.callConfirmNewsletter).toHaveBeenCalledTimes(1);
    expect(callables.callConfirmNewsletter).toHaveBeenCalledWith({ token: TOKEN });
    expect(callables.callUnsubscribeNewsletter).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('unsubscribes once and says so', async () => {
    renderNewsletter(`/newsletter/unsubscribe?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" }),
    ).toBeInTheDocument();
    expect(screen.getByText("You won't get our newsletter anymore.")).toBeInTheDocument();
    expect(callables.callUnsubscribeNewsletter).toHaveBeenCalledTimes(1);
    expect(callables.callUnsubscribeNewsletter).toHaveBeenCalledWith({ token: TOKEN });
    expect(callables.callConfirmNewsletter).not.toHaveBeenCalled();
  });

  it('shows the state the server reports (an already unsubscribed address)', async () => {
    callables.callConfirmNewsletter.mockResolvedValue({ state: 'unsubscribed' });
    renderNewsletter(`/newsletter/confirm?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: "You're unsubscribed" })).toBeInTheDocument();
  });

  it.each([
    ['not-found', 'This link is not valid.'],
    ['invalid-argument', 'This link is not valid.'],
  ])('says the link is not valid when the server answers %s', async (code, message) => {
    callables.callConfirmNewsletter.mockRejectedValue(callableError(code, message));
    renderNewsletter(`/newsletter/confirm?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'This link is not valid.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['another action', `/newsletter/subscribe?token=${TOKEN}`],
    ['no token', '/newsletter/confirm'],
    ['a malformed token', '/newsletter/unsubscribe?token=short'],
  ])('says the link is not valid for %s, without calling the server', (_name, route) => {
    renderNewsletter(route);
    expect(screen.getByRole('heading', { name: 'This link is not valid.' })).toBeInTheDocument();
    expect(callables.callConfirmNewsletter).not.toHaveBeenCalled();
    expect(callables.callUnsubscribeNewsletter).not.toHaveBeenCalled();
  });

  it('offers to try again when the call fails for another reason', async () => {
    callables.callUnsubscribeNewsletter.mockRejectedValue(callableError('unavailable', 'down'));
    renderNewsletter(`/newsletter/unsubscribe?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: "We couldn't process this link." }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
