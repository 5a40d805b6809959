import {
  businessDayText,
  formatUsd,
  isSkipTokenShape,
  type SkipStandingOrderDeliveryResponse,
} from '@portal/domain';
import { Spinner } from '@/components/app-loading';
import { Button } from '@/components/button';
import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BrandFrame } from '@/components/brand-frame';
import { StatusIcon } from '@/components/status-icon';
import { paths } from '@/config/paths';
import { callableErrorCode, callableErrorMessage } from '@/lib/callable-errors';
import { useOneShot } from '@/lib/use-one-shot';
import { usePageTitle } from '@/lib/use-page-title';
import { showDelivery, skipDelivery } from '../api/skip-delivery';

/** Deliveries are dated by the business's day (Pacific), as the reminder mail says them. */
const day = (iso: string) => businessDayText(new Date(iso));

export const INVALID_TITLE = 'This skip link is not valid.';
export const REFUSED_TITLE = "This link can't skip a delivery.";

type Skip =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'done'; data: SkipStandingOrderDeliveryResponse }
  | { status: 'error'; error: unknown };

/**
 * /skip?token=…, the reminder mail's one-tap skip (signed out). Opening it only
 * shows the delivery (mail scanners open links too): its date, lines and total, and one "Skip
 * this delivery" button that skips exactly it. A token without the shape the server accepts costs
 * no call; one the server refuses (tampered, expired, the delivery charged or changed since)
 * shows the server's reason.
 */
export function SkipDeliveryPage() {
  usePageTitle('Skip a delivery');
  const [params] = useSearchParams();
  const token = params.get('token');
  const usable = isSkipTokenShape(token) ? token : null;
  const shown = useOneShot(usable, showDelivery);
  const [skip, setSkip] = useState<Skip>({ status: 'idle' });

  if (shown.status === 'idle') return <InvalidLink />;
  if (shown.status === 'pending') {
    return (
      <SkipCard title="Loading your delivery…" icon={<Spinner />} busy>
        <p className="result-card__text">This takes a moment. Please keep this page open.</p>
      </SkipCard>
    );
  }
  const failure =
    shown.status === 'error' ? shown.error : skip.status === 'error' ? skip.error : null;
  if (failure !== null) return <Refused error={failure} />;
  if (shown.status !== 'success') return <InvalidLink />;
  const delivery = skip.status === 'done' ? skip.data : shown.data;

  if (delivery.state === 'skipped') {
    return (
      <SkipCard title="Delivery skipped" tone="success">
        <p className="result-card__text">
          Nothing is charged or shipped for the delivery of {day(delivery.deliveryAt)}
          {delivery.nextChargeAt
            ? `. Your next delivery is on ${day(delivery.nextChargeAt)}.`
            : '.'}
        </p>
        <AccountLink />
      </SkipCard>
    );
  }

  const run = async () => {
    setSkip({ status: 'pending' });
    try {
      setSkip({ status: 'done', data: await skipDelivery(usable!) });
    } catch (error) {
      setSkip({ status: 'error', error });
    }
  };

  return (
    <SkipCard title="Skip a delivery" tone="attention">
      <p className="result-card__text">
        The delivery of {day(delivery.deliveryAt)} for {delivery.storeName}, every{' '}
        {delivery.intervalWeeks} weeks:
      </p>
      <ul className="skip-delivery__lines" aria-label="Products in this delivery">
        {delivery.lines.map((line) => (
          <li key={line.name}>
            <span>
              {line.quantity} × {line.name}
            </span>
            <span>{formatUsd(line.quantity * line.unitAmount)}</span>
          </li>
        ))}
      </ul>
      <p className="skip-delivery__total">
        <span>Charged on {day(delivery.deliveryAt)}</span>{' '}
        <strong>{formatUsd(delivery.total)}</strong>
      </p>
      <p className="result-card__text">
        Skip it and nothing is charged or shipped that day
        {delivery.nextChargeAt ? `; the next delivery is on ${day(delivery.nextChargeAt)}.` : '.'}
      </p>
      <div className="result-card__actions">
        <Button type="primary" block loading={skip.status === 'pending'} onClick={() => void run()}>
          Skip this delivery
        </Button>
      </div>
    </SkipCard>
  );
}

function Refused({ error }: { error: unknown }) {
  const code = callableErrorCode(error);
  if (code === 'invalid-argument' || code === 'not-found') return <InvalidLink />;
  if (code === 'failed-precondition') {
    return (
      <SkipCard title={REFUSED_TITLE} tone="attention">
        <p className="result-card__text">
          {callableErrorMessage(error, 'Sign in and open My Account > Standing orders.')}
        </p>
        <AccountLink />
      </SkipCard>
    );
  }
  return (
    <SkipCard title="We couldn't open this delivery." tone="attention">
      <p className="result-card__text">Check your connection and try again.</p>
      <div className="result-card__actions">
        <Button type="primary" block onClick={() => window.location.reload()}>
          Try again
        </Button>
      </div>
    </SkipCard>
  );
}

function InvalidLink() {
  return (
    <SkipCard title={INVALID_TITLE} tone="attention">
      <p className="result-card__text">
        Check that you opened the whole link from the email, or sign in and open My Account &gt;
        Standing orders to skip a delivery.
      </p>
      <AccountLink />
    </SkipCard>
  );
}

function AccountLink() {
  return (
    <div className="result-card__actions">
      <Link to={`${paths.account}?tab=standing-orders`} className="skip-delivery__link-button">
        Open My Account
      </Link>
    </div>
  );
}

function SkipCard({
  title,
  tone,
  icon,
  busy = false,
  children,
}: {
  title: string;
  tone?: 'success' | 'attention';
  icon?: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <BrandFrame>
      <section className="result-card" aria-labelledby={headingId} aria-busy={busy || undefined}>
        <div
          className={`result-card__icon result-card__icon--${tone === 'success' ? 'success' : tone ? 'warning' : 'busy'}`}
          aria-hidden="true"
        >
          {icon ?? <StatusIcon kind={tone === 'success' ? 'success' : 'attention'} />}
        </div>
        <div role={busy ? 'status' : undefined}>
          <h1 id={headingId} className="result-card__title">
            {title}
          </h1>
          {children}
        </div>
      </section>
    </BrandFrame>
  );
}
