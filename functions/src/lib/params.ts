import { defineInt, defineString, expr, projectID } from 'firebase-functions/params';
import { BRAND, MAIL_RETRY_DELAYS_MS } from '@portal/domain';
import type { Env } from './stripe-client';

/**
 * Every plain setting of the functions, declared as a firebase-functions param: `firebase deploy`
 * reads each from functions/.env and functions/.env.<project>, asks for any that is missing (its
 * default offered, if it has one) and writes the answer to functions/.env.<project>; a deployed
 * function gets them as environment variables. docs/deploying.md, section 3.
 *
 * At run time the context factory (lib/context.ts) reads them through `runtimeEnv()`: each param's
 * value() over process.env, so the services keep reading one `Env` record, and a test hands them
 * its own record instead.
 *
 * Secrets are not here: they are defineSecret values next to the code that needs them
 * (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET in lib/stripe-client.ts, SMTP_PASSWORD in
 * mail/config.ts). Nor are the variables the platform sets (PLATFORM_ENV) or the local stack's own
 * wiring, which a deployed function never has (LOCAL_STACK_ENV). functions/test/params.test.ts
 * checks that every variable the functions read is one of the three.
 */

/** Where Stripe Checkout returns buyers to, and the links in mails. */
export const webOrigin = defineString('WEB_ORIGIN', {
  default: expr`https://${projectID}.web.app`,
  description: "The portal's address (the links in mails, Stripe Checkout's return).",
});

/** The SMTP server every mail goes through: required, there is no sensible default. */
export const smtpHost = defineString('SMTP_HOST', {
  description: 'The SMTP server the functions send mail through (e.g. smtp.postmarkapp.com).',
  input: { text: { nonEmpty: true } },
});

export const SMTP_PORT_DEFAULT = 587;

export const smtpPort = defineInt('SMTP_PORT', {
  default: SMTP_PORT_DEFAULT,
  description: 'The SMTP port: 587 (STARTTLS when offered) or 465 (implicit TLS).',
});

export const smtpUser = defineString('SMTP_USER', {
  default: '',
  description:
    'The SMTP login (empty: the server takes no login). Its password is the secret SMTP_PASSWORD.',
});

export const mailFrom = defineString('MAIL_FROM', {
  default: expr`${BRAND.name} <no-reply@${smtpHost}>`,
  description:
    'The From address of every mail; use a domain with SPF and DKIM set up for the SMTP service.',
});

export const mailContact = defineString('MAIL_CONTACT', {
  default: BRAND.supportEmail,
  description: 'The address mails give for questions.',
});

export const mailRetryDelaysMs = defineString('MAIL_RETRY_DELAYS_MS', {
  default: MAIL_RETRY_DELAYS_MS.join(','),
  description: 'The waits between the six attempts at a mail, in milliseconds, comma-separated.',
});

/**
 * The most instances any one function may run at once. Ten handle far more checkouts and webhook
 * deliveries than a small wholesale business sees, and bound the cost of a spike or a retry loop.
 */
export const MAX_INSTANCES_DEFAULT = 10;

export const maxInstances = defineInt('FUNCTIONS_MAX_INSTANCES', {
  default: MAX_INSTANCES_DEFAULT,
  description: 'Most instances of each function at once',
});

/** The plain settings, in the order firebase deploy asks for them. */
export const SETTINGS = [
  webOrigin,
  smtpHost,
  smtpPort,
  smtpUser,
  mailFrom,
  mailContact,
  mailRetryDelaysMs,
  maxInstances,
] as const;

/** Whether these functions run in the local Functions emulator (never true when deployed). */
export const inFunctionsEmulator = (): boolean => process.env.FUNCTIONS_EMULATOR === 'true';

/** Set by Cloud Functions / Cloud Run, or by the Functions emulator. */
export const PLATFORM_ENV = [
  'GCLOUD_PROJECT',
  'GCP_PROJECT',
  'K_SERVICE',
  'FUNCTIONS_EMULATOR',
  // Set by the Functions emulator when the Storage emulator runs (never in production).
  'FIREBASE_STORAGE_EMULATOR_HOST',
] as const;

/**
 * The local stack's own wiring (scripts/lib/stack.ts): the Stripe sandbox, per-customer test
 * clocks and the App Check debug token. A deployed function never has them, and refuses or
 * ignores them (lib/stripe-client.ts, lib/app-check.ts): they are not deploy settings.
 */
export const LOCAL_STACK_ENV = [
  'STRIPE_SANDBOX_URL',
  'STRIPE_SANDBOX_KEY',
  'STRIPE_TEST_CLOCKS',
  'APP_CHECK_DEBUG_TOKEN',
] as const;

/**
 * The environment the functions read at run time: process.env with each setting's value() over
 * it (a setting with no value, '' or 0, leaves the services' own fallback to apply).
 */
export function runtimeEnv(): Env {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const param of SETTINGS) {
    const value: string | number = param.value();
    if (value !== '' && value !== 0) env[param.name] = String(value);
  }
  return env;
}
