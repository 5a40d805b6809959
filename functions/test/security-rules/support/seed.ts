import { readFile } from 'node:fs/promises';
import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS, paths, searchKeysOf, stockAlertPath } from '@portal/domain';
import { ACCOUNTS, COMPANY } from './actors';
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
  buyerA: ACCOUNTS.buyerA.uid,
  viewerA: ACCOUNTS.viewerA.uid,
  removedA: ACCOUNTS.removedA.uid,
  memberB: ACCOUNTS.memberB.uid,
  movedUp: ACCOUNTS.movedUp.uid,
  movedDown: ACCOUNTS.movedDown.uid,
  revokedManager: ACCOUNTS.revokedManager.uid,
} as const;

export const PRODUCT = {
  active: 'active-1',
  active2: 'active-2',
  inactive: 'inactive-1',
  /** A product with every catalog field, 5 units of it held by open checkouts. */
  stocked: 'stocked-1',
  /** Takes backorders, and owes 4 units to them (stock on hand below 0). */
  owed: 'owed-1',
  missing: 'no-such-product',
} as const;

/** The price lists: company A's and company B's. */
export const PRICE_LIST = { a: 'list-a', b: 'list-b' } as const;

/** When the seeded products with a creation time were created. */
export const CREATED_AT = new Date('2025-10-15T12:00:00Z');

export const ORDER = {
  /** Company A's, placed by its owner. */
  retailer: 'order-retailer',
  /** Company A's, placed by its buyer. */
  buyerA: 'order-buyer-a',
  /** Company A's, placed by `removedA` while still a member. */
  removedA: 'order-removed-a',
  /** Company B's, placed by its owner. */
  another: 'order-another',
  /** Company B's, placed by its buyer. */
  memberB: 'order-member-b',
  /**
   * Placed by `another` before companies: no company_id, so its buyer's company, whose id is the
   * buyer's uid (companyOfRecord): company B's.
   */
  beforeCompanies: 'order-before-companies',
  wholesaler: 'order-wholesaler',
  rejected: 'order-rejected',
  revoked: 'order-revoked',
} as const;

const at = Timestamp.fromDate(new Date('2025-11-01T10:00:00Z'));

export const STANDING_ORDER = {
  /** Company A's, set up by its owner. */
  retailer: 'standing-retailer',
  /** Company A's, set up by its buyer. */
  buyerA: 'standing-buyer-a',
  /** Company B's, set up by its owner. */
  another: 'standing-another',
  /** Set up by `another` before companies (no company_id): company B's. */
  beforeCompanies: 'standing-before-companies',
} as const;

/** A resale certificate as submitTaxCertificate and a review leave it. */
function taxCertificate(companyId: string, owner: string, status: 'pending' | 'approved') {
  return {
    company_id: companyId,
    state: 'CA',
    number: 'SR-100200',
    expires_on: '2099-12-31',
    file_path: `tax-certificates/${companyId}/certificate-x/certificate`,
    file_name: 'certificate.pdf',
    content_type: 'application/pdf',
    size: 1000,
    status,
    submitted_by: owner,
    submitted_by_name: 'Owner',
    submitted_at: at,
    rejection_reason: '',
    reviewed_by: status === 'approved' ? U.manager : '',
    reminders_sent: [],
  };
}

/** Claims (docs/order-lifecycle.md#claims): company A's on its buyer's order, company B's. */
export const CLAIM = { a: 'claim-a', b: 'claim-b' } as const;

/** A claim as reportClaim leaves it. */
function claim(companyId: string, orderId: string, reporter: string) {
  return {
    order_id: orderId,
    company_id: companyId,
    location_id: null,
    user_id: reporter,
    reporter_name: 'Reporter',
    store_name: companyName(companyId),
    invoice_number: '',
    kind: 'damaged',
    lines: [
      {
        product_id: PRODUCT.active,
        name: 'Purple Dream Syrup',
        sku: '',
        quantity: 1,
        unit_amount: 3499,
      },
    ],
    note: 'Leaking',
    photos: [],
    status: 'new',
    value: 3499,
    settlement: null,
    rejection_reason: '',
    timeline: [
      { kind: 'reported', at, by: reporter, by_name: 'Reporter', by_role: 'buyer', text: '' },
    ],
    created_at: at,
    updated_at: at,
  };
}

/**
 * Draft orders and quotes (docs/order-lifecycle.md#draft-orders-and-quotes): company A's draft
 * (the managers' alone), sent quote and accepted one; company B's sent quote.
 */
export const QUOTE = {
  aDraft: 'quote-a-draft',
  aSent: 'quote-a-sent',
  aAccepted: 'quote-a-accepted',
  bSent: 'quote-b-sent',
} as const;

/** Saved order lists (order_lists/{listId}), one per company. */
export const ORDER_LIST = {
  a: 'order-list-a',
  b: 'order-list-b',
} as const;

/** An order list as saveOrderList leaves it. */
function orderList(companyId: string, createdBy: string) {
  return {
    company_id: companyId,
    name: 'Main St every 2 weeks',
    lines: [
      { product_id: PRODUCT.active, sku: 'SYR-PURPLE', name: 'Purple Dream Syrup', quantity: 12 },
    ],
    created_by: createdBy,
    created_by_name: 'Rico Alvarez',
    created_at: at,
    updated_at: at,
  };
}

/** The back-in-stock alerts of the seed, one per member (id: product and uid). */
export const STOCK_ALERT = {
  retailer: `${PRODUCT.inactive}_${ACCOUNTS.retailer.uid}`,
  buyerA: `${PRODUCT.inactive}_${ACCOUNTS.buyerA.uid}`,
} as const;

/** An alert as subscribeStockAlert writes it. */
function stockAlert(uid: string, companyId: string) {
  return {
    product_id: PRODUCT.inactive,
    product_name: 'Inactive product',
    sku: '',
    uid,
    company_id: companyId,
    email: `${uid}@rules.test`,
    created_at: at,
  };
}

/** A quote as the functions leave it in `state` (numbered once sent). */
function quote(companyId: string, state: 'draft' | 'sent' | 'accepted', number: string | null) {
  return {
    state,
    delivery: state === 'draft' ? null : 'quote',
    number,
    company_id: companyId,
    company_name: companyName(companyId),
    location_id: null,
    location_name: '',
    ship_to: null,
    lines: [
      {
        product_id: PRODUCT.active,
        name: 'Purple Dream Syrup',
        description: '',
        image_url: '',
        sku: '',
        case_pack: 1,
        quantity: 10,
        catalog_unit_amount: 3499,
        unit_amount: 2999,
        override_reason: 'Trade show price',
        line_total: 29_990,
      },
    ],
    shipping_amount: 1500,
    goods_amount: 29_990,
    amount: 31_490,
    note_to_buyer: '',
    valid_days: 7,
    net_days: null,
    sent_at: state === 'draft' ? null : at,
    expires_at: state === 'draft' ? null : at,
    order_id: state === 'accepted' ? ORDER.retailer : null,
    accepted_by: state === 'accepted' ? U.retailer : null,
    decline_reason: '',
    checkout: null,
    created_by: U.manager,
    created_by_name: 'Manager',
    created_at: at,
    updated_at: at,
    history: [{ state: 'draft', at, by: U.manager, by_name: 'Manager', text: '' }],
  };
}

/** Company A's ship-to location (its buyer is assigned to it). */
export const LOCATION = 'main';

function standingOrder(uid: string, companyId: string): Record<string, unknown> {
  return {
    user_id: uid,
    company_id: companyId,
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

/** A company's name: what its members' profiles copy as store_name. */
const companyName = (companyId: string) => `Store of ${companyId}`;

/** companies/{companyId} as the application and the review write it (docs/companies.md). */
function company(
  companyId: string,
  businessType: 'retailer' | 'wholesaler',
  status: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    name: companyName(companyId),
    business_type: businessType,
    seller_permit_id: `SP-${companyId}`,
    status,
    created_by: companyId,
    created_at: at,
    reviewed_at: status === 'pending' ? null : at,
    reviewed_by: status === 'pending' ? null : U.manager,
    review_round: 0,
    ...overrides,
  };
}

/** A member's place in a company, as their profile records it (null: none, as a manager's). */
interface Membership {
  companyId: string | null;
  companyRole: 'owner' | 'buyer' | 'viewer' | null;
  locationIds?: string[];
}

/**
 * profiles/{uid}: the person and, for a member, the membership and the copies of the company's
 * business type (role), status, name and permit.
 */
function profile(uid: string, role: string, status: string, membership: Membership | null) {
  const storeName = membership?.companyId ? companyName(membership.companyId) : `Store of ${uid}`;
  return {
    user_id: uid,
    full_name: `Name of ${uid}`,
    store_name: storeName,
    seller_permit_id: membership?.companyId ? `SP-${membership.companyId}` : `SP-${uid}`,
    role,
    status,
    created_at: at,
    reviewed_at: status === 'pending' ? null : at,
    reviewed_by: status === 'pending' ? null : U.manager,
    ...(membership
      ? {
          company_id: membership.companyId,
          company_role: membership.companyRole,
          location_ids: membership.locationIds ?? [],
        }
      : {}),
    // What the search trigger adds to every profile (functions/src/insights/search-fields.ts).
    search_keys: searchKeysOf({ storeName, email: null }),
    store_name_lower: storeName.toLowerCase(),
  };
}

/** The founding applicant of their own company: its owner. */
const owner = (companyId: string): Membership => ({ companyId, companyRole: 'owner' });

function order(uid: string, companyId: string, status: string) {
  return {
    user_id: uid,
    company_id: companyId,
    store_name: companyName(companyId),
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

/** A record written before companies: the same without company_id. */
function beforeCompanies(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => key !== 'company_id'));
}

const cartLine = (productId: string, quantity: number) => ({
  product_id: productId,
  quantity,
  updated_at: at,
});

export const SEED: Readonly<Record<string, Record<string, unknown>>> = {
  [paths.company(COMPANY.pending)]: company(COMPANY.pending, 'retailer', 'pending'),
  [paths.company(COMPANY.rejected)]: company(COMPANY.rejected, 'wholesaler', 'rejected'),
  [paths.company(COMPANY.A)]: company(COMPANY.A, 'retailer', 'approved'),
  // Renamed long ago: the next rename may come at once.
  [paths.company(COMPANY.wholesaler)]: company(COMPANY.wholesaler, 'wholesaler', 'approved', {
    name_changed_at: at,
  }),
  [paths.company(COMPANY.B)]: company(COMPANY.B, 'retailer', 'approved'),
  [paths.company(COMPANY.revoked)]: company(COMPANY.revoked, 'retailer', 'rejected'),
  [paths.company(COMPANY.pendingWholesaler)]: company(
    COMPANY.pendingWholesaler,
    'wholesaler',
    'pending',
  ),
  [paths.company(COMPANY.revokedWholesaler)]: company(
    COMPANY.revokedWholesaler,
    'wholesaler',
    'rejected',
  ),
  // Moved between tiers after their owners' tokens were issued (actors.ts).
  [paths.company(COMPANY.movedUp)]: company(COMPANY.movedUp, 'wholesaler', 'approved'),
  [paths.company(COMPANY.movedDown)]: company(COMPANY.movedDown, 'retailer', 'approved'),
  [paths.profile(U.movedUp)]: profile(U.movedUp, 'wholesaler', 'approved', owner(COMPANY.movedUp)),
  [paths.profile(U.movedDown)]: profile(
    U.movedDown,
    'retailer',
    'approved',
    owner(COMPANY.movedDown),
  ),
  // Company A's copy of a price list (docs/pricing.md), and company B's of another.
  [paths.companyPriceList(COMPANY.A, PRICE_LIST.a)]: {
    name: 'Chain 5% syrups',
    valid_from: null,
    valid_to: null,
    entries: { [PRODUCT.active]: { kind: 'percent', percent_off_bps: 500, breaks: [] } },
  },
  [paths.companyPriceList(COMPANY.B, PRICE_LIST.b)]: {
    name: 'Distributor machines',
    valid_from: null,
    valid_to: null,
    entries: { [PRODUCT.active]: { kind: 'fixed', unit_amount: 100, breaks: [] } },
  },
  [paths.priceList(PRICE_LIST.a)]: {
    name: 'Chain 5% syrups',
    valid_from: null,
    valid_to: null,
    company_ids: [COMPANY.A],
    entries: { [PRODUCT.active]: { kind: 'percent', percent_off_bps: 500, breaks: [] } },
    updated_at: at,
    updated_by: 'rules-manager',
  },
  [paths.priceList(PRICE_LIST.b)]: {
    name: 'Distributor machines',
    valid_from: null,
    valid_to: null,
    company_ids: [COMPANY.B],
    entries: { [PRODUCT.active]: { kind: 'fixed', unit_amount: 100, breaks: [] } },
    updated_at: at,
    updated_by: 'rules-manager',
  },
  [paths.location(COMPANY.A, LOCATION)]: {
    name: 'Main store',
    ship_to: {
      name: 'Corner Smoke Shop',
      phone: '',
      address: {
        line1: '1 Main St',
        line2: '',
        city: 'Reno',
        state: 'NV',
        postal_code: '89501',
        country: 'US',
      },
    },
    delivery_notes: '',
    archived: false,
  },
  [paths.profile(U.pending)]: profile(U.pending, 'retailer', 'pending', owner(COMPANY.pending)),
  [paths.profile(U.rejected)]: profile(
    U.rejected,
    'wholesaler',
    'rejected',
    owner(COMPANY.rejected),
  ),
  [paths.profile(U.retailer)]: profile(U.retailer, 'retailer', 'approved', owner(COMPANY.A)),
  [paths.profile(U.wholesaler)]: profile(
    U.wholesaler,
    'wholesaler',
    'approved',
    owner(COMPANY.wholesaler),
  ),
  [paths.profile(U.manager)]: profile(U.manager, 'manager', 'approved', null),
  [paths.profile(U.revokedManager)]: profile(U.revokedManager, 'manager', 'rejected', null),
  [paths.profile(U.another)]: profile(U.another, 'retailer', 'approved', owner(COMPANY.B)),
  [paths.profile(U.buyerA)]: profile(U.buyerA, 'retailer', 'approved', {
    companyId: COMPANY.A,
    companyRole: 'buyer',
    locationIds: [LOCATION],
  }),
  [paths.profile(U.viewerA)]: profile(U.viewerA, 'retailer', 'approved', {
    companyId: COMPANY.A,
    companyRole: 'viewer',
  }),
  // Removed from A after their token was issued (its claims still name A as a buyer): the
  // profile names no company and no role any more, though its status still says approved.
  [paths.profile(U.removedA)]: profile(U.removedA, 'retailer', 'approved', {
    companyId: null,
    companyRole: null,
  }),
  [paths.profile(U.memberB)]: profile(U.memberB, 'retailer', 'approved', {
    companyId: COMPANY.B,
    companyRole: 'buyer',
  }),
  // Claims still say approved (see actors.ts): the company was rejected after the token was
  // issued, and the review copied the status onto the profile.
  [paths.profile(U.revoked)]: profile(U.revoked, 'retailer', 'rejected', owner(COMPANY.revoked)),
  [paths.profile(U.pendingWholesaler)]: profile(
    U.pendingWholesaler,
    'wholesaler',
    'pending',
    owner(COMPANY.pendingWholesaler),
  ),
  [paths.profile(U.revokedWholesaler)]: profile(
    U.revokedWholesaler,
    'wholesaler',
    'rejected',
    owner(COMPANY.revokedWholesaler),
  ),
  [paths.cartItem(U.retailer, PRODUCT.active)]: cartLine(PRODUCT.active, 2),
  [paths.cartItem(U.another, PRODUCT.active)]: cartLine(PRODUCT.active, 1),
  [paths.cartItem(U.wholesaler, PRODUCT.active)]: cartLine(PRODUCT.active, 3),
  [paths.cartItem(U.buyerA, PRODUCT.active)]: cartLine(PRODUCT.active, 4),
  [paths.cartItem(U.memberB, PRODUCT.active)]: cartLine(PRODUCT.active, 5),
  // Lines left from before a status or role change or put there by an admin: their owners may
  // read some of them (an approved viewer) but change none.
  [paths.cartItem(U.viewerA, PRODUCT.active)]: cartLine(PRODUCT.active, 1),
  [paths.cartItem(U.removedA, PRODUCT.active)]: cartLine(PRODUCT.active, 1),
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
  [paths.product(PRODUCT.owed)]: catalogProduct({
    name: 'Owed Syrup',
    sort_order: 5,
    stock_on_hand: -4,
    stock_reserved: 0,
    backorders_allowed: true,
    restock_date: '2026-12-10',
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
  // The owner's order went to the store buyerA orders for; the removed member's, to none.
  [paths.order(ORDER.retailer)]: {
    ...order(U.retailer, COMPANY.A, 'processing'),
    location_id: LOCATION,
  },
  [paths.order(ORDER.buyerA)]: order(U.buyerA, COMPANY.A, 'shipped'),
  [paths.order(ORDER.removedA)]: order(U.removedA, COMPANY.A, 'delivered'),
  [paths.order(ORDER.another)]: order(U.another, COMPANY.B, 'delivered'),
  [paths.order(ORDER.memberB)]: order(U.memberB, COMPANY.B, 'processing'),
  [paths.order(ORDER.beforeCompanies)]: beforeCompanies(order(U.another, COMPANY.B, 'delivered')),
  [paths.order(ORDER.wholesaler)]: order(U.wholesaler, COMPANY.wholesaler, 'shipped'),
  [paths.order(ORDER.rejected)]: order(U.rejected, COMPANY.rejected, 'delivered'),
  [paths.order(ORDER.revoked)]: order(U.revoked, COMPANY.revoked, 'delivered'),
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
    company_id: COMPANY.A,
    store_name: 'Corner Smoke Shop',
    state: 'expired',
    amount: 3499,
    created_at: at,
  },
  // Back-in-stock alerts (docs/catalog.md#back-in-stock-alerts): the retailer's and buyerA's.
  [stockAlertPath(STOCK_ALERT.retailer)]: stockAlert(U.retailer, COMPANY.A),
  [stockAlertPath(STOCK_ALERT.buyerA)]: stockAlert(U.buyerA, COMPANY.A),
  [paths.invoiceCounter()]: { next: 7 },
  [paths.quoteCounter()]: { next: 3 },
  [paths.quote(QUOTE.aDraft)]: quote(COMPANY.A, 'draft', null),
  [paths.quote(QUOTE.aSent)]: quote(COMPANY.A, 'sent', 'Q-000001'),
  [paths.quote(QUOTE.aAccepted)]: quote(COMPANY.A, 'accepted', 'Q-000002'),
  [paths.quote(QUOTE.bSent)]: quote(COMPANY.B, 'sent', 'Q-000003'),
  [paths.orderList(ORDER_LIST.a)]: orderList(COMPANY.A, U.retailer),
  [paths.orderList(ORDER_LIST.b)]: orderList(COMPANY.B, U.another),
  // The internal refund note of the retailer's own order: managers only.
  [`${COLLECTIONS.orderNotes}/${ORDER.retailer}`]: {
    order_id: ORDER.retailer,
    refunds: { re_rules: { internal_note: 'Supplier credit 4471', by: U.manager, at } },
  },
  [paths.standingOrder(STANDING_ORDER.retailer)]: {
    ...standingOrder(U.retailer, COMPANY.A),
    location_id: LOCATION,
  },
  [paths.standingOrder(STANDING_ORDER.buyerA)]: standingOrder(U.buyerA, COMPANY.A),
  [paths.standingOrder(STANDING_ORDER.another)]: standingOrder(U.another, COMPANY.B),
  [paths.standingOrder(STANDING_ORDER.beforeCompanies)]: beforeCompanies(
    standingOrder(U.another, COMPANY.B),
  ),
  [paths.stripeCustomer(COMPANY.A)]: { customer_id: 'cus_rules_retailer' },
  // Company A's tax-exempt Customer for CA (server only, docs/tax.md).
  [paths.exemptCustomer(COMPANY.A, 'CA')]: { customer_id: 'cus_rules_retailer_ca' },
  // A resale certificate of each company (docs/tax.md): A's approved, B's pending.
  [paths.taxCertificate('certificate-a')]: taxCertificate(COMPANY.A, U.retailer, 'approved'),
  [paths.taxCertificate('certificate-b')]: taxCertificate(COMPANY.B, U.another, 'pending'),
  [paths.claim(CLAIM.a)]: claim(COMPANY.A, ORDER.buyerA, U.buyerA),
  [paths.claim(CLAIM.b)]: claim(COMPANY.B, ORDER.another, U.another),
  // Company A's store credit and the claim settled that gave it (server only writes).
  [paths.storeCredit(COMPANY.A)]: { balance: 1200, updated_at: at },
  [paths.storeCreditEntry(COMPANY.A, 'entry-1')]: {
    kind: 'claim',
    amount: 1200,
    balance_after: 1200,
    description: 'Claim settled',
    claim_id: 'claim-settled',
    order_id: ORDER.buyerA,
    invoice_id: null,
    stripe_balance_transaction_id: 'cbtxn_rules',
    at,
  },
  [paths.storeCredit(COMPANY.B)]: { balance: 500, updated_at: at },
  // A pending invitation to company A (server only: its link's token is kept as a hash).
  [paths.invitation('invitation-1')]: {
    company_id: COMPANY.A,
    company_name: 'Corner Smoke Shop',
    email: 'new-buyer@example.com',
    role: 'buyer',
    location_ids: [LOCATION],
    status: 'pending',
    token_hash: 'a'.repeat(64),
    invited_by: U.retailer,
    invited_by_name: 'Rita Retailer',
    created_at: at,
    expires_at: at,
    sent_count: 1,
  },
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
  // What a claim counts in them (the claims' trigger keeps it).
  [`${COLLECTIONS.claimRollups}/claim-1`]: {
    status: 'new',
    created_at: at,
    lines: [{ product_id: 'p1', name: 'Syrup', quantity: 2, unit_amount: 1200 }],
    settlement: null,
  },
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
