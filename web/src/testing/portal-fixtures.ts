import type { BuyerRole } from '@portal/domain';
import { fakeDb, Timestamp } from './fake-firestore-lite';

/** Demo data for the buyer-portal component tests (seeded into the fake Firestore Lite). */
export const BUYER_UID = 'buyer-1';

export const demoProducts = [
  {
    id: 'purple-dream',
    name: 'Purple Dream Syrup',
    description: 'Grape and berry, our best seller.',
    image_url: '/products/purple-dream.svg',
    price_retailer: 2499,
    is_active: true,
    sort_order: 1,
  },
  {
    id: 'blue-coast',
    name: 'Blue Coast Syrup',
    description: 'Blue raspberry with a salty finish.',
    image_url: '/products/blue-coast.svg',
    price_retailer: 2599,
    is_active: true,
    sort_order: 2,
  },
  {
    id: 'old-flavor',
    name: 'Retired Flavor',
    description: 'No longer sold.',
    image_url: '/products/red-rush.svg',
    price_retailer: 1000,
    is_active: false,
    sort_order: 3,
  },
] as const;

/**
 * wholesale_prices/{id} for the demo products: the wholesale price is its own document, readable
 * only by approved wholesalers and managers; product documents carry the retail price only.
 */
export const DEMO_WHOLESALE_PRICES: Readonly<Record<string, number>> = {
  'purple-dream': 1899,
  'blue-coast': 1999,
  'old-flavor': 900,
};

export function seedWholesalePrices(
  prices: Readonly<Record<string, number>> = DEMO_WHOLESALE_PRICES,
): void {
  for (const [id, price_wholesaler] of Object.entries(prices)) {
    fakeDb.seed(`wholesale_prices/${id}`, { price_wholesaler });
  }
}

export function seedProfile(
  role: BuyerRole = 'retailer',
  overrides: Partial<{
    status: string;
    store_name: string;
    seller_permit_id: string;
    store_name_changed_at: Timestamp;
    company_id: string | null;
    company_role: string | null;
    location_ids: string[];
  }> = {},
): void {
  fakeDb.seed(`profiles/${BUYER_UID}`, {
    user_id: BUYER_UID,
    full_name: 'Dana Buyer',
    store_name: 'Cloud Nine Smokeshop',
    seller_permit_id: 'SP-123456',
    role,
    status: 'approved',
    created_at: Timestamp.fromDate(new Date('2025-01-02T10:00:00Z')),
    company_id: BUYER_UID,
    company_role: 'owner',
    location_ids: [],
    ...overrides,
  });
}

/** The buyer's company (docs/companies.md): a one-member company whose id is BUYER_UID. */
export function seedCompany(
  overrides: Partial<{ name: string; status: string; name_changed_at: Timestamp }> = {},
): void {
  fakeDb.seed(`companies/${BUYER_UID}`, {
    name: 'Cloud Nine Smokeshop',
    business_type: 'retailer',
    seller_permit_id: 'SP-123456',
    status: 'approved',
    created_by: BUYER_UID,
    created_at: Timestamp.fromDate(new Date('2025-01-02T10:00:00Z')),
    ...overrides,
  });
}

export function seedProducts(
  products: readonly (typeof demoProducts)[number][] = demoProducts,
): void {
  for (const { id, ...data } of products) fakeDb.seed(`products/${id}`, data);
}

export function seedCartItem(productId: string, quantity: number, uid = BUYER_UID): void {
  fakeDb.seed(`profiles/${uid}/cart_items/${productId}`, {
    product_id: productId,
    quantity,
    updated_at: Timestamp.fromDate(new Date('2025-02-01T10:00:00Z')),
  });
}

/** A signed-in session for BUYER_UID, shaped like lib/session's useSession result. */
export const signedInSession = {
  status: 'signed-in',
  user: { uid: BUYER_UID, email: 'buyer@demo.test' },
  claims: {},
} as const;

/** One of the buyer's company's locations (companies/{BUYER_UID}/locations/{id}). */
export function seedLocation(
  id: string,
  name: string,
  overrides: Partial<{ archived: boolean; city: string; delivery_notes: string }> = {},
): void {
  fakeDb.seed(`companies/${BUYER_UID}/locations/${id}`, {
    name,
    ship_to: {
      name: 'Dana Buyer',
      phone: '+13105550100',
      address: {
        line1: `${name} 1`,
        line2: '',
        city: overrides.city ?? 'Venice',
        state: 'CA',
        postal_code: '90291',
        country: 'US',
      },
    },
    delivery_notes: overrides.delivery_notes ?? '',
    archived: overrides.archived ?? false,
  });
}
