import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatUsd, isPaidStatus, shortOrderId, type VerifyPaymentResponse } from '@portal/domain';
import { Spinner } from '@/components/app-loading';
import { BrandFrame } from '@/components/brand-frame';
import { OrderStatusTag } from '@/components/order-status-tag';
import { StatusIcon } from '@/components/status-icon';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { useVerifyPayment } from '../api/verify-payment';
import { StandingOrderTerms } from './standing-order-terms';
import './payment-success.css';

/** docs/product.md §17.8, payment success: [title, text]. */
export const PAYMENT_TOASTS = {
  success: ['Payment Successful!', 'Your order has been processed.'],
  failed: [
    'Verification Error',
    'There was an issue verifying your payment. Please contact support.',
  ],
} as const;

type Outcome =
  | { state: 'no-session' }
  | { state: 'verifying' }
  | { state: 'paid'; payment: VerifyPaymentResponse }
  /** Checkout complete with a delayed method: the order exists, the payment is clearing. */
  | { state: 'processing'; payment: VerifyPaymentResponse }
  | { state: 'failed' };

/**
 * /payment-success (docs/product.md §13, §17.8): where the payment page sends the buyer back. With a
 * session_id the payment is verified on the server and its amount and status are shown; without
 * one, the success card without details. A failed verification (or a session that was not paid)
 * gets the Verification Error toast and a card that still leads on.
 */
export function PaymentSuccessPage() {
  usePageTitle('Payment Successful');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const session = useSession();
  const verification = useVerifyPayment(sessionId, session.status !== 'loading');

  let outcome: Outcome;
  if (!sessionId) outcome = { state: 'no-session' };
  else if (verification.isError) outcome = { state: 'failed' };
  else if (verification.data)
    outcome = isPaidStatus(verification.data.status)
      ? { state: 'paid', payment: verification.data }
      : verification.data.status === 'pending'
        ? { state: 'processing', payment: verification.data }
        : { state: 'failed' };
  else outcome = { state: 'verifying' };

  useOutcomeToast(sessionId, outcome.state);

  return (
    <BrandFrame>
      {outcome.state === 'verifying' ? (
        <section className="result-card" aria-busy="true" aria-labelledby="pay-title">
          <div role="status" className="pay-card__verifying">
            <Spinner />
            <h1 id="pay-title" className="result-card__title">
              Verifying your payment…
            </h1>
            <p className="result-card__text">This takes a moment. Please keep this page open.</p>
          </div>
        </section>
      ) : outcome.state === 'failed' ? (
        <ResultCard
          tone="warning"
          title="We Couldn't Verify Your Payment"
          text={
            <>
              If you were charged, your order is safe. Check your account in a few minutes or
              contact support at <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>.
            </>
          }
        />
      ) : outcome.state === 'processing' ? (
        <ResultCard
          tone="success"
          title="Order Received"
          text="Your payment is processing. We'll ship your order as soon as it clears, and you can follow it in your account."
        >
          <PaymentDetails payment={outcome.payment} amountLabel="Amount" />
        </ResultCard>
      ) : (
        <ResultCard
          tone="success"
          title="Payment Successful!"
          text="Thank you for your order. We'll get it ready to ship."
        >
          {outcome.state === 'paid' && <PaymentDetails payment={outcome.payment} />}
          {outcome.state === 'paid' && outcome.payment.standingOrder && (
            <StandingOrderTerms terms={outcome.payment.standingOrder} />
          )}
        </ResultCard>
      )}
    </BrandFrame>
  );
}

/** One toast per verified (or failed) session, never on re-renders. */
function useOutcomeToast(sessionId: string | null, state: Outcome['state']) {
  const notify = useNotify();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!sessionId || (state !== 'paid' && state !== 'failed')) return;
    const key = `${sessionId}:${state}`;
    if (shown.current === key) return;
    shown.current = key;
    if (state === 'paid') notify.success(...PAYMENT_TOASTS.success);
    else notify.error(...PAYMENT_TOASTS.failed);
  }, [notify, sessionId, state]);
}

function ResultCard({
  tone,
  title,
  text,
  children,
}: {
  tone: 'success' | 'warning';
  title: string;
  text: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="result-card" aria-labelledby="pay-title">
      <div className={`result-card__icon result-card__icon--${tone}`} aria-hidden="true">
        <StatusIcon kind={tone} />
      </div>
      <h1 id="pay-title" className="result-card__title">
        {title}
      </h1>
      <p className="result-card__text">{text}</p>
      {children}
      <div className="result-card__actions">
        <Link to={paths.store} className="result-card__button">
          Continue Shopping
        </Link>
        <Link to={paths.account} className="result-card__button result-card__button--secondary">
          View Account
        </Link>
      </div>
    </section>
  );
}

function PaymentDetails({
  payment,
  amountLabel = 'Amount paid',
}: {
  payment: VerifyPaymentResponse;
  amountLabel?: string;
}) {
  return (
    <dl className="pay-details">
      <div className="pay-details__row">
        <dt>{amountLabel}</dt>
        <dd className="pay-details__amount">{formatUsd(payment.amount)}</dd>
      </div>
      <div className="pay-details__row">
        <dt>Status</dt>
        <dd>
          <OrderStatusTag status={payment.status} />
        </dd>
      </div>
      <div className="pay-details__row">
        <dt>Order</dt>
        <dd>{shortOrderId(payment.orderId)}</dd>
      </div>
    </dl>
  );
}
