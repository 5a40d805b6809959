import {
  formatCount,
  POLICY_BODY_MAX,
  POLICY_PAGES,
  policyPageUpdateSchema,
  routePath,
  supportContactSchema,
  type PolicyPage,
  type PolicySlug,
  type SupportContact,
} from '@portal/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { ReloadOutlined } from '@/components/icons';
import { NativeSelect } from '@/components/native-select';
import { TextSkeleton } from '@/components/skeleton';
import { TextArea, TextInput } from '@/components/text-input';
import { MarkdownView } from '@/components/markdown-view';
import { auth } from '@/lib/firebase';
import { useNotify } from '@/lib/notify';
import {
  usePolicyPages,
  useSavePolicyPage,
  useSaveSupportSettings,
  useSupportSettings,
} from '@/entities/site';
import './site-panel.css';

type ContactErrors = Partial<Record<keyof SupportContact, string>>;

/** The support phone and email: checked with supportContactSchema; empty = not shown anywhere. */
function SupportContactForm({ initial }: { initial: SupportContact }) {
  const id = useId();
  const notify = useNotify();
  const save = useSaveSupportSettings();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<ContactErrors>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = supportContactSchema.safeParse(form);
    if (!parsed.success) {
      const found: ContactErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof SupportContact;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(parsed.data);
      setForm(saved);
      notify.success('Saved', 'The support contact is updated.');
    } catch {
      notify.error('Error', 'The support contact could not be saved. Try again.');
    }
  };
  const described = (key: keyof SupportContact) =>
    errors[key] ? `${id}-${key}-error` : `${id}-${key}-hint`;
  return (
    <form className="site-contact" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        className="site-field"
        id={`${id}-phone`}
        label="Support phone"
        hint={
          errors.phone
            ? undefined
            : "Shown on the home page, the buyers' Support tab and in mails. Leave empty to hide."
        }
        error={errors.phone}
      >
        <TextInput
          id={`${id}-phone`}
          type="tel"
          autoComplete="off"
          value={form.phone}
          maxLength={40}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={described('phone')}
          onChange={(event) => setForm({ ...form, phone: event.target.value })}
        />
      </FormField>
      <FormField
        className="site-field"
        id={`${id}-email`}
        label="Support email"
        hint={errors.email ? undefined : 'Shown in the same places. Leave empty to hide.'}
        error={errors.email}
      >
        <TextInput
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          value={form.email}
          maxLength={260}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={described('email')}
          onChange={(event) => setForm({ ...form, email: event.target.value })}
        />
      </FormField>
      <div className="site-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save contact
        </Button>
      </div>
    </form>
  );
}

const PAGE_OPTIONS = POLICY_PAGES.map((page) => ({ value: page.slug, label: page.title }));

/** One policy page's Markdown beside its preview (stacked on a phone), saved when valid. */
export function PolicyEditor({ pages }: { pages: readonly PolicyPage[] }) {
  const id = useId();
  const notify = useNotify();
  const save = useSavePolicyPage();
  const [slug, setSlug] = useState<PolicySlug>(POLICY_PAGES[0].slug);
  // One draft per page, so switching pages keeps what was typed.
  const [drafts, setDrafts] = useState<Partial<Record<PolicySlug, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const stored = pages.find((page) => page.slug === slug)?.body ?? '';
  const draft = drafts[slug] ?? stored;
  const changed = draft !== stored;
  const title = POLICY_PAGES.find((page) => page.slug === slug)!.title;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = policyPageUpdateSchema.safeParse({ body: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the text');
      return;
    }
    setError(null);
    const uid = auth.currentUser?.uid;
    if (!uid) {
      notify.error('Error', 'Sign in again to save.');
      return;
    }
    try {
      await save.mutateAsync({ slug, body: parsed.data.body, uid });
      setDrafts((all) => ({ ...all, [slug]: undefined }));
      notify.success('Saved', `${title} is published.`);
    } catch {
      notify.error('Error', `${title} could not be saved. Try again.`);
    }
  };

  return (
    <form className="site-policy" onSubmit={(event) => void submit(event)} noValidate>
      <div className="site-policy__bar">
        <FormField className="site-field" id={`${id}-page`} label="Page">
          <NativeSelect
            id={`${id}-page`}
            value={slug}
            options={PAGE_OPTIONS}
            onChange={(value) => {
              setSlug(value);
              setError(null);
            }}
          />
        </FormField>
        <a
          className="site-policy__view"
          href={routePath('policy', { page: slug })}
          target="_blank"
          rel="noopener noreferrer"
        >
          View page (opens in a new tab)
        </a>
      </div>
      <div className="site-policy__panes">
        <FormField
          className="site-field"
          id={`${id}-body`}
          label={`${title} (Markdown)`}
          hint={
            error
              ? undefined
              : '# Heading, **bold**, *italic*, - list, [link](https://…). HTML and images are not shown.'
          }
          error={error ?? undefined}
        >
          <TextArea
            id={`${id}-body`}
            className="site-policy__text"
            value={draft}
            rows={18}
            spellCheck
            aria-invalid={error ? true : undefined}
            aria-describedby={`${error ? `${id}-body-error` : `${id}-body-hint`} ${id}-count`}
            onChange={(event) => setDrafts((all) => ({ ...all, [slug]: event.target.value }))}
          />
          <p
            id={`${id}-count`}
            className={`site-field__hint${draft.length > POLICY_BODY_MAX ? ' site-field__error' : ''}`}
          >
            {formatCount(draft.length)} / {formatCount(POLICY_BODY_MAX)} characters
          </p>
        </FormField>
        <section className="site-policy__preview" aria-labelledby={`${id}-preview`}>
          <h3 id={`${id}-preview`} className="site-field__label">
            Preview
          </h3>
          <div className="site-policy__paper">
            <h1 className="site-policy__title">{title}</h1>
            {draft.trim() ? (
              <MarkdownView source={draft} />
            ) : (
              <p className="site-field__hint">Nothing written yet.</p>
            )}
          </div>
        </section>
      </div>
      <div className="site-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!changed}>
          Save page
        </Button>
        {changed && (
          <Button onClick={() => setDrafts((all) => ({ ...all, [slug]: undefined }))}>
            Discard changes
          </Button>
        )}
      </div>
    </form>
  );
}

function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="site-state" role="alert">
      <p>{text}</p>
      <Button icon={<ReloadOutlined />} onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

/** The Site tab: the support contact and the policy pages everyone sees. */
export function SitePanel() {
  const support = useSupportSettings();
  const pages = usePolicyPages();
  return (
    <div className="admin-stack site-panel">
      <section className="admin-surface site-section" aria-labelledby="site-contact-title">
        <h2 id="site-contact-title">Support contact</h2>
        {support.isPending ? (
          <div role="status" aria-label="Loading support contact">
            <TextSkeleton rows={2} />
          </div>
        ) : support.isError ? (
          <LoadError
            text="The support contact could not be loaded."
            onRetry={() => void support.refetch()}
          />
        ) : (
          <SupportContactForm initial={support.data} />
        )}
      </section>
      <section className="admin-surface site-section" aria-labelledby="site-pages-title">
        <h2 id="site-pages-title">Policy pages</h2>
        <p className="site-field__hint site-section__intro">
          The footer&apos;s Privacy, Terms, Shipping and Refund pages. Anyone can read them.
        </p>
        {pages.isPending ? (
          <div role="status" aria-label="Loading policy pages">
            <TextSkeleton rows={6} />
          </div>
        ) : pages.isError ? (
          <LoadError
            text="The policy pages could not be loaded."
            onRetry={() => void pages.refetch()}
          />
        ) : (
          <PolicyEditor pages={pages.data} />
        )}
      </section>
    </div>
  );
}
