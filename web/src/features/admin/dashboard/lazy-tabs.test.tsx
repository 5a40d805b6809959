import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import {
  useDeleteSupportItem,
  useEditableSupportContent,
  useSaveSupportItem,
} from '@/entities/support';
import { loaded, makeTutorial, stub } from '../testing/stubs';
import { LazyTab, preloadTabForFirstPaint, tabFromParam } from './lazy-tabs';

vi.mock('@/entities/support', { spy: true });

vi.setConfig({ testTimeout: 40_000 });

beforeEach(() => {
  vi.mocked(useEditableSupportContent).mockReturnValue(
    stub<typeof useEditableSupportContent>(loaded([makeTutorial()])),
  );
  vi.mocked(useSaveSupportItem).mockReturnValue(
    stub<typeof useSaveSupportItem>({ isPending: false }),
  );
  vi.mocked(useDeleteSupportItem).mockReturnValue(
    stub<typeof useDeleteSupportItem>({ isPending: false }),
  );
});

describe('the dashboard tabs', () => {
  it('names the tab of the URL, Orders by default', () => {
    expect(tabFromParam('companies')).toBe('companies');
    // The tab's name before companies, in older mails and bookmarks.
    expect(tabFromParam('users')).toBe('companies');
    expect(tabFromParam('__proto__')).toBe('orders');
    expect(tabFromParam(null)).toBe('orders');
    expect(tabFromParam('nope')).toBe('orders');
  });

  it('keeps a tab first drawn while its chunk loaded mounted when the dashboard draws again', async () => {
    // First in this file: the tutorials' chunk has not come yet (the test after preloads it).
    function Dashboard() {
      const [draws, setDraws] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setDraws(draws + 1)}>
            Draw again ({draws})
          </button>
          <LazyTab tab="tutorials" />
        </>
      );
    }
    renderWithProviders(<Dashboard />);
    expect(screen.getByText('Loading tab')).toBeInTheDocument();
    const title = await screen.findByText('Cleaning your slushie machine');
    // The dashboard draws again (a total changed, say): the same tab, the same elements. Before,
    // it was drawn through React.lazy first and then directly, and mounted again: a manager's
    // open product form closed a few seconds after the Catalog tab was opened.
    fireEvent.click(screen.getByRole('button', { name: 'Draw again (0)' }));
    await screen.findByRole('button', { name: 'Draw again (1)' });
    expect(screen.getByText('Cleaning your slushie machine')).toBe(title);
    expect(title.isConnected).toBe(true);
  });

  it('renders a tab whose chunk has come at once: no loading state, no second paint', async () => {
    // What the dashboard's loader waits for before the first paint.
    await preloadTabForFirstPaint('tutorials');
    renderWithProviders(<LazyTab tab="tutorials" />);
    // Synchronously, on the first render.
    expect(screen.getByText('Cleaning your slushie machine')).toBeInTheDocument();
    expect(screen.queryByText('Loading tab')).not.toBeInTheDocument();
  });

  it('shows the loading state for a tab whose chunk has not come yet', async () => {
    renderWithProviders(<LazyTab tab="catalog" />);
    expect(screen.getByText('Loading tab')).toBeInTheDocument();
  });
});
