import { Badge, Button, Layout, Tabs, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { brand } from '@/config/brand';
import { usePageTitle } from '@/lib/use-page-title';
import { useProfiles } from '@/entities/profile';
import { AbandonedCheckoutsTable } from './abandoned-checkouts-table';
import { CatalogPanel } from './catalog-panel';
import { RecentOrdersTable } from './recent-orders-table';
import { StandingOrdersPanel } from './standing-orders-panel';
import { TotalsCards } from './totals-cards';
import { TutorialsPanel } from './tutorials-panel';
import { UserManagementTable } from './user-management-table';
import { OverviewPanel } from '../overview/overview-panel';
import './admin-dashboard.css';

const TABS = ['overview', 'orders', 'standing-orders', 'users', 'catalog', 'tutorials'] as const;
type TabKey = (typeof TABS)[number];
const isTab = (value: string | null): value is TabKey => TABS.some((tab) => tab === value);

/**
 * The manager's dashboard: header, totals, then one tab per job. The tab lives in ?tab= (links
 * in mails open the Users tab), Orders by default.
 */
export function AdminDashboard({ email, onLogout }: { email: string; onLogout: () => void }) {
  const profiles = useProfiles();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: TabKey = isTab(requested) ? requested : 'orders';
  usePageTitle('Admin Dashboard');
  const pendingCount = profiles.data?.filter((p) => p.status === 'pending').length ?? 0;

  return (
    <Layout className="admin-page">
      <header className="admin-header">
        <div className="admin-header__brand">
          <span className="admin-header__name">{brand.name}</span>
          <Typography.Title level={1} className="admin-header__title">
            Admin Dashboard
          </Typography.Title>
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
        <Tabs
          className="admin-tabs"
          activeKey={active}
          onChange={(key) => setParams(key === 'orders' ? {} : { tab: key }, { replace: true })}
          items={[
            { key: 'overview', label: 'Overview', children: <OverviewPanel /> },
            {
              key: 'orders',
              label: 'Orders',
              children: (
                <div className="admin-stack">
                  <RecentOrdersTable />
                  <AbandonedCheckoutsTable />
                </div>
              ),
            },
            { key: 'standing-orders', label: 'Standing orders', children: <StandingOrdersPanel /> },
            {
              key: 'users',
              label: (
                <span>
                  Users{' '}
                  {pendingCount > 0 && (
                    <Badge count={pendingCount} color="orange" title={`${pendingCount} pending`} />
                  )}
                </span>
              ),
              children: <UserManagementTable />,
            },
            { key: 'catalog', label: 'Catalog', children: <CatalogPanel /> },
            { key: 'tutorials', label: 'Tutorials', children: <TutorialsPanel /> },
          ]}
        />
      </main>
    </Layout>
  );
}
