import { describe, expect, it } from 'vitest';
import {
  agingBucket,
  agingOf,
  availableCredit,
  daysPastDue,
  NO_CREDIT,
  readCompanyCredit,
  termsOrderProblem,
  TERMS_MESSAGES,
} from './payment-terms';
import { placeTermsOrderRequest, setCompanyTermsRequest } from './payment-terms-schemas';
import { orderContribution, type SalesOrder } from './sales-rollups';
import { canManagerMoveOrder, managerOrderMoves } from './orders';
import { refundProblem, TERMS_NOT_PAID_REFUND } from './refunds';

const credit = { ...NO_CREDIT, net_days: 30 as const, credit_limit: 50_000 };

describe('the credit check of an order on terms', () => {
  it('needs terms, no hold, and room under the limit for the whole order', () => {
    expect(termsOrderProblem(NO_CREDIT, 100)).toBe(TERMS_MESSAGES.noTerms);
    expect(termsOrderProblem({ ...credit, overdue_orders: ['o1'] }, 100)).toBe(
      TERMS_MESSAGES.onHold,
    );
    expect(termsOrderProblem({ ...credit, open_balance: 30_000 }, 20_000)).toBeNull();
    expect(termsOrderProblem({ ...credit, open_balance: 30_000 }, 20_001)).toBe(
      'This order is over your available credit of $200.00. Pay by card instead, or pay an open invoice first.',
    );
    expect(availableCredit({ credit_limit: 100, open_balance: 250 })).toBe(0);
  });

  it('reads a missing or malformed credit account as no terms', () => {
    expect(readCompanyCredit(undefined)).toEqual(NO_CREDIT);
    expect(readCompanyCredit({ net_days: 45 })).toEqual(NO_CREDIT);
    expect(readCompanyCredit({ net_days: 30, credit_limit: -5 })).toEqual(NO_CREDIT);
    expect(readCompanyCredit({ net_days: 30, overdue_orders: [3] })).toEqual(NO_CREDIT);
    expect(readCompanyCredit({ net_days: 60, credit_limit: 5 })).toMatchObject({
      net_days: 60,
      credit_limit: 5,
      open_balance: 0,
    });
  });
});

describe('aging', () => {
  const due = new Date('2026-03-01T08:00:00Z');
  const at = (days: number) => new Date(due.getTime() + days * 86_400_000);
  it.each([
    [-3, 'current'],
    [0, 'current'],
    [1, '1-30'],
    [30, '1-30'],
    [31, '31-60'],
    [61, '61-90'],
    [91, 'over-90'],
  ] as const)('%i days after the due date is %s', (days, bucket) => {
    expect(agingBucket(due, at(days))).toBe(bucket);
  });

  it('counts business days: due this morning is current all day, then 1 day past due in 1 to 30', () => {
    // Due 10:15 am Pacific on Mar 3 (Stripe's due date carries the hour it was issued).
    const dueAt = new Date('2026-03-03T18:15:00Z');
    const evening = new Date('2026-03-04T06:00:00Z'); // 10 pm on Mar 3 in California
    expect([daysPastDue(dueAt, evening), agingBucket(dueAt, evening)]).toEqual([0, 'current']);
    const nextMorning = new Date('2026-03-04T09:00:00Z'); // 1 am on Mar 4
    expect([daysPastDue(dueAt, nextMorning), agingBucket(dueAt, nextMorning)]).toEqual([1, '1-30']);
  });

  it('sums invoices into their buckets (no due date yet: current)', () => {
    expect(
      agingOf(
        [
          { amount: 100, due_at: due },
          { amount: 50, due_at: null },
          { amount: 7, due_at: at(-40) },
        ],
        at(35),
      ),
    ).toEqual({ current: 50, '1-30': 0, '31-60': 100, '61-90': 7, 'over-90': 0 });
  });
});

describe('requests', () => {
  it('takes only the terms on offer and a whole-cent limit up to $1,000,000', () => {
    const ok = { companyId: 'c1', netDays: 30, creditLimit: 50_000, reason: 'Good payer' };
    expect(setCompanyTermsRequest.safeParse(ok).success).toBe(true);
    expect(setCompanyTermsRequest.safeParse({ ...ok, netDays: 45 }).success).toBe(false);
    expect(setCompanyTermsRequest.safeParse({ ...ok, creditLimit: 10.5 }).success).toBe(false);
    expect(setCompanyTermsRequest.safeParse({ ...ok, creditLimit: 100_000_001 }).success).toBe(
      false,
    );
    expect(setCompanyTermsRequest.safeParse({ ...ok, reason: '  ' }).success).toBe(false);
  });

  it('takes a PO number of up to 40 characters and refuses a due date', () => {
    const ok = { requestId: 'abcdefgh12', poNumber: 'PO-1' };
    expect(placeTermsOrderRequest.parse({ requestId: 'abcdefgh12' }).poNumber).toBe('');
    expect(placeTermsOrderRequest.safeParse({ ...ok, poNumber: 'x'.repeat(41) }).success).toBe(
      false,
    );
    expect(placeTermsOrderRequest.safeParse({ ...ok, dueDate: 1 }).success).toBe(false);
    expect(placeTermsOrderRequest.safeParse({ ...ok, requestId: 'short' }).success).toBe(false);
  });
});

describe('orders awaiting payment', () => {
  it('are shipped by hand, and only Stripe or a void moves them otherwise', () => {
    expect(managerOrderMoves('awaiting_payment')).toEqual(['shipped']);
    expect(canManagerMoveOrder('awaiting_payment', 'cancelled')).toBe(false);
  });

  it('cannot be refunded before their invoice is paid', () => {
    const order = { status: 'shipped' as const, amount: 500, refunds: [] };
    expect(refundProblem({ ...order, terms: { state: 'open' } }, 100)).toBe(TERMS_NOT_PAID_REFUND);
    expect(refundProblem({ ...order, terms: { state: 'paid' } }, 100)).toBeNull();
  });

  it('count as booked revenue on the day they were placed, collected once paid, nothing once void', () => {
    const order: SalesOrder = {
      user_id: 'u1',
      store_name: 'Shop',
      status: 'awaiting_payment',
      amount: 30_000,
      refunded_amount: 0,
      paid_at: null,
      items: [{ product_id: 'p', name: 'P', quantity: 3, line_total: 30_000, unit_amount: 10_000 }],
      on_terms: { booked_at: new Date('2026-03-02T20:00:00Z'), state: 'open' },
    };
    expect(orderContribution(order)).toMatchObject({
      day: '2026-03-02',
      rollup: { revenue: 30_000, uncollected: 30_000, paid_orders: 1 },
    });
    const paid = {
      ...order,
      status: 'processing' as const,
      paid_at: new Date('2026-04-01T20:00:00Z'),
      on_terms: { ...order.on_terms!, state: 'paid' as const },
    };
    expect(orderContribution(paid)).toMatchObject({
      day: '2026-03-02',
      rollup: { revenue: 30_000, uncollected: 0 },
    });
    const voided = {
      ...order,
      status: 'cancelled' as const,
      on_terms: { ...order.on_terms!, state: 'void' as const },
    };
    expect(orderContribution(voided)).toBeNull();
  });
});
