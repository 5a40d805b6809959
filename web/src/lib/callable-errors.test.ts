import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { getFunctions, httpsCallableFromURL } from 'firebase/functions';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APP_CHECK_REFUSED,
  callableErrorCode,
  callableErrorMessage,
  userFacingCallableMessage,
} from './callable-errors';

function callableError(code: string, message: string) {
  return Object.assign(new Error(message), { code: `functions/${code}` });
}

/**
 * The error the real Functions SDK gives for this answer of a callable (fetch is stubbed): the
 * SDK's own code and message, " [400]" included.
 */
let app: FirebaseApp;
beforeAll(() => {
  app = initializeApp(
    { apiKey: 'test', projectId: 'demo-errors', appId: 'test' },
    'callable-errors',
  );
});
afterAll(() => deleteApp(app));
afterEach(() => vi.unstubAllGlobals());

async function sdkError(status: number, body: unknown): Promise<unknown> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      body === undefined
        ? Promise.reject(new TypeError('Failed to fetch'))
        : new Response(JSON.stringify(body), {
            status,
            headers: { 'content-type': 'application/json' },
          }),
    ),
  );
  const call = httpsCallableFromURL(
    getFunctions(app),
    'https://functions.test/createCheckoutSession',
  );
  return call({}).then(
    () => {
      throw new Error('the call was expected to fail');
    },
    (error: unknown) => error,
  );
}

describe('callable errors', () => {
  it("shows the server's message, or the fallback when there is none", () => {
    expect(callableErrorMessage(callableError('not-found', 'Order not found.'), 'x')).toBe(
      'Order not found.',
    );
    expect(callableErrorMessage(callableError('internal', '  '), 'Try again.')).toBe('Try again.');
    expect(callableErrorMessage('boom', 'Try again.')).toBe('Try again.');
    expect(callableErrorCode(callableError('resource-exhausted', 'Too many requests.'))).toBe(
      'resource-exhausted',
    );
  });

  it('explains a call refused for its App Check token instead of a bare "Unauthenticated"', () => {
    expect(callableErrorMessage(callableError('unauthenticated', 'Unauthenticated'), 'x')).toBe(
      APP_CHECK_REFUSED,
    );
    // A signed-out caller keeps the server's own words.
    expect(callableErrorMessage(callableError('unauthenticated', 'Sign in first.'), 'x')).toBe(
      'Sign in first.',
    );
  });

  it.each([
    [
      'failed-precondition',
      'FAILED_PRECONDITION',
      400,
      'Orders can total at most $999,999.99; split this one.',
    ],
    ['permission-denied', 'PERMISSION_DENIED', 403, 'Your account is not approved for ordering.'],
    ['resource-exhausted', 'RESOURCE_EXHAUSTED', 429, 'Too many requests. Try again later.'],
    ['aborted', 'ABORTED', 409, 'Your cart changed while checkout was being prepared. Try again.'],
    ['not-found', 'NOT_FOUND', 404, 'Order not found.'],
    [
      'unavailable',
      'UNAVAILABLE',
      503,
      'The payment service is unavailable right now. Try again in a minute.',
    ],
  ])(
    "gives the server's %s message as it wrote it, through the real SDK",
    async (code, status, http, message) => {
      const error = await sdkError(http, { error: { status, message } });
      expect(callableErrorCode(error)).toBe(code);
      // The SDK appends the HTTP status to the server's message.
      expect((error as Error).message).toBe(`${message} [${http}]`);
      expect(userFacingCallableMessage(error)).toBe(message);
      expect(callableErrorMessage(error, 'Something went wrong.')).toBe(message);
    },
  );

  it('leaves out the field an invalid-argument names first', async () => {
    const error = await sdkError(400, {
      error: {
        status: 'INVALID_ARGUMENT',
        message: 'interval: Standing orders are delivered every 2, 4 or 8 weeks.',
      },
    });
    expect(callableErrorMessage(error, 'x')).toBe(
      'Standing orders are delivered every 2, 4 or 8 weeks.',
    );
    expect(
      callableErrorMessage(callableError('invalid-argument', 'Enter a valid email.'), 'x'),
    ).toBe('Enter a valid email.');
  });

  it('explains a refused App Check token as the real SDK reports it', async () => {
    const error = await sdkError(401, {
      error: { status: 'UNAUTHENTICATED', message: 'Unauthenticated' },
    });
    expect(callableErrorMessage(error, 'x')).toBe(APP_CHECK_REFUSED);
  });

  it.each([
    ['a crash in the function', 500, { error: { status: 'INTERNAL', message: 'INTERNAL' } }],
    [
      "an internal error, even with the server's words",
      500,
      { error: { status: 'INTERNAL', message: 'Payments are not configured on this server.' } },
    ],
    ['a network failure', 0, undefined],
    ['a gateway that answers 503 without a body', 503, {}],
    ['a status without a message', 400, { error: { status: 'FAILED_PRECONDITION' } }],
    ['an unknown status', 400, { error: { status: 'TEAPOT', message: 'short and stout' } }],
  ])('keeps the generic fallback for %s', async (_, http, body) => {
    const error = await sdkError(http, body);
    expect(userFacingCallableMessage(error)).toBeNull();
    expect(callableErrorMessage(error, 'Something went wrong. Please try again.')).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('keeps the fallback for a plain error named after a code, and the message of any other', () => {
    expect(callableErrorMessage(new Error('internal'), 'Try again.')).toBe('Try again.');
    expect(callableErrorMessage(new Error('failed-precondition'), 'Try again.')).toBe('Try again.');
    expect(callableErrorMessage(new Error('The file has no products'), 'Try again.')).toBe(
      'The file has no products',
    );
  });
});
