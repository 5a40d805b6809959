import { Outlet } from 'react-router';
import { PortalHeader } from '@/features/shop';
import { PortalGuard } from '../guards/portal-guard';
import '../portal-layout.css';
import { cartQueryOptions } from '@/entities/cart';
import { profileQueryOptions } from '@/entities/profile';
import { buyerReads, prefetchLoader } from '../prefetch';

/**
 * /portal/*: the approved-buyer guard (docs/product.md#8-the-buyer-portal-portal-guard-and-header),
 * then the portal header and the page.
 */
export function Component() {
  return (
    <PortalGuard>
      <div className="portal-shell">
        <PortalHeader />
        <Outlet />
      </div>
    </PortalGuard>
  );
}

/** Every portal page reads the buyer's profile (the guard, the header) and cart (the header's count). */
export const loader = prefetchLoader(
  buyerReads(({ uid }) => [profileQueryOptions(uid), cartQueryOptions(uid)]),
);
export { shouldRevalidate } from '../prefetch';
