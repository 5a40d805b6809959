import { PlayCircleFilled, ReloadOutlined } from '@/components/icons';
import { Button } from '@/components/button';
import { Tag } from '@/components/tag';
import { useSupportContent } from '@/entities/support';
import { useSupportSettings } from '@/entities/site';
import { telHref } from '@portal/domain';
import { ACCOUNT_TOASTS } from './account-toasts';
import { TextSkeleton } from '@/components/skeleton';

/**
 * The support phone and email a manager set (site_settings/support), above the tutorials; only
 * what is set is shown, and nothing at all while it loads, when it fails or when neither is set.
 */
export function SupportContactCard() {
  const settings = useSupportSettings();
  const phone = settings.data?.phone ?? '';
  const email = settings.data?.email ?? '';
  if (!phone && !email) return null;
  return (
    <section className="account-card support-contact" aria-labelledby="support-contact-title">
      <h2 id="support-contact-title" className="support-contact__title">
        Talk to our support team
      </h2>
      <ul className="support-contact__list">
        {phone && (
          <li>
            <span className="support-contact__label">Phone</span>{' '}
            <a href={telHref(phone)}>{phone}</a>
          </li>
        )}
        {email && (
          <li>
            <span className="support-contact__label">Email</span>{' '}
            <a href={`mailto:${email}`}>{email}</a>
          </li>
        )}
      </ul>
    </section>
  );
}

/** The contact card, then the tutorials. */
export function SupportTab() {
  return (
    <>
      <SupportContactCard />
      <Tutorials />
    </>
  );
}

/** Reads the tutorials itself, for the reason ProfileTab reads the profile itself. */
function Tutorials() {
  const support = useSupportContent();
  // The empty state only for a list that has been read, never while a read is on its way.
  const reading =
    support.isPending ||
    (!support.isError && support.isFetching && (support.data?.length ?? 0) === 0);
  if (reading) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading tutorials" className="support-grid">
        {[0, 1, 2].map((index) => (
          <div key={index} className="account-card">
            <TextSkeleton rows={1} />
          </div>
        ))}
      </div>
    );
  }
  if (support.isError) {
    return (
      <div className="account-state" role="alert">
        <h2>{ACCOUNT_TOASTS.load[1]}</h2>
        <Button icon={<ReloadOutlined />} onClick={() => void support.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (support.data.length === 0) {
    return (
      <div className="account-state">
        <h2>No tutorials available yet</h2>
        <p>Setup and care videos for your slushie machines will appear here.</p>
      </div>
    );
  }
  return (
    <div>
      <p className="account-intro">Video tutorials for slushie machines and equipment.</p>
      <ul className="support-grid" aria-label="Video tutorials">
        {support.data.map((item) => (
          <li key={item.id} className="account-card support-card">
            <Tag color="purple" className="support-card__category">
              {item.category}
            </Tag>
            <h2 className="support-card__title">{item.title}</h2>
            <a
              className="account-link-button support-card__watch"
              href={item.video_url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Watch Tutorial: ${item.title} (opens in a new tab)`}
            >
              <PlayCircleFilled aria-hidden="true" /> Watch Tutorial
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
