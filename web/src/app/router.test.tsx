import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouterErrorScreen } from '@/components/router-error-screen';
import { AppProviders } from './providers';
import { Component as NotFound } from './routes/not-found';

function renderRoutes(path: string) {
  const router = createMemoryRouter(
    [
      {
        errorElement: <RouterErrorScreen />,
        children: [
          {
            path: '/boom',
            Component: () => {
              throw new Error('Kaboom in render');
            },
          },
          { path: '*', Component: NotFound },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('app shell', () => {
  it('shows the 404 page with a link home for an unknown path', async () => {
    renderRoutes('/no/such/page');
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('shows the router error screen with the error message', async () => {
    renderRoutes('/boom');
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('Kaboom in render')).toBeInTheDocument();
  });
});
