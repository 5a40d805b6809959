import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { HttpsError } from 'firebase-functions/v2/https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppCheckExchange, type AppCheckExchange } from '../../scripts/lib/app-check-exchange';
import { setProfileStatusHandler } from '../src/handlers/set-profile-status';
import {
  APP_CHECK_HEADER,
  checkLocalAppCheck,
  mintLocalAppCheckToken,
  verifyLocalAppCheckToken,
} from '../src/lib/app-check';
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
  const withToken = (token?: string) => ({
    rawRequest: { headers: token === undefined ? {} : { [APP_CHECK_HEADER]: token } },
  });

  it('accepts a token the local exchange minted for this project, until it expires', () => {
    expect(verifyLocalAppCheckToken(minted.token, DEBUG_TOKEN, PROJECT, now)).toBe(APP_ID);
    expect(() => checkLocalAppCheck(withToken(minted.token), emulatorEnv, now)).not.toThrow();
    expect(
      verifyLocalAppCheckToken(minted.token, DEBUG_TOKEN, PROJECT, now + minted.ttlSeconds * 1000),
    ).toBeNull();
  });

  it('refuses no token, a forged or altered one, another debug token and another project', () => {
    const [header, payload] = minted.token.split('.') as [string, string];
    const unsigned = `${header}.${payload}.`;
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
    for (const token of [undefined, '', 'garbage', unsigned, altered, otherKey, otherProject]) {
      expect(() => checkLocalAppCheck(withToken(token), emulatorEnv, now), String(token)).toThrow(
        HttpsError,
      );
    }
    // Without a debug token configured nothing is accepted.
    expect(() =>
      checkLocalAppCheck(
        withToken(minted.token),
        { ...emulatorEnv, APP_CHECK_DEBUG_TOKEN: '' },
        now,
      ),
    ).toThrow(HttpsError);
    // Outside the emulator the runtime has verified the token already: nothing more to do here.
    expect(() => checkLocalAppCheck(withToken(undefined), {}, now)).not.toThrow();
  });

  it('guards every handler: without a token the handler never runs', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, emulatorEnv);
    try {
      await expect(
        setProfileStatusHandler({ data: {}, ...withToken(undefined) }),
      ).rejects.toMatchObject({ code: 'unauthenticated', message: 'Unauthenticated' });
      // With a fresh token it reaches the handler (which then wants a signed-in manager).
      const fresh = mintLocalAppCheckToken({
        debugToken: DEBUG_TOKEN,
        projectId: PROJECT,
        appId: APP_ID,
        nowMs: Date.now(),
      }).token;
      await expect(
        setProfileStatusHandler({ data: {}, ...withToken(fresh) }),
      ).rejects.toMatchObject({
        code: 'unauthenticated',
        message: 'Sign in first.',
      });
    } finally {
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
    expect(verifyLocalAppCheckToken(token, DEBUG_TOKEN, PROJECT, Date.now())).toBe(APP_ID);
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
