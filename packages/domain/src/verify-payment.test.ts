import { describe, expect, it } from 'vitest';
import { checkoutSuccessUrl, PAYMENT_SUCCESS_PARAMS } from './routes';
import { paymentOfRecordedOrder, type RecordedOrder } from './verify-payment';

const order: RecordedOrder = {
  id: 'ord12345xyz',
  user_id: 'buyer-1',
  stripe_session_id: 'cs_test_1',
  status: 'processing',
  amount: 12345,
  store_credit_applied: 0,
  payment_type: 'one_time',
};

describe('paymentOfRecordedOrder', () => {
  it("answers as verifyPayment does from the buyer's paid order of the session", () => {
    expect(paymentOfRecordedOrder(order, 'cs_test_1', 'buyer-1')).toEqual({
      amount: 12345,
      status: 'processing',
      orderId: 'ord12345xyz',
    });
    expect(
      paymentOfRecordedOrder({ ...order, store_credit_applied: 500 }, 'cs_test_1', 'buyer-1'),
    ).toEqual({
      amount: 12345,
      status: 'processing',
      orderId: 'ord12345xyz',
      storeCreditApplied: 500,
    });
    expect(
      paymentOfRecordedOrder({ ...order, status: 'shipped' }, 'cs_test_1', 'buyer-1')?.status,
    ).toBe('shipped');
  });

  it('leaves to verifyPayment what only it can answer', () => {
    // Another session's order, another buyer's, a payment still clearing (verifyPayment records
    // it once it settles), one that was not paid, a standing order (its terms), a refunded one.
    expect(paymentOfRecordedOrder(order, 'cs_test_2', 'buyer-1')).toBeNull();
    expect(paymentOfRecordedOrder(order, 'cs_test_1', 'buyer-2')).toBeNull();
    expect(
      paymentOfRecordedOrder({ ...order, status: 'pending' }, 'cs_test_1', 'buyer-1'),
    ).toBeNull();
    expect(
      paymentOfRecordedOrder({ ...order, status: 'cancelled' }, 'cs_test_1', 'buyer-1'),
    ).toBeNull();
    expect(
      paymentOfRecordedOrder({ ...order, payment_type: 'subscription' }, 'cs_test_1', 'buyer-1'),
    ).toBeNull();
    expect(
      paymentOfRecordedOrder({ ...order, status: 'refunded' }, 'cs_test_1', 'buyer-1'),
    ).toBeNull();
    expect(
      paymentOfRecordedOrder({ ...order, stripe_session_id: null }, 'cs_test_1', 'buyer-1'),
    ).toBeNull();
  });
});

describe('checkoutSuccessUrl', () => {
  it('names the session (filled in by Stripe) and the order it becomes', () => {
    expect(checkoutSuccessUrl('https://shop.test', 'ord 1/x')).toBe(
      `https://shop.test/payment-success?${PAYMENT_SUCCESS_PARAMS.session}={CHECKOUT_SESSION_ID}&${PAYMENT_SUCCESS_PARAMS.order}=ord%201%2Fx`,
    );
  });
});
