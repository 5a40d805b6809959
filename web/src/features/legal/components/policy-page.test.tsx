import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { fetchSiteContent } from '@/lib/site-content';
import { PolicyPage } from './policy-page';

vi.mock('@/lib/site-content', { spy: true });

const contact = { phone: '+1 (562) 555-0147', email: 'help@shop.example' };

beforeEach(() => {
  vi.mocked(fetchSiteContent).mockReset();
});

describe('PolicyPage', () => {
  it('shows the title while loading, then the text, the date and the contact', async () => {
    vi.mocked(fetchSiteContent).mockResolvedValue({
      support: contact,
      page: {
        slug: 'terms',
        body: '## Net terms\n\nDue in **30 days**.\n\n<script>alert(1)</script> [trap](javascript:alert(1))',
        updatedAt: new Date('2026-01-02T12:00:00Z'),
      },
    });
    renderWithProviders(<PolicyPage page="terms" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading Terms of Service' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Net terms' })).toBeInTheDocument();
    expect(screen.getByText('Last updated January 2, 2026')).toBeInTheDocument();
    expect(screen.getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(document.querySelector('.markdown script')).toBeNull();
    expect(screen.queryByRole('link', { name: 'trap' })).toBeNull();
    expect(screen.getByRole('link', { name: contact.phone })).toHaveAttribute(
      'href',
      'tel:+15625550147',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(document.title).toBe('Terms of Service | Electric Slush Co.');
    expect(fetchSiteContent).toHaveBeenCalledWith('terms', expect.any(AbortSignal));
  });

  it('says a page has no text yet, and shows no contact line when none is set', async () => {
    vi.mocked(fetchSiteContent).mockResolvedValue({
      support: { phone: '', email: '' },
      page: null,
    });
    renderWithProviders(<PolicyPage page="refunds" />);
    expect(await screen.findByText('This page has not been published yet.')).toBeInTheDocument();
    expect(screen.queryByText(/Questions\?/)).toBeNull();
  });

  it('offers Try Again when the text cannot be read', async () => {
    vi.mocked(fetchSiteContent)
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({
        support: contact,
        page: { slug: 'shipping', body: 'We ship daily.', updatedAt: null },
      });
    renderWithProviders(<PolicyPage page="shipping" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this page.');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('We ship daily.')).toBeInTheDocument();
  });

  it('answers Page not found for any other name, without asking the server', () => {
    renderWithProviders(<PolicyPage page="cookies" />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(fetchSiteContent).not.toHaveBeenCalled();
  });
});
