import { screen } from '@testing-library/react';
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
