import { describe, expect, it } from 'vitest';
import { authErrorText, isAuthError, isInvalidCredentials } from './auth-errors';

const authError = (code: string, message = `Firebase: Error (${code}).`) =>
  Object.assign(new Error(message), { code });

describe('auth errors', () => {
  it('recognises wrong credentials by code or by message', () => {
    expect(isInvalidCredentials(authError('auth/invalid-credential'))).toBe(true);
    expect(isInvalidCredentials(authError('auth/user-not-found'))).toBe(true);
    expect(isInvalidCredentials(new Error('Invalid login credentials'))).toBe(true);
    expect(isInvalidCredentials(authError('auth/too-many-requests'))).toBe(false);
  });

  it('gives friendly sentences for known codes', () => {
    expect(authErrorText(authError('auth/email-already-in-use'))).toBe(
      'An account with this email already exists.',
    );
    expect(authErrorText(authError('auth/weak-password'))).toBe(
      'Password must be at least 6 characters.',
    );
    expect(authErrorText(authError('auth/invalid-email'))).toBe('Enter a valid email address.');
    expect(authErrorText(authError('auth/network-request-failed'))).toBe(
      'Network error. Check your connection and try again.',
    );
  });

  it("keeps the server's own words, without the SDK prefix, for other errors", () => {
    expect(authErrorText(authError('auth/x', 'Firebase: Sign-ups are paused (auth/x).'))).toBe(
      'Sign-ups are paused',
    );
    expect(authErrorText(authError('auth/internal-error'))).toBe(
      'Something went wrong. Please try again.',
    );
    expect(authErrorText('nope')).toBe('Something went wrong. Please try again.');
    expect(authErrorText(null, 'fallback')).toBe('fallback');
  });

  it('tells auth errors from crashes', () => {
    expect(isAuthError(authError('auth/internal-error'))).toBe(true);
    expect(isAuthError(Object.assign(new Error('x'), { code: 'permission-denied' }))).toBe(false);
    expect(isAuthError(new TypeError('x'))).toBe(false);
  });
});
