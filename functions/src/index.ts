/**
 * Wires triggers only. Handlers are plain exported functions in src/handlers, tested directly
 * against the local stack. Each issue adds its exports here.
 */
import { onCall, onRequest } from 'firebase-functions/v2/https';
import { createCheckoutSessionHandler } from './handlers/create-checkout-session';
import { setProfileStatusHandler } from './handlers/set-profile-status';
import { stripeWebhookHandler } from './handlers/stripe-webhook';
import { updateOrderStatusHandler } from './handlers/update-order-status';
import { verifyPaymentHandler } from './handlers/verify-payment';
import { stripeSecretKey, stripeWebhookSecret } from './payments/stripe-client';

// Accounts and access (issue 5): managers approve or reject applicants (custom claims).
export const setProfileStatus = onCall(setProfileStatusHandler);

// Checkout and orders (issue 6). Secrets and the local Stripe sandbox: functions/README.md.
export const createCheckoutSession = onCall(
  { secrets: [stripeSecretKey] },
  createCheckoutSessionHandler,
);
export const verifyPayment = onCall({ secrets: [stripeSecretKey] }, verifyPaymentHandler);
export const updateOrderStatus = onCall({ secrets: [stripeSecretKey] }, updateOrderStatusHandler);
export const stripeWebhook = onRequest(
  { secrets: [stripeSecretKey, stripeWebhookSecret] },
  stripeWebhookHandler,
);
