import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import { callable, toHttpsError } from '../../src/handlers/edge';
import {
  ConcurrentChangeError,
  NotAllowedError,
  NotFoundError,
  PaymentServiceError,
  PreconditionError,
} from '../../src/lib/errors';

/** The callable edge: the one place a service's refusal becomes the HttpsError a client sees. */
describe('toHttpsError', () => {
  it('maps each refusal to its code, keeping the message and the details', () => {
    const cases = [
      [new NotFoundError('Order not found.'), 'not-found'],
      [new NotAllowedError('This payment belongs to another account.'), 'permission-denied'],
      [new PreconditionError('Your cart is empty.', { productId: 'p1' }), 'failed-precondition'],
      [new ConcurrentChangeError('Try again.'), 'aborted'],
      [new PaymentServiceError('The payment service is unavailable.', true), 'unavailable'],
      [new PaymentServiceError('Payments are not configured on this server.', false), 'internal'],
    ] as const;
    for (const [refusal, code] of cases) {
      const mapped = toHttpsError(refusal);
      expect(mapped).toBeInstanceOf(HttpsError);
      expect(mapped).toMatchObject({
        code,
        message: refusal.message,
        details: refusal.details,
      });
    }
    expect(toHttpsError(new PreconditionError('x', { orderId: 'o1' }))).toMatchObject({
      details: { orderId: 'o1' },
    });
  });

  it('leaves every other error as it is (the runtime answers internal)', () => {
    const bug = new TypeError('boom');
    const already = new HttpsError('invalid-argument', 'bad');
    expect(toHttpsError(bug)).toBe(bug);
    expect(toHttpsError(already)).toBe(already);
    expect(toHttpsError('text')).toBe('text');
  });
});

describe('callable', () => {
  it('hands the body a context and maps what it throws', async () => {
    const ok = callable(async (request, ctx) => ({
      data: request.data,
      hasDb: typeof ctx.db.collection === 'function',
      now: typeof ctx.now(),
    }));
    await expect(ok({ data: { a: 1 } })).resolves.toEqual({
      data: { a: 1 },
      hasDb: true,
      now: 'number',
    });
    const refused = callable(async () => {
      throw new NotFoundError('No order belongs to this payment.');
    });
    await expect(refused({ data: {} })).rejects.toMatchObject({
      code: 'not-found',
      message: 'No order belongs to this payment.',
    });
  });
});
