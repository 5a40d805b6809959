import { randomUUID } from 'node:crypto';
import { mailboxOf, normalizeEmail, RATE_LIMITS } from '@portal/domain';
import { authErrorCode } from '../lib/auth-users';
import { log } from '../lib/log';
import { takeRateLimit } from '../lib/rate-limit';
import { passwordResetMail, type MailDeps } from '../mail/notifications';
import { queueMails } from '../mail/outbox';

/**
 * Forgot password: queues a reset mail when the address belongs to an enabled account, within
 * the limits per inbox (mailboxOf: tagged and dotted spellings of one address count together)
 * and per IP. The caller always gets the same answer, whatever happened
 * (no account, disabled, over a limit), so the form reveals nothing about who has an account.
 * Returns what happened, for logs and tests only.
 */
export async function requestPasswordReset(
  deps: MailDeps,
  rawEmail: string,
  ip: string,
): Promise<'queued' | 'no-account' | 'rate-limited'> {
  const email = normalizeEmail(rawEmail);
  const withinIp = await takeRateLimit(deps.db, 'reset-ip', ip, RATE_LIMITS.passwordResetPerIp);
  const withinEmail =
    withinIp &&
    (await takeRateLimit(
      deps.db,
      'reset-email',
      mailboxOf(email),
      RATE_LIMITS.passwordResetPerEmail,
    ));
  if (!withinIp || !withinEmail) {
    log.warn('password_reset_rate_limited', { by: withinIp ? 'email' : 'ip' });
    return 'rate-limited';
  }
  let user;
  try {
    user = await deps.auth.getUserByEmail(email);
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') return 'no-account';
    throw error;
  }
  if (user.disabled || !user.email) return 'no-account';
  await queueMails(deps.db, [
    await passwordResetMail(deps, { uid: user.uid, email: user.email }, randomUUID()),
  ]);
  log.info('password_reset_queued', { uid: user.uid });
  return 'queued';
}
