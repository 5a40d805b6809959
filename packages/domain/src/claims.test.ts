import { describe, expect, it } from 'vitest';
import {
  CLAIM_MESSAGES,
  claimDeadline,
  claimableUnits,
  claimPhotoFileProblem,
  claimPhotoPath,
  claimProblem,
  claimValue,
  parseClaimPhotoPath,
  remediesFor,
  sniffClaimPhotoType,
  type ClaimableOrder,
} from './claims';
import { creditToApply } from './store-credit';
import { reportClaimRequest, settleClaimRequest } from './claim-schemas';

const DAY = 24 * 60 * 60 * 1000;
const shippedAt = new Date('2026-11-01T18:00:00Z');

function order(overrides: Partial<ClaimableOrder> = {}): ClaimableOrder {
  return {
    status: 'shipped',
    items: [
      { product_id: 'jug', name: 'Mango jug', quantity: 6 },
      { product_id: 'cup', name: 'Cups', quantity: 2 },
    ],
    shipments: [
      {
        id: 'shipment-1',
        number: 1,
        lines: [
          { product_id: 'jug', quantity: 6 },
          { product_id: 'cup', quantity: 2 },
        ],
        carrier: 'UPS',
        tracking_number: '1Z',
        shipped_at: shippedAt,
      },
    ],
    status_history: [],
    ...overrides,
  };
}

describe('claim window', () => {
  it('runs 14 days from the latest shipment, or from delivery when recorded', () => {
    expect(claimDeadline(order())?.getTime()).toBe(shippedAt.getTime() + 14 * DAY);
    const delivered = new Date(shippedAt.getTime() + 3 * DAY);
    const o = order({
      status: 'delivered',
      status_history: [{ status: 'delivered', at: delivered }],
    });
    expect(claimDeadline(o)?.getTime()).toBe(delivered.getTime() + 14 * DAY);
    const lines = [{ product_id: 'jug', quantity: 1 }];
    expect(claimProblem(o, [], lines, new Date(delivered.getTime() + 14 * DAY))).toBeNull();
    expect(claimProblem(o, [], lines, new Date(delivered.getTime() + 14 * DAY + 1))).toBe(
      CLAIM_MESSAGES.tooLate(14),
    );
  });

  it('refuses an order that has not shipped', () => {
    const o = order({ status: 'processing', shipments: [] });
    expect(claimProblem(o, [], [{ product_id: 'jug', quantity: 1 }], shippedAt)).toBe(
      CLAIM_MESSAGES.notShipped,
    );
  });
});

describe('claimable units', () => {
  it('are the shipped units less claims not rejected and refunds that settled no claim', () => {
    const o = order({
      refunds: [
        { lines: [{ product_id: 'jug', quantity: 1, unshipped: 0 }] },
        { claim_id: 'c0', lines: [{ product_id: 'jug', quantity: 1, unshipped: 0 }] },
      ],
    });
    const claims = [
      { status: 'settled' as const, lines: [{ product_id: 'jug', quantity: 1 }] },
      { status: 'new' as const, lines: [{ product_id: 'jug', quantity: 2 }] },
      { status: 'rejected' as const, lines: [{ product_id: 'jug', quantity: 5 }] },
    ];
    expect(claimableUnits(o, claims).get('jug')).toBe(2);
    expect(claimProblem(o, claims, [{ product_id: 'jug', quantity: 3 }], shippedAt)).toBe(
      CLAIM_MESSAGES.tooMany('Mango jug', 2, 6),
    );
    expect(claimProblem(o, claims, [{ product_id: 'jug', quantity: 2 }], shippedAt)).toBeNull();
  });

  it('never exceeds what was ordered, and lists each product once', () => {
    expect(claimProblem(order(), [], [{ product_id: 'jug', quantity: 7 }], shippedAt)).toBe(
      CLAIM_MESSAGES.tooMany('Mango jug', 6, 6),
    );
    expect(
      claimProblem(
        order(),
        [],
        [
          { product_id: 'cup', quantity: 1 },
          { product_id: 'cup', quantity: 1 },
        ],
        shippedAt,
      ),
    ).toBe(CLAIM_MESSAGES.twice('Cups'));
    expect(claimProblem(order(), [], [{ product_id: 'nope', quantity: 1 }], shippedAt)).toBe(
      CLAIM_MESSAGES.notOnOrder,
    );
  });

  it('counts only shipped units of a partially shipped order', () => {
    const o = order({
      status: 'partially_shipped',
      shipments: [{ ...order().shipments![0]!, lines: [{ product_id: 'jug', quantity: 4 }] }],
    });
    expect(claimableUnits(o, []).get('jug')).toBe(4);
    expect(claimableUnits(o, []).get('cup')).toBe(0);
  });
});

describe('claim value and remedies', () => {
  const valued = {
    items: [
      { product_id: 'jug', quantity: 6, unit_amount: 1000, line_total: 6000 },
      { product_id: 'cup', quantity: 2, unit_amount: 2000, line_total: 4000 },
    ],
    tax: { amount: 1000 },
  };
  it('prices the units as sold with their share of the tax', () => {
    expect(claimValue(valued, [{ product_id: 'jug', quantity: 2 }])).toEqual({
      lines: [{ product_id: 'jug', quantity: 2, amount: 2000 }],
      goods: 2000,
      tax: 200,
      total: 2200,
    });
  });
  it('offers a refund for card orders, a credit note for terms invoices', () => {
    const card = {
      payment_method: 'card' as const,
      amount: 11000,
      refunded_amount: 0,
      stripe_payment_intent_id: 'pi_1',
    };
    expect(remediesFor(card, 2200)).toEqual(['refund', 'store_credit', 'replacement']);
    expect(remediesFor({ ...card, refunded_amount: 10000 }, 2200)).toEqual([
      'store_credit',
      'replacement',
    ]);
    expect(
      remediesFor(
        {
          ...card,
          payment_method: 'terms',
          stripe_payment_intent_id: null,
          terms: { invoice_id: 'in_1' },
        },
        2200,
      ),
    ).toEqual(['credit_note', 'store_credit', 'replacement']);
    expect(remediesFor({ ...card, amount: 0, source: 'replacement' }, 0)).toEqual(['replacement']);
  });
});

describe('photos', () => {
  it('accept JPEG and PNG of up to 10 MB, checked by content on the server', () => {
    expect(claimPhotoFileProblem({ type: 'image/png', size: 10 * 1024 * 1024 })).toBeNull();
    expect(claimPhotoFileProblem({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(
      CLAIM_MESSAGES.photoTooLarge,
    );
    expect(claimPhotoFileProblem({ type: 'image/gif', size: 10 })).toBe(CLAIM_MESSAGES.photoType);
    expect(sniffClaimPhotoType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffClaimPhotoType(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]))).toBeNull();
  });
  it('live under claim-photos/{company}/{claim}/{photo}', () => {
    expect(claimPhotoPath('co1', 'cl1', 'p1')).toBe('claim-photos/co1/cl1/p1');
    expect(parseClaimPhotoPath('claim-photos/co1/cl1/p1')).toEqual({
      companyId: 'co1',
      claimId: 'cl1',
      photoId: 'p1',
    });
    expect(parseClaimPhotoPath('claim-photos/co1/../p1')).toBeNull();
    expect(() => claimPhotoPath('co/1', 'cl1', 'p1')).toThrow();
  });
});

describe('contracts', () => {
  it('refuse more than five photos, an unknown kind and an unknown remedy', () => {
    const base = {
      claimId: 'c1',
      orderId: 'o1',
      kind: 'damaged',
      lines: [{ productId: 'jug', quantity: 2 }],
    };
    expect(reportClaimRequest.safeParse(base).success).toBe(true);
    const six = Array.from({ length: 6 }, (_, i) => ({ id: `p${i}`, name: 'a.jpg' }));
    expect(reportClaimRequest.safeParse({ ...base, photos: six }).error?.issues[0]?.message).toBe(
      CLAIM_MESSAGES.photoCount,
    );
    expect(reportClaimRequest.safeParse({ ...base, kind: 'late' }).error?.issues[0]?.message).toBe(
      CLAIM_MESSAGES.kind,
    );
    expect(
      settleClaimRequest.safeParse({
        claimId: 'c1',
        requestId: '6f1d3b0e-8a4b-4f57-9a59-0d3c7f4b2a10',
        remedy: 'cash',
      }).success,
    ).toBe(false);
  });
});

describe('store credit at a card checkout', () => {
  it('spends the balance but leaves the $0.50 Stripe charges at least', () => {
    expect(creditToApply(2200, 10000)).toBe(2200);
    expect(creditToApply(20000, 10000)).toBe(9950);
    expect(creditToApply(0, 10000)).toBe(0);
    expect(creditToApply(500, 40)).toBe(0);
  });
});
