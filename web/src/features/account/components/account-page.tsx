import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageTabs } from '@/components/page-tabs';
import { useNotify } from '@/lib/notify';
import { useLiveCompanyOrders, useOrders } from '@/entities/orders';
import { useCompanyCredit } from '@/entities/company-credit';
import { useBuyer } from '@/entities/profile';
import { useSupportContent } from '@/entities/support';
import { usePageTitle } from '@/lib/use-page-title';
import { ACCOUNT_TOASTS } from './account-toasts';
import { companyRoleCan } from '@portal/domain';
import { linkedOrderPath, OrdersTab } from './orders-tab';
import { LINKED_INVOICE_PARAM } from './linked-invoice';
import './account.css';
import { TextSkeleton } from '@/components/skeleton';
import { withAntdTheme } from '@/components/with-antd-theme';

// Orders, the default tab, comes with the page; the others are fetched when first opened.
// Its cards confirm with the shared ConfirmPopover and edit quantities in antd's Modal: antd's
// theme comes with the tab (the rest of the buyer's pages load no antd).
const StandingOrdersTab = lazy(
  withAntdTheme(() => import('./standing-orders-tab').then((m) => m.StandingOrdersTab)),
);
const InvoicesTab = lazy(() => import('./invoices-tab').then((m) => ({ default: m.InvoicesTab })));
const QuotesTab = lazy(() => import('./quotes-tab').then((m) => ({ default: m.QuotesTab })));
const ClaimsTab = lazy(() => import('./claims-tab').then((m) => ({ default: m.ClaimsTab })));
const SupportTab = lazy(() => import('./support-tab').then((m) => ({ default: m.SupportTab })));
const ProfileTab = lazy(() => import('./profile-tab').then((m) => ({ default: m.ProfileTab })));

function LazyTab({ children }: { children: ReactNode }) {
  return <Suspense fallback={<TextSkeleton rows={4} />}>{children}</Suspense>;
}

const TABS = [
  'orders',
  'invoices',
  'quotes',
  'standing-orders',
  'claims',
  'support',
  'profile',
] as const;
type TabKey = (typeof TABS)[number];

function isTab(value: string | null): value is TabKey {
  return TABS.includes(value as TabKey);
}

/**
 * /portal/my-account: Orders (default), Invoices (a company with payment terms, or with orders on
 * terms), Quotes, Standing orders, Claims (with the store credit), Support and Profile; the tab lives in
 * ?tab=.
 */
export function AccountPage() {
  const notify = useNotify();
  usePageTitle('My Account');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: TabKey = isTab(requested) ? requested : 'orders';
  const { uid, profile, companyId, companyRole, orderScope } = useBuyer();
  const canOrder = companyRoleCan(companyRole, 'order');
  const orders = useOrders(companyId, orderScope);
  // Live (docs/live-updates.md): status and tracking change in the list as they happen.
  useLiveCompanyOrders(companyId, orderScope);
  const credit = useCompanyCredit(companyId);
  const hasInvoices =
    Boolean(credit.data?.net_days) ||
    (orders.data ?? []).some((order) => order.payment_method === 'terms') ||
    active === 'invoices';
  // Read here too (the same cached query) for the page's load-failure toast.
  const support = useSupportContent();

  const failed = profile.isError || orders.isError || support.isError;
  useEffect(() => {
    if (failed) notify.error(...ACCOUNT_TOASTS.load);
  }, [failed, notify]);

  return (
    <main className="portal-page account-page">
      <div className="account-page__head">
        <h1 className="account-page__title">My Account</h1>
        {/* Its line is kept while the profile loads (a first visit draws the page before it),
            so the tabs below do not move when the store's name arrives. */}
        <p className="account-page__subtitle">
          {profile.data ? profile.data.store_name : <span aria-hidden="true">&nbsp;</span>}
        </p>
      </div>
      <PageTabs
        activeKey={active}
        onChange={(key) => setParams(key === 'orders' ? {} : { tab: key }, { replace: true })}
        items={[
          {
            key: 'orders',
            label: 'Orders',
            children: <OrdersTab uid={uid} orders={orders} canOrder={canOrder} />,
          },
          ...(hasInvoices
            ? [
                {
                  key: 'invoices' as const,
                  label: 'Invoices',
                  children: (
                    <LazyTab>
                      <InvoicesTab
                        companyId={companyId}
                        scope={orderScope}
                        storeName={profile.data?.store_name ?? ''}
                        linked={params.get(LINKED_INVOICE_PARAM)}
                      />
                    </LazyTab>
                  ),
                },
              ]
            : []),
          {
            key: 'quotes',
            label: 'Quotes',
            children: (
              <LazyTab>
                <QuotesTab companyId={companyId} canOrder={canOrder} orderHref={linkedOrderPath} />
              </LazyTab>
            ),
          },
          {
            key: 'standing-orders',
            label: 'Standing orders',
            children: (
              <LazyTab>
                <StandingOrdersTab companyId={companyId} scope={orderScope} />
              </LazyTab>
            ),
          },
          {
            key: 'claims',
            label: 'Claims',
            children: (
              <LazyTab>
                <ClaimsTab companyId={companyId} canOrder={canOrder} orderHref={linkedOrderPath} />
              </LazyTab>
            ),
          },
          {
            key: 'support',
            label: 'Support',
            children: (
              <LazyTab>
                <SupportTab />
              </LazyTab>
            ),
          },
          {
            key: 'profile',
            label: 'Profile',
            children: (
              <LazyTab>
                <ProfileTab uid={uid} />
              </LazyTab>
            ),
          },
        ]}
      />
    </main>
  );
}
