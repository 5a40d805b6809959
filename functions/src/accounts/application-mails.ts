import { isBuyerRole } from '@portal/domain';
import { log } from '../lib/log';
import { applicationMails, type MailDeps } from '../mail/notifications';
import { queueMails } from '../mail/outbox';

/**
 * A business applied (the browser created profiles/{uid} pending): the applicant gets the
 * "application received" mail with a link that verifies the address, and every manager gets
 * "new application". Run by the Firestore trigger on profile creation, so it is not part of the
 * browser's write; the event keys make a retried trigger queue nothing twice.
 */
export async function onApplicationCreated(
  deps: MailDeps,
  uid: string,
  profile: Record<string, unknown> | undefined,
): Promise<number> {
  if (!profile || profile.status !== 'pending' || !isBuyerRole(profile.role)) return 0;
  const mails = await applicationMails(deps, uid, {
    storeName: typeof profile.store_name === 'string' ? profile.store_name : '',
    fullName: typeof profile.full_name === 'string' ? profile.full_name : '',
    role: profile.role,
  });
  const queued = await queueMails(deps.db, mails);
  log.info('application_mails_queued', { uid, queued });
  return queued;
}
