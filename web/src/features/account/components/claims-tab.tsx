import { formatUsd, STORE_CREDIT_ENTRY_LABELS, storeCreditLabel } from '@portal/domain';
import { ReloadOutlined } from '@/components/icons';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextSkeleton } from '@/components/skeleton';
import { useCompanyClaims } from '@/entities/claims';
import { useStoreCredit, useStoreCreditEntries } from '@/entities/store-credit';
import { ClaimCard } from './claim-card';
import { CLAIM_TEXTS, claimDay } from './claims-text';
import './claims.css';

/** "+$22.00" or "−$12.00". */
function signedUsd(cents: number): string {
  return cents < 0 ? `−${formatUsd(-cents)}` : `+${formatUsd(cents)}`;
}

/**
 * My Account's Claims tab (docs/order-lifecycle.md#claims): the company's store credit with its
 * changes, and every claim of the company, newest first, each naming its order. Every member
 * reads them; owners and buyers answer a manager's question here too.
 */
export function ClaimsTab({
  companyId,
  canOrder,
  orderHref,
}: {
  companyId: string;
  canOrder: boolean;
  /** My Account with an order open. */
  orderHref: (orderId: string) => string;
}) {
  const claims = useCompanyClaims(companyId);
  return (
    <div className="claims-tab">
      <StoreCreditCard companyId={companyId} />
      <section aria-labelledby="claims-tab-title">
        <h2 id="claims-tab-title" className="claims-tab__title">
          Claims
        </h2>
        {claims.isPending ? (
          <div role="status" aria-busy="true" aria-label="Loading claims">
            <TextSkeleton rows={3} />
          </div>
        ) : claims.isError ? (
          <div className="account-state" role="alert">
            <h2>{CLAIM_TEXTS.claimsLoadFailed}</h2>
            <Button icon={<ReloadOutlined />} onClick={() => void claims.refetch()}>
              Try Again
            </Button>
          </div>
        ) : claims.data.length === 0 ? (
          <div className="account-state">
            <h2>{CLAIM_TEXTS.noClaims}</h2>
            <p>{CLAIM_TEXTS.noClaimsText}</p>
          </div>
        ) : (
          <ul className="claims-list" aria-label="Claims of your company">
            {claims.data.map((claim) => (
              <li key={claim.id}>
                <ClaimCard claim={claim} canAnswer={canOrder} orderHref={orderHref} showOrder />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The store credit (docs/payments.md#store-credit): the balance and its latest changes. */
function StoreCreditCard({ companyId }: { companyId: string }) {
  const balance = useStoreCredit(companyId);
  const entries = useStoreCreditEntries(companyId);
  if (balance.isPending) return <TextSkeleton rows={1} />;
  // A read that failed says so: no card at all would read as "no store credit".
  if (balance.isError || entries.isError) {
    return (
      <section className="account-card store-credit" aria-labelledby="store-credit-title">
        <h2 id="store-credit-title" className="claims-tab__title">
          Store credit
        </h2>
        <Alert
          type="error"
          title={CLAIM_TEXTS.storeCreditLoadFailed}
          action={
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                if (balance.isError) void balance.refetch();
                if (entries.isError) void entries.refetch();
              }}
            >
              Try Again
            </Button>
          }
        />
      </section>
    );
  }
  const cents = balance.data ?? 0;
  const list = entries.data ?? [];
  if (cents === 0 && list.length === 0) return null;
  return (
    <section className="account-card store-credit" aria-labelledby="store-credit-title">
      <h2 id="store-credit-title" className="claims-tab__title">
        Store credit
      </h2>
      <p className="store-credit__balance">{storeCreditLabel(cents) || 'Store credit: $0.00'}</p>
      <p>Taken off your next card checkout or invoice automatically.</p>
      {list.length > 0 && (
        <ul className="store-credit__entries" aria-label="Store credit history">
          {list.map((entry) => (
            <li key={entry.id} className="store-credit__entry">
              <span>{STORE_CREDIT_ENTRY_LABELS[entry.kind]}</span>
              <span className="claim-timeline__date">{claimDay(entry.at)}</span>
              <span className="store-credit__amount">{signedUsd(entry.amount)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
