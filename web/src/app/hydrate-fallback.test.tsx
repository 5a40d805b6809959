import { render, screen } from '@testing-library/react';
import { NO_SUPPORT_CONTACT } from '@portal/domain';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLoading } from '@/components/app-loading';
import { createRoutes } from './router';

// The landing page's footer asks the siteContent function for the support contact: stubbed, so
// no real request leaves the test (none set, the answer of a site without one).
vi.mock('@/lib/site-content', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchSupportContact: vi.fn(async () => NO_SUPPORT_CONTACT),
}));

afterEach(() => vi.restoreAllMocks());

describe("the router's first load", () => {
  it('gives the root route a HydrateFallback: the plain page loader', () => {
    const [root] = createRoutes();
    expect(root?.HydrateFallback).toBe(AppLoading);
  });

  it('shows the loader, then the landing page, without the "No HydrateFallback" warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error');
    const router = createMemoryRouter(createRoutes(), { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    // The landing page's lazy module is still on its way.
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    // The first import of the landing module takes a while on a busy machine.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: /California's Electric Flavor/ },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    const messages = [...warn.mock.calls, ...error.mock.calls].map((call) => String(call[0]));
    expect(messages.filter((message) => message.includes('HydrateFallback'))).toEqual([]);
  });

  it('is plain HTML: no antd class', () => {
    const { container } = render(<AppLoading />);
    expect(container.querySelector('[class*="ant-"]')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});
