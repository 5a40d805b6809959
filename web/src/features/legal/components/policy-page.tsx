import {
  isPolicySlug,
  POLICY_PAGES,
  policyTitle,
  routePath,
  telHref,
  type PolicySlug,
} from '@portal/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BrandFrame } from '@/components/brand-frame';
import { TextSkeleton } from '@/components/skeleton';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { MarkdownView } from '@/components/markdown-view';
import { fetchSiteContent, type SiteContent } from '@/lib/site-content';
import './legal.css';
import { businessDayLongFormat } from '@/lib/intl-formats';

/** The address of a policy page. */
function policyPath(slug: PolicySlug): string {
  return routePath('policy', { page: slug });
}

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; content: SiteContent };

function PolicyNav({ current }: { current: PolicySlug }) {
  return (
    <nav className="legal-nav" aria-label="Policies">
      <ul>
        {POLICY_PAGES.map((page) => (
          <li key={page.slug}>
            <Link
              to={policyPath(page.slug)}
              aria-current={page.slug === current ? 'page' : undefined}
            >
              {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "Questions? Email … or call …": only what a manager set; nothing when neither is. */
export function ContactLine({ content }: { content: SiteContent }) {
  const { phone, email } = content.support;
  if (!phone && !email) return null;
  return (
    <p className="legal-contact">
      Questions?{' '}
      {email && (
        <>
          Email <a href={`mailto:${email}`}>{email}</a>
        </>
      )}
      {email && phone && ' or call '}
      {!email && phone && 'Call '}
      {phone && <a href={telHref(phone)}>{phone}</a>}.
    </p>
  );
}

function UnknownPage() {
  usePageTitle('Page not found');
  return (
    <BrandFrame>
      <section className="result-card" aria-labelledby="policy-title">
        <h1 id="policy-title" className="result-card__title">
          Page not found
        </h1>
        <p className="result-card__text">We have no policy page at this address.</p>
        <div className="result-card__actions">
          <Link to={paths.home} className="result-card__button">
            Return to Home
          </Link>
        </div>
      </section>
    </BrandFrame>
  );
}

function KnownPolicy({ slug }: { slug: PolicySlug }) {
  const title = policyTitle(slug);
  usePageTitle(title);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchSiteContent(slug, controller.signal).then(
      (content) => setLoad({ state: 'ready', content }),
      () => {
        if (!controller.signal.aborted) setLoad({ state: 'error' });
      },
    );
    return () => controller.abort();
  }, [slug, attempt]);
  const retry = () => {
    setLoad({ state: 'loading' });
    setAttempt((n) => n + 1);
  };

  return (
    <BrandFrame>
      <PolicyNav current={slug} />
      <article
        className="legal-card"
        aria-labelledby="policy-title"
        aria-busy={load.state === 'loading'}
      >
        <h1 id="policy-title" className="legal-card__title">
          {title}
        </h1>
        {load.state === 'loading' && (
          <div role="status" aria-label={`Loading ${title}`}>
            <TextSkeleton rows={6} />
          </div>
        )}
        {load.state === 'error' && (
          <div role="alert">
            <p>We could not load this page. Check your connection and try again.</p>
            <button type="button" className="result-card__button" onClick={retry}>
              Try Again
            </button>
          </div>
        )}
        {load.state === 'ready' && !load.content.page && (
          <>
            <p>This page has not been published yet.</p>
            <ContactLine content={load.content} />
          </>
        )}
        {load.state === 'ready' && load.content.page && (
          <>
            {load.content.page.updatedAt && (
              <p className="legal-card__updated">
                Last updated {businessDayLongFormat.format(load.content.page.updatedAt)}
              </p>
            )}
            <MarkdownView source={load.content.page.body} />
            <ContactLine content={load.content} />
          </>
        )}
      </article>
    </BrandFrame>
  );
}

/** /legal/:page: one of the footer's policy pages, or not found for any other name. */
export function PolicyPage({ page }: { page: string | undefined }) {
  return isPolicySlug(page) ? <KnownPolicy key={page} slug={page} /> : <UnknownPage />;
}
