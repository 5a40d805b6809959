import { Outlet } from 'react-router';
import { PortalHeader } from '@/features/shop';
import { PortalGuard } from '../guards/portal-guard';
import '../portal-layout.css';

/** /portal/*: the approved-buyer guard (docs/product.md §8), then the portal header and the page. */
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
