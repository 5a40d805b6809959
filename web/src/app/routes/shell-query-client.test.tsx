import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { appQueryClient } from '../app-query-client';
import { Component as UiShell } from './ui-shell';

const auth = vi.hoisted(() => ({
  listener: null as null | ((user: { uid: string } | null) => void),
}));
vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  onAuthStateChanged: (_auth: unknown, listener: (user: { uid: string } | null) => void) => {
    auth.listener = listener;
    return () => undefined;
  },
}));

describe("the shells and the app's query client", () => {
  it('the UI shell gives its pages the client the route loaders fill', async () => {
    let seen: QueryClient | null = null;
    function Page() {
      seen = useQueryClient();
      return <h1>Page</h1>;
    }
    const router = createMemoryRouter([
      { Component: UiShell, children: [{ path: '/', Component: Page }] },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Page' })).toBeInTheDocument();
    expect(seen).toBe(appQueryClient);
  });

  it('the Firebase layout empties it when another account signs in on the tab', async () => {
    await import('./firebase-layout');
    expect(auth.listener).toBeTypeOf('function');
    auth.listener!({ uid: 'buyer-a' });
    appQueryClient.setQueryData(['profile', 'buyer-a'], { store_name: 'A' });
    auth.listener!(null);
    auth.listener!({ uid: 'buyer-a' });
    expect(appQueryClient.getQueryData(['profile', 'buyer-a'])).toEqual({ store_name: 'A' });
    auth.listener!({ uid: 'buyer-b' });
    expect(appQueryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
