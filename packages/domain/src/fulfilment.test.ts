import { describe, expect, it } from 'vitest';
import { refundOrderRequest, updateOrderStatusRequest } from './contracts';
import {
  formatInvoiceNumber,
  invoicePaymentStatus,
  invoiceTotals,
  parseInvoiceNumber,
} from './invoices';
import { netRevenueCents, refundableCents, refundProblem } from './refunds';
import { routePath } from './routes';
import { shipToLines, shipToSchema } from './ship-to';
import { normalizeTrackingNumber, trackingNumberProblem, trackingUrl } from './shipping';

describe('tracking numbers', () => {
  it('normalizes what a manager types and builds the carrier page link', () => {
    expect(normalizeTrackingNumber(' 1z 999-aa1 0123456784 ')).toBe('1Z999AA10123456784');
    expect(trackingUrl('ups', '1z999aa10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl('usps', '9400 1000 0000 0000 0000 00')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    );
    expect(trackingUrl('other', 'ABCDE12345')).toBeNull();
  });

  it('refuses empty, short, long and illegal tracking numbers with a clear message', () => {
    expect(trackingNumberProblem('')).toBe('Enter the tracking number.');
    expect(trackingNumberProblem('AB12')).toMatch(/5 to 40/);
    expect(trackingNumberProblem('A'.repeat(41))).toMatch(/5 to 40/);
    expect(trackingNumberProblem('1Z<script>')).toBe(
      'A tracking number has only letters and digits.',
    );
    expect(trackingNumberProblem('ABC/12345')).toBe(
      'A tracking number has only letters and digits.',
    );
    expect(trackingUrl('ups', 'AB<1>')).toBeNull();
    expect(trackingNumberProblem('1Z 999 AA1')).toBeNull();
  });
});

describe('ship-to', () => {
  const good = {
    name: ' Cloud Nine Smoke Shop ',
    phone: '(415) 555-0100',
    address: {
      line1: '1 Market St',
      city: 'San Francisco',
      state: 'ca',
      postal_code: '94105',
      country: 'US',
    },
  };

  it('trims, upper-cases the state, strips phone punctuation and prints label lines', () => {
    const shipTo = shipToSchema.parse(good);
    expect(shipTo).toEqual({
      name: 'Cloud Nine Smoke Shop',
      phone: '4155550100',
      address: {
        line1: '1 Market St',
        line2: '',
        city: 'San Francisco',
        state: 'CA',
        postal_code: '94105',
        country: 'US',
      },
    });
    expect(shipToLines(shipTo)).toEqual([
      'Cloud Nine Smoke Shop',
      '1 Market St',
      'San Francisco, CA 94105',
      'United States',
      '4155550100',
    ]);
  });

  it.each([
    [{ address: { ...good.address, country: 'CA' } }, 'We ship to US addresses only.'],
    [{ address: { ...good.address, postal_code: '9410' } }, 'Enter a 5-digit ZIP code (or ZIP+4).'],
    [{ address: { ...good.address, state: 'ZZ' } }, 'Choose a US state.'],
    [{ address: { ...good.address, line1: '  ' } }, 'Enter the street address.'],
    [{ name: 'Evil\r\nBcc: x@example.com' }, 'Remove the special characters.'],
    [{ phone: '12' }, 'Enter a phone number with 10 to 15 digits.'],
  ])('refuses %j', (change, message) => {
    const result = shipToSchema.safeParse({ ...good, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });
});

describe('refunds', () => {
  const paid = { status: 'processing' as const, amount: 10_000, refunds: [{ amount: 2_500 }] };

  it('knows what is left to refund and counts revenue net of refunds', () => {
    expect(refundableCents(paid)).toBe(7_500);
    expect(netRevenueCents(paid)).toBe(7_500);
    expect(
      netRevenueCents({ status: 'cancelled', amount: 10_000, refunds: [{ amount: 10_000 }] }),
    ).toBe(0);
    expect(
      netRevenueCents({ status: 'cancelled', amount: 10_000, refunds: [{ amount: 4_000 }] }),
    ).toBe(6_000);
    expect(netRevenueCents({ status: 'pending', amount: 10_000 })).toBe(0);
  });

  it('refuses refunds of unpaid orders, zero, fractions and more than is left', () => {
    expect(refundProblem({ status: 'pending', amount: 100 }, 50)).toBe(
      'Only a paid order can be refunded.',
    );
    expect(refundProblem(paid, 0)).toBe('Enter a refund amount above $0.00.');
    expect(refundProblem(paid, 1.5)).toBe('Enter a refund amount above $0.00.');
    expect(refundProblem(paid, 7_501)).toBe(
      'The refund is more than the $75.00 left to refund on this order.',
    );
    expect(refundProblem({ ...paid, refunds: [{ amount: 10_000 }] }, 1)).toBe(
      'This order has already been refunded in full.',
    );
    expect(refundProblem(paid, 7_500)).toBeNull();
  });
});

describe('invoice numbers', () => {
  it('formats and parses', () => {
    expect(formatInvoiceNumber(123)).toBe('INV-000123');
    expect(formatInvoiceNumber(1_234_567)).toBe('INV-1234567');
    expect(parseInvoiceNumber('inv-000123')).toBe(123);
    expect(parseInvoiceNumber('INV-0')).toBeNull();
    expect(parseInvoiceNumber('INV-12a')).toBeNull();
    expect(() => formatInvoiceNumber(0)).toThrow(RangeError);
  });
});

describe('order book requests', () => {
  it('needs a carrier and a valid tracking number to mark an order shipped, and only then', () => {
    const ship = updateOrderStatusRequest.safeParse({
      orderId: 'o1',
      status: 'shipped',
      shipment: { carrier: 'ups', trackingNumber: '1z 999-aa1 0123456784' },
    });
    expect(ship.success && ship.data.shipment).toEqual({
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
    });
    const messages = (data: unknown) => {
      const result = updateOrderStatusRequest.safeParse(data);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({ orderId: 'o1', status: 'shipped' })).toEqual([
      'Enter the carrier and tracking number to mark the order shipped.',
    ]);
    expect(
      messages({
        orderId: 'o1',
        status: 'shipped',
        shipment: { carrier: 'ups', trackingNumber: '1Z<script>' },
      }),
    ).toEqual(['A tracking number has only letters and digits.']);
    expect(
      messages({
        orderId: 'o1',
        status: 'shipped',
        shipment: { carrier: 'pigeon', trackingNumber: 'ABCDE12345' },
      }),
    ).toEqual(['Choose the carrier.']);
    expect(
      messages({
        orderId: 'o1',
        status: 'delivered',
        shipment: { carrier: 'ups', trackingNumber: 'ABCDE12345' },
      }),
    ).toEqual(['Only a shipped order has a carrier and tracking number.']);
    // Restocking goes with cancelling only; off unless asked for.
    expect(updateOrderStatusRequest.parse({ orderId: 'o1', status: 'cancelled' })).toEqual({
      orderId: 'o1',
      status: 'cancelled',
      restock: false,
    });
    expect(messages({ orderId: 'o1', status: 'cancelled', restock: true })).toEqual([]);
    expect(messages({ orderId: 'o1', status: 'delivered', restock: true })).toEqual([
      'Only cancelling an order puts its units back in stock.',
    ]);
    expect(messages({ orderId: 'o1', status: 'cancelled', restock: 'yes' })).toEqual([
      'Restock is true or false.',
    ]);
  });

  it('takes refunds in whole cents above zero with two short plain notes, named by a request id', () => {
    const requestId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const base = { orderId: 'o1', requestId };
    expect(refundOrderRequest.parse(base)).toEqual({
      orderId: 'o1',
      requestId,
      internalNote: '',
      customerNote: '',
      restock: false,
    });
    // The old single reason (which printed on the customer's invoice) is no longer taken.
    expect(refundOrderRequest.safeParse({ ...base, reason: 'for the books' }).success).toBe(false);
    // The request id makes a retried call one refund: none, or one that is not a UUID, is refused.
    expect(refundOrderRequest.safeParse({ orderId: 'o1' }).success).toBe(false);
    expect(refundOrderRequest.safeParse({ orderId: 'o1', requestId: 'retry-1' }).success).toBe(
      false,
    );
    expect(refundOrderRequest.parse({ ...base, restock: true }).restock).toBe(true);
    expect(refundOrderRequest.safeParse({ ...base, restock: 1 }).success).toBe(false);
    expect(refundOrderRequest.safeParse({ ...base, amount: 0 }).success).toBe(false);
    expect(refundOrderRequest.safeParse({ ...base, amount: 10.5 }).success).toBe(false);
    expect(refundOrderRequest.safeParse({ ...base, amount: '100' }).success).toBe(false);
    expect(refundOrderRequest.safeParse({ ...base, reason: 'x\r\nBcc: a@b.c' }).success).toBe(
      false,
    );
    expect(refundOrderRequest.safeParse({ ...base, reason: 'x'.repeat(201) }).success).toBe(false);
  });

  it('fills route parameters, encoded', () => {
    expect(routePath('invoice', { orderId: 'a b' })).toBe('/portal/orders/a%20b/invoice');
    expect(() => routePath('packingSlip')).toThrow(/orderId/);
  });
});

describe('invoice money and status', () => {
  const order = (
    over: Partial<{
      status: 'pending' | 'processing' | 'shipped' | 'cancelled';
      amount: number;
      refunded_amount: number;
    }> = {},
  ) => ({
    status: 'processing' as const,
    amount: 10_000,
    refunded_amount: 0,
    items: [{ line_total: 6_000 }, { line_total: 4_000 }],
    ...over,
  });
  it('adds the lines, ships free and shows refunds and what was kept', () => {
    expect(invoiceTotals(order({ refunded_amount: 2_500 }))).toEqual({
      subtotal: 10_000,
      shipping: 0,
      tax: 0,
      storeCredit: 0,
      total: 10_000,
      refunded: 2_500,
      net: 7_500,
    });
  });
  it('adds the sales tax charged to the total', () => {
    expect(invoiceTotals({ ...order(), tax: { amount: 725 } })).toMatchObject({
      subtotal: 10_000,
      tax: 725,
      total: 10_725,
      net: 10_725,
    });
  });
  it("adds a quote's shipping charge to the total", () => {
    expect(invoiceTotals({ ...order(), shipping_charge: 1_500 })).toMatchObject({
      subtotal: 10_000,
      shipping: 1_500,
      total: 11_500,
      net: 11_500,
    });
  });
  it('takes the store credit spent off the total: the total is what was charged', () => {
    // $100.00 of goods, $40.00 of credit, $4.80 of tax on the rest: $64.80 charged, all refunded.
    expect(
      invoiceTotals({
        ...order({ amount: 6_480, refunded_amount: 6_480 }),
        tax: { amount: 480 },
        store_credit_applied: 4_000,
      }),
    ).toMatchObject({ subtotal: 10_000, tax: 480, storeCredit: 4_000, total: 6_480, net: 0 });
  });
  it('names the payment status', () => {
    expect(invoicePaymentStatus(order())).toBe('Paid');
    expect(invoicePaymentStatus(order({ status: 'pending' }))).toBe('Payment processing');
    expect(invoicePaymentStatus(order({ refunded_amount: 1 }))).toBe('Partially refunded');
    expect(invoicePaymentStatus(order({ status: 'cancelled', refunded_amount: 10_000 }))).toBe(
      'Refunded',
    );
    expect(invoicePaymentStatus(order({ status: 'cancelled' }))).toBe('Cancelled');
  });
});
