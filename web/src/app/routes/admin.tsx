import { profilesQueryOptions } from '@/entities/profile';
import { AdminDashboardPage, totalsQueryOptions } from '@/features/admin';
import { managerReads, prefetchLoader } from '../prefetch';

export function Component() {
  return <AdminDashboardPage />;
}

/** The dashboard's totals and the accounts (the Users tab's pending count), read with the manager check. */
export const loader = prefetchLoader(
  managerReads(() => [totalsQueryOptions(), profilesQueryOptions()]),
);
export { shouldRevalidate } from '../prefetch';
