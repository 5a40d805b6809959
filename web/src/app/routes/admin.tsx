import type { LoaderFunctionArgs } from 'react-router';
import { pendingProfilesQueryOptions } from '@/entities/profile';
import {
  AdminDashboardPage,
  preloadTabForFirstPaint,
  tabFromParam,
  totalsQueryOptions,
} from '@/features/admin';
import { managerReads, prefetchLoader } from '../prefetch';

export function Component() {
  return <AdminDashboardPage />;
}

/**
 * The dashboard's totals and the accounts waiting for review (the Companies tab's badge), read
 * with the manager check.
 */
const startReads = prefetchLoader(
  managerReads(() => [totalsQueryOptions(), pendingProfilesQueryOptions()]),
);

/**
 * Starts the reads and the chunk of the tab in the URL, and waits for that chunk (3 s at most):
 * the dashboard then paints once, with its tab (a returning manager's last view shows whole at
 * the first paint). Not for a tab that paints after the dashboard (the Overview brings antd,
 * 220 KB).
 */
export async function loader(args: LoaderFunctionArgs): Promise<null> {
  startReads(args);
  await preloadTabForFirstPaint(tabFromParam(new URL(args.request.url).searchParams.get('tab')));
  return null;
}
export { shouldRevalidate } from '../prefetch';
