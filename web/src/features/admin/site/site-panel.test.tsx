import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { DEFAULT_POLICIES, POLICY_PAGES, type PolicyPage } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import {
  usePolicyPages,
  useSavePolicyPage,
  useSaveSupportSettings,
  useSupportSettings,
} from '@/entities/site';
import { failed, loaded, loading, stub } from '../testing/stubs';
import { SitePanel } from './site-panel';
import type * as Firebase from '@/lib/firebase';

vi.mock('@/entities/site', { spy: true });
vi.mock('@/lib/firebase', async (original) => ({
  ...(await original<typeof Firebase>()),
  auth: { currentUser: { uid: 'manager-1' } },
}));
vi.setConfig({ testTimeout: 40_000 });

const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const saveContact = vi.fn();
const savePage = vi.fn();
const pages: PolicyPage[] = POLICY_PAGES.map(({ slug }) => ({
  slug,
  body: DEFAULT_POLICIES[slug],
  updatedAt: new Date('2025-11-03T17:00:00Z'),
}));

beforeEach(() => {
  saveContact.mockReset().mockImplementation((contact: unknown) => Promise.resolve(contact));
  savePage.mockReset().mockResolvedValue(undefined);
  vi.mocked(useSupportSettings).mockReturnValue(
    stub<typeof useSupportSettings>(loaded({ phone: '', email: '' })),
  );
  vi.mocked(usePolicyPages).mockReturnValue(stub<typeof usePolicyPages>(loaded(pages)));
  vi.mocked(useSaveSupportSettings).mockReturnValue(
    stub<typeof useSaveSupportSettings>({ mutateAsync: saveContact, isPending: false }),
  );
  vi.mocked(useSavePolicyPage).mockReturnValue(
    stub<typeof useSavePolicyPage>({ mutateAsync: savePage, isPending: false }),
  );
});

describe('SitePanel: the support contact', () => {
  it('refuses a bad phone and email with their messages and saves nothing', async () => {
    renderWithProviders(<SitePanel />);
    await user.type(screen.getByLabelText('Support phone'), 'call us');
    await user.type(screen.getByLabelText('Support email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save contact' }));
    expect(
      await screen.findByText(
        'Enter a phone number: digits, spaces, dashes, an optional leading +',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Support phone')).toHaveAttribute('aria-invalid', 'true');
    expect(saveContact).not.toHaveBeenCalled();
  });

  it('saves a valid phone, trimmed, with the email left unset', async () => {
    renderWithProviders(<SitePanel />);
    await user.type(screen.getByLabelText('Support phone'), '  +1 (562) 555-0147 ');
    await user.click(screen.getByRole('button', { name: 'Save contact' }));
    await waitFor(() =>
      expect(saveContact).toHaveBeenCalledWith({ phone: '+1 (562) 555-0147', email: '' }),
    );
  });

  it('shows loading and a retry when the contact cannot be read', async () => {
    const refetch = vi.fn();
    vi.mocked(useSupportSettings).mockReturnValue(
      stub<typeof useSupportSettings>({ ...failed(), refetch }),
    );
    vi.mocked(usePolicyPages).mockReturnValue(stub<typeof usePolicyPages>(loading()));
    renderWithProviders(<SitePanel />);
    expect(screen.getByRole('status', { name: 'Loading policy pages' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(refetch).toHaveBeenCalled();
  });
});

describe('SitePanel: the policy editor', () => {
  it('previews the Markdown as it is typed, with raw HTML and javascript: links inert', async () => {
    renderWithProviders(<SitePanel />);
    await user.selectOptions(screen.getByLabelText('Page'), 'terms');
    const body = screen.getByLabelText('Terms of Service (Markdown)');
    expect(body).toHaveValue(DEFAULT_POLICIES.terms);
    await user.clear(body);
    await user.click(body);
    await user.paste('## Net terms\n\n<img src=x onerror="alert(1)"> [trap](javascript:alert(1))');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Net terms' })).toBeInTheDocument();
    expect(within(preview).getByText(/<img src=x onerror="alert\(1\)">/)).toBeInTheDocument();
    expect(preview.querySelector('img')).toBeNull();
    expect(within(preview).queryByRole('link', { name: 'trap' })).toBeNull();
  });

  it('saves the page with the signed-in manager, and refuses an empty page', async () => {
    renderWithProviders(<SitePanel />);
    const body = screen.getByLabelText('Privacy Policy (Markdown)');
    const save = screen.getByRole('button', { name: 'Save page' });
    expect(save).toBeDisabled();
    await user.clear(body);
    await user.click(save);
    expect(await screen.findByText('Write the page')).toBeInTheDocument();
    expect(savePage).not.toHaveBeenCalled();
    await user.click(body);
    await user.paste('## Privacy\n\nWe never sell data.\r\n');
    await user.click(save);
    await waitFor(() =>
      expect(savePage).toHaveBeenCalledWith({
        slug: 'privacy',
        body: '## Privacy\n\nWe never sell data.',
        uid: 'manager-1',
      }),
    );
  });

  it('keeps each page draft when switching pages', async () => {
    renderWithProviders(<SitePanel />);
    const privacy = screen.getByLabelText('Privacy Policy (Markdown)');
    await user.clear(privacy);
    await user.click(privacy);
    await user.paste('Draft privacy');
    await user.selectOptions(screen.getByLabelText('Page'), 'shipping');
    expect(screen.getByLabelText('Shipping Policy (Markdown)')).toHaveValue(
      DEFAULT_POLICIES.shipping,
    );
    await user.selectOptions(screen.getByLabelText('Page'), 'privacy');
    expect(screen.getByLabelText('Privacy Policy (Markdown)')).toHaveValue('Draft privacy');
  });
});
