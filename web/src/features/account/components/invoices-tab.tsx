import { useEffect, useRef, useState } from 'react';
import {
  availableCredit,
  formatUsd,
  isOnCreditHold,
  isReceivable,
  TERMS_INVOICE_STATE_LABELS,
  termsLabel,
  type CompanyCredit,
  type Order,
  type TermsInvoiceState,
} from '@portal/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ChoiceSegmented } from '@/components/choice-segmented';
import { DownloadOutlined, ReloadOutlined } from '@/components/icons';
import { TextSkeleton } from '@/components/skeleton';
import { Tag, type TagColor } from '@/components/tag';
import { useCompany } from '@/entities/company';
import { useCompanyCredit } from '@/entities/company-credit';
import { useOrders, type BuyerScope } from '@/entities/orders';
import { openTermsOrders, statementContent, termsInvoiceNumber } from '../lib/statement-content';
import { ACCOUNT_TOASTS } from './account-toasts';
import { businessDayFormat } from '@/lib/intl-formats';
import { isOverdue, isPayable, PayInvoiceLink } from './order-terms';

export const INVOICE_FILTERS = [
  { value: 'open', label: 'Open' },
  { value: 'paid', label: 'Paid' },
  { value: 'all', label: 'All' },
] as const;
type InvoiceFilter = (typeof INVOICE_FILTERS)[number]['value'];

const STATE_COLORS: Readonly<Record<TermsInvoiceState, TagColor>> = {
  issuing: 'default',
  open: 'blue',
  paid: 'green',
  void: 'default',
  uncollectible: 'red',
};

function shownBy(filter: InvoiceFilter, state: TermsInvoiceState): boolean {
  if (filter === 'open') return isReceivable(state);
  if (filter === 'paid') return state === 'paid';
  return true;
}

type TermsOrder = Order & { terms: NonNullable<Order['terms']> };

/**
 * My Account's Invoices tab (docs/payment-terms.md): the company's terms and credit, a warning on
 * credit hold, its orders on terms with their invoices (pay on Stripe's page, the PDF), and a
 * statement of the open ones as a PDF. The orders are the page's, filtered here.
 */
export function InvoicesTab({
  companyId,
  scope,
  storeName,
  linked,
}: {
  companyId: string;
  /** A buyer member's share of the company's orders (as the Orders tab reads them). */
  scope: BuyerScope | undefined;
  /** The statement's name while the company's is not read. */
  storeName: string;
  /** The order whose invoice a link points at (marked and scrolled to). */
  linked: string | null;
}) {
  // The page's queries (the same keys, cached), subscribed to here: a tab that only received
  // the page's results would not hear of a change the page itself does not read.
  const orders = useOrders(companyId, scope);
  const credit = useCompanyCredit(companyId);
  const [filter, setFilter] = useState<InvoiceFilter>('open');
  const company = useCompany(companyId);
  if (orders.isPending || credit.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading invoices" className="account-list">
        <div className="account-card">
          <TextSkeleton rows={3} />
        </div>
      </div>
    );
  }
  if (orders.isError || credit.isError) {
    return (
      <div className="account-state" role="alert">
        <h2>{ACCOUNT_TOASTS.load[1]}</h2>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            if (orders.isError) void orders.refetch();
            if (credit.isError) void credit.refetch();
          }}
        >
          Try Again
        </Button>
      </div>
    );
  }
  const termsOrders = orders.data.filter(
    (order): order is TermsOrder => order.payment_method === 'terms' && order.terms !== null,
  );
  const shown = termsOrders.filter((order) => shownBy(filter, order.terms.state));
  return (
    <div className="invoices-tab">
      <TermsSummary credit={credit.data} />
      <div className="invoices-tab__toolbar">
        <ChoiceSegmented
          aria-label="Show invoices"
          options={INVOICE_FILTERS}
          value={filter}
          onChange={setFilter}
        />
        <StatementButton
          companyName={company.data?.name ?? storeName}
          orders={termsOrders}
          credit={credit.data}
        />
      </div>
      {shown.length === 0 ? (
        <div className="account-state">
          <h2>
            {filter === 'paid'
              ? 'No paid invoices'
              : filter === 'open'
                ? 'No open invoices'
                : 'No invoices yet'}
          </h2>
          <p>Orders placed on terms show their invoices here.</p>
        </div>
      ) : (
        <InvoiceTable orders={shown} linked={linked} />
      )}
    </div>
  );
}

function TermsSummary({ credit }: { credit: CompanyCredit }) {
  return (
    <section className="account-card terms-summary" aria-labelledby="terms-summary-title">
      <h2 id="terms-summary-title" className="terms-summary__title">
        Payment terms
      </h2>
      {isOnCreditHold(credit) && (
        <Alert
          type="warning"
          className="terms-summary__hold"
          title="Your company is on credit hold: an invoice is past due."
          description="Pay the overdue invoice to order on terms again. You can still pay by card now."
        />
      )}
      <dl className="terms-summary__figures">
        <div>
          <dt>Terms</dt>
          <dd>{termsLabel(credit.net_days)}</dd>
        </div>
        <div>
          <dt>Credit limit</dt>
          <dd>{formatUsd(credit.credit_limit)}</dd>
        </div>
        <div>
          <dt>Open balance</dt>
          <dd>{formatUsd(credit.open_balance)}</dd>
        </div>
        <div>
          <dt>Available credit</dt>
          <dd>{formatUsd(availableCredit(credit))}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The invoices as a table; on phones each row is drawn as a card (invoices-tab.css). */
function InvoiceTable({ orders, linked }: { orders: TermsOrder[]; linked: string | null }) {
  const linkedRow = useRef<HTMLTableRowElement | null>(null);
  useEffect(() => {
    linkedRow.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <table className="invoice-table">
      <caption className="visually-hidden">Invoices</caption>
      <thead>
        <tr>
          <th scope="col">Invoice</th>
          <th scope="col">PO number</th>
          <th scope="col">Issued</th>
          <th scope="col">Due</th>
          <th scope="col" className="invoice-table__amount">
            Amount
          </th>
          <th scope="col">State</th>
          <th scope="col">
            <span className="visually-hidden">Links</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => {
          const { terms } = order;
          const number = termsInvoiceNumber(order);
          const isLinked = order.id === linked;
          return (
            <tr
              key={order.id}
              ref={isLinked ? linkedRow : undefined}
              className={isLinked ? 'invoice-table__row--linked' : undefined}
              aria-current={isLinked ? 'true' : undefined}
            >
              <th scope="row" data-label="Invoice">
                {number}
              </th>
              <td data-label="PO number">{order.po_number || '—'}</td>
              <td data-label="Issued">{businessDayFormat.format(order.created_at)}</td>
              <td data-label="Due">
                <span>
                  {terms.due_at ? businessDayFormat.format(terms.due_at) : '—'}
                  {isOverdue(terms) && (
                    <Tag color="red" className="invoice-table__overdue">
                      Overdue
                    </Tag>
                  )}
                </span>
              </td>
              <td data-label="Amount" className="invoice-table__amount">
                {formatUsd(order.amount)}
              </td>
              <td data-label="State">
                <Tag color={STATE_COLORS[terms.state]}>
                  {TERMS_INVOICE_STATE_LABELS[terms.state]}
                </Tag>
              </td>
              <td className="invoice-table__links">
                {isPayable(terms) && (
                  <PayInvoiceLink url={terms.hosted_invoice_url} label="Pay now" invoice={number} />
                )}
                {terms.invoice_pdf && (
                  <a
                    href={terms.invoice_pdf}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`PDF of ${number} (opens in a new tab)`}
                  >
                    PDF
                  </a>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Download statement: a PDF of the open invoices, built in the browser (pdf-lib loads then). */
function StatementButton({
  companyName,
  orders,
  credit,
}: {
  companyName: string;
  orders: TermsOrder[];
  credit: CompanyCredit;
}) {
  const [state, setState] = useState<'idle' | 'building' | 'failed'>('idle');
  const download = async () => {
    setState('building');
    try {
      const content = statementContent(companyName, openTermsOrders(orders), credit, new Date());
      const { buildStatementPdf, saveFile } = await import('../lib/statement-pdf');
      saveFile(await buildStatementPdf(content), content.fileName, 'application/pdf');
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="invoices-tab__statement">
      <Button
        icon={<DownloadOutlined />}
        loading={state === 'building'}
        onClick={() => void download()}
      >
        Download statement
      </Button>
      {state === 'failed' && (
        <p className="invoices-tab__failed" role="alert">
          The statement could not be made. Try again.
        </p>
      )}
    </div>
  );
}
