/**
 * Regenerates emulator-data/firestore.json (the Firestore emulator's readable seed format)
 * from the demo catalog below, the demo accounts and @portal/domain's pricing, so order
 * totals always match the prices. Run: npx tsx scripts/build-demo-firestore.ts
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  buildRollups,
  catalogProductProblem,
  COLLECTIONS,
  companySearchKeysOf,
  DEFAULT_POLICIES,
  formatInvoiceNumber,
  isBuyerRole,
  MIGRATED_LOCATION,
  normalizeSearchText,
  orderTotal,
  paths,
  POLICY_PAGES,
  priceOrderLines,
  searchKeysOf,
  splitCatalogProduct,
  type CatalogProduct,
  type Carrier,
  type CheckoutState,
  type OrderStatus,
  type SalesOrder,
  type ShipTo,
} from '@portal/domain';
import { DEMO_ACCOUNTS, demoMembership } from './demo-accounts';
import { ROOT } from './lib/stack';

type SeedValue = string | number | boolean | null | SeedValue[] | { [key: string]: SeedValue };
const ts = (iso: string) => ({ $timestamp: iso });

/**
 * The demo catalog: 13 products in four categories. Syrups are sold by the gallon (no case pack:
 * the journeys in e2e/ add them one at a time) with retail breaks from 12 and wholesale breaks
 * from 24; supplies come in cases with a minimum order (the cups: cases of 20 sleeves, so 48
 * becomes 60, which reaches the 60+ break). Stock is tracked for syrups, supplies and machines
 * (machines in tens; the triple bowl is low at 8), the lids are out of stock, and the variety
 * pack (packed to order) and the retired cola are not tracked. Functions tests reserve from the
 * seeded syrups and machines (20 open checkouts of a double bowl in the latency test), so those
 * stay well above what they take.
 */
const retailSyrupBreaks = (base: number) => [
  { min_quantity: 12, unit_amount: base - 200 },
  { min_quantity: 24, unit_amount: base - 400 },
];
const wholesaleSyrupBreaks = (base: number) => [
  { min_quantity: 24, unit_amount: base - 200 },
  { min_quantity: 48, unit_amount: base - 400 },
];
const byTheUnit = { case_pack: 1, min_quantity: 1, stock_reserved: 0 };
const day = (iso: string) => new Date(`${iso}T16:00:00Z`);
const FLAVOR_IMAGES = [
  '/products/purple-dream.svg',
  '/products/blue-coast.svg',
  '/products/green-machine.svg',
  '/products/red-rush.svg',
  '/products/mango-tango.svg',
];

/** A demo product as written below: none takes backorders (the lids are simply out of stock). */
type DemoProduct = Omit<CatalogProduct, 'backorders_allowed' | 'restock_date'>;

const demoProducts: DemoProduct[] = [
  {
    id: 'purple-dream',
    sku: 'SYR-PURPLE',
    category: 'Syrups',
    name: 'Purple Dream Syrup',
    description: 'Grape and blackberry slush syrup, 1 gallon. Our best seller.',
    image_url: '/products/purple-dream.svg',
    images: ['/products/syrup-variety-pack.svg'],
    price_retailer: 3499,
    price_breaks: retailSyrupBreaks(3499),
    price_wholesaler: 2799,
    wholesale_breaks: wholesaleSyrupBreaks(2799),
    ...byTheUnit,
    stock_on_hand: 240,
    is_active: true,
    sort_order: 1,
    created_at: day('2025-03-03'),
  },
  {
    id: 'blue-coast',
    sku: 'SYR-BLUE',
    category: 'Syrups',
    name: 'Blue Coast Syrup',
    description: 'Blue raspberry with a citrus finish, 1 gallon.',
    image_url: '/products/blue-coast.svg',
    images: [],
    price_retailer: 3499,
    price_breaks: retailSyrupBreaks(3499),
    price_wholesaler: 2799,
    wholesale_breaks: wholesaleSyrupBreaks(2799),
    ...byTheUnit,
    stock_on_hand: 180,
    is_active: true,
    sort_order: 2,
    created_at: day('2025-03-03'),
  },
  {
    id: 'green-machine',
    sku: 'SYR-GREEN',
    category: 'Syrups',
    name: 'Green Machine Syrup',
    description: 'Sour green apple and lime, 1 gallon.',
    image_url: '/products/green-machine.svg',
    images: [],
    price_retailer: 3499,
    price_breaks: retailSyrupBreaks(3499),
    price_wholesaler: 2799,
    wholesale_breaks: wholesaleSyrupBreaks(2799),
    ...byTheUnit,
    stock_on_hand: 150,
    is_active: true,
    sort_order: 3,
    created_at: day('2025-04-14'),
  },
  {
    id: 'red-rush',
    sku: 'SYR-RED',
    category: 'Syrups',
    name: 'Red Rush Syrup',
    description: 'Cherry and strawberry, 1 gallon.',
    image_url: '/products/red-rush.svg',
    images: [],
    price_retailer: 3299,
    price_breaks: retailSyrupBreaks(3299),
    price_wholesaler: 2599,
    wholesale_breaks: wholesaleSyrupBreaks(2599),
    ...byTheUnit,
    stock_on_hand: 120,
    is_active: true,
    sort_order: 4,
    created_at: day('2025-04-14'),
  },
  {
    id: 'mango-tango',
    sku: 'SYR-MANGO',
    category: 'Syrups',
    name: 'Mango Tango Syrup',
    description: 'Mango and passion fruit, 1 gallon.',
    image_url: '/products/mango-tango.svg',
    images: [],
    price_retailer: 3299,
    price_breaks: retailSyrupBreaks(3299),
    price_wholesaler: 2599,
    wholesale_breaks: wholesaleSyrupBreaks(2599),
    ...byTheUnit,
    stock_on_hand: 140,
    is_active: true,
    sort_order: 5,
    created_at: day('2025-06-02'),
  },
  {
    id: 'syrup-variety-pack',
    sku: 'SYR-VARIETY-5',
    category: 'Bundles',
    name: 'Syrup Variety Pack',
    description: 'Five gallons: one of each flavor. Top-selling flavors included.',
    image_url: '/products/syrup-variety-pack.svg',
    images: FLAVOR_IMAGES,
    price_retailer: 15999,
    price_breaks: [],
    price_wholesaler: 12499,
    wholesale_breaks: [],
    ...byTheUnit,
    stock_on_hand: null,
    is_active: true,
    sort_order: 6,
    created_at: day('2025-06-02'),
  },
  {
    id: 'slushie-machine-single',
    sku: 'MCH-SINGLE',
    category: 'Machines',
    name: 'Slushie Machine, Single Bowl',
    description: '12 L bowl with LED lighting. Countertop size for small shops.',
    image_url: '/products/slushie-machine-single.svg',
    images: [],
    price_retailer: 89900,
    price_breaks: [],
    price_wholesaler: 74900,
    wholesale_breaks: [],
    ...byTheUnit,
    stock_on_hand: 35,
    is_active: true,
    sort_order: 7,
    created_at: day('2025-02-10'),
  },
  {
    id: 'slushie-machine-double',
    sku: 'MCH-DOUBLE',
    category: 'Machines',
    name: 'Slushie Machine, Double Bowl',
    description: 'Two 12 L bowls with LED lighting, high volume.',
    image_url: '/products/slushie-machine-double.svg',
    images: [],
    price_retailer: 149900,
    price_breaks: [],
    price_wholesaler: 124900,
    wholesale_breaks: [{ min_quantity: 3, unit_amount: 119900 }],
    ...byTheUnit,
    stock_on_hand: 45,
    is_active: true,
    sort_order: 8,
    created_at: day('2025-02-10'),
  },
  {
    id: 'slushie-machine-triple',
    sku: 'MCH-TRIPLE',
    category: 'Machines',
    name: 'Slushie Machine, Triple Bowl',
    description: 'Three 15 L bowls, industrial compressor, LED lighting.',
    image_url: '/products/slushie-machine-triple.svg',
    images: [],
    price_retailer: 219900,
    price_breaks: [],
    price_wholesaler: 184900,
    wholesale_breaks: [],
    ...byTheUnit,
    stock_on_hand: 8,
    is_active: true,
    sort_order: 9,
    created_at: day('2025-09-08'),
  },
  {
    id: 'slush-cups-16oz',
    sku: 'CUP-16OZ',
    category: 'Supplies',
    name: 'Slush Cups, 16 oz (sleeve of 50)',
    description:
      'Clear PET cups that show off the color. Sold in cases of 20 sleeves (1,000 cups). Fit our 16 oz dome lids.',
    image_url: '/products/slush-cups-16oz.svg',
    images: ['/products/dome-lids-16oz.svg'],
    price_retailer: 650,
    price_breaks: [
      { min_quantity: 60, unit_amount: 590 },
      { min_quantity: 100, unit_amount: 540 },
    ],
    price_wholesaler: 520,
    wholesale_breaks: [
      { min_quantity: 60, unit_amount: 470 },
      { min_quantity: 100, unit_amount: 430 },
    ],
    case_pack: 20,
    min_quantity: 20,
    stock_reserved: 0,
    stock_on_hand: 400,
    is_active: true,
    sort_order: 10,
    created_at: day('2025-10-20'),
  },
  {
    id: 'dome-lids-16oz',
    sku: 'LID-16OZ',
    category: 'Supplies',
    name: 'Dome Lids, 16 oz (sleeve of 50)',
    description: 'Dome lids with a straw slot for our 16 oz cups. Sold in cases of 20 sleeves.',
    image_url: '/products/dome-lids-16oz.svg',
    images: [],
    price_retailer: 450,
    price_breaks: [{ min_quantity: 60, unit_amount: 400 }],
    price_wholesaler: 360,
    wholesale_breaks: [{ min_quantity: 60, unit_amount: 320 }],
    case_pack: 20,
    min_quantity: 20,
    stock_reserved: 0,
    stock_on_hand: 0,
    is_active: true,
    sort_order: 11,
    created_at: day('2025-10-20'),
  },
  {
    id: 'spoon-straws',
    sku: 'STR-SPOON',
    category: 'Supplies',
    name: 'Spoon Straws (box of 250)',
    description:
      'Wide spoon straws in assorted colors. Sold in cases of 6 boxes, at least 2 cases per order.',
    image_url: '/products/spoon-straws.svg',
    images: [],
    price_retailer: 1299,
    price_breaks: [{ min_quantity: 24, unit_amount: 1199 }],
    price_wholesaler: 999,
    wholesale_breaks: [
      { min_quantity: 24, unit_amount: 899 },
      { min_quantity: 48, unit_amount: 849 },
    ],
    case_pack: 6,
    min_quantity: 12,
    stock_reserved: 0,
    stock_on_hand: 90,
    is_active: true,
    sort_order: 12,
    created_at: day('2025-11-05'),
  },
  {
    id: 'cola-classic',
    sku: 'SYR-COLA',
    category: 'Syrups',
    name: 'Cola Classic Syrup (retired)',
    description: 'Discontinued flavor kept for past orders.',
    image_url: '/products/red-rush.svg',
    images: [],
    price_retailer: 2999,
    price_breaks: [],
    price_wholesaler: 2299,
    wholesale_breaks: [],
    ...byTheUnit,
    stock_on_hand: null,
    is_active: false,
    sort_order: 99,
    created_at: day('2024-11-04'),
  },
];
const catalog: CatalogProduct[] = demoProducts.map((product) => ({
  ...product,
  backorders_allowed: false,
  restock_date: null,
}));
for (const { id, ...product } of catalog) {
  const problem = catalogProductProblem(product);
  if (problem) throw new Error(`Demo product ${id}: ${problem}`);
}

const tutorials = [
  {
    id: 'setup-first-run',
    title: 'Setting up your slushie machine',
    category: 'Setup',
    video_url: 'https://videos.electricslush.example/setup-first-run',
  },
  {
    id: 'setup-syrup-ratio',
    title: 'Mixing syrup at the right ratio',
    category: 'Setup',
    video_url: 'https://videos.electricslush.example/syrup-ratio',
  },
  {
    id: 'clean-daily',
    title: 'Daily cleaning in 10 minutes',
    category: 'Maintenance',
    video_url: 'https://videos.electricslush.example/daily-cleaning',
  },
  {
    id: 'clean-deep',
    title: 'Monthly deep clean and sanitising',
    category: 'Maintenance',
    video_url: 'https://videos.electricslush.example/deep-clean',
  },
  {
    id: 'fix-not-freezing',
    title: 'Troubleshooting: slush not freezing',
    category: 'Troubleshooting',
    video_url: 'https://videos.electricslush.example/not-freezing',
  },
];

const products = new Map(catalog.map((p) => [p.id, { ...p, is_active: true }] as const));
const account = (uid: string) => DEMO_ACCOUNTS.find((a) => a.uid === uid)!;

/** Where the demo buyers' goods go (their default ship-to and the one on their orders). */
const shipTos: Record<string, ShipTo> = {
  'demo-retailer': {
    name: 'Rico Alvarez',
    phone: '+13105550142',
    address: {
      line1: '1418 Ocean Front Walk',
      line2: '',
      city: 'Venice',
      state: 'CA',
      postal_code: '90291',
      country: 'US',
    },
  },
  'demo-wholesaler': {
    name: 'Wendy Park',
    phone: '+12065550177',
    address: {
      line1: '2200 Alaskan Way',
      line2: 'Dock 4',
      city: 'Seattle',
      state: 'WA',
      postal_code: '98121',
      country: 'US',
    },
  },
};

/**
 * The demo companies' locations (docs/companies.md#locations): each buyer's store as it ships
 * there, and Cloud Nine's second store, which its buyer (buyer@demo.test) orders for.
 */
const demoLocations: Record<string, { id: string; name: string; shipTo: ShipTo; notes: string }[]> =
  {
    'demo-retailer': [
      {
        id: MIGRATED_LOCATION.id,
        name: 'Venice Beach store',
        shipTo: shipTos['demo-retailer']!,
        notes: 'Deliveries at the back door, before 11 am.',
      },
      {
        id: 'mission',
        name: 'Mission St store',
        shipTo: {
          name: 'Bianca Ortiz',
          phone: '+14155550188',
          address: {
            line1: '2290 Mission St',
            line2: '',
            city: 'San Francisco',
            state: 'CA',
            postal_code: '94110',
            country: 'US',
          },
        },
        notes: '',
      },
    ],
    'demo-wholesaler': [
      {
        id: MIGRATED_LOCATION.id,
        name: 'Seattle warehouse',
        shipTo: shipTos['demo-wholesaler']!,
        notes: 'Dock 4: call on arrival.',
      },
    ],
  };

/** The locations a demo buyer member is assigned (owners and viewers cover every location). */
const assignedLocations: Record<string, string[]> = { 'demo-buyer': ['mission'] };

interface Fulfilment {
  shipment?: { carrier: Carrier; tracking_number: string; shipped_at: string };
  refunds?: { refund_id: string; amount: number | 'all'; customer_note: string; at: string }[];
  /** When a cancellation put the order's units back in stock. */
  restockedAt?: string;
}

let invoiceSequence = 0;

/** A paid demo order, as the functions make one when its checkout completes (docs/order-lifecycle.md). */
function order(
  id: string,
  uid: string,
  status: OrderStatus,
  lines: { product_id: string; quantity: number }[],
  history: [OrderStatus, string][],
  fulfilment: Fulfilment = {},
) {
  const buyer = account(uid);
  const items = priceOrderLines(lines, products, buyer.role);
  const amount = orderTotal(items);
  // The units the order took from stock when it was made (tracked products only); the stock
  // levels above are what is left after them.
  const stockTaken = Object.fromEntries(
    lines
      .filter((l) => products.get(l.product_id)!.stock_on_hand !== null)
      .map((l) => [l.product_id, l.quantity]),
  );
  const paid = history.find(([s]) => s === 'processing');
  const refunds = (fulfilment.refunds ?? []).map((r) => ({
    ...r,
    amount: r.amount === 'all' ? amount : r.amount,
    at: ts(r.at),
    by: 'demo-manager',
  }));
  const invoiceNumber = paid ? formatInvoiceNumber(++invoiceSequence) : null;
  const email = buyer.email.toLowerCase();
  return {
    user_id: uid,
    company_id: demoMembership(buyer)!.companyId,
    // Each demo order went to the company's first store.
    location_id: demoLocations[uid]?.[0]?.id ?? null,
    location_name: demoLocations[uid]?.[0]?.name ?? '',
    placed_by_name: buyer.fullName,
    store_name: buyer.storeName,
    seller_permit_id: buyer.sellerPermitId,
    items: items as unknown as SeedValue,
    amount,
    currency: 'usd',
    payment_type: 'one_time',
    status,
    stripe_session_id: `cs_test_demo_${id}`,
    // Demo payments never went through Stripe: there is no payment intent to refund.
    stripe_payment_intent_id: null,
    created_at: ts(history[0]![1]),
    paid_at: paid ? ts(paid[1]) : null,
    status_history: history.map(([s, at]) => ({
      status: s,
      at: ts(at),
      by: s === 'processing' || s === 'pending' ? 'stripe' : 'demo-manager',
    })),
    ship_to: shipTos[uid] as unknown as SeedValue,
    invoice_number: invoiceNumber,
    shipment: fulfilment.shipment
      ? { ...fulfilment.shipment, shipped_at: ts(fulfilment.shipment.shipped_at) }
      : null,
    refunds,
    refunded_amount: refunds.reduce((sum, r) => sum + r.amount, 0),
    stock_taken: stockTaken,
    ...(fulfilment.restockedAt ? { restocked_at: ts(fulfilment.restockedAt) } : {}),
    // The managers' search fields, as the onOrderWrittenForSearch trigger keeps them.
    search_keys: searchKeysOf({ storeName: buyer.storeName, email, orderId: id, invoiceNumber }),
    buyer_role: buyer.role,
    buyer_email: email,
    store_name_lower: normalizeSearchText(buyer.storeName),
  };
}

/** A checkout that never became an order (the Abandoned checkouts view). */
function checkout(
  id: string,
  uid: string,
  at: string,
  state: CheckoutState,
  lines: { product_id: string; quantity: number }[],
) {
  const buyer = account(uid);
  const items = priceOrderLines(lines, products, buyer.role);
  return {
    user_id: uid,
    company_id: demoMembership(buyer)!.companyId,
    store_name: buyer.storeName,
    seller_permit_id: buyer.sellerPermitId,
    items: items as unknown as SeedValue,
    amount: orderTotal(items),
    currency: 'usd',
    state,
    stripe_session_id: `cs_test_demo_${id}`,
    created_at: ts(at),
    updated_at: ts(at),
    cart_fingerprint: `demo|${id}`,
    source: 'cart',
  };
}

const documents: Record<string, Record<string, SeedValue>> = {};
for (const a of DEMO_ACCOUNTS) {
  const membership = demoMembership(a);
  // A company per owner (docs/companies.md): the business, reviewed as its owner's profile says.
  if (membership?.role === 'owner' && isBuyerRole(a.role)) {
    documents[paths.company(a.uid)] = {
      name: a.storeName,
      business_type: a.role,
      seller_permit_id: a.sellerPermitId,
      status: a.status,
      created_by: a.uid,
      created_at: ts('2025-09-01T17:00:00Z'),
      review_round: 0,
      ...(a.status === 'pending'
        ? {}
        : { reviewed_at: ts('2025-09-02T16:30:00Z'), reviewed_by: 'demo-manager' }),
    };
  }
  for (const location of membership?.role === 'owner' ? (demoLocations[a.uid] ?? []) : []) {
    documents[paths.location(a.uid, location.id)] = {
      name: location.name,
      ship_to: location.shipTo as unknown as SeedValue,
      delivery_notes: location.notes,
      archived: false,
      created_at: ts('2025-09-02T16:30:00Z'),
      updated_at: ts('2025-09-02T16:30:00Z'),
    };
  }
  documents[paths.profile(a.uid)] = {
    user_id: a.uid,
    full_name: a.fullName,
    store_name: a.storeName,
    seller_permit_id: a.sellerPermitId,
    role: a.role,
    status: a.status,
    ...(membership
      ? {
          company_id: membership.companyId,
          company_role: membership.role,
          location_ids: assignedLocations[a.uid] ?? [],
        }
      : {}),
    // The demo Auth accounts are verified (scripts/build-demo-auth.ts).
    email_verified: true,
    created_at: ts('2025-09-01T17:00:00Z'),
    ...(a.status === 'pending'
      ? {}
      : { reviewed_at: ts('2025-09-02T16:30:00Z'), reviewed_by: 'demo-manager' }),
    // The managers' search fields, as the onProfileWrittenForSearch trigger keeps them.
    search_keys: searchKeysOf({ storeName: a.storeName, email: a.email.toLowerCase() }),
    store_name_lower: normalizeSearchText(a.storeName),
  };
}
// The companies' search fields, as the triggers keep them (functions/src/insights/search-fields.ts):
// the applicant's address first, then the members' by uid; the locations' cities by location id.
for (const owner of DEMO_ACCOUNTS) {
  const company = documents[paths.company(owner.uid)];
  if (!company) continue;
  const members = DEMO_ACCOUNTS.filter((a) => demoMembership(a)?.companyId === owner.uid).sort(
    (a, b) =>
      Number(b.uid === owner.uid) - Number(a.uid === owner.uid) || a.uid.localeCompare(b.uid),
  );
  const cities = [...(demoLocations[owner.uid] ?? [])]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((location) => location.shipTo.address.city);
  Object.assign(company, {
    search_keys: companySearchKeysOf({
      name: owner.storeName,
      emails: members.map((member) => member.email.toLowerCase()),
      cities,
    }),
    name_lower: normalizeSearchText(owner.storeName),
    member_count: members.length,
    location_count: cities.length,
    cities: [...new Set(cities)].sort((a, b) => a.localeCompare(b)),
    owner_uid: members.find((member) => demoMembership(member)?.role === 'owner')?.uid ?? null,
  });
}
// The wholesale price is its own document (wholesale_prices/{id}): retailers read products/{id}.
for (const { id, ...joined } of catalog) {
  const { product, wholesale } = splitCatalogProduct(joined);
  const { created_at, ...fields } = product;
  documents[paths.product(id)] = {
    ...(fields as unknown as Record<string, SeedValue>),
    created_at: created_at ? ts(created_at.toISOString()) : null,
  };
  documents[paths.wholesalePrice(id)] = wholesale as unknown as Record<string, SeedValue>;
}
for (const { id, ...tutorial } of tutorials) documents[paths.supportItem(id)] = tutorial;
// The footer's policy pages: real default policies a manager edits (packages/domain
// policy-defaults.ts). The support contact (site_settings/support) is not seeded: unset, nothing
// shows until a manager sets it in the dashboard's Site tab.
for (const { slug } of POLICY_PAGES) {
  documents[paths.policyPage(slug)] = {
    body: DEFAULT_POLICIES[slug],
    updated_at: ts('2025-11-03T17:00:00Z'),
    updated_by: 'demo-manager',
  };
}

// In the order they were paid (invoice numbers follow payment order).
const orders = {
  Ya1sN7gH3dVb: order(
    'Ya1sN7gH3dVb',
    'demo-wholesaler',
    'cancelled',
    [{ product_id: 'red-rush', quantity: 12 }],
    [
      ['processing', '2025-09-15T20:01:30Z'],
      ['cancelled', '2025-09-16T15:00:00Z'],
    ],
    {
      refunds: [
        {
          refund_id: 're_demo_Ya1sN7gH3dVb',
          amount: 'all',
          customer_note: 'Order cancelled',
          at: '2025-09-16T15:00:00Z',
        },
      ],
      restockedAt: '2025-09-16T15:00:00Z',
    },
  ),
  DmR7q2Lk9xPa: order(
    'DmR7q2Lk9xPa',
    'demo-retailer',
    'delivered',
    [
      { product_id: 'purple-dream', quantity: 4 },
      { product_id: 'blue-coast', quantity: 2 },
    ],
    [
      ['processing', '2025-10-03T18:21:10Z'],
      ['shipped', '2025-10-04T15:00:00Z'],
      ['delivered', '2025-10-07T19:45:00Z'],
    ],
    {
      shipment: {
        carrier: 'ups',
        tracking_number: '1Z999AA10123456784',
        shipped_at: '2025-10-04T15:00:00Z',
      },
    },
  ),
  Wq9eF2tX5aLo: order(
    'Wq9eF2tX5aLo',
    'demo-wholesaler',
    'processing',
    [
      { product_id: 'slushie-machine-double', quantity: 2 },
      { product_id: 'purple-dream', quantity: 10 },
      { product_id: 'mango-tango', quantity: 6 },
    ],
    [['processing', '2025-10-21T17:31:40Z']],
  ),
  Kt3vB8nW1sQe: order(
    'Kt3vB8nW1sQe',
    'demo-retailer',
    'shipped',
    [
      { product_id: 'slushie-machine-single', quantity: 1 },
      { product_id: 'syrup-variety-pack', quantity: 1 },
    ],
    [
      ['processing', '2025-11-12T21:06:02Z'],
      ['shipped', '2025-11-14T16:10:00Z'],
    ],
    {
      shipment: {
        carrier: 'fedex',
        tracking_number: '612999AA10123456',
        shipped_at: '2025-11-14T16:10:00Z',
      },
    },
  ),
};
documents[paths.invoiceCounter()] = { next: invoiceSequence + 1 };
// Checkouts that never became orders: one left open and expired, one replaced by a newer cart.
documents[paths.checkout('Pz6hJ4cY0uMr')] = checkout(
  'Pz6hJ4cY0uMr',
  'demo-retailer',
  '2025-11-19T16:40:00Z',
  'expired',
  [{ product_id: 'green-machine', quantity: 3 }],
);
documents[paths.checkout('Hb2kR5vQ8wZn')] = checkout(
  'Hb2kR5vQ8wZn',
  'demo-wholesaler',
  '2025-11-02T19:12:00Z',
  'replaced',
  [{ product_id: 'blue-coast', quantity: 6 }],
);
for (const [id, data] of Object.entries(orders)) documents[paths.order(id)] = data;

// The Overview's sales rollups, as the functions keep them with every order change: built from
// the orders above and the approved buyers at their review (what `npm run rollups:rebuild` makes).
const stamp = (value: unknown) => new Date((value as { $timestamp: string }).$timestamp);
const rollups = buildRollups(
  Object.values(orders).map((o) => ({
    ...o,
    items: o.items as unknown as SalesOrder['items'],
    paid_at: o.paid_at ? stamp(o.paid_at) : null,
  })),
  // Approvals are the companies' (their members joined later).
  DEMO_ACCOUNTS.filter((a) => a.status === 'approved' && demoMembership(a)?.role === 'owner').map(
    (a) => stamp(documents[paths.company(a.uid)]!.reviewed_at),
  ),
);
for (const { ref, rollup } of rollups)
  documents[ref.path] = rollup as unknown as Record<string, SeedValue>;

// The wholesaler's company buys on Net 30 terms within $5,000 (docs/payment-terms.md): its cart
// offers "Invoice, due in 30 days" beside the card.
documents[paths.companyCredit('demo-wholesaler')] = {
  net_days: 30,
  credit_limit: 500_000,
  open_balance: 0,
  overdue_orders: [],
  updated_at: ts('2025-10-01T16:00:00Z'),
  updated_by: 'demo-manager',
};

// The retailer has something in the cart already.
documents[paths.cartItem('demo-retailer', 'blue-coast')] = {
  product_id: 'blue-coast',
  quantity: 2,
  updated_at: ts('2025-11-20T18:00:00Z'),
};

const sorted = Object.fromEntries(Object.entries(documents).sort(([a], [b]) => a.localeCompare(b)));
const file = path.join(ROOT, 'emulator-data/firestore.json');
await writeFile(file, `${JSON.stringify({ version: 1, documents: sorted }, null, 2)}\n`);
console.log(
  `Wrote ${Object.keys(sorted).length} documents (${COLLECTIONS.products}: ${catalog.length}, ${COLLECTIONS.wholesalePrices}: ${catalog.length}, ${COLLECTIONS.orders}: ${Object.keys(orders).length}, ${COLLECTIONS.checkouts}: 2, sales rollups: ${rollups.length}) to emulator-data/firestore.json`,
);
