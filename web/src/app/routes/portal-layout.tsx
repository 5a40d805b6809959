import { Outlet } from 'react-router';
import { PortalGuard, PortalHeader } from '@/features/shop';

/** /portal/*: the approved-buyer guard (SPEC section 2), then the portal header and the page. */
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
