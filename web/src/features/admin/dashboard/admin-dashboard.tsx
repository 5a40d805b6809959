import { useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { LogoutOutlined } from '@/components/icons';
import { PageTabs } from '@/components/page-tabs';
import { brand } from '@/config/brand';
import { usePageTitle } from '@/lib/use-page-title';
import { useLivePendingProfiles, usePendingProfiles } from '@/entities/profile';
import { pendingCompanyCount } from '../common/search';
import { LiveOrderNotice } from '../orders/live-order-notice';
import { TotalsCards } from './totals-cards';
import { DEFAULT_TAB, LazyTab, tabFromParam, type TabKey } from './lazy-tabs';
import './admin-dashboard.css';

/**
 * The manager's dashboard: header, totals, then one tab per job. The tab lives in ?tab= (links
 * in mails open the Companies tab), Orders by default. The tabs are the portal's own (PageTabs, as on
 * My Account), not antd's: its tab bar, with the menu and pop-up it brings, is not in the
 * dashboard's first load. Nothing in that first load (header, totals, the Orders tab) draws antd;
 * the tabs and dialogs that do bring antd's theme with them (lazy-tabs.tsx).
 */
export function AdminDashboard({ email, onLogout }: { email: string; onLogout: () => void }) {
  const pendingProfiles = usePendingProfiles();
  const [params, setParams] = useSearchParams();
  const active = tabFromParam(params.get('tab'));
  usePageTitle('Admin Dashboard');
  // Live (docs/live-updates.md): the applicants waiting as they apply and are reviewed, those
  // read with the page until the listener's first answer.
  const livePending = useLivePendingProfiles();
  const pendingCount = pendingCompanyCount(livePending ?? pendingProfiles.data);

  return (
    <div className="admin-page">
      <header className="admin-header">
        <div className="admin-header__brand">
          <span className="admin-header__name">{brand.name}</span>
          <h1 className="admin-header__title">Admin Dashboard</h1>
        </div>
        <div className="admin-header__user">
          <span className="admin-header__email" title={email}>
            {email}
          </span>
          <Button icon={<LogoutOutlined />} onClick={onLogout}>
            Logout
          </Button>
        </div>
      </header>
      <main className="admin-main">
        <TotalsCards />
        <PageTabs<TabKey>
          activation="manual"
          activeKey={active}
          onChange={(key) => setParams(key === DEFAULT_TAB ? {} : { tab: key }, { replace: true })}
          items={[
            { key: 'overview', label: 'Overview', children: <LazyTab tab="overview" /> },
            { key: 'orders', label: 'Orders', children: <LazyTab tab="orders" /> },
            { key: 'claims', label: 'Claims', children: <LazyTab tab="claims" /> },
            {
              key: 'receivables',
              label: 'Receivables',
              children: <LazyTab tab="receivables" />,
            },
            { key: 'tax', label: 'Tax', children: <LazyTab tab="tax" /> },
            {
              key: 'certificates',
              label: 'Certificates',
              children: <LazyTab tab="certificates" />,
            },
            {
              key: 'standing-orders',
              label: 'Standing orders',
              children: <LazyTab tab="standing-orders" />,
            },
            {
              key: 'companies',
              label: (
                <>
                  Companies
                  {pendingCount > 0 && (
                    <>
                      {' '}
                      <span className="admin-tabs__count" title={`${pendingCount} pending`}>
                        {pendingCount}
                      </span>
                    </>
                  )}
                </>
              ),
              children: <LazyTab tab="companies" />,
            },
            { key: 'catalog', label: 'Catalog', children: <LazyTab tab="catalog" /> },
            {
              key: 'price-lists',
              label: 'Price lists',
              children: <LazyTab tab="price-lists" />,
            },
            { key: 'tutorials', label: 'Tutorials', children: <LazyTab tab="tutorials" /> },
            { key: 'site', label: 'Site', children: <LazyTab tab="site" /> },
          ]}
        />
        {/* Only while the Orders tab is open: the book is watched, and arrivals said, there. */}
        {active === 'orders' && <LiveOrderNotice />}
      </main>
    </div>
  );
}
