import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { adminAuth, firestore } from './admin';
import { runtimeEnv } from './params';
import { resolveWebhookSecret, resolveWebOrigin, stripeClient, type Env } from './stripe-client';

/**
 * Everything a handler needs from outside the code: the one way the functions' dependencies are
 * built. Every handler gets a fresh context from createContext() (through handlers/edge.ts) and
 * hands the parts it uses to the services, which name them by Pick<Context, ...> and never build
 * one themselves. Tests that replace a part (a slow Stripe client, another environment) call the
 * services with createContext({ ...overrides }): the same factory, the same defaults for the rest.
 *
 * A factory rather than module-level singletons, so a test can swap one part for one call
 * without touching process.env or other tests. What is expensive is still created once: the
 * Admin SDK app (lib/admin.ts) and the Stripe client (lib/stripe-client.ts, per
 * configuration) are cached where they are made, so a context costs a few property reads.
 *
 * The Stripe client, the webhook secret and the web origin are functions, resolved on first use:
 * only the calls that need them fail when they are not configured, and at the point where the
 * service turns that into its answer (stripe/stripe-errors.ts, stripe-events/webhook.ts).
 *
 * The logger is not part of it: `log` (lib/log.ts) is a stateless module every layer imports,
 * and tests collect its lines with vi.spyOn(log, ...). The layers: docs/architecture.md.
 */
export interface Context {
  /**
   * The settings (lib/params.ts: each param's value()) over process.env, where the secrets
   * arrive at run time; a test gives its own record instead.
   */
  env: Env;
  db: Firestore;
  auth: Auth;
  /** The Stripe client for `env` (throws PaymentsConfigError when Stripe is not configured). */
  stripe: () => Stripe;
  /** The webhook signing secret for `env` (throws PaymentsConfigError). */
  webhookSecret: () => string;
  /** The site a buyer returns to from Checkout, for `env` (throws PaymentsConfigError). */
  webOrigin: () => string;
  /** Milliseconds since the epoch. */
  now: () => number;
}

export function createContext(overrides: Partial<Context> = {}): Context {
  const env = overrides.env ?? runtimeEnv();
  return {
    env,
    db: overrides.db ?? firestore(),
    auth: overrides.auth ?? adminAuth(),
    stripe: overrides.stripe ?? (() => stripeClient(env)),
    webhookSecret: overrides.webhookSecret ?? (() => resolveWebhookSecret(env)),
    webOrigin: overrides.webOrigin ?? (() => resolveWebOrigin(env)),
    now: overrides.now ?? Date.now,
  };
}
