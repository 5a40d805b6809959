import {
  COLLECTIONS,
  isPolicySlug,
  paths,
  readSupportContact,
  type SiteContentAnswer,
  type SupportContact,
} from '@portal/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { createContext } from '../lib/context';
import { log } from '../lib/log';

/**
 * GET siteContent?page=<slug>: the support contact and, when asked, one policy page, for the
 * pages that load no Firebase (the landing page and the policy pages, docs/product.md). They are
 * public documents (firestore.rules lets anyone read them); served by a function because
 * Firestore enforces App Check in production and those pages carry no App Check. A short browser
 * cache keeps a visitor from asking twice a minute; a manager's change shows within a minute.
 */
export async function supportContactOf(db: Firestore): Promise<SupportContact> {
  const snapshot = await db.doc(paths.supportSettings()).get();
  return readSupportContact(snapshot.data());
}

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

interface Request {
  method: string;
  query: Record<string, unknown>;
}
interface Response {
  set(name: string, value: string): unknown;
  status(code: number): { json(body: unknown): unknown };
}

export async function siteContentHandler(request: Request, response: Response): Promise<void> {
  if (request.method !== 'GET') {
    response.set('Allow', 'GET');
    response.status(405).json({ error: 'Use GET.' });
    return;
  }
  const page = typeof request.query.page === 'string' ? request.query.page : undefined;
  if (page !== undefined && !isPolicySlug(page)) {
    response.set('Cache-Control', 'public, max-age=300');
    response.status(404).json({ error: 'No such page.' });
    return;
  }
  try {
    const answer = await siteContent(createContext().db, page);
    response.set('Cache-Control', 'public, max-age=60');
    response.status(200).json(answer);
  } catch (error) {
    log.error('site_content_failed', {
      message: error instanceof Error ? error.message : String(error),
    });
    response.status(500).json({ error: 'Try again later.' });
  }
}
