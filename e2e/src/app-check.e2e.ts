/**
 * App Check on the running stack: the Functions emulator serves the callables as deployed, and a
 * call that does not carry a token from the stack's App Check exchange never reaches a handler.
 * (Every journey's calls carry one: the web app gets it with the debug token npm start prints.)
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { thisStack } from './support/provided';

const stack = thisStack();
const callableUrl = (name: string) =>
  `${stack.urls.functions}/${stack.projectId}/us-central1/${name}`;
const APP_ID = '1:000000000000:web:000000000000';

async function subscribe(headers: Record<string, string>) {
  const response = await fetch(callableUrl('subscribeNewsletter'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data: { email: `app-check-${randomUUID().slice(0, 8)}@example.com` } }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function exchange(debugToken: string) {
  const response = await fetch(
    `${stack.urls.appCheck}/v1/projects/${stack.projectId}/apps/${encodeURIComponent(APP_ID)}:exchangeDebugToken`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ debugToken }),
    },
  );
  return { status: response.status, body: (await response.json()) as { token?: string } };
}

const refused = {
  status: 401,
  body: { error: { status: 'UNAUTHENTICATED', message: 'Unauthenticated' } },
};

test('a callable without an App Check token, or with a forged one, is refused by the emulator', async () => {
  expect(await subscribe({})).toEqual(refused);
  // An unsigned token naming the app: the emulator itself would take it; our check does not.
  const unsigned = [
    { alg: 'none', typ: 'JWT' },
    { sub: APP_ID, aud: [`projects/${stack.projectId}`], exp: Math.floor(Date.now() / 1000) + 600 },
  ]
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .join('.');
  expect(await subscribe({ 'x-firebase-appcheck': `${unsigned}.` })).toEqual(refused);
});

test('the exchange refuses another debug token; its token for the real one is accepted', async () => {
  expect((await exchange(randomUUID())).status).toBe(403);
  const { status, body } = await exchange(stack.appCheckDebugToken);
  expect(status).toBe(200);
  const answer = await subscribe({ 'x-firebase-appcheck': body.token! });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ result: { accepted: true } });
});

test('a token spent on an anonymous callable is refused the second time; signed-in callables take it again', async () => {
  const { body } = await exchange(stack.appCheckDebugToken);
  const token = body.token!;
  expect((await subscribe({ 'x-firebase-appcheck': token })).status).toBe(200);
  expect(await subscribe({ 'x-firebase-appcheck': token })).toEqual(refused);

  const { body: other } = await exchange(stack.appCheckDebugToken);
  const overview = async () => {
    const response = await fetch(callableUrl('getSalesOverview'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-firebase-appcheck': other.token! },
      body: JSON.stringify({ data: {} }),
    });
    return (await response.json()) as { error?: { message: string } };
  };
  // Past App Check both times: the callable itself wants a signed-in manager.
  expect((await overview()).error?.message).toBe('Sign in first.');
  expect((await overview()).error?.message).toBe('Sign in first.');
});
