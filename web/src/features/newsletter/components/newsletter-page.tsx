import { isNewsletterTokenShape } from '@portal/domain';
import { Spinner } from '@/components/app-loading';
import { Button } from '@/components/button';
import { useId, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { BrandFrame } from '@/components/brand-frame';
import { StatusIcon } from '@/components/status-icon';
import { paths } from '@/config/paths';
import { callableErrorCode } from '@/lib/callable-errors';
import { useOneShot } from '@/lib/use-one-shot';
import { usePageTitle } from '@/lib/use-page-title';
import { confirmSubscription, isNewsletterAction, unsubscribe } from '../api/newsletter-links';
import './newsletter.css';

/**
 * /newsletter/confirm?token=… and /newsletter/unsubscribe?token=…, the links of the newsletter
 * emails: the token is sent to the server once on arrival and the outcome shown. A link with
 * another action, or without a well-formed token, is not valid (and costs no call).
 */
export function NewsletterPage() {
  usePageTitle('Newsletter');
  const { action } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  // A token without the shape the server accepts costs no call.
  const usable = isNewsletterAction(action) && isNewsletterTokenShape(token) ? token : null;
  const confirmed = useOneShot(action === 'confirm' ? usable : null, confirmSubscription);
  const unsubscribed = useOneShot(action === 'unsubscribe' ? usable : null, unsubscribe);
  const result = action === 'confirm' ? confirmed : unsubscribed;

  if (result.status === 'idle') return <InvalidLink />;
  if (result.status === 'pending') {
    return (
      <NewsletterCard
        title={action === 'confirm' ? 'Confirming your subscription…' : 'Unsubscribing…'}
        icon={<Spinner />}
        busy
      >
        <p className="result-card__text">This takes a moment. Please keep this page open.</p>
      </NewsletterCard>
    );
  }
  if (result.status === 'error') {
    const code = callableErrorCode(result.error);
    if (code === 'not-found' || code === 'invalid-argument') return <InvalidLink />;
    return (
      <NewsletterCard title="We couldn't process this link." tone="warning">
        <p className="result-card__text">Check your connection and try again.</p>
        <div className="result-card__actions">
          <Button type="primary" size="large" block onClick={() => window.location.reload()}>
            Try again
          </Button>
          <HomeLink />
        </div>
      </NewsletterCard>
    );
  }
  if (result.data.state === 'confirmed') {
    return (
      <NewsletterCard title="You're subscribed" tone="success">
        <p className="result-card__text">
          Thanks for confirming. We&apos;ll send new flavors and offers to your inbox.
        </p>
        <div className="result-card__actions">
          <HomeLink />
        </div>
      </NewsletterCard>
    );
  }
  return (
    <NewsletterCard title="You're unsubscribed" tone="success">
      <p className="result-card__text">You won&apos;t get our newsletter anymore.</p>
      <div className="result-card__actions">
        <HomeLink />
      </div>
    </NewsletterCard>
  );
}

function InvalidLink() {
  return (
    <NewsletterCard title="This link is not valid." tone="warning">
      <p className="result-card__text">
        Check that you opened the whole link from the email. You can sign up again on our home page.
      </p>
      <div className="result-card__actions">
        <HomeLink />
      </div>
    </NewsletterCard>
  );
}

function HomeLink() {
  return (
    <Link to={paths.home} className="news-card__link-button">
      Back to Home
    </Link>
  );
}

function NewsletterCard({
  title,
  tone,
  icon,
  busy = false,
  children,
}: {
  title: string;
  tone?: 'success' | 'warning';
  icon?: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <BrandFrame>
      <section className="result-card" aria-labelledby={headingId} aria-busy={busy || undefined}>
        <div
          className={`result-card__icon result-card__icon--${tone ?? 'busy'}`}
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
