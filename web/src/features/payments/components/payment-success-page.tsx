import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  formatUsd,
  isPaidStatus,
  PAYMENT_OF_ANOTHER_ACCOUNT,
  PAYMENT_SUCCESS_PARAMS,
  shortOrderId,
  signInPath,
  type VerifyPaymentResponse,
} from '@portal/domain';
import { Spinner } from '@/components/app-loading';
import { BrandFrame } from '@/components/brand-frame';
import { OrderStatusTag } from '@/components/order-status-tag';
import { StatusIcon } from '@/components/status-icon';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';
import { callableErrorCode } from '@/lib/callable-errors';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { InvalidSessionIdError, useVerifyPayment } from '../api/verify-payment';
import { StandingOrderTerms } from './standing-order-terms';
import './payment-success.css';

/** Payment success (docs/product.md#178-payment-result): [title, text]. */
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
  /** The server knows no such session (or the id is not one): nothing was paid on this link. */
  | { state: 'unknown' }
  /** The server says another account paid this session. */
  | { state: 'not-yours' }
  /** Nobody is signed in: the server cannot say whose payment it is. */
  | { state: 'signed-out' }
  | { state: 'failed' };

/** The page's words for each refusal and the page title of each state (docs/payments.md). */
export const PAYMENT_PAGE_TEXTS = {
  noSession: {
    title: 'No Payment to Show',
    text: 'This page confirms a payment right after checkout, and this link does not name one. Nothing was charged by opening it. Your orders and their status are in your account.',
  },
  unknown: {
    title: 'Payment Not Found',
    text: 'We could not find a payment for this link. It may be incomplete or out of date, and nothing was charged by opening it. Your orders and their status are in your account.',
  },
  notYours: {
    title: 'This Payment Is on Another Account',
    text: 'This payment was made while signed in to another account, so we cannot show it here. Sign in with the account that placed the order to see it, or find your own orders in your account.',
  },
  signedOut: {
    title: 'Sign In to See Your Payment',
    text: 'Sign in with the account that placed the order to see it, with its payment, among your orders.',
  },
} as const;

const PAGE_TITLES: Record<Outcome['state'], string> = {
  'no-session': PAYMENT_PAGE_TEXTS.noSession.title,
  verifying: 'Verifying Payment',
  paid: 'Payment Successful',
  processing: 'Order Received',
  unknown: PAYMENT_PAGE_TEXTS.unknown.title,
  'not-yours': PAYMENT_PAGE_TEXTS.notYours.title,
  'signed-out': PAYMENT_PAGE_TEXTS.signedOut.title,
  failed: 'Payment Not Verified',
};

/** What a failed verification means: a refusal the server decided, or a real failure. */
function refusalOf(error: unknown): Outcome {
  if (error instanceof InvalidSessionIdError) return { state: 'unknown' };
  const code = callableErrorCode(error);
  if (code === 'not-found') return { state: 'unknown' };
  if (code === 'unauthenticated') return { state: 'signed-out' };
  if (
    code === 'permission-denied' &&
    error instanceof Error &&
    error.message.startsWith(PAYMENT_OF_ANOTHER_ACCOUNT)
  ) {
    return { state: 'not-yours' };
  }
  return { state: 'failed' };
}

/**
 * /payment-success (docs/product.md#13-payment-result-payment-success,
 * docs/product.md#178-payment-result; docs/payments.md): where the payment page sends the buyer
 * back. With a session_id the payment is verified on the server and its amount and status are
 * shown; "Payment Successful!" only when the server says this caller's session was paid: the order
 * the webhook recorded paid (the address's `order`, when it is this caller's order of this
 * session), else verifyPayment's answer. Without a session_id, an unknown session, another
 * account's session or nobody signed in, the page says so and leads to the orders. A failed
 * verification (or a session that was not paid) gets the Verification Error toast and a card that
 * still leads on.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get(PAYMENT_SUCCESS_PARAMS.session);
  const session = useSession();
  // Asked only for a signed-in caller: the server decides whose session it is (the order the
  // webhook recorded, as the rules let the caller read it, or verifyPayment).
  const verification = useVerifyPayment(
    sessionId,
    params.get(PAYMENT_SUCCESS_PARAMS.order),
    session.status === 'signed-in' ? session.user.uid : null,
  );

  let outcome: Outcome;
  if (!sessionId) outcome = { state: 'no-session' };
  else if (session.status === 'signed-out') outcome = { state: 'signed-out' };
  else if (verification.isError) outcome = refusalOf(verification.error);
  else if (verification.data)
    outcome = isPaidStatus(verification.data.status)
      ? { state: 'paid', payment: verification.data }
      : verification.data.status === 'pending'
        ? { state: 'processing', payment: verification.data }
        : { state: 'failed' };
  else outcome = { state: 'verifying' };

  usePageTitle(PAGE_TITLES[outcome.state]);
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
      ) : outcome.state === 'no-session' ? (
        <NoPaymentCard {...PAYMENT_PAGE_TEXTS.noSession} />
      ) : outcome.state === 'unknown' ? (
        <NoPaymentCard {...PAYMENT_PAGE_TEXTS.unknown} />
      ) : outcome.state === 'not-yours' ? (
        <NoPaymentCard {...PAYMENT_PAGE_TEXTS.notYours} />
      ) : outcome.state === 'signed-out' ? (
        <NoPaymentCard {...PAYMENT_PAGE_TEXTS.signedOut} signIn />
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
          <PaymentDetails payment={outcome.payment} />
          {outcome.payment.standingOrder && (
            <StandingOrderTerms terms={outcome.payment.standingOrder} />
          )}
        </ResultCard>
      )}
    </BrandFrame>
  );
}

/**
 * No payment to confirm on this link: says why, and leads to the orders first. A signed-out
 * visitor is offered Sign In instead, which leads to the orders once signed in.
 */
function NoPaymentCard({
  title,
  text,
  signIn = false,
}: {
  title: string;
  text: string;
  signIn?: boolean;
}) {
  return (
    <section className="result-card" aria-labelledby="pay-title">
      <div className="result-card__icon result-card__icon--warning" aria-hidden="true">
        <StatusIcon kind="warning" />
      </div>
      <h1 id="pay-title" className="result-card__title">
        {title}
      </h1>
      <p className="result-card__text">{text}</p>
      <div className="result-card__actions">
        {signIn ? (
          <Link to={signInPath('portal', paths.account)} className="result-card__button">
            Sign In
          </Link>
        ) : (
          <>
            <Link to={paths.account} className="result-card__button">
              View Your Orders
            </Link>
            <Link to={paths.store} className="result-card__button result-card__button--secondary">
              Continue Shopping
            </Link>
          </>
        )}
      </div>
    </section>
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
