import { isPolicySlug } from '@portal/domain';
import { createContext } from '../lib/context';
import { log } from '../lib/log';
import { siteContent } from '../site-content/site-content';

interface Request {
  method: string;
  query: Record<string, unknown>;
}
interface Response {
  set(name: string, value: string): unknown;
  status(code: number): { json(body: unknown): unknown };
}

/**
 * GET siteContent?page=<slug>: the support contact and, when asked, one policy page, for the
 * pages that load no Firebase (the landing page and the policy pages, docs/product.md). They are
 * public documents (firestore.rules lets anyone read them); served by a function because
 * Firestore enforces App Check in production and those pages carry no App Check. A short browser
 * cache keeps a visitor from asking twice a minute; a manager's change shows within a minute.
 */
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
