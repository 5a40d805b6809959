import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderCheckoutPage, renderMessagePage, type PageLink } from './hosted-page.js';
import { readBody, redirect, sendHtml } from './http-utils.js';
import type { SandboxState } from './sandbox-state.js';
import type { StoredSession } from './session-store.js';

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
    else sendHtml(res, 200, renderCheckoutPage(stored));
    return true;
  }
  if (req.method !== 'POST') return false;
  await readBody(req);
  const result = await state.pay(sessionId);
  switch (result.outcome) {
    case 'missing':
      sendMissing(res);
      break;
    case 'expired':
      sendExpired(res, result.stored);
      break;
    case 'already-paid':
      sendPaid(res, result.stored, 409);
      break;
    case 'paid': {
      const successUrl = result.stored.session.success_url;
      if (successUrl) redirect(res, successRedirectUrl(successUrl, sessionId));
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
