import { defineSecret } from 'firebase-functions/params';
import { parseRetryDelays, BRAND } from '@portal/domain';
import { SMTP_PORT_DEFAULT } from '../lib/params';
import type { Env } from '../lib/stripe-client';

/**
 * Mail configuration: which SMTP server the sender delivers through, the From address, and the
 * retry schedule. Each setting is a param (lib/params.ts: firebase deploy asks for a missing one);
 * the sender reads them from the context's environment at run time (the local stack sets them for
 * MailDev):
 *
 *   SMTP_HOST, SMTP_PORT        the server (port 465 means implicit TLS; others use STARTTLS
 *                               when the server offers it)
 *   SMTP_USER                   the login, when the server wants one
 *   SMTP_PASSWORD               its password: a secret (firebase functions:secrets:set SMTP_PASSWORD)
 *   MAIL_FROM                   the From address, e.g. "Electric Slush Co. <orders@example.com>"
 *   MAIL_CONTACT                the address mails name for questions (default the brand's)
 *   MAIL_RETRY_DELAYS_MS        comma-separated waits between attempts (default 1 min ... 8 h)
 *
 * The portal's own address (links in mails) is WEB_ORIGIN, the same as Stripe's return URLs.
 */
export const smtpPassword = defineSecret('SMTP_PASSWORD');

export interface MailConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  from: string;
  retryDelays: readonly number[];
}

export class MailConfigError extends Error {
  override name = 'MailConfigError';
}

export function resolveMailConfig(env: Env): MailConfig {
  const host = env.SMTP_HOST?.trim();
  if (!host) throw new MailConfigError('SMTP_HOST is not configured.');
  const port = Number(env.SMTP_PORT?.trim() || String(SMTP_PORT_DEFAULT));
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new MailConfigError(`SMTP_PORT is not a port: ${env.SMTP_PORT}`);
  }
  const user = env.SMTP_USER?.trim() || undefined;
  return {
    host,
    port,
    secure: port === 465,
    user,
    // A password without a user is meaningless (the local MailDev needs neither).
    password: user ? env.SMTP_PASSWORD : undefined,
    from: env.MAIL_FROM?.trim() || `${BRAND.name} <no-reply@${host}>`,
    retryDelays: parseRetryDelays(env.MAIL_RETRY_DELAYS_MS),
  };
}

/** The address mails give for questions. */
export function contactAddress(env: Env): string {
  return env.MAIL_CONTACT?.trim() || BRAND.supportEmail;
}
