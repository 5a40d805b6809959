import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForPort } from './ports';
import { startProcess, type ManagedProcess } from './processes';

/**
 * MailDev (the npm package `maildev`): an SMTP server that keeps every message and shows it in a
 * web UI with a REST API (under /api since MailDev 3). `npm start` runs it on 1025/1080 (scripts/lib/stack.ts); tests run
 * their own on free ports and read what arrived through the REST API below.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MAILDEV_BIN = path.join(ROOT, 'node_modules/.bin/maildev');

export function maildevArgs(ports: { smtp: number; web: number }, host = '127.0.0.1'): string[] {
  return ['--smtp', String(ports.smtp), '--web', String(ports.web), '--ip', host, '--web-ip', host];
}

/** One message as MailDev's REST API returns it (the fields tests read). */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string; name: string }>;
  from: Array<{ address: string; name: string }>;
  headers: Record<string, string>;
}

export function mailClient(webUrl: string) {
  const api = async (method: string, route: string) => {
    const response = await fetch(`${webUrl}${route}`, { method });
    if (!response.ok) throw new Error(`MailDev ${method} ${route}: ${response.status}`);
    return response;
  };
  const all = async (): Promise<CaughtMail[]> =>
    (await (await api('GET', '/api/email')).json()) as CaughtMail[];
  return {
    all,
    /** The messages to one address. */
    async to(address: string): Promise<CaughtMail[]> {
      const lower = address.toLowerCase();
      return (await all()).filter((mail) =>
        mail.to.some((to) => to.address.toLowerCase() === lower),
      );
    },
    /** Waits until a message to `address` matches `predicate`; returns it. */
    async waitFor(
      address: string,
      predicate: (mail: CaughtMail) => boolean = () => true,
      timeoutMs = 30_000,
    ): Promise<CaughtMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await this.to(address)).find(predicate);
        if (found) return found;
        if (Date.now() > deadline) {
          const subjects = (await this.to(address)).map((mail) => mail.subject);
          throw new Error(
            `No matching mail to ${address} within ${timeoutMs} ms (got: ${JSON.stringify(subjects)})`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    async clear(): Promise<void> {
      await api('DELETE', '/api/email/all');
    },
  };
}

/** The first absolute link in a text that starts with `prefix` (a mail's plain-text part). */
export function linkIn(text: string, prefix: string): string {
  const found = text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!found) throw new Error(`No link starting with ${prefix} in:\n${text}`);
  return found;
}

/** A MailDev of its own for a test: stop() and start() again on the same ports (an outage). */
export async function startMailDev(ports: { smtp: number; web: number }) {
  let proc: ManagedProcess | undefined;
  /** Starts it unless it is running (a second one would lose the first, still listening). */
  const start = async () => {
    if (proc) return;
    proc = startProcess({
      name: 'maildev',
      command: MAILDEV_BIN,
      args: maildevArgs(ports),
      cwd: ROOT,
    });
    await Promise.all([waitForPort(ports.smtp, 20_000), waitForPort(ports.web, 20_000)]);
  };
  await start();
  const webUrl = `http://127.0.0.1:${ports.web}`;
  return {
    ports,
    webUrl,
    client: mailClient(webUrl),
    start,
    async stop() {
      await proc?.stop();
      proc = undefined;
    },
  };
}
