import { readFile } from 'node:fs/promises';
import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS, paths, searchKeysOf } from '@portal/domain';
import { ACCOUNTS } from './actors';
import { clearFirestore, rulesAdminDb } from './target';

/** Documents every matrix file starts from (written with the Admin SDK, which bypasses rules). */
export const U = {
  pending: ACCOUNTS.pending.uid,
  rejected: ACCOUNTS.rejected.uid,
  retailer: ACCOUNTS.retailer.uid,
  wholesaler: ACCOUNTS.wholesaler.uid,
  manager: ACCOUNTS.manager.uid,
  another: ACCOUNTS.another.uid,
  applicant: ACCOUNTS.applicant.uid,
  revoked: ACCOUNTS.revoked.uid,
  pendingWholesaler: ACCOUNTS.pendingWholesaler.uid,
  revokedWholesaler: ACCOUNTS.revokedWholesaler.uid,
} as const;

export const PRODUCT = {
  active: 'active-1',
  active2: 'active-2',
  inactive: 'inactive-1',
  /** A product with every catalog field, 5 units of it held by open checkouts. */
  stocked: 'stocked-1',
  missing: 'no-such-product',
} as const;

/** When the seeded products with a creation time were created. */
export const CREATED_AT = new Date('2025-10-15T12:00:00Z');

export const ORDER = {
  retailer: 'order-retailer',
  another: 'order-another',
  wholesaler: 'order-wholesaler',
  rejected: 'order-rejected',
  revoked: 'order-revoked',
} as const;

const at = Timestamp.fromDate(new Date('2025-11-01T10:00:00Z'));

export const STANDING_ORDER = {
  retailer: 'standing-retailer',
  another: 'standing-another',
} as const;

function standingOrder(uid: string): Record<string, unknown> {
  return {
    user_id: uid,
    store_name: 'Corner Smoke Shop',
    role: 'retailer',
    interval_weeks: 2,
    status: 'active',
    lines: [
      {
        product_id: 'p1',
        name: 'Blue Syrup',
        sku: 'BLU',
        quantity: 12,
        unit_amount: 600,
        paused_reason: null,
      },
    ],
    product_ids: ['p1'],
    next_delivery_at: at,
    created_at: at,
    updated_at: at,
    stripe_subscription_id: 'sub_rules',
  };
}

export function validProduct(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Purple Dream Syrup',
    description: 'Grape and blackberry, 1 gallon.',
    image_url: '/products/purple-dream.svg',
    price_retailer: 3499,
    is_active: true,
    sort_order: 1,
    ...overrides,
  };
}

/**
 * A product with the searchable catalog's fields, as the catalog editor writes them (the fields a
 * manager edits: no stock_reserved, no created_at; a create adds those two).
 */
export function catalogProduct(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return validProduct({
    sku: 'SYR-PURPLE',
    category: 'Syrups',
    images: ['/products/purple-dream-2.svg'],
    case_pack: 4,
    min_quantity: 8,
    price_breaks: [
      { min_quantity: 24, unit_amount: 3199 },
      { min_quantity: 48, unit_amount: 2999 },
    ],
    stock_on_hand: 120,
    ...overrides,
  });
}

/** Five breaks under a base price of 3499, the most a price may have. */
export const FIVE_BREAKS = [
  { min_quantity: 2, unit_amount: 3400 },
  { min_quantity: 12, unit_amount: 3300 },
  { min_quantity: 24, unit_amount: 3200 },
  { min_quantity: 48, unit_amount: 3100 },
  { min_quantity: 999, unit_amount: 3000 },
];

/** wholesale_prices/{productId}: the wholesale price alone. */
export function validWholesalePrice(
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return { price_wholesaler: 2799, ...overrides };
}

export function validSupportItem(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Daily cleaning',
    category: 'Maintenance',
    video_url: 'https://videos.example.com/clean-daily',
    ...overrides,
  };
}

function profile(uid: string, role: string, status: string) {
  return {
    user_id: uid,
    full_name: `Name of ${uid}`,
    store_name: `Store of ${uid}`,
    seller_permit_id: `SP-${uid}`,
    role,
    status,
    created_at: at,
    reviewed_at: status === 'pending' ? null : at,
    reviewed_by: status === 'pending' ? null : U.manager,
    // What the search trigger adds to every profile (functions/src/insights/search-fields.ts).
    search_keys: searchKeysOf({ storeName: `Store of ${uid}`, email: null }),
    store_name_lower: `store of ${uid}`,
  };
}

function order(uid: string, status: string) {
  return {
    user_id: uid,
    store_name: `Store of ${uid}`,
    items: [
      {
        product_id: PRODUCT.active,
        name: 'Purple Dream Syrup',
        description: 'Grape and blackberry, 1 gallon.',
        image_url: '/products/purple-dream.svg',
        unit_amount: 3499,
        quantity: 2,
        line_total: 6998,
      },
    ],
    amount: 6998,
    currency: 'usd',
    payment_type: 'one_time',
    status,
    stripe_session_id: `cs_test_${uid}`,
    created_at: at,
    paid_at: status === 'pending' ? null : at,
    status_history: [{ status: 'pending', at, by: uid }],
  };
}

const cartLine = (productId: string, quantity: number) => ({
  product_id: productId,
  quantity,
  updated_at: at,
});

export const SEED: Readonly<Record<string, Record<string, unknown>>> = {
  [paths.profile(U.pending)]: profile(U.pending, 'retailer', 'pending'),
  [paths.profile(U.rejected)]: profile(U.rejected, 'wholesaler', 'rejected'),
  [paths.profile(U.retailer)]: profile(U.retailer, 'retailer', 'approved'),
  [paths.profile(U.wholesaler)]: profile(U.wholesaler, 'wholesaler', 'approved'),
  [paths.profile(U.manager)]: profile(U.manager, 'manager', 'approved'),
  [paths.profile(U.another)]: profile(U.another, 'retailer', 'approved'),
  // Claims still say approved (see actors.ts): the profile was rejected after the token was issued.
  [paths.profile(U.revoked)]: profile(U.revoked, 'retailer', 'rejected'),
  [paths.profile(U.pendingWholesaler)]: profile(U.pendingWholesaler, 'wholesaler', 'pending'),
  [paths.profile(U.revokedWholesaler)]: profile(U.revokedWholesaler, 'wholesaler', 'rejected'),
  [paths.cartItem(U.retailer, PRODUCT.active)]: cartLine(PRODUCT.active, 2),
  [paths.cartItem(U.another, PRODUCT.active)]: cartLine(PRODUCT.active, 1),
  [paths.cartItem(U.wholesaler, PRODUCT.active)]: cartLine(PRODUCT.active, 3),
  // Lines left from before a status change or put there by an admin: their owners may not touch them.
  [paths.cartItem(U.pending, PRODUCT.active)]: cartLine(PRODUCT.active, 1),
  [paths.cartItem(U.rejected, PRODUCT.active)]: cartLine(PRODUCT.active, 1),
  [paths.cartItem(U.manager, PRODUCT.active)]: cartLine(PRODUCT.active, 1),
  [paths.cartItem(U.revoked, PRODUCT.active)]: cartLine(PRODUCT.active, 1),
  [paths.product(PRODUCT.active)]: validProduct({ sort_order: 1 }),
  [paths.product(PRODUCT.active2)]: validProduct({ name: 'Blue Coast Syrup', sort_order: 2 }),
  [paths.product(PRODUCT.inactive)]: validProduct({
    name: 'Retired Flavor',
    is_active: false,
    sort_order: 3,
  }),
  [paths.product(PRODUCT.stocked)]: catalogProduct({
    sort_order: 4,
    stock_reserved: 5,
    created_at: Timestamp.fromDate(CREATED_AT),
  }),
  [paths.wholesalePrice(PRODUCT.active)]: validWholesalePrice(),
  [paths.wholesalePrice(PRODUCT.active2)]: validWholesalePrice({ price_wholesaler: 2599 }),
  [paths.wholesalePrice(PRODUCT.inactive)]: validWholesalePrice({ price_wholesaler: 1999 }),
  [paths.wholesalePrice(PRODUCT.stocked)]: validWholesalePrice({
    price_breaks: [
      { min_quantity: 24, unit_amount: 2499 },
      { min_quantity: 48, unit_amount: 2299 },
    ],
  }),
  [paths.supportItem('tutorial-1')]: validSupportItem(),
  [paths.policyPage('terms')]: {
    body: '## Terms\n\nOrders are final once paid.',
    updated_at: Timestamp.fromDate(CREATED_AT),
    updated_by: U.manager,
  },
  [paths.supportSettings()]: {
    phone: '+1 562 555 0147',
    email: 'help@shop.example',
    updated_at: Timestamp.fromDate(CREATED_AT),
  },
  [paths.order(ORDER.retailer)]: order(U.retailer, 'processing'),
  [paths.order(ORDER.another)]: order(U.another, 'delivered'),
  [paths.order(ORDER.wholesaler)]: order(U.wholesaler, 'shipped'),
  [paths.order(ORDER.rejected)]: order(U.rejected, 'delivered'),
  [paths.order(ORDER.revoked)]: order(U.revoked, 'delivered'),
  [`${COLLECTIONS.newsletterSubscribers}/subscriber-1`]: {
    email: 'fan@example.com',
    state: 'confirmed',
    token: 't'.repeat(43),
    created_at: at,
  },
  [`${COLLECTIONS.mail}/order-confirmation.order-retailer`]: {
    to: ['rules-retailer@example.com'],
    message: { subject: 'Order confirmed', text: 'x', html: 'x' },
    delivery: { state: 'SUCCESS', attempts: 1, error: null },
  },
  [`${COLLECTIONS.rateLimits}/reset-ip.abc`]: { count: 3, window_start: at, expires_at: at },
  [`${COLLECTIONS.appCheckTokens}/jti-1`]: { app_id: 'app', spent_at: at, expires_at: at },
  [`${COLLECTIONS.auditLog}/entry-1`]: {
    action: 'profile.status_changed',
    actor: U.manager,
    target: U.retailer,
    from: 'pending',
    to: 'approved',
    at,
  },
  [paths.checkoutLock(U.retailer)]: { checkout_id: ORDER.retailer, at },
  [paths.checkout('checkout-retailer')]: {
    user_id: U.retailer,
    store_name: 'Corner Smoke Shop',
    state: 'expired',
    amount: 3499,
    created_at: at,
  },
  [paths.invoiceCounter()]: { next: 7 },
  // The internal refund note of the retailer's own order: managers only.
  [`${COLLECTIONS.orderNotes}/${ORDER.retailer}`]: {
    order_id: ORDER.retailer,
    refunds: { re_rules: { internal_note: 'Supplier credit 4471', by: U.manager, at } },
  },
  [paths.standingOrder(STANDING_ORDER.retailer)]: standingOrder(U.retailer),
  [paths.standingOrder(STANDING_ORDER.another)]: standingOrder(U.another),
  [paths.stripeCustomer(U.retailer)]: { customer_id: 'cus_rules_retailer' },
  // The sales rollups of the retailer's order (a closed collection's documents exist to be refused).
  ...Object.fromEntries(
    [
      `${COLLECTIONS.salesDays}/2025-10-15`,
      `${COLLECTIONS.salesWeeks}/2025-10-13`,
      `${COLLECTIONS.salesMonths}/2025-10`,
    ].map((path) => [
      path,
      {
        revenue: 3499,
        paid_orders: 1,
        stores: { [U.retailer]: { name: 'Corner Smoke Shop', revenue: 3499, orders: 1 } },
      },
    ]),
  ),
  [`${COLLECTIONS.stripeEvents}/evt_1`]: {
    type: 'checkout.session.completed',
    order_id: ORDER.retailer,
    at,
  },
};

/** Empties the database and writes SEED. */
export async function reseed(): Promise<void> {
  await clearFirestore();
  const db = rulesAdminDb();
  const batch = db.batch();
  for (const [path, data] of Object.entries(SEED)) batch.set(db.doc(path), data);
  await batch.commit();
}

type SeedJson = string | number | boolean | null | SeedJson[] | { [key: string]: SeedJson };

function decodeSeedValue(value: SeedJson): unknown {
  if (Array.isArray(value)) return value.map(decodeSeedValue);
  if (value !== null && typeof value === 'object') {
    if (typeof value.$timestamp === 'string') return Timestamp.fromDate(new Date(value.$timestamp));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeSeedValue(v)]));
  }
  return value;
}

/**
 * Puts back the demo data the stack started with (emulator-data/firestore.json), so test files
 * that run after the matrix in the same stack (payments) find the catalog they expect.
 */
export async function restoreDemoData(): Promise<void> {
  await clearFirestore();
  const file = new URL('../../../../emulator-data/firestore.json', import.meta.url);
  const seed = JSON.parse(await readFile(file, 'utf8')) as {
    documents: Record<string, Record<string, SeedJson>>;
  };
  const db = rulesAdminDb();
  const batch = db.batch();
  for (const [path, fields] of Object.entries(seed.documents)) {
    batch.set(db.doc(path), decodeSeedValue(fields) as Record<string, unknown>);
  }
  await batch.commit();
}
