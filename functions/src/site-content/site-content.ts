import {
  COLLECTIONS,
  isPolicySlug,
  paths,
  readSupportContact,
  type SiteContentAnswer,
  type SupportContact,
} from '@portal/domain';
import type { Firestore } from 'firebase-admin/firestore';

/**
 * What managers write for the public pages and the mails: the support contact
 * (site_settings/support) and the policy pages. Read by the siteContent function
 * (handlers/site-content.ts) and by the mails' footer (mail/notifications.ts).
 */

/** The support contact a manager set; a field that is missing or invalid reads as not set. */
export async function supportContactOf(db: Firestore): Promise<SupportContact> {
  const snapshot = await db.doc(paths.supportSettings()).get();
  return readSupportContact(snapshot.data());
}

/** The support contact and, when `page` names a policy page, that page. */
export async function siteContent(
  db: Firestore,
  page: string | undefined,
): Promise<SiteContentAnswer> {
  const [support, pageDoc] = await Promise.all([
    supportContactOf(db),
    isPolicySlug(page) ? db.collection(COLLECTIONS.policyPages).doc(page).get() : null,
  ]);
  const data = pageDoc?.data();
  const body = typeof data?.body === 'string' ? data.body : '';
  const updated = data?.updated_at as { toDate?: () => Date } | undefined;
  return {
    support,
    page:
      isPolicySlug(page) && body
        ? {
            slug: page,
            body,
            updated_at:
              typeof updated?.toDate === 'function' ? updated.toDate().toISOString() : null,
          }
        : null,
  };
}
