import type { Transporter } from 'nodemailer';
import type { OutgoingMail } from '@portal/domain';
import type { MailConfig } from './config';

/** What the sender records of an accepted message (the extension's delivery.info). */
export interface SentInfo {
  messageId: string;
  accepted: string[];
  rejected: string[];
  response: string;
}

/** Hands one message to a mail server. Tests pass their own. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<SentInfo>;
}

function addresses(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((entry) =>
    typeof entry === 'string' ? entry : String((entry as { address?: unknown }).address ?? ''),
  );
}

/**
 * SMTP through nodemailer. Short timeouts: a server that does not answer fails this attempt and
 * the retry schedule takes over (the user's action never waits for mail).
 */
export function smtpTransport(config: MailConfig): MailTransport {
  let transporter: Transporter | undefined;
  // nodemailer is loaded with the first message: only the mail sender needs it.
  const connect = async () => {
    const { default: nodemailer } = await import('nodemailer');
    transporter ??= nodemailer.createTransport(options);
    return transporter;
  };
  const options = {
    host: config.host,
    port: config.port,
    secure: config.secure,
    ...(config.user ? { auth: { user: config.user, pass: config.password ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // MailDev and test servers offer no TLS; a real server on 587 upgrades with STARTTLS.
    ignoreTLS: false,
  };
  return {
    async send(mail) {
      const info = await (
        await connect()
      ).sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.message.subject,
        text: mail.message.text,
        html: mail.message.html,
        // Header values are built by nodemailer from these fields only: no raw headers.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      return {
        messageId: String(info.messageId ?? ''),
        accepted: addresses(info.accepted),
        rejected: addresses(info.rejected),
        response: String(info.response ?? ''),
      };
    },
  };
}
