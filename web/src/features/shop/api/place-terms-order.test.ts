import { describe, expect, it } from 'vitest';
import { orderKeys } from '@/entities/orders';
import { ORDER_QUERIES, termsOrderPlacedText } from './place-terms-order';
import { endAttempt, newRequestId, requestIdFor } from './request-ids';

describe('placing an order on terms', () => {
  it('refreshes the orders by the key the entity names', () => {
    expect(orderKeys.ofCompany('c1')).toEqual([...ORDER_QUERIES, 'c1']);
  });

  it('says when the invoice is due, counting the net days while it is issued', () => {
    expect(termsOrderPlacedText('2026-04-04T12:00:00.000Z', 30)).toBe(
      'Order placed on terms. Invoice due Apr 4, 2026.',
    );
    expect(termsOrderPlacedText(null, 30, Date.parse('2026-03-01T12:00:00Z'))).toBe(
      'Order placed on terms. Invoice due Mar 31, 2026.',
    );
  });

  it('makes request ids placeTermsOrder accepts, a new one each time', () => {
    const id = newRequestId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newRequestId()).not.toBe(id);
  });

  it('keeps one request id per attempt until it is answered with an order', () => {
    const first = requestIdFor('cart A');
    expect(requestIdFor('cart A')).toBe(first);
    expect(requestIdFor('cart B')).not.toBe(first);
    const second = requestIdFor('cart A');
    endAttempt();
    expect(requestIdFor('cart A')).not.toBe(second);
  });
});
