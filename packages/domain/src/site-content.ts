import * as z from 'zod/mini';
import { UNSAFE_TEXT_CHAR } from './plain-text';
import { formatCount } from './number-text';

/**
 * What the business says to everyone: the four policy pages the footer links to, and the support
 * contact the landing page, the buyer's Support tab and every mail show. Managers edit both in the
 * dashboard (Site tab); anyone may read them (firestore.rules: policy_pages, site_settings).
 */

/** The policy pages, in the footer's order: the slug is the page's address and document id. */
export const POLICY_PAGES = [
  { slug: 'privacy', title: 'Privacy Policy' },
  { slug: 'terms', title: 'Terms of Service' },
  { slug: 'shipping', title: 'Shipping Policy' },
  { slug: 'refunds', title: 'Refund Policy' },
] as const;

export type PolicySlug = (typeof POLICY_PAGES)[number]['slug'];

export function isPolicySlug(value: string | undefined): value is PolicySlug {
  return POLICY_PAGES.some((page) => page.slug === value);
}

/** The page's title (the footer link, the heading, the document title). */
export function policyTitle(slug: PolicySlug): string {
  return POLICY_PAGES.find((page) => page.slug === slug)!.title;
}

/** The longest policy text a manager may save (characters of Markdown); the rules say the same. */
export const POLICY_BODY_MAX = 20_000;

/**
 * Plain text safety for a policy's Markdown: what plain-text.ts refuses in names, except the line
 * break (a Markdown text is made of lines). A carriage return is dropped before the check
 * (normalizePolicyBody), so Windows line ends are fine.
 */
export const UNSAFE_MARKDOWN_CHAR = new RegExp(
  UNSAFE_TEXT_CHAR.source.replace('\\u0000-\\u001f', '\\u0000-\\u0009\\u000b-\\u001f'),
);

/** Line ends as \n, tabs as two spaces, no trailing blank space at either end. */
export function normalizePolicyBody(body: string): string {
  return body.replace(/\r\n?/g, '\n').replace(/\t/g, '  ').trim();
}

export const policyBodySchema = z.pipe(
  z.pipe(
    z.string({ error: 'Write the page' }),
    z.transform((value: string) => normalizePolicyBody(value)),
  ),
  z.string().check(
    z.minLength(1, 'Write the page'),
    z.maxLength(POLICY_BODY_MAX, `Keep the page under ${formatCount(POLICY_BODY_MAX)} characters`),
    z.refine(
      (value) => !UNSAFE_MARKDOWN_CHAR.test(value),
      'Remove the special characters (control or text-direction characters).',
    ),
  ),
);

/** policy_pages/{slug} as a manager saves it (updated_at: the server's time, set by the writer). */
export const policyPageUpdateSchema = z.object({ body: policyBodySchema });
export type PolicyPageUpdate = z.infer<typeof policyPageUpdateSchema>;

/** A policy page as read: its Markdown and when it was last saved. */
export interface PolicyPage {
  slug: PolicySlug;
  body: string;
  updatedAt: Date | null;
}

// ---------------------------------------------------------------------------------------------
// The support contact

export const SUPPORT_PHONE_MAX = 30;
export const SUPPORT_EMAIL_MAX = 254;

/**
 * A phone number as people write it: digits with an optional leading +, and spaces, dots,
 * dashes or brackets between them; 7 to 15 digits (E.164's most).
 */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[(0-9][0-9 ().-]*[0-9]$/.test(value)) return false;
  const digits = value.replace(/[^0-9]/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** The number for a tel: link: digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/[^0-9]/g, '')}`;
}

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;

/** The support phone and email; '' is "not set" (nothing is shown for it). */
export const supportContactSchema = z.object({
  phone: z.pipe(
    z.string().check(z.trim()),
    z.string().check(
      z.maxLength(SUPPORT_PHONE_MAX, 'Phone is too long'),
      z.refine(
        (value) => value === '' || isPhoneNumber(value),
        'Enter a phone number: digits, spaces, dashes, an optional leading +',
      ),
    ),
  ),
  email: z.pipe(
    z.string().check(z.trim()),
    z.string().check(
      z.maxLength(SUPPORT_EMAIL_MAX, 'Email is too long'),
      z.refine((value) => value === '' || EMAIL_PATTERN.test(value), 'Enter a valid email address'),
    ),
  ),
});
export type SupportContact = z.infer<typeof supportContactSchema>;

export const NO_SUPPORT_CONTACT: SupportContact = { phone: '', email: '' };

/** A stored support contact, read leniently: a field that is missing or invalid is "not set". */
export function readSupportContact(data: unknown): SupportContact {
  const fields = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const field = (key: 'phone' | 'email') => {
    const value = typeof fields[key] === 'string' ? fields[key] : '';
    const parsed = supportContactSchema.safeParse({ ...NO_SUPPORT_CONTACT, [key]: value });
    return parsed.success ? parsed.data[key] : '';
  };
  return { phone: field('phone'), email: field('email') };
}

/** The document that holds it: site_settings/support. */
export const SUPPORT_SETTINGS_ID = 'support';

/**
 * The public HTTP function that serves the support contact and a policy page to pages without
 * Firebase (the landing page, the policy pages): GET ?page=<slug>. Its answer's shape:
 */
export const SITE_CONTENT_FUNCTION = 'siteContent';

export interface SiteContentAnswer {
  support: SupportContact;
  /** The page asked for; null when it has no text yet (or no page was asked for). */
  page: { slug: PolicySlug; body: string; updated_at: string | null } | null;
}
