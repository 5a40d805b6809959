import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  NO_SUPPORT_CONTACT,
  type AcceptedResponse,
  type SubscribeNewsletterRequest,
  type SupportContact,
} from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { LandingPage } from './landing-page';

const callables = vi.hoisted(() => ({
  callSubscribeNewsletter:
    vi.fn<(request: SubscribeNewsletterRequest) => Promise<AcceptedResponse>>(),
}));
vi.mock('@/lib/callables', () => callables);
// The footer's support contact (a GET to the siteContent function): never a real request.
const siteContent = vi.hoisted(() => ({
  fetchSupportContact: vi.fn<(signal?: AbortSignal) => Promise<SupportContact>>(),
}));
vi.mock('@/lib/site-content', () => siteContent);

function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

function renderLanding() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <p>Login page</p> },
      { path: '/apply', element: <p>Apply page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  setReducedMotion(false);
  callables.callSubscribeNewsletter.mockReset().mockResolvedValue({ accepted: true });
  // No manager has set a support contact: the footer shows the brand's address.
  siteContent.fetchSupportContact.mockReset().mockResolvedValue(NO_SUPPORT_CONTACT);
});

describe('LandingPage', () => {
  it('shows the hero headline, a muted looping video and a Log In link to /login', () => {
    renderLanding();
    expect(
      screen.getByRole('heading', { level: 1, name: "California's Electric Flavor" }),
    ).toBeInTheDocument();
    const video = screen.getByTestId('hero-video') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('loop');
    expect(video).toHaveAttribute('playsinline');
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  it('shows the still poster and no video when reduced motion is asked for', () => {
    setReducedMotion(true);
    renderLanding();
    expect(screen.getByTestId('hero-poster')).toBeInTheDocument();
    expect(screen.queryByTestId('hero-video')).not.toBeInTheDocument();
  });

  it('has the top bar links Home, Create Account and Login', () => {
    renderLanding();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      '/apply',
    );
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('opens and closes the phone menu from the keyboard', async () => {
    const ue = userEvent.setup();
    renderLanding();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    button.focus();
    await ue.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await ue.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('shows the three product cards with their tags and Apply Now to /apply', () => {
    renderLanding();
    for (const title of ['Premium Syrups', 'Slushie Machines', 'VIP Partnership']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    for (const tag of [
      'Purple Dream',
      'Blue Coast',
      'Green Machine',
      'LED Lighting',
      'High Volume',
      'Industrial',
    ]) {
      expect(screen.getAllByText(tag).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('link', { name: 'Apply Now' })).toHaveAttribute('href', '/apply');
  });

  it('shows the 5-star testimonial, the benefits, the see-in-action image and the guarantee', () => {
    renderLanding();
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getAllByText(/500\+/).length).toBeGreaterThan(0);
    expect(screen.getByText('Los Angeles')).toBeInTheDocument();
    for (const benefit of ['High-Margin Sales', 'Attract New Customers', 'Full Support Partner']) {
      expect(screen.getByRole('heading', { name: benefit })).toBeInTheDocument();
    }
    expect(
      screen.getByRole('img', { name: /Electric Slush machine on a shop counter/ }),
    ).toBeInTheDocument();
    for (const item of [
      'Top-selling flavors included',
      'Easy setup guide',
      'Marketing materials',
    ]) {
      expect(screen.getByText(item)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('link', { name: 'Become a Partner' })).toHaveLength(2);
    expect(
      screen
        .getAllByRole('link', { name: 'Become a Partner' })
        .every((l) => l.getAttribute('href') === '/apply'),
    ).toBe(true);
  });

  it('shows the footer link groups and the 2025 copyright; links without a target are plain text', () => {
    renderLanding();
    const footer = screen.getByRole('contentinfo');
    const nav = within(footer).getByRole('navigation', { name: 'Navigation' });
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      '/apply',
    );
    expect(within(nav).getByText('About Us')).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /About Us/ })).not.toBeInTheDocument();
    const support = within(footer).getByRole('navigation', { name: 'Support' });
    expect(within(support).getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
    for (const label of ['FAQ', 'Setup Guide'])
      expect(within(support).getByText(label)).toBeInTheDocument();
    expect(within(support).getByRole('link', { name: 'Wholesale' })).toHaveAttribute(
      'href',
      '/apply',
    );
    const legal = within(footer).getByRole('navigation', { name: 'Legal' });
    for (const label of [
      'Privacy Policy',
      'Terms of Service',
      'Shipping Policy',
      'Refund Policy',
    ]) {
      expect(within(legal).getByText(label)).toBeInTheDocument();
    }
    expect(within(footer).getByText(/© 2025/)).toBeInTheDocument();
    expect(siteContent.fetchSupportContact).toHaveBeenCalledWith(expect.any(AbortSignal));
  });

  it('shows the support contact a manager set in the footer: Contact Us mails it, and a Call link', async () => {
    siteContent.fetchSupportContact.mockResolvedValue({
      phone: '+1 (562) 555-0147',
      email: 'help@shop.example',
    });
    renderLanding();
    const support = within(screen.getByRole('contentinfo')).getByRole('navigation', {
      name: 'Support',
    });
    expect(
      await within(support).findByRole('link', { name: 'Call +1 (562) 555-0147' }),
    ).toHaveAttribute('href', 'tel:+15625550147');
    expect(within(support).getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      'mailto:help@shop.example',
    );
  });

  it('validates the newsletter email before sending anything', async () => {
    const ue = userEvent.setup();
    renderLanding();
    const input = screen.getByPlaceholderText('Enter your email');
    await ue.type(input, 'not-an-email');
    await ue.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid email address');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(callables.callSubscribeNewsletter).not.toHaveBeenCalled();
  });

  it('asks the server for a subscription and tells the visitor to confirm it', async () => {
    const ue = userEvent.setup();
    renderLanding();
    await ue.type(screen.getByPlaceholderText('Enter your email'), ' owner@shop.test ');
    await ue.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Almost there! Check your inbox to confirm your subscription.',
    );
    expect(callables.callSubscribeNewsletter).toHaveBeenCalledTimes(1);
    expect(callables.callSubscribeNewsletter).toHaveBeenCalledWith({ email: 'owner@shop.test' });
    // The browser no longer writes the subscriber list itself.
    expect(fakeDb.calls).toEqual([]);
  });

  it('shows an inline error when the signup fails', async () => {
    callables.callSubscribeNewsletter.mockRejectedValue(
      Object.assign(new Error('internal'), { code: 'functions/internal' }),
    );
    const ue = userEvent.setup();
    renderLanding();
    await ue.type(screen.getByPlaceholderText('Enter your email'), 'owner@shop.test');
    await ue.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent("We couldn't sign you up right now"),
    );
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('asks the visitor to try later when the server rate-limits sign-ups', async () => {
    callables.callSubscribeNewsletter.mockRejectedValue(
      Object.assign(new Error('Too many requests. Try again later.'), {
        code: 'functions/resource-exhausted',
      }),
    );
    const ue = userEvent.setup();
    renderLanding();
    await ue.type(screen.getByPlaceholderText('Enter your email'), 'owner@shop.test');
    await ue.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Too many sign-ups from here. Please try again later.',
      ),
    );
  });
});
