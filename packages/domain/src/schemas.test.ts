import { describe, expect, it } from 'vitest';
import {
  createCheckoutSessionRequest,
  setProfileStatusRequest,
  verifyPaymentRequest,
} from './contracts';
import { applicationFormSchema } from './form-schemas';
import {
  catalogProductSchema,
  productSchema,
  splitCatalogProduct,
  supportContentSchema,
  wholesalePriceSchema,
  withWholesalePrice,
} from './schemas';

const application = {
  fullName: 'Ana Ruiz',
  storeName: 'Cloud Nine Smoke Shop',
  email: 'ana@example.com',
  password: 'secret12',
  sellerPermitId: 'SR-123-456',
  businessType: 'retailer',
};

describe('application form', () => {
  it('accepts a complete application and trims text', () => {
    const parsed = applicationFormSchema.parse({ ...application, storeName: '  Cloud Nine  ' });
    expect(parsed.storeName).toBe('Cloud Nine');
  });

  it.each([
    ['fullName', '', 'Full name is required'],
    ['storeName', '   ', 'Store name is required'],
    ['email', 'not-an-email', 'Enter a valid email address'],
    ['password', '', 'Password is required'],
    ['sellerPermitId', '', 'Seller permit number is required'],
    ['businessType', 'manager', 'Choose retailer or wholesaler'],
  ])('rejects a bad %s with a clear message', (field, value, message) => {
    const result = applicationFormSchema.safeParse({ ...application, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });

  it('rejects over-long store names', () => {
    const result = applicationFormSchema.safeParse({ ...application, storeName: 'x'.repeat(101) });
    expect(result.success).toBe(false);
  });
});

describe('catalog and support schemas', () => {
  it('requires integer cents for prices', () => {
    const product = {
      name: 'Blue Coast',
      description: 'Blue raspberry',
      image_url: '/products/blue-coast.svg',
      price_retailer: 2499,
      is_active: true,
      sort_order: 1,
    };
    expect(productSchema.safeParse(product).success).toBe(true);
    expect(productSchema.safeParse({ ...product, price_retailer: 24.99 }).success).toBe(false);
    expect(wholesalePriceSchema.safeParse({ price_wholesaler: 1999 }).success).toBe(true);
    expect(wholesalePriceSchema.safeParse({ price_wholesaler: -1 }).success).toBe(false);
    expect(wholesalePriceSchema.safeParse({ price_wholesaler: 19.99 }).success).toBe(false);
    expect(wholesalePriceSchema.safeParse({ price_wholesaler: 10_000_001 }).success).toBe(false);
    expect(catalogProductSchema.safeParse({ ...product, price_wholesaler: 1999 }).success).toBe(
      true,
    );
    expect(catalogProductSchema.safeParse(product).success).toBe(false);
  });

  it('keeps the wholesale price out of the stored product document', () => {
    const stored = {
      name: 'Blue Coast',
      description: '',
      image_url: '/x.svg',
      price_retailer: 2499,
      is_active: true,
      sort_order: 1,
    };
    // A legacy document that still carries it: the parsed product does not.
    expect(productSchema.parse({ ...stored, price_wholesaler: 1999 })).not.toHaveProperty(
      'price_wholesaler',
    );
    const product = { ...productSchema.parse(stored), id: 'blue' };
    const joined = withWholesalePrice(product, { price_wholesaler: 1999, price_breaks: [] });
    expect(joined).toMatchObject({ id: 'blue', price_retailer: 2499, price_wholesaler: 1999 });
    const { id: _id, ...data } = joined;
    expect(splitCatalogProduct(data)).toEqual({
      product: productSchema.parse(stored),
      wholesale: { price_wholesaler: 1999, price_breaks: [] },
    });
  });

  it('requires an http(s) video url', () => {
    const base = { title: 'Cleaning', category: 'Maintenance' };
    expect(
      supportContentSchema.safeParse({ ...base, video_url: 'https://videos.example/x' }).success,
    ).toBe(true);
    expect(
      supportContentSchema.safeParse({ ...base, video_url: 'javascript:alert(1)' }).success,
    ).toBe(false);
  });
});

describe('callable contracts', () => {
  it('rejects unknown fields such as a client-sent price', () => {
    expect(createCheckoutSessionRequest.safeParse({ productId: 'a', price: 1 }).success).toBe(
      false,
    );
    expect(createCheckoutSessionRequest.safeParse({}).success).toBe(true);
  });

  it('lets managers ask for a profile status, with a reason only when declining or rejecting', () => {
    expect(setProfileStatusRequest.safeParse({ uid: 'u1', status: 'pending' }).success).toBe(true);
    expect(setProfileStatusRequest.safeParse({ uid: 'u1', status: 'manager' }).success).toBe(false);
    expect(
      setProfileStatusRequest.safeParse({ uid: 'u1', status: 'rejected', reason: '  Out of area ' })
        .data,
    ).toEqual({ uid: 'u1', status: 'rejected', reason: 'Out of area' });
    expect(
      setProfileStatusRequest.safeParse({
        uid: 'u1',
        status: 'rejected',
        reason: 'Line one\nLine two',
      }).success,
    ).toBe(true);
    const misplaced = setProfileStatusRequest.safeParse({
      uid: 'u1',
      status: 'pending',
      reason: 'Welcome back',
    });
    expect(misplaced.error?.issues[0]?.message).toBe(
      'A reason goes with a decline or a rejection only.',
    );
    const long = setProfileStatusRequest.safeParse({
      uid: 'u1',
      status: 'rejected',
      reason: 'x'.repeat(501),
    });
    expect(long.error?.issues[0]?.message).toBe('Keep the reason under 500 characters.');
    const unsafe = setProfileStatusRequest.safeParse({
      uid: 'u1',
      status: 'rejected',
      reason: 'see \u202Eevil',
    });
    expect(unsafe.error?.issues[0]?.message).toBe('Remove the special characters from the reason.');
    expect(setProfileStatusRequest.safeParse({ uid: 'a/b', status: 'approved' }).success).toBe(
      false,
    );
    for (const reserved of ['.', '..', '__name__', '__id7__']) {
      expect(setProfileStatusRequest.safeParse({ uid: reserved, status: 'approved' }).success).toBe(
        false,
      );
      expect(createCheckoutSessionRequest.safeParse({ productId: reserved }).success).toBe(false);
    }
    expect(createCheckoutSessionRequest.safeParse({ productId: '_blue_coast_' }).success).toBe(
      true,
    );
    expect(setProfileStatusRequest.safeParse({ uid: 'u1', status: 'approved' }).success).toBe(true);
  });

  it('accepts only checkout session ids', () => {
    expect(verifyPaymentRequest.safeParse({ sessionId: 'cs_test_abc123' }).success).toBe(true);
    expect(verifyPaymentRequest.safeParse({ sessionId: '../etc' }).success).toBe(false);
  });
});
