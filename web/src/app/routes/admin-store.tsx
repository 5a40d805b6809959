import { useParams } from 'react-router';
import { AdminStorePage, storeDetailsQueryOptions } from '@/features/admin';
import { ManagerGuard } from '../guards/manager-guard';
import { managerReads, prefetchLoader } from '../prefetch';

/** /admin/stores/:uid: one buyer's store (profile, history, orders), for managers. */
export function Component() {
  const { uid = '' } = useParams();
  return (
    <ManagerGuard>
      <AdminStorePage uid={uid} />
    </ManagerGuard>
  );
}

/** The store's details (profile, history, orders), read with the manager check. */
export const loader = prefetchLoader(
  managerReads(({ params }, client) =>
    params.uid ? [storeDetailsQueryOptions(params.uid, client)] : [],
  ),
);
export { shouldRevalidate } from '../prefetch';
