import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { getAppCheck, type AppCheck } from 'firebase-admin/app-check';
import { HttpsError } from 'firebase-functions/v2/https';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths, REPLAY_PROTECTED_CALLABLES } from '@portal/domain';
import { startAppCheckExchange, type AppCheckExchange } from '../../scripts/lib/app-check-exchange';
import { setProfileStatusHandler } from '../src/handlers/set-profile-status';
import { subscribeNewsletterHandler } from '../src/handlers/newsletter';
import { firestore } from '../src/lib/admin';
import { checkAppCheck } from '../src/lib/app-check';
import {
  APP_CHECK_HEADER,
  LOCAL_LIMITED_USE_TOKEN_TTL_SECONDS,
  mintLocalAppCheckToken,
  verifyLocalAppCheckToken,
} from '../src/lib/local-app-check-token';
import { createAccount, signIn } from './accounts/support';
import { deployedCallables } from './support/deployed-callables';

const PROJECT = process.env.GCLOUD_PROJECT ?? 'demo-wholesale-portal';
const APP_ID = '1:000000000000:web:000000000000';
const DEBUG_TOKEN = randomUUID();

const callables = deployedCallables();

/**
 * The deployed callables behind a real HTTP server, as the Functions runtime serves them: the
 * request goes through firebase-functions' own checks (ID token, App Check) before any handler.
 */
let server: ReturnType<ReturnType<typeof express>['listen']> | undefined;
let base = '';

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  for (const [name, fn] of callables) {
    app.post(`/${name}`, (req, res) => void (fn as (a: unknown, b: unknown) => unknown)(req, res));
  }
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

async function call(name: string, headers: Record<string, string>, data: unknown = {}) {
  const response = await fetch(`${base}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { error?: { status: string; message: string } },
  };
}

describe('App Check on every callable (production: enforced by the Functions runtime)', () => {
  it('declares more than ten callables, each refusing a signed-in manager without an App Check token', async () => {
    expect(callables.length).toBeGreaterThanOrEqual(12);
    const manager = await createAccount('manager', 'approved');
    const idToken = await signIn(manager.email);
    for (const [name] of callables) {
      const answer = await call(name, { authorization: `Bearer ${idToken}` });
      expect(answer, name).toEqual({
        status: 401,
        body: { error: { status: 'UNAUTHENTICATED', message: 'Unauthenticated' } },
      });
      // A token that is not an App Check token is refused the same way.
      const forged = await call(name, {
        authorization: `Bearer ${idToken}`,
        [APP_CHECK_HEADER]: 'not-a-token',
      });
      expect(forged.status, name).toBe(401);
    }
  });
});

/** An App Check token the way the runtime sees it: verified, and where asked, spent. */
type VerifyToken = (
  token: string,
  options?: { consume?: boolean },
) => Promise<{ appId: string; token: object; alreadyConsumed?: boolean }>;

/**
 * Stands in for App Check's backend behind the Functions runtime (the Admin SDK instance that
 * firebase-functions verifies tokens with), for the length of one test.
 */
function replaceAppCheckBackend(verifyToken: VerifyToken) {
  const appCheck: AppCheck = getAppCheck();
  return vi
    .spyOn(appCheck, 'verifyToken')
    .mockImplementation(verifyToken as unknown as AppCheck['verifyToken']);
}

const isAppCheckRefusal = (answer: Awaited<ReturnType<typeof call>>) =>
  answer.status === 401 && answer.body.error?.message === 'Unauthenticated';

describe('replay protection on the anonymous callables (production: App Check spends the token)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('refuses a spent token on the anonymous callables; the others take a token many times', async () => {
    // App Check's backend: every token valid, each spent on its first consuming verification.
    const spent = new Set<string>();
    const consumedBy = new Map<string, boolean>();
    replaceAppCheckBackend(async (token, options) => {
      consumedBy.set(token, options?.consume === true);
      if (options?.consume !== true) return { appId: APP_ID, token: { sub: APP_ID } };
      const alreadyConsumed = spent.has(token);
      spent.add(token);
      return { appId: APP_ID, token: { sub: APP_ID }, alreadyConsumed };
    });
    expect([...REPLAY_PROTECTED_CALLABLES].sort()).toEqual([
      'acceptInvitation',
      'confirmNewsletter',
      'getInvitation',
      'requestPasswordReset',
      'skipStandingOrderDelivery',
      'subscribeNewsletter',
      'syncEmailVerification',
      'unsubscribeNewsletter',
    ]);
    for (const [name] of callables) {
      const token = `token-for-${name}`;
      // Data no callable accepts: the token is spent, nothing else happens (no mail, no limit).
      const first = await call(name, { [APP_CHECK_HEADER]: token }, { unexpected: true });
      const second = await call(name, { [APP_CHECK_HEADER]: token }, { unexpected: true });
      expect(isAppCheckRefusal(first), name).toBe(false);
      expect(consumedBy.get(token), name).toBe(REPLAY_PROTECTED_CALLABLES.has(name as never));
      if (REPLAY_PROTECTED_CALLABLES.has(name as never)) {
        expect(second, name).toEqual({
          status: 401,
          body: { error: { status: 'UNAUTHENTICATED', message: 'Unauthenticated' } },
        });
      } else {
        expect(second, name).toEqual(first);
      }
    }
  });

  it('a handler refuses a request whose token the runtime reports as spent, before its work', async () => {
    await expect(
      subscribeNewsletterHandler({
        data: { email: `replay-${randomUUID().slice(0, 8)}@example.com` },
        app: { alreadyConsumed: true },
      }),
    ).rejects.toMatchObject({ code: 'unauthenticated', message: 'Unauthenticated' });
  });
});

describe('App Check on the local stack (the Functions emulator)', () => {
  const emulatorEnv = {
    FUNCTIONS_EMULATOR: 'true',
    APP_CHECK_DEBUG_TOKEN: DEBUG_TOKEN,
    GCLOUD_PROJECT: PROJECT,
  };
  const now = Date.parse('2026-11-26T12:00:00Z');
  const minted = mintLocalAppCheckToken({
    debugToken: DEBUG_TOKEN,
    projectId: PROJECT,
    appId: APP_ID,
    nowMs: now,
  });
  const withToken = (token?: string, app?: { alreadyConsumed: boolean }) => ({
    ...(app ? { app } : {}),
    rawRequest: { headers: token === undefined ? {} : { [APP_CHECK_HEADER]: token } },
  });
  const check = (request: ReturnType<typeof withToken>, env: NodeJS.ProcessEnv = emulatorEnv) =>
    checkAppCheck(request, firestore(), env, now);
  const fresh = (limitedUse = false) =>
    mintLocalAppCheckToken({
      debugToken: DEBUG_TOKEN,
      projectId: PROJECT,
      appId: APP_ID,
      nowMs: now,
      limitedUse,
    }).token;
  const jtiOf = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;

  it('accepts a token the local exchange minted for this project, until it expires', async () => {
    expect(verifyLocalAppCheckToken(minted.token, DEBUG_TOKEN, PROJECT, now)).toEqual({
      appId: APP_ID,
      jti: jtiOf(minted.token),
      expiresAtMs: now + minted.ttlSeconds * 1000,
    });
    await expect(check(withToken(minted.token))).resolves.toBeUndefined();
    expect(
      verifyLocalAppCheckToken(minted.token, DEBUG_TOKEN, PROJECT, now + minted.ttlSeconds * 1000),
    ).toBeNull();
  });

  it('mints a new jti for every token, and limited-use tokens that live five minutes', () => {
    const tokens = Array.from({ length: 20 }, () => fresh());
    expect(new Set(tokens.map(jtiOf)).size).toBe(20);
    const limited = mintLocalAppCheckToken({
      debugToken: DEBUG_TOKEN,
      projectId: PROJECT,
      appId: APP_ID,
      nowMs: now,
      limitedUse: true,
    });
    expect(limited.ttlSeconds).toBe(LOCAL_LIMITED_USE_TOKEN_TTL_SECONDS);
    expect(LOCAL_LIMITED_USE_TOKEN_TTL_SECONDS).toBe(300);
    expect(verifyLocalAppCheckToken(limited.token, DEBUG_TOKEN, PROJECT, now + 300_000)).toBeNull();
  });

  it('refuses no token, a forged, unsigned (alg: none) or altered one, another debug token and another project', async () => {
    const [header, payload] = minted.token.split('.') as [string, string];
    const unsigned = `${header}.${payload}.`;
    const algNone = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'other' })).toString('base64url')}.${minted.token.split('.')[2]}`;
    const otherKey = mintLocalAppCheckToken({
      debugToken: randomUUID(),
      projectId: PROJECT,
      appId: APP_ID,
      nowMs: now,
    }).token;
    const otherProject = mintLocalAppCheckToken({
      debugToken: DEBUG_TOKEN,
      projectId: 'acme-prod',
      appId: APP_ID,
      nowMs: now,
    }).token;
    for (const token of [
      undefined,
      '',
      'garbage',
      unsigned,
      algNone,
      altered,
      otherKey,
      otherProject,
    ]) {
      await expect(check(withToken(token)), String(token)).rejects.toThrow(HttpsError);
      expect(verifyLocalAppCheckToken(token ?? '', DEBUG_TOKEN, PROJECT, now)).toBeNull();
    }
    // Without a debug token configured nothing is accepted.
    await expect(
      check(withToken(minted.token), { ...emulatorEnv, APP_CHECK_DEBUG_TOKEN: '' }),
    ).rejects.toThrow(HttpsError);
    // Outside the emulator the runtime has verified the token already: nothing more to do here.
    await expect(check(withToken(undefined), {})).resolves.toBeUndefined();
    // ... except that a token it reports as spent is refused there too.
    await expect(check(withToken(undefined, { alreadyConsumed: true }), {})).rejects.toMatchObject({
      code: 'unauthenticated',
      message: 'Unauthenticated',
    });
  });

  it('spends a token once where the runtime was asked to consume it, and records it until it expires', async () => {
    const token = fresh(true);
    const consuming = { alreadyConsumed: false };
    await expect(check(withToken(token, consuming))).resolves.toBeUndefined();
    await expect(check(withToken(token, consuming))).rejects.toMatchObject({
      code: 'unauthenticated',
      message: 'Unauthenticated',
    });
    const record = await firestore()
      .doc(paths.appCheckToken(jtiOf(token)))
      .get();
    expect(record.get('app_id')).toBe(APP_ID);
    expect(record.get('expires_at').toMillis()).toBe(
      now + LOCAL_LIMITED_USE_TOKEN_TTL_SECONDS * 1000,
    );
    // The callables that do not consume take the same token again.
    await expect(check(withToken(token))).resolves.toBeUndefined();
  });

  it('lets exactly one of many simultaneous calls with one token through', async () => {
    const token = fresh(true);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => check(withToken(token, { alreadyConsumed: false }))),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  });

  it('guards every handler: without a token the handler never runs', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, emulatorEnv);
    try {
      await expect(
        setProfileStatusHandler({ data: {}, ...withToken(undefined) }),
      ).rejects.toMatchObject({ code: 'unauthenticated', message: 'Unauthenticated' });
      // With a fresh token it reaches the handler (which then wants a signed-in manager).
      const live = mintLocalAppCheckToken({
        debugToken: DEBUG_TOKEN,
        projectId: PROJECT,
        appId: APP_ID,
        nowMs: Date.now(),
      }).token;
      await expect(setProfileStatusHandler({ data: {}, ...withToken(live) })).rejects.toMatchObject(
        {
          code: 'unauthenticated',
          message: 'Sign in first.',
        },
      );
    } finally {
      for (const key of Object.keys(emulatorEnv)) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
  });

  it('over HTTP as the Functions emulator serves them: a replayed token is refused on the anonymous callables only', async () => {
    // The emulator's runtime verifies nothing and reports every token as never spent where it
    // was asked to consume it (firebase-functions with skipTokenVerification).
    replaceAppCheckBackend(async (token, options) => {
      const [, payload = ''] = token.split('.');
      const { sub } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string };
      return {
        appId: sub,
        token: { sub },
        ...(options?.consume === true ? { alreadyConsumed: false } : {}),
      };
    });
    const saved = { ...process.env };
    Object.assign(process.env, emulatorEnv);
    try {
      for (const [name] of callables) {
        const token = mintLocalAppCheckToken({
          debugToken: DEBUG_TOKEN,
          projectId: PROJECT,
          appId: APP_ID,
          nowMs: Date.now(),
          limitedUse: true,
        }).token;
        const first = await call(name, { [APP_CHECK_HEADER]: token }, { unexpected: true });
        const second = await call(name, { [APP_CHECK_HEADER]: token }, { unexpected: true });
        expect(isAppCheckRefusal(first), name).toBe(false);
        if (REPLAY_PROTECTED_CALLABLES.has(name as never)) {
          expect(isAppCheckRefusal(second), name).toBe(true);
        } else {
          expect(second, name).toEqual(first);
        }
      }
    } finally {
      vi.restoreAllMocks();
      for (const key of Object.keys(emulatorEnv)) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
  });
});

describe('the local App Check exchange (scripts/lib/app-check-exchange.ts)', () => {
  let exchange: AppCheckExchange;
  beforeAll(async () => {
    exchange = await startAppCheckExchange({
      host: '127.0.0.1',
      port: 0,
      projectId: PROJECT,
      debugToken: DEBUG_TOKEN,
    });
  });
  afterAll(async () => {
    await exchange?.close();
  });

  // As the web app builds it: the app id's colons percent-encoded.
  const exchangeUrl = (project = PROJECT, app = APP_ID) =>
    `${exchange.url}/v1/projects/${encodeURIComponent(project)}/apps/${encodeURIComponent(app)}:exchangeDebugToken`;
  const post = (url: string, body: string, origin?: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body,
    });

  it('trades the debug token for a token the callables accept', async () => {
    const response = await post(
      exchangeUrl(),
      JSON.stringify({ debugToken: DEBUG_TOKEN }),
      'http://localhost:5173',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const { token, ttl } = (await response.json()) as { token: string; ttl: string };
    expect(ttl).toBe('3600s');
    expect(verifyLocalAppCheckToken(token, DEBUG_TOKEN, PROJECT, Date.now())?.appId).toBe(APP_ID);
  });

  it('mints a limited-use token on request, each token with its own jti', async () => {
    const body = JSON.stringify({ debugToken: DEBUG_TOKEN, limitedUse: true });
    const answers = await Promise.all([post(exchangeUrl(), body), post(exchangeUrl(), body)]);
    const tokens = await Promise.all(
      answers.map(async (response) => (await response.json()) as { token: string; ttl: string }),
    );
    expect(tokens.map((t) => t.ttl)).toEqual(['300s', '300s']);
    const [a, b] = tokens.map((t) =>
      verifyLocalAppCheckToken(t.token, DEBUG_TOKEN, PROJECT, Date.now()),
    );
    expect(a?.jti).toMatch(/^[\w-]+$/);
    expect(a?.jti).not.toBe(b?.jti);
    // The SDK's spelling of the field is taken too; anything but a boolean is refused.
    const snake = await post(
      exchangeUrl(),
      JSON.stringify({ debugToken: DEBUG_TOKEN, limited_use: true }),
    );
    expect(((await snake.json()) as { ttl: string }).ttl).toBe('300s');
    const bad = await post(
      exchangeUrl(),
      JSON.stringify({ debugToken: DEBUG_TOKEN, limitedUse: 'yes' }),
    );
    expect(bad.status).toBe(400);
  });

  it('refuses another debug token, another project, bad bodies and other methods', async () => {
    const refusals: Array<[Promise<Response>, number]> = [
      [post(exchangeUrl(), JSON.stringify({ debugToken: randomUUID() })), 403],
      [post(exchangeUrl('acme-prod'), JSON.stringify({ debugToken: DEBUG_TOKEN })), 403],
      [post(exchangeUrl(), '{not json'), 400],
      [post(exchangeUrl(), JSON.stringify({ debugToken: 42 })), 400],
      [post(exchangeUrl(), JSON.stringify({ debugToken: 'x'.repeat(10_000) })), 413],
      [post(`${exchange.url}/v1/other`, '{}'), 404],
      [
        post(
          exchangeUrl(PROJECT, 'no%spaces allowed'),
          JSON.stringify({ debugToken: DEBUG_TOKEN }),
        ),
        400,
      ],
      [fetch(exchangeUrl()), 405],
    ];
    for (const [answer, status] of refusals) expect((await answer).status).toBe(status);
  });

  it('lets only pages served from this machine read its answers', async () => {
    const response = await post(
      exchangeUrl(),
      JSON.stringify({ debugToken: DEBUG_TOKEN }),
      'https://evil.example',
    );
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    for (const origin of ['https://localhost:4173', 'http://127.0.0.1:5173']) {
      const local = await post(exchangeUrl(), JSON.stringify({ debugToken: DEBUG_TOKEN }), origin);
      expect(local.headers.get('access-control-allow-origin')).toBe(origin);
    }
    const lookalike = await post(
      exchangeUrl(),
      JSON.stringify({ debugToken: DEBUG_TOKEN }),
      'https://localhost.evil.example',
    );
    expect(lookalike.headers.get('access-control-allow-origin')).toBeNull();
  });
});
