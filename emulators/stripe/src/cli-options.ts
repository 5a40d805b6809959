import type { StripeSandboxOptions } from './index.js';

export class CliUsageError extends Error {}

export const USAGE = `Usage: stripe-sandbox [--port 12111] [--host 127.0.0.1] [--public-url URL]
                      [--webhook-url URL] [--webhook-secret whsec_...] [--api-key sk_test_...]
                      [--invoice-will-be-due-days 3] [--invoice-overdue-days 1]
Environment: STRIPE_SANDBOX_PORT, STRIPE_SANDBOX_HOST, STRIPE_SANDBOX_PUBLIC_URL,
             STRIPE_WEBHOOK_URL, STRIPE_WEBHOOK_SECRET, STRIPE_SANDBOX_API_KEY,
             STRIPE_SANDBOX_INVOICE_WILL_BE_DUE_DAYS, STRIPE_SANDBOX_INVOICE_OVERDUE_DAYS
             (flags win).`;

const FLAGS = [
  'port',
  'host',
  'public-url',
  'webhook-url',
  'webhook-secret',
  'api-key',
  'invoice-will-be-due-days',
  'invoice-overdue-days',
] as const;
type Flag = (typeof FLAGS)[number];

function parsePort(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) > 65535) throw new CliUsageError(`Invalid port: ${text}`);
  return Number(text);
}

function parseDays(flag: string, text: string): number {
  if (!/^\d+$/.test(text) || Number(text) > 3650) {
    throw new CliUsageError(`Invalid --${flag}: ${text} (a whole number of days, 0 to 3650)`);
  }
  return Number(text);
}

/** Reads the CLI flags (`--port 1` or `--port=1`) over the environment variables. */
export function parseCliOptions(
  argv: ReadonlyArray<string>,
  env: Readonly<Record<string, string | undefined>>,
): StripeSandboxOptions {
  const flags = new Map<Flag, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) throw new CliUsageError(`Unexpected argument: ${arg}`);
    const eq = arg.indexOf('=');
    const name = (eq === -1 ? arg.slice(2) : arg.slice(2, eq)) as Flag;
    if (!FLAGS.includes(name)) throw new CliUsageError(`Unknown option: --${name}`);
    let value: string | undefined;
    if (eq === -1) {
      value = argv[i + 1];
      i += 1;
    } else {
      value = arg.slice(eq + 1);
    }
    if (value === undefined || value === '') throw new CliUsageError(`Missing value for --${name}`);
    flags.set(name, value);
  }
  const pick = (flag: Flag, envName: string): string | undefined =>
    flags.get(flag) ?? (env[envName] || undefined);
  const port = pick('port', 'STRIPE_SANDBOX_PORT');
  const host = pick('host', 'STRIPE_SANDBOX_HOST');
  const publicUrl = pick('public-url', 'STRIPE_SANDBOX_PUBLIC_URL');
  const webhookUrl = pick('webhook-url', 'STRIPE_WEBHOOK_URL');
  const webhookSecret = pick('webhook-secret', 'STRIPE_WEBHOOK_SECRET');
  const apiKey = pick('api-key', 'STRIPE_SANDBOX_API_KEY');
  const willBeDue = pick('invoice-will-be-due-days', 'STRIPE_SANDBOX_INVOICE_WILL_BE_DUE_DAYS');
  const overdue = pick('invoice-overdue-days', 'STRIPE_SANDBOX_INVOICE_OVERDUE_DAYS');
  return {
    ...(port !== undefined ? { port: parsePort(port) } : {}),
    ...(host !== undefined ? { host } : {}),
    ...(publicUrl !== undefined ? { publicUrl } : {}),
    ...(webhookUrl !== undefined ? { webhookUrl } : {}),
    ...(webhookSecret !== undefined ? { webhookSecret } : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(willBeDue !== undefined
      ? { willBeDueDays: parseDays('invoice-will-be-due-days', willBeDue) }
      : {}),
    ...(overdue !== undefined ? { overdueDays: parseDays('invoice-overdue-days', overdue) } : {}),
  };
}
