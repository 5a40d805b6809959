import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from 'firebase-functions';
import { log } from '../../src/lib/log';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('log helpers', () => {
  it('keep an error message that the logger would overwrite with the event name', () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    log.error('stripe_webhook_failed', { eventId: 'evt_1', message: 'Order o1 does not exist' });
    log.warn('stripe_webhook_bad_signature', { message: 'No signatures found' });

    // firebase-functions sets the entry's `message` from the first argument, so the payload must
    // not carry its own: the cause of the failure would be lost in Cloud Logging.
    const [errorEvent, errorPayload] = error.mock.calls[0] ?? [];
    expect(errorEvent).toBe('stripe_webhook_failed');
    expect(errorPayload).toEqual({
      event: 'stripe_webhook_failed',
      eventId: 'evt_1',
      detail: 'Order o1 does not exist',
    });
    expect(warn.mock.calls[0]?.[1]).toEqual({
      event: 'stripe_webhook_bad_signature',
      detail: 'No signatures found',
    });
  });

  it('leave payloads without a message as they are', () => {
    const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    log.info('order_status_updated', { orderId: 'o1', to: 'shipped' });
    expect(info).toHaveBeenCalledWith('order_status_updated', {
      event: 'order_status_updated',
      orderId: 'o1',
      to: 'shipped',
    });
  });
});
