import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { Component as NotFound } from './not-found';

describe('404 page', () => {
  it('offers one Return to Home link (no button nested in it) that navigates inside the app', async () => {
    renderWithProviders(<NotFound />, {
      route: '/nowhere',
      path: '*',
      routes: [{ path: '/', element: <p>Home page</p> }],
    });
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Return to Home' });
    expect(link).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Return to Home' })).not.toBeInTheDocument();
    await userEvent.click(link);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });
});
