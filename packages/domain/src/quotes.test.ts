import { describe, expect, it } from 'vitest';
import {
  quoteStateAt,
  FINAL_QUOTE_STATES,
  formatQuoteNumber,
  isOverride,
  isQuoteExpired,
  overrideProblem,
  PAYMENT_LINK_HOURS,
  QUOTE_MESSAGES,
  QUOTE_STATES,
  QUOTE_VALID_DAYS_DEFAULT,
  quoteExpiresAt,
  quoteGoods,
  quoteLineConflicts,
  quoteTermsText,
  quoteTotal,
  type QuoteProduct,
} from './quotes';
import { declineQuoteRequest, saveDraftOrderRequest, sendDraftOrderRequest } from './quote-schemas';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const SENT = Date.UTC(2026, 11, 3, 18, 0, 0);

function product(overrides: Partial<QuoteProduct> = {}): QuoteProduct {
  return {
    name: 'Mango Syrup',
    is_active: true,
    case_pack: 1,
    min_quantity: 1,
    stock_on_hand: null,
    stock_reserved: 0,
    backorders_allowed: false,
    restock_date: null,
    ...overrides,
  };
}

const line = (product_id: string, quantity: number, name = 'Mango Syrup') => ({
  product_id,
  name,
  quantity,
});

describe('quote numbers', () => {
  it('are Q- and six digits, from 1 on', () => {
    expect(formatQuoteNumber(1)).toBe('Q-000001');
    expect(formatQuoteNumber(2)).toBe('Q-000002');
    expect(formatQuoteNumber(123_456)).toBe('Q-123456');
    // Past a million the number grows rather than wraps.
    expect(formatQuoteNumber(1_234_567)).toBe('Q-1234567');
  });

  it('refuse what is not a sequence number', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => formatQuoteNumber(bad)).toThrow(RangeError);
    }
  });
});

describe('validity', () => {
  it('a quote is open for its valid days from when it was sent', () => {
    expect(quoteExpiresAt(SENT, 'quote', QUOTE_VALID_DAYS_DEFAULT)).toBe(SENT + 7 * DAY);
    expect(quoteExpiresAt(SENT, 'quote', 30)).toBe(SENT + 30 * DAY);
    expect(quoteExpiresAt(SENT, 'terms', 7)).toBe(SENT + 7 * DAY);
  });

  it("a payment link lives at most Stripe's 24 hours, or its valid days if fewer", () => {
    expect(PAYMENT_LINK_HOURS).toBe(24);
    expect(quoteExpiresAt(SENT, 'payment_link', 7)).toBe(SENT + 24 * HOUR);
    expect(quoteExpiresAt(SENT, 'payment_link', 1)).toBe(SENT + 24 * HOUR);
  });

  it('is expired from its expiry on, never before; no expiry never expires', () => {
    const expiresAt = quoteExpiresAt(SENT, 'quote', 7);
    expect(isQuoteExpired(expiresAt, expiresAt - 1)).toBe(false);
    expect(isQuoteExpired(expiresAt, expiresAt)).toBe(true);
    expect(isQuoteExpired(new Date(expiresAt), expiresAt + 1)).toBe(true);
    expect(isQuoteExpired(null, SENT + 1000 * DAY)).toBe(false);
  });

  it('accepted, declined and expired are final', () => {
    expect(QUOTE_STATES.filter((state) => !FINAL_QUOTE_STATES.includes(state))).toEqual([
      'draft',
      'sent',
    ]);
  });
});

describe('the state shown', () => {
  const sent = { state: 'sent' as const, expires_at: new Date('2026-03-10T00:00:00Z') };
  it('reads a sent quote as expired once its expiry has passed, and only a sent one', () => {
    const before = Date.parse('2026-03-09T23:59:59Z');
    const after = Date.parse('2026-03-10T00:00:00Z');
    expect(quoteStateAt(sent, before)).toBe('sent');
    expect(quoteStateAt(sent, after)).toBe('expired');
    expect(quoteStateAt({ ...sent, state: 'accepted' }, after)).toBe('accepted');
    expect(quoteStateAt({ state: 'draft', expires_at: null }, after)).toBe('draft');
  });
});

describe('overrides', () => {
  const priced = { name: 'Mango Syrup', quantity: 12, catalog_unit_amount: 1200 };

  it("a price other than the catalog's is an override", () => {
    expect(isOverride({ catalog_unit_amount: 1200, unit_amount: 1200 })).toBe(false);
    expect(isOverride({ catalog_unit_amount: 1200, unit_amount: 1000 })).toBe(true);
    // Up is an override too (a rush order, a special finish).
    expect(isOverride({ catalog_unit_amount: 1200, unit_amount: 1500 })).toBe(true);
  });

  it('needs a reason, blanks are none', () => {
    for (const reason of ['', '   ', '\n\t']) {
      expect(overrideProblem({ ...priced, unit_amount: 1000, override_reason: reason })).toBe(
        QUOTE_MESSAGES.overrideReason('Mango Syrup'),
      );
    }
    expect(
      overrideProblem({ ...priced, unit_amount: 1000, override_reason: 'Trade show price' }),
    ).toBeNull();
  });

  it('the catalog price needs no reason', () => {
    expect(overrideProblem({ ...priced, unit_amount: 1200, override_reason: '' })).toBeNull();
  });

  it('the refusal names the product', () => {
    expect(QUOTE_MESSAGES.overrideReason('Blue Coast Jug')).toBe(
      'Give a reason for the price of Blue Coast Jug.',
    );
  });
});

describe('amounts', () => {
  const lines = [
    { quantity: 12, unit_amount: 1000 },
    { quantity: 2, unit_amount: 4999 },
  ];

  it('goods are the lines at the prices quoted; the total adds shipping (tax comes later)', () => {
    expect(quoteGoods(lines)).toBe(12 * 1000 + 2 * 4999);
    expect(quoteTotal(lines, 2500)).toBe(12 * 1000 + 2 * 4999 + 2500);
    expect(quoteGoods([])).toBe(0);
  });

  it('the terms line says how it is paid', () => {
    expect(quoteTermsText(30)).toBe('Net 30: invoiced when accepted, due in 30 days.');
    expect(quoteTermsText(null)).toBe('Paid by card when accepted.');
  });
});

describe('quoteLineConflicts', () => {
  it('is empty when every line can be ordered', () => {
    const products = new Map([['mango', product({ stock_on_hand: 100 })]]);
    expect(quoteLineConflicts([line('mango', 12)], products)).toEqual([]);
  });

  it('names a product gone or inactive', () => {
    const products = new Map([['old', product({ name: 'Old Syrup', is_active: false })]]);
    expect(
      quoteLineConflicts([line('gone', 1, 'Gone Syrup'), line('old', 1, 'Old Syrup')], products),
    ).toEqual([
      { productId: 'gone', message: 'Gone Syrup is no longer in the catalog.' },
      { productId: 'old', message: 'Old Syrup is no longer in the catalog.' },
    ]);
  });

  it('names a broken case pack and a quantity under the minimum', () => {
    const products = new Map([
      ['cased', product({ name: 'Cased Syrup', case_pack: 6 })],
      ['minimum', product({ name: 'Bulk Syrup', min_quantity: 24 })],
    ]);
    expect(
      quoteLineConflicts(
        [line('cased', 10, 'Cased Syrup'), line('minimum', 12, 'Bulk Syrup')],
        products,
      ),
    ).toEqual([
      {
        productId: 'cased',
        message: 'Cased Syrup is sold in cases of 6: order a multiple of 6.',
      },
      { productId: 'minimum', message: 'The minimum order for Bulk Syrup is 24 units.' },
    ]);
  });

  it('names too little stock once per product, counting its lines together', () => {
    const products = new Map([
      ['mango', product({ stock_on_hand: 20, stock_reserved: 5 })],
      ['out', product({ name: 'Out Syrup', stock_on_hand: 0 })],
    ]);
    expect(
      quoteLineConflicts(
        [line('mango', 10), line('mango', 10), line('out', 1, 'Out Syrup')],
        products,
      ),
    ).toEqual([
      { productId: 'mango', message: 'Only 15 left of Mango Syrup.' },
      { productId: 'out', message: 'Out Syrup is out of stock.' },
    ]);
  });

  it('never finds a product that takes backorders short, nor one without stock tracking', () => {
    const products = new Map([
      ['owed', product({ stock_on_hand: 2, backorders_allowed: true })],
      ['untracked', product({ stock_on_hand: null })],
    ]);
    expect(quoteLineConflicts([line('owed', 50), line('untracked', 500)], products)).toEqual([]);
  });

  it('reports every line with a problem, each once', () => {
    const products = new Map([
      ['cased', product({ name: 'Cased Syrup', case_pack: 6, stock_on_hand: 3 })],
      ['mango', product({ stock_on_hand: 1 })],
    ]);
    const conflicts = quoteLineConflicts(
      [line('cased', 7, 'Cased Syrup'), line('mango', 2), line('gone', 1, 'Gone Syrup')],
      products,
    );
    expect(conflicts.map((c) => c.productId)).toEqual(['cased', 'mango', 'gone']);
  });
});

describe('the callables’ requests', () => {
  const draft = {
    companyId: 'company-1',
    locationId: 'main',
    lines: [{ productId: 'mango', quantity: 12 }],
  };

  it('a draft gets the defaults: no shipping, no note, valid for 7 days', () => {
    const parsed = saveDraftOrderRequest.parse(draft);
    expect(parsed).toMatchObject({
      shippingAmount: 0,
      noteToBuyer: '',
      validDays: QUOTE_VALID_DAYS_DEFAULT,
      lines: [{ productId: 'mango', quantity: 12, overrideReason: '' }],
    });
  });

  it('a draft is refused without lines, with a bad shipping charge or validity', () => {
    const issue = (data: unknown) =>
      saveDraftOrderRequest.safeParse(data).error?.issues[0]?.message;
    expect(issue({ ...draft, lines: [] })).toBe(QUOTE_MESSAGES.noLines);
    expect(issue({ ...draft, shippingAmount: -1 })).toBe(QUOTE_MESSAGES.shipping);
    expect(issue({ ...draft, shippingAmount: 1_000_001 })).toBe(QUOTE_MESSAGES.shipping);
    expect(issue({ ...draft, validDays: 0 })).toBe(QUOTE_MESSAGES.validDays);
    expect(issue({ ...draft, validDays: 91 })).toBe(QUOTE_MESSAGES.validDays);
    expect(issue({ ...draft, noteToBuyer: 'x'.repeat(1001) })).toBe(QUOTE_MESSAGES.note);
    expect(
      issue({
        ...draft,
        lines: [{ productId: 'mango', quantity: 1, overrideReason: 'x'.repeat(501) }],
      }),
    ).toBe(QUOTE_MESSAGES.reason);
    // The price is the server's: nothing but a unit amount in cents is taken.
    expect(
      saveDraftOrderRequest.safeParse({
        ...draft,
        lines: [{ productId: 'mango', quantity: 1, unitAmount: 9.5 }],
      }).success,
    ).toBe(false);
    expect(
      saveDraftOrderRequest.safeParse({
        ...draft,
        lines: [{ productId: 'mango', quantity: 1, line_total: 1 }],
      }).success,
    ).toBe(false);
  });

  it('a send names how it is sent and a request id', () => {
    expect(
      sendDraftOrderRequest.safeParse({ quoteId: 'q1', delivery: 'quote', requestId: 'request-1' })
        .success,
    ).toBe(true);
    expect(
      sendDraftOrderRequest.safeParse({ quoteId: 'q1', delivery: 'fax', requestId: 'request-1' })
        .success,
    ).toBe(false);
    expect(
      sendDraftOrderRequest.safeParse({ quoteId: 'q1', delivery: 'quote', requestId: 'r' }).success,
    ).toBe(false);
  });

  it('a decline needs its reason', () => {
    const issue = (reason: unknown) =>
      declineQuoteRequest.safeParse({ quoteId: 'q1', reason }).error?.issues[0]?.message;
    expect(issue('   ')).toBe(QUOTE_MESSAGES.declineReason);
    expect(issue('x'.repeat(1001))).toBe(QUOTE_MESSAGES.declineReason);
    expect(issue('Found it cheaper.')).toBeUndefined();
  });
});
