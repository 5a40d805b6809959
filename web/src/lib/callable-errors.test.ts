import { describe, expect, it } from 'vitest';
import { APP_CHECK_REFUSED, callableErrorCode, callableErrorMessage } from './callable-errors';

function callableError(code: string, message: string) {
  return Object.assign(new Error(message), { code: `functions/${code}` });
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
});
