import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  renderCheckoutPage,
  renderMessagePage,
  type CheckoutFormState,
  type PageLink,
} from './hosted-page.js';
import { readBody, redirect, sendHtml, sendJson } from '../server/http-utils.js';
import type { SandboxState } from '../server/sandbox-state.js';
import type { StoredSession } from '../checkout/session-store.js';

/** success_url with Stripe's `{CHECKOUT_SESSION_ID}` template variable filled in. */
export function successRedirectUrl(successUrl: string, sessionId: string): string {
  return successUrl.replaceAll('{CHECKOUT_SESSION_ID}', sessionId);
}

function continueLink(stored: StoredSession): PageLink | undefined {
  return stored.session.success_url
    ? {
        href: successRedirectUrl(stored.session.success_url, stored.session.id),
        label: 'Return to the store',
      }
    : undefined;
}

function backLink(stored: StoredSession): PageLink | undefined {
  return stored.session.cancel_url
    ? { href: stored.session.cancel_url, label: 'Back to the store' }
    : undefined;
}

function sendPaid(res: ServerResponse, stored: StoredSession, status: number): void {
  sendHtml(
    res,
    status,
    renderMessagePage(
      'Already paid',
      'This checkout session has already been paid. You have not been charged again.',
      continueLink(stored),
    ),
  );
}

function sendExpired(res: ServerResponse, stored: StoredSession): void {
  sendHtml(
    res,
    410,
    renderMessagePage(
      'Session expired',
      'This checkout session has expired and can no longer be paid. Start checkout again from the store.',
      backLink(stored),
    ),
  );
}

function sendMissing(res: ServerResponse): void {
  sendHtml(
    res,
    404,
    renderMessagePage('Checkout not found', 'There is no checkout session at this address.'),
  );
}

/**
 * The form as first shown: the session customer's saved ship-to (else their name and phone),
 * and the first allowed country.
 */
function initialForm(state: SandboxState, stored: StoredSession): CheckoutFormState {
  const { session } = stored;
  const customer = session.customer ? state.customers.get(String(session.customer)) : undefined;
  const saved = customer?.shipping;
  const address = saved?.address;
  const allowed = session.shipping_address_collection?.allowed_countries ?? [];
  const savedCountry = address?.country ?? '';
  return {
    method: 'card',
    errors: {},
    values: {
      name: saved?.name ?? customer?.name ?? '',
      line1: address?.line1 ?? '',
      line2: address?.line2 ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      postal_code: address?.postal_code ?? '',
      country: allowed.some((c) => c === savedCountry) ? savedCountry : (allowed[0] ?? ''),
      phone: saved?.phone ?? customer?.phone ?? '',
    },
  };
}

const FORM_FIELDS = [
  'name',
  'line1',
  'line2',
  'city',
  'state',
  'postal_code',
  'country',
  'phone',
] as const;

function readForm(body: string): CheckoutFormState {
  const form = new URLSearchParams(body);
  const values: CheckoutFormState['values'] = {};
  for (const key of FORM_FIELDS) {
    const value = form.get(key);
    if (value !== null) values[key] = value.slice(0, 500);
  }
  const shippingRate = form.get('shipping_rate')?.slice(0, 100);
  return {
    values,
    method: form.get('method') === 'delayed' ? 'delayed' : 'card',
    ...(shippingRate ? { shippingRate } : {}),
    errors: {},
  };
}

/** The button pressed: Pay (the default), or "Update tax for this address" / "Update total". */
function readIntent(body: string): 'pay' | 'update' {
  const intent = new URLSearchParams(body).get('intent');
  return intent === 'update-tax' || intent === 'update-total' ? 'update' : 'pay';
}

/** The `outcome` of a settle request (form or JSON): `succeeded`, `failed`, or null. */
export function readSettleOutcome(body: string): 'succeeded' | 'failed' | null {
  let outcome: string | null;
  try {
    outcome = body.trimStart().startsWith('{')
      ? String((JSON.parse(body) as { outcome?: unknown }).outcome ?? '')
      : new URLSearchParams(body).get('outcome');
  } catch {
    outcome = null;
  }
  return outcome === 'succeeded' || outcome === 'failed' ? outcome : null;
}

/** A settle endpoint's refusal: `{ error: { type: 'invalid_request_error', message, param? } }`. */
export function sendSettleError(
  res: ServerResponse,
  status: number,
  message: string,
  param?: string,
): void {
  sendJson(
    res,
    status,
    JSON.stringify({
      error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) },
    }),
  );
}

/**
 * `POST /_sandbox/checkout/sessions/:id/settle` with `outcome=succeeded|failed` (form or JSON):
 * settles a delayed payment, as the bank would, for browser tests. Returns false for other paths.
 */
export async function handleSettleRequest(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const match = /^\/_sandbox\/checkout\/sessions\/([A-Za-z0-9_]+)\/settle$/.exec(url.pathname);
  if (!match || req.method !== 'POST') return false;
  const outcome = readSettleOutcome(await readBody(req));
  const sessionId = match[1] as string;
  const fail = (status: number, message: string, param?: string) =>
    sendSettleError(res, status, message, param);
  if (outcome === null) {
    fail(400, 'outcome must be succeeded or failed.', 'outcome');
    return true;
  }
  const result = await state.settle(sessionId, outcome);
  if (result.outcome === 'missing') {
    fail(404, `No such checkout.session: '${sessionId}'`);
  } else if (result.outcome === 'not-awaiting') {
    fail(
      409,
      `Checkout session ${sessionId} has no delayed payment waiting to settle (it was paid by card, already settled, or not paid yet).`,
    );
  } else {
    sendJson(res, 200, JSON.stringify(result.stored.session));
  }
  return true;
}

/** Serves `GET /checkout/:id` and `POST /checkout/:id/pay`. Returns false for other paths. */
export async function handleCheckoutPage(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const match = /^\/checkout\/([A-Za-z0-9_]+)(\/pay)?$/.exec(url.pathname);
  if (!match) return false;
  const sessionId = match[1] as string;
  if (match[2] === undefined) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const stored = state.store.get(sessionId);
    if (!stored) sendMissing(res);
    else if (stored.session.status === 'complete') sendPaid(res, stored, 200);
    else if (stored.session.status === 'expired') sendExpired(res, stored);
    else sendHtml(res, 200, renderCheckoutPage(stored, initialForm(state, stored)));
    return true;
  }
  if (req.method !== 'POST') return false;
  const body = await readBody(req);
  const form = readForm(body);
  if (readIntent(body) === 'update') {
    const preview = state.updateTotals(sessionId, form.values, form.shippingRate);
    if (preview.outcome === 'missing') sendMissing(res);
    else if (preview.outcome === 'expired') sendExpired(res, preview.stored);
    else if (preview.outcome === 'already-paid') sendPaid(res, preview.stored, 409);
    else if (preview.outcome === 'invalid')
      sendHtml(res, 400, renderCheckoutPage(preview.stored, { ...form, errors: preview.errors }));
    else sendHtml(res, 200, renderCheckoutPage(preview.stored, form));
    return true;
  }
  const result = await state.pay(sessionId, {
    form: form.values,
    delayed: form.method === 'delayed',
    ...(form.shippingRate ? { shippingRate: form.shippingRate } : {}),
  });
  switch (result.outcome) {
    case 'invalid':
      sendHtml(res, 400, renderCheckoutPage(result.stored, { ...form, errors: result.errors }));
      break;
    case 'missing':
      sendMissing(res);
      break;
    case 'expired':
      sendExpired(res, result.stored);
      break;
    case 'already-paid':
      sendPaid(res, result.stored, 409);
      break;
    case 'method-unavailable':
      sendHtml(
        res,
        400,
        renderMessagePage(
          'Payment method not available',
          'Bank transfer is not offered for a subscription; pay by card. Nothing was charged.',
          { href: `/checkout/${encodeURIComponent(sessionId)}`, label: 'Back to checkout' },
        ),
      );
      break;
    case 'paid': {
      const successUrl = result.stored.session.success_url;
      if (successUrl) redirect(res, successRedirectUrl(successUrl, sessionId));
      else if (result.delayed)
        sendHtml(
          res,
          200,
          renderMessagePage(
            'Payment processing',
            'Thank you. Your bank transfer is on its way; the order is paid once it settles.',
          ),
        );
      else
        sendHtml(
          res,
          200,
          renderMessagePage('Payment complete', 'Thank you. Your test payment succeeded.'),
        );
      break;
    }
  }
  return true;
}
