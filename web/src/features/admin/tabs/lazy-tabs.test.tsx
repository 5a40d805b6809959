import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FirstPaint from '@/lib/first-paint';
import { renderWithProviders } from '@/testing/render';
import {
  useDeleteSupportItem,
  useEditableSupportContent,
  useSaveSupportItem,
} from '@/entities/support';
import { loaded, makeTutorial, stub } from '../testing/stubs';
import {
  LazyTab,
  paintsAfterDashboard,
  preloadTab,
  preloadTabForFirstPaint,
  tabFromParam,
} from './lazy-tabs';

vi.mock('@/entities/support', { spy: true });

/** The first paint, held until the test says it happened. */
const paint = vi.hoisted(() => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
});
vi.mock('@/lib/first-paint', async (importOriginal) => ({
  ...(await importOriginal<typeof FirstPaint>()),
  afterFirstPaint: paint.promise,
}));

/** When the Overview's module (antd and its theme) is first imported. */
const overviewImport = vi.hoisted(() => ({ started: false }));
vi.mock('../overview/overview-panel', () => {
  overviewImport.started = true;
  return { OverviewPanel: () => null };
});

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
    expect(tabFromParam('users')).toBe('users');
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

  it("fetches the Overview's chunk (antd) only after the dashboard's first paint", async () => {
    expect(paintsAfterDashboard('overview')).toBe(true);
    expect(
      ['orders', 'standing-orders', 'users', 'catalog', 'tutorials'].some((tab) =>
        paintsAfterDashboard(tab as Parameters<typeof paintsAfterDashboard>[0]),
      ),
    ).toBe(false);
    let fetched = false;
    const overview = preloadTab('overview').then(() => {
      fetched = true;
    });
    // The dashboard's loader does not wait for it either.
    await preloadTabForFirstPaint('overview');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(overviewImport.started).toBe(false);
    expect(fetched).toBe(false);
    paint.resolve();
    await overview;
    expect(overviewImport.started).toBe(true);
    expect(fetched).toBe(true);
  });
});
