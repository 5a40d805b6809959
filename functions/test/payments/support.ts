import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Timestamp } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/v2/https';
import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox } from '@portal/stripe-sandbox';
import {
  COLLECTIONS,
  paths,
  type BuyerRole,
  type CompanyRole,
  type ProfileStatus,
  type Role,
} from '@portal/domain';
import { vi } from 'vitest';
import { adminAuth, firestore } from '../../src/lib/admin';
import { log } from '../../src/lib/log';
import { stripeWebhookHandler } from '../../src/handlers/stripe-webhook';
import { buyerClaims, writeBuyer, writeMember } from '../company-fixtures';

export const WEBHOOK_SECRET = 'whsec_local_sandbox';
export const SANDBOX_KEY = 'sk_test_local_sandbox';
const PASSWORD = 'test-pass-1234';
/** The password of every createUser/createMember account (for a client SDK sign-in). */
export const TEST_USER_PASSWORD = PASSWORD;

export type TestRequest = Pick<CallableRequest, 'auth' | 'data'>;

export interface TestUser {
  uid: string;
  email: string;
  role: Role;
  /** A callable request as the Functions runtime builds it from this user's verified ID token. */
  request(data?: unknown): TestRequest;
}

/** Signs in through the Auth emulator's REST API and verifies the ID token with the Admin SDK. */
async function signIn(email: string, password: string) {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set (global setup)');
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!response.ok)
    throw new Error(`sign-in failed for ${email}: ${response.status} ${await response.text()}`);
  const { idToken } = (await response.json()) as { idToken: string };
  return adminAuth().verifyIdToken(idToken);
}

function asUser(token: Awaited<ReturnType<typeof signIn>>, role: Role): TestUser {
  return {
    uid: token.uid,
    email: token.email ?? '',
    role,
    request: (data: unknown = {}) => ({ auth: { uid: token.uid, token, rawToken: 'test' }, data }),
  };
}

/**
 * A new account in the Auth emulator with claims and a profile document, signed in: each test
 * gets its own buyer, so carts and orders never collide between tests.
 */
export async function createUser(
  role: Role,
  status: ProfileStatus = 'approved',
): Promise<TestUser> {
  const uid = `t-${role}-${randomUUID().slice(0, 8)}`;
  const email = `${uid}@payments.test`;
  await adminAuth().createUser({ uid, email, password: PASSWORD });
  await adminAuth().setCustomUserClaims(uid, buyerClaims(uid, role, status));
  await writeBuyer(firestore(), uid, {
    role,
    status,
    fullName: `Test ${role}`,
    storeName: `Store of ${uid}`,
  });
  return asUser(await signIn(email, PASSWORD), role);
}

/**
 * Another member of an existing company (its id: the owner's uid for createUser's), signed in
 * with the claims the functions give a member: the company's type and status, the company and
 * their role in it. A buyer orders for `locationIds` only.
 */
export async function createMember(
  companyId: string,
  companyRole: CompanyRole,
  locationIds: string[] = [],
): Promise<TestUser> {
  const uid = `t-${companyRole}-${randomUUID().slice(0, 8)}`;
  const email = `${uid}@payments.test`;
  await adminAuth().createUser({ uid, email, password: PASSWORD });
  const claims = await writeMember(firestore(), uid, {
    companyId,
    companyRole,
    locationIds,
    fullName: `Member ${uid}`,
  });
  await adminAuth().setCustomUserClaims(uid, claims);
  return asUser(await signIn(email, PASSWORD), claims.role);
}

/** A demo account from emulator-data (password demo1234). */
export async function demoUser(email: string, role: Role): Promise<TestUser> {
  return asUser(await signIn(email, 'demo1234'), role);
}

export async function setCart(
  uid: string,
  lines: Record<string, number | Record<string, unknown>>,
) {
  const db = firestore();
  const existing = await db.collection(paths.cartItems(uid)).get();
  const batch = db.batch();
  existing.docs.forEach((doc) => batch.delete(doc.ref));
  for (const [productId, line] of Object.entries(lines)) {
    const fields = typeof line === 'number' ? { quantity: line } : line;
    batch.set(db.doc(paths.cartItem(uid, productId)), {
      product_id: productId,
      updated_at: Timestamp.now(),
      ...fields,
    });
  }
  await batch.commit();
}

export async function cartOf(uid: string): Promise<Record<string, number>> {
  const snap = await firestore().collection(paths.cartItems(uid)).get();
  return Object.fromEntries(snap.docs.map((doc) => [doc.id, doc.get('quantity') as number]));
}

export async function orderOf(orderId: string) {
  const snap = await firestore().collection(COLLECTIONS.orders).doc(orderId).get();
  if (!snap.exists) throw new Error(`order ${orderId} missing`);
  return snap.data() as {
    user_id: string;
    store_name: string;
    status: string;
    amount: number;
    currency: string;
    payment_type: string;
    stripe_session_id: string | null;
    paid_at: Timestamp | null;
    created_at: Timestamp;
    source: string;
    cart_fingerprint: string;
    items: Array<{
      product_id: string;
      name: string;
      unit_amount: number;
      quantity: number;
      line_total: number;
    }>;
    status_history: Array<{ status: string; at: Timestamp; by: string }>;
    stripe_payment_intent_id: string | null;
    seller_permit_id: string;
    ship_to: {
      name: string;
      phone: string;
      address: Record<string, string>;
    } | null;
    invoice_number: string | null;
    shipment: { carrier: string; tracking_number: string; shipped_at: Timestamp } | null;
    refunds: Array<{
      refund_id: string;
      amount: number;
      customer_note: string;
      reason?: string;
      by: string;
    }>;
    refunded_amount: number;
  };
}

export async function checkoutOf(checkoutId: string) {
  const snap = await firestore().collection(COLLECTIONS.checkouts).doc(checkoutId).get();
  if (!snap.exists) throw new Error(`checkout ${checkoutId} missing`);
  return snap.data() as {
    user_id: string;
    store_name: string;
    seller_permit_id: string;
    state: string;
    amount: number;
    currency: string;
    stripe_session_id: string | null;
    created_at: Timestamp;
    source: string;
    cart_fingerprint: string;
    items: Array<{
      product_id: string;
      name: string;
      unit_amount: number;
      quantity: number;
      line_total: number;
    }>;
  };
}

export async function checkoutsOfUser(uid: string) {
  const snap = await firestore()
    .collection(COLLECTIONS.checkouts)
    .where('user_id', '==', uid)
    .get();
  return snap.docs;
}

export async function orderExists(orderId: string): Promise<boolean> {
  return (await firestore().collection(COLLECTIONS.orders).doc(orderId).get()).exists;
}

export async function ordersOfUser(uid: string) {
  const snap = await firestore().collection(COLLECTIONS.orders).where('user_id', '==', uid).get();
  return snap.docs;
}

export function buyerRole(user: TestUser): BuyerRole {
  if (user.role === 'manager') throw new Error('not a buyer');
  return user.role;
}

/** The portal's webhook handler behind a real HTTP server, as Stripe (the sandbox) reaches it. */
export interface WebhookEndpoint {
  url: string;
  /** 'process' runs the handler; 'hold' keeps the body and answers 503 without processing. */
  mode: 'process' | 'hold';
  /** Every raw body received, in order. */
  bodies: string[];
  /** Every status answered. */
  statuses: number[];
  close(): Promise<void>;
}

export async function startWebhookEndpoint(): Promise<WebhookEndpoint> {
  const endpoint: WebhookEndpoint = {
    url: '',
    mode: 'process',
    bodies: [],
    statuses: [],
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      endpoint.bodies.push(rawBody.toString('utf8'));
      const reply = (status: number, body: unknown) => {
        endpoint.statuses.push(status);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      if (endpoint.mode === 'hold') {
        reply(503, { held: true });
        return;
      }
      const shim = { status: (code: number) => ({ json: (body: unknown) => reply(code, body) }) };
      stripeWebhookHandler(
        { method: req.method ?? 'GET', headers: req.headers, rawBody },
        shim,
      ).catch((error: unknown) => reply(599, { error: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stripeWebhook`;
  endpoint.close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  return endpoint;
}

/** POSTs a raw body to the endpoint, signed now with the sandbox secret (or the given header). */
export async function postWebhook(url: string, body: string, signature?: string) {
  const header =
    signature ??
    Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * An in-process Stripe sandbox (own free port) delivering webhooks to an in-process endpoint, and
 * the functions pointed at it through STRIPE_SANDBOX_URL (each test file runs in its own worker).
 */
export async function startPaymentsHarness() {
  // Structured log lines are collected (and asserted on) instead of filling the test output.
  const logs: Array<{
    level: 'info' | 'warn' | 'error';
    event: string;
    fields: Record<string, unknown>;
  }> = [];
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation((event, fields = {}) => {
      logs.push({ level, event, fields });
    });
  }
  const endpoint = await startWebhookEndpoint();
  const sandbox: StripeSandbox = await startStripeSandbox({
    port: 0,
    webhookUrl: endpoint.url,
    webhookSecret: WEBHOOK_SECRET,
    apiKey: SANDBOX_KEY,
    retry: { attempts: 3, baseDelayMs: 20 },
  });
  process.env.STRIPE_SANDBOX_URL = sandbox.url;
  process.env.STRIPE_SANDBOX_KEY = SANDBOX_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  delete process.env.STRIPE_SECRET_KEY;
  const url = new URL(sandbox.url);
  const stripe = new Stripe(SANDBOX_KEY, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
  return {
    sandbox,
    endpoint,
    stripe,
    logs,
    async stop() {
      await sandbox.stop();
      await endpoint.close();
    },
  };
}

export function sessionIdOf(url: string): string {
  const id = /\/(cs_[A-Za-z0-9_]+)/.exec(url)?.[1];
  if (!id) throw new Error(`no session id in ${url}`);
  return id;
}

/**
 * The ship-to the tests type on the sandbox's checkout page (as the order stores it). In Oregon,
 * which has no sales tax: the payment tests are not about tax (functions/test/tax is).
 */
export const PAY_SHIP_TO = {
  name: 'Sam Rivera',
  phone: '+15035550123',
  address: {
    line1: '1120 SW 5th Ave',
    line2: 'Suite 2',
    city: 'Portland',
    state: 'OR',
    postal_code: '97204',
    country: 'US',
  },
};

/** Pays a session in the sandbox with PAY_SHIP_TO, by card or (delayed) by bank transfer. */
export async function payWithShipTo(
  sandbox: StripeSandbox,
  sessionId: string,
  options: { delayed?: boolean } = {},
) {
  await sandbox.pay(sessionId, {
    shipping: { name: PAY_SHIP_TO.name, address: PAY_SHIP_TO.address },
    phone: PAY_SHIP_TO.phone,
    ...(options.delayed ? { delayed: true } : {}),
  });
}

/** The next invoice sequence number (counters/invoices), 1 before the first invoice. */
export async function invoiceCounter(): Promise<number> {
  const next: unknown = (await firestore().doc(paths.invoiceCounter()).get()).get('next');
  return typeof next === 'number' ? next : 1;
}
