/**
 * What a buyer's browser sends, over plain HTTP against the local stack: the sign-in (the Auth
 * emulator's REST API, as the Firebase Auth SDK), the cart's write (one batched commit as the
 * web app's addManyToCart makes it: a merge with increment and the server time, under
 * firestore.rules) and a callable (the Functions emulator's callable protocol, with the ID token,
 * an App Check token from the stack's exchange, and the buyer's own address in X-Forwarded-For,
 * which the per-IP rate limits count by: functions/src/lib/client-ip.ts).
 */
import { PROJECT_ID, type RunningStack } from '../stack';

type Urls = RunningStack['urls'];

/** The web app id the App Check exchange issues the token for (any app id of this project). */
const LOAD_APP_ID = '1:000000000000:web:load';

export interface SignedInBuyer {
  uid: string;
  idToken: string;
  /** The buyer's own address (X-Forwarded-For). */
  ip: string;
}

/** The callable's error as the protocol reports it (HttpsError: status, message, details). */
export interface CallableFailure {
  kind: 'failed';
  http: number;
  status: string;
  message: string;
  details: unknown;
}

export type CallableAnswer<T> = { kind: 'ok'; result: T } | CallableFailure;

/** 10.x.y.z for buyer `index` of a scenario (one address per buyer, never 0 or 255). */
export function buyerIp(scenario: number, index: number): string {
  return `10.${scenario}.${Math.floor(index / 250) + 1}.${(index % 250) + 1}`;
}

export async function appCheckToken(urls: Urls, debugToken: string): Promise<string> {
  const response = await fetch(
    `${urls.appCheck}/v1/projects/${PROJECT_ID}/apps/${encodeURIComponent(LOAD_APP_ID)}:exchangeDebugToken`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ debugToken }),
    },
  );
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token) {
    throw new Error(`App Check exchange: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.token;
}

export async function signIn(
  urls: Urls,
  email: string,
  password: string,
  signal: AbortSignal,
): Promise<{ uid: string; idToken: string }> {
  const response = await fetch(
    `${urls.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
      signal,
    },
  );
  const body = (await response.json()) as { localId?: string; idToken?: string };
  if (!response.ok || !body.idToken || !body.localId) {
    throw new Error(`sign-in of ${email}: ${response.status} ${JSON.stringify(body)}`);
  }
  return { uid: body.localId, idToken: body.idToken };
}

const documents = (urls: Urls) =>
  `${urls.firestore}/v1/projects/${PROJECT_ID}/databases/(default)/documents`;

/**
 * Adds the lines to the buyer's cart as the web app does (web/src/entities/cart/api.ts): reads
 * the cart, then commits one batch that merges each line with `quantity` incremented and
 * `updated_at` set to the server's time, as the buyer, so firestore.rules decide.
 */
export async function addToCart(
  urls: Urls,
  buyer: SignedInBuyer,
  lines: ReadonlyArray<{ productId: string; quantity: number }>,
  signal: AbortSignal,
): Promise<void> {
  const headers = { authorization: `Bearer ${buyer.idToken}`, 'content-type': 'application/json' };
  const cart = await fetch(`${documents(urls)}/profiles/${buyer.uid}/cart_items`, {
    headers,
    signal,
  });
  if (!cart.ok) throw new Error(`cart read: ${cart.status} ${await cart.text()}`);
  const prefix = `projects/${PROJECT_ID}/databases/(default)/documents`;
  const writes = lines.map(({ productId, quantity }) => ({
    update: {
      name: `${prefix}/profiles/${buyer.uid}/cart_items/${productId}`,
      fields: { product_id: { stringValue: productId } },
    },
    updateMask: { fieldPaths: ['product_id'] },
    updateTransforms: [
      { fieldPath: 'quantity', increment: { integerValue: String(quantity) } },
      { fieldPath: 'updated_at', setToServerValue: 'REQUEST_TIME' },
    ],
  }));
  const commit = await fetch(`${documents(urls)}:commit`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ writes }),
    signal,
  });
  if (!commit.ok) throw new Error(`cart write: ${commit.status} ${await commit.text()}`);
}

/** Calls a callable at the Functions emulator (region us-central1, as the functions deploy). */
export async function callCallable<T>(
  urls: Urls,
  name: string,
  data: unknown,
  caller: { buyer: SignedInBuyer; appCheck: string },
  signal: AbortSignal,
): Promise<CallableAnswer<T>> {
  const response = await fetch(`${urls.functions}/${PROJECT_ID}/us-central1/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${caller.buyer.idToken}`,
      'x-firebase-appcheck': caller.appCheck,
      'x-forwarded-for': caller.buyer.ip,
    },
    body: JSON.stringify({ data }),
    signal,
  });
  const text = await response.text();
  let body: { result?: T; error?: { status?: string; message?: string; details?: unknown } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = { error: { status: 'NOT_JSON', message: text.slice(0, 200) } };
  }
  if (response.ok && body.result !== undefined) return { kind: 'ok', result: body.result };
  return {
    kind: 'failed',
    http: response.status,
    status: body.error?.status ?? `HTTP_${response.status}`,
    message: body.error?.message ?? text.slice(0, 200),
    details: body.error?.details,
  };
}
