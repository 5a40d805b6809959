import {
  isPolicySlug,
  NO_SUPPORT_CONTACT,
  readSupportContact,
  SITE_CONTENT_FUNCTION,
  type PolicyPage,
  type PolicySlug,
  type SupportContact,
} from '@portal/domain';
import { env } from '@/config/env';
import { hostingConfig } from '@/config/firebase-web-config';

/**
 * The support contact and the policy pages for pages that load no Firebase (the landing page and
 * /legal/*): one GET to the siteContent function (functions/src/handlers/site-content.ts), which
 * reads the public documents for them. Locally the Functions emulator's address; in production
 * the function's own address (the Content-Security-Policy allows *.cloudfunctions.net).
 */
export interface SiteContent {
  support: SupportContact;
  page: PolicyPage | null;
}

/** The request failed or was refused: the page shows its error state. */
export class SiteContentError extends Error {
  override name = 'SiteContentError';
}

async function endpoint(): Promise<string> {
  const projectId = env.firebase?.projectId ?? (await hostingConfig()).projectId;
  if (env.emulators) {
    const { host, functionsPort } = env.emulators;
    return `http://${host}:${functionsPort}/${projectId}/${env.functionsRegion}/${SITE_CONTENT_FUNCTION}`;
  }
  return `https://${env.functionsRegion}-${projectId}.cloudfunctions.net/${SITE_CONTENT_FUNCTION}`;
}

/** Reads the answer leniently: a field that is missing or malformed is "not set" / no page. */
export function readSiteContent(body: unknown, slug: PolicySlug | undefined): SiteContent {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const page = (
    typeof fields.page === 'object' && fields.page !== null ? fields.page : {}
  ) as Record<string, unknown>;
  const updated = typeof page.updated_at === 'string' ? new Date(page.updated_at) : null;
  return {
    support: readSupportContact(fields.support),
    page:
      slug &&
      typeof page.slug === 'string' &&
      page.slug === slug &&
      isPolicySlug(page.slug) &&
      typeof page.body === 'string' &&
      page.body
        ? {
            slug,
            body: page.body,
            updatedAt: updated && !Number.isNaN(updated.getTime()) ? updated : null,
          }
        : null,
  };
}

export async function fetchSiteContent(
  slug?: PolicySlug,
  signal?: AbortSignal,
): Promise<SiteContent> {
  const url = `${await endpoint()}${slug ? `?page=${encodeURIComponent(slug)}` : ''}`;
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new SiteContentError('Network error.');
  }
  if (!response.ok) throw new SiteContentError(`The server answered ${response.status}.`);
  return readSiteContent(await response.json().catch(() => null), slug);
}

/** The support contact for the landing page's footer; none when it cannot be read. */
export async function fetchSupportContact(signal?: AbortSignal): Promise<SupportContact> {
  try {
    return (await fetchSiteContent(undefined, signal)).support;
  } catch {
    return NO_SUPPORT_CONTACT;
  }
}
