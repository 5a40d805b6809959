import { useParams } from 'react-router';
import { AdminStorePage } from '@/features/admin';
import { ManagerGuard } from '../guards/manager-guard';

/** /admin/stores/:uid: one buyer's store (profile, history, orders), for managers. */
export function Component() {
  const { uid = '' } = useParams();
  return (
    <ManagerGuard>
      <AdminStorePage uid={uid} />
    </ManagerGuard>
  );
}
