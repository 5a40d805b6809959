import { useParams } from 'react-router';
import { AdminCompanyPage, companyDetailsQueryOptions } from '@/features/admin';
import { ManagerGuard } from '../guards/manager-guard';
import { managerReads, prefetchLoader } from '../prefetch';

/** /admin/companies/:companyId: one company (members, locations, orders, history), for managers. */
export function Component() {
  const { companyId = '' } = useParams();
  return (
    <ManagerGuard>
      <AdminCompanyPage companyId={companyId} />
    </ManagerGuard>
  );
}

/** The company's details (members, locations, orders, history), read with the manager check. */
export const loader = prefetchLoader(
  managerReads(({ params }, client) =>
    params.companyId ? [companyDetailsQueryOptions(params.companyId, client)] : [],
  ),
);
export { shouldRevalidate } from '../prefetch';
