import { defineSecret } from 'firebase-functions/params';
import Stripe from 'stripe';

/**
 * Stripe configuration: the one place that decides which Stripe the functions talk to.
 *
 * Production (and any machine with a real Stripe key)
 *   firebase functions:secrets:set STRIPE_SECRET_KEY      # sk_live_... or sk_test_... from the dashboard
 *   firebase functions:secrets:set STRIPE_WEBHOOK_SECRET  # whsec_... of the webhook endpoint
 *   The webhook endpoint in the Stripe dashboard is the deployed `stripeWebhook` URL, listening to
 *   every event type in WEBHOOK_EVENT_TYPES (stripe-events/webhook.ts; docs/deploying.md lists them:
 *   checkout sessions, refunds, disputes, standing orders' invoices). WEB_ORIGIN (a param, lib/params.ts) is the site the buyer returns
 *   to; it defaults to https://<project id>.web.app.
 *
 * Local stack (`npm start`, the function tests): no real key is configured, and
 *   STRIPE_SANDBOX_URL=http://127.0.0.1:12111 selects the local Stripe sandbox (emulators/stripe)
 *   through the Stripe SDK's host/port/protocol settings; the API key is STRIPE_SANDBOX_KEY
 *   (default sk_test_local_sandbox) and STRIPE_WEBHOOK_SECRET is whsec_local_sandbox.
 *
 * Local stack against real Stripe test mode: put the keys in functions/.secret.local
 *   STRIPE_SECRET_KEY=sk_test_...
 *   STRIPE_WEBHOOK_SECRET=whsec_...   # printed by `stripe listen --forward-to <stripeWebhook URL>`
 *   A real key always wins over STRIPE_SANDBOX_URL. The sandbox is never used by a deployed
 *   function: there a missing key is an error, not a silent switch.
 */
export const stripeSecretKey = defineSecret('STRIPE_SECRET_KEY');
export const stripeWebhookSecret = defineSecret('STRIPE_WEBHOOK_SECRET');

const SANDBOX_API_KEY = 'sk_test_local_sandbox';
const SANDBOX_WEBHOOK_SECRET = 'whsec_local_sandbox';

type StripeTarget =
  | { kind: 'stripe'; apiKey: string }
  | { kind: 'sandbox'; apiKey: string; host: string; port: number; protocol: 'http' | 'https' };

/** The environment the configuration is read from (at run time, lib/params.ts runtimeEnv()). */
export type Env = Readonly<Record<string, string | undefined>>;

export class PaymentsConfigError extends Error {
  override name = 'PaymentsConfigError';
}

/** True in a deployed function (Cloud Run sets K_SERVICE; the emulator sets FUNCTIONS_EMULATOR). */
function isDeployed(env: Env): boolean {
  return !!env.K_SERVICE && env.FUNCTIONS_EMULATOR !== 'true';
}

/** A configured key that is not the sandbox's placeholder. */
function realKey(env: Env): string | undefined {
  const key = env.STRIPE_SECRET_KEY?.trim();
  return key && key !== SANDBOX_API_KEY ? key : undefined;
}

/** Which Stripe to use, from the environment (secrets are environment variables at run time). */
export function resolveStripeTarget(env: Env): StripeTarget {
  const key = realKey(env);
  if (key) return { kind: 'stripe', apiKey: key };
  const sandbox = env.STRIPE_SANDBOX_URL?.trim();
  if (sandbox && !isDeployed(env)) {
    let url: URL;
    try {
      url = new URL(sandbox);
    } catch {
      throw new PaymentsConfigError(`STRIPE_SANDBOX_URL is not a URL: ${sandbox}`);
    }
    const protocol = url.protocol === 'https:' ? 'https' : 'http';
    return {
      kind: 'sandbox',
      apiKey: env.STRIPE_SANDBOX_KEY?.trim() || SANDBOX_API_KEY,
      host: url.hostname,
      port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
      protocol,
    };
  }
  throw new PaymentsConfigError(
    'Stripe is not configured: set the STRIPE_SECRET_KEY secret (or STRIPE_SANDBOX_URL on the local stack).',
  );
}

/**
 * The webhook signing secret: the secret, or the sandbox's when the sandbox is in use. The
 * sandbox's secret is public (it is in this repository), so anyone could sign a fake
 * "checkout.session.completed" with it and have an unpaid order marked paid: it is refused in a
 * deployed function and next to a real Stripe key (a secret file where only the key was replaced).
 */
export function resolveWebhookSecret(env: Env): string {
  const secret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (secret === SANDBOX_WEBHOOK_SECRET && (isDeployed(env) || realKey(env))) {
    throw new PaymentsConfigError(
      'STRIPE_WEBHOOK_SECRET is the local sandbox secret; set the whsec_... of your Stripe webhook endpoint.',
    );
  }
  if (secret) return secret;
  if (resolveStripeTarget(env).kind === 'sandbox') return SANDBOX_WEBHOOK_SECRET;
  throw new PaymentsConfigError('STRIPE_WEBHOOK_SECRET is not configured.');
}

/** Where the buyer returns after Checkout: WEB_ORIGIN, else the project's Hosting domain. */
export function resolveWebOrigin(env: Env): string {
  const configured = env.WEB_ORIGIN?.trim();
  const project = env.GCLOUD_PROJECT ?? env.GCP_PROJECT;
  const origin = configured || (project ? `https://${project}.web.app` : '');
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new PaymentsConfigError('WEB_ORIGIN is not configured.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new PaymentsConfigError(`WEB_ORIGIN must be http(s): ${origin}`);
  }
  return url.origin;
}

function createStripeClient(target: StripeTarget): Stripe {
  const common = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'wholesale-portal' } };
  if (target.kind === 'stripe') return new Stripe(target.apiKey, common);
  return new Stripe(target.apiKey, {
    ...common,
    host: target.host,
    port: target.port,
    protocol: target.protocol,
  });
}

let cached: { signature: string; client: Stripe } | undefined;

/** The Stripe client for `env`, created once per configuration (lib/context.ts asks for it). */
export function stripeClient(env: Env): Stripe {
  const target = resolveStripeTarget(env);
  const signature = JSON.stringify(target);
  if (cached?.signature !== signature) cached = { signature, client: createStripeClient(target) };
  return cached.client;
}

/**
 * STRIPE_TEST_CLOCKS=per-customer (the local stack and tests): each new Stripe Customer gets its
 * own test clock, so a standing order's renewals can be brought forward by advancing that clock
 * (Stripe's test clocks; scripts/advance-clock.ts). Never with a live key.
 */
export function useTestClocks(env: Env): boolean {
  if (env.STRIPE_TEST_CLOCKS?.trim() !== 'per-customer') return false;
  return !realKey(env)?.startsWith('sk_live') && !realKey(env)?.startsWith('rk_live');
}
