/** The local Stripe sandbox's hosted checkout page, as a buyer fills it in. */
import Stripe from 'stripe';
import type { Page } from 'playwright-core';
import type { StackInfo } from './provided';
import { at, see } from './ui';

export interface E2eShipTo {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

/**
 * The ship-to the journeys type at Checkout: in Oregon, which has no sales tax, so journeys about
 * other things see the prices they expect (the tax journey ships to California and Nevada).
 */
export const E2E_SHIP_TO: E2eShipTo = {
  name: 'Sam Rivera',
  line1: '1120 SW 5th Ave',
  line2: 'Suite 2',
  city: 'Portland',
  state: 'OR',
  zip: '97204',
  phone: '(503) 555-0123',
};

/** Waits for the sandbox page after Proceed to Checkout or Buy Now. */
export async function onStripePage(page: Page, stack: StackInfo): Promise<string> {
  await page.waitForURL((url) => url.origin === new URL(stack.urls.stripe).origin, {
    waitUntil: 'load',
  });
  await see(page.getByRole('heading', { name: 'Checkout' }));
  const id = /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(page.url())?.[1];
  if (!id) throw new Error(`no session id in ${page.url()}`);
  return id;
}

/** Types the ship-to and phone into the page's labelled fields. */
export async function fillShipTo(page: Page, shipTo: E2eShipTo = E2E_SHIP_TO): Promise<void> {
  await page.getByLabel('Full name').fill(shipTo.name);
  await page.getByLabel('Address line 1').fill(shipTo.line1);
  await page.getByLabel('Address line 2').fill(shipTo.line2 ?? '');
  await page.getByLabel('City').fill(shipTo.city);
  await page.getByLabel('State').selectOption(shipTo.state);
  await page.getByLabel('ZIP code').fill(shipTo.zip);
  await page.getByLabel('Phone').fill(shipTo.phone);
}

/** Closes a session as Stripe does when it expires (the API's expire call, with the sandbox key). */
export async function expireSession(stack: StackInfo, sessionId: string): Promise<void> {
  const response = await fetch(`${stack.urls.stripe}/v1/checkout/sessions/${sessionId}/expire`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_local_sandbox' },
  });
  if (!response.ok)
    throw new Error(`expire ${sessionId}: ${response.status} ${await response.text()}`);
}

/** The real Stripe SDK pointed at the stack's sandbox (its secret key). */
export function sandboxStripe(stack: StackInfo): Stripe {
  const url = new URL(stack.urls.stripe);
  return new Stripe('sk_test_local_sandbox', {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
}

/**
 * A signed-in buyer pays their whole cart by card: the cart, Proceed to Checkout, the sandbox
 * page with the journeys' ship-to, Pay, the success page. Answers the order's id (the session's
 * client_reference_id); the order becomes paid when the webhook has come.
 */
export async function payCart(page: Page, stack: StackInfo, timeout = 60_000): Promise<string> {
  await page.goto('/portal/cart');
  await see(page.getByRole('heading', { name: 'Order Summary' }), timeout);
  await page.getByRole('button', { name: /Proceed to Checkout/ }).click();
  const sessionId = await onStripePage(page, stack);
  await fillShipTo(page);
  await page.getByRole('button', { name: 'Pay' }).click();
  await at(page, '/payment-success', timeout);
  const session = await sandboxStripe(stack).checkout.sessions.retrieve(sessionId);
  if (!session.client_reference_id) throw new Error(`session ${sessionId} names no order`);
  return session.client_reference_id;
}
