/**
 * What a buyer does on the Stripe sandbox's hosted checkout page, without a browser: the page's
 * own form POST (`/checkout/{id}/pay`, the ship-to in Oregon, which has no sales tax), by card or
 * by bank transfer (a delayed payment, settled later through the sandbox's settle route, as the
 * bank would); and the expiry of a session through the Stripe API, as the portal's sweep or the
 * hold's end does. emulators/stripe/README.md describes each route.
 */
import { STRIPE_SANDBOX_KEY, type RunningStack } from '../stack';

type Urls = RunningStack['urls'];

const SHIP_TO = {
  name: 'Load Test Receiving',
  line1: '1120 SW 5th Ave',
  line2: '',
  city: 'Portland',
  state: 'OR',
  postal_code: '97204',
  country: 'US',
  phone: '(503) 555-0123',
};

export function sessionIdOf(url: string): string {
  const id = /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(url)?.[1];
  if (!id) throw new Error(`no Checkout Session id in ${url}`);
  return id;
}

export type PayResult = 'paid' | 'already-paid';

/** Presses Pay on the hosted page; resolves once the sandbox answers (its first webhook attempt made). */
export async function payOnHostedPage(
  urls: Urls,
  sessionId: string,
  method: 'card' | 'delayed',
  signal: AbortSignal,
): Promise<PayResult> {
  const response = await fetch(`${urls.stripe}/checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...SHIP_TO, method }).toString(),
    redirect: 'manual',
    signal,
  });
  await response.arrayBuffer();
  if (response.status === 303) return 'paid';
  if (response.status === 409) return 'already-paid';
  throw new Error(`paying ${sessionId}: HTTP ${response.status}`);
}

/** The bank settles a delayed payment: checkout.session.async_payment_succeeded. */
export async function settleBankTransfer(
  urls: Urls,
  sessionId: string,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(`${urls.stripe}/_sandbox/checkout/sessions/${sessionId}/settle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'succeeded' }),
    signal,
  });
  if (!response.ok)
    throw new Error(`settling ${sessionId}: HTTP ${response.status} ${await response.text()}`);
}

/** Expires an open session (POST /v1/checkout/sessions/{id}/expire): checkout.session.expired. */
export async function expireSession(
  urls: Urls,
  sessionId: string,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(`${urls.stripe}/v1/checkout/sessions/${sessionId}/expire`, {
    method: 'POST',
    headers: { authorization: `Bearer ${STRIPE_SANDBOX_KEY}` },
    signal,
  });
  if (!response.ok)
    throw new Error(`expiring ${sessionId}: HTTP ${response.status} ${await response.text()}`);
}
