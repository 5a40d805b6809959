/**
 * Regenerates emulator-data/firestore.json (the Firestore emulator's readable seed format)
 * from the demo catalog below, the demo accounts and @portal/domain's pricing, so order
 * totals always match the prices. Run: npx tsx scripts/build-demo-firestore.ts
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  COLLECTIONS,
  formatInvoiceNumber,
  orderTotal,
  paths,
  priceOrderLines,
  splitCatalogProduct,
  type CatalogProduct,
  type Carrier,
  type CheckoutState,
  type OrderStatus,
  type ShipTo,
} from '@portal/domain';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { ROOT } from './lib/stack';

type SeedValue = string | number | boolean | null | SeedValue[] | { [key: string]: SeedValue };
const ts = (iso: string) => ({ $timestamp: iso });

const catalog: CatalogProduct[] = [
  { id: 'purple-dream', name: 'Purple Dream Syrup', description: 'Grape and blackberry slush syrup, 1 gallon. Our best seller.', image_url: '/products/purple-dream.svg', price_retailer: 3499, price_wholesaler: 2799, is_active: true, sort_order: 1 },
  { id: 'blue-coast', name: 'Blue Coast Syrup', description: 'Blue raspberry with a citrus finish, 1 gallon.', image_url: '/products/blue-coast.svg', price_retailer: 3499, price_wholesaler: 2799, is_active: true, sort_order: 2 },
  { id: 'green-machine', name: 'Green Machine Syrup', description: 'Sour green apple and lime, 1 gallon.', image_url: '/products/green-machine.svg', price_retailer: 3499, price_wholesaler: 2799, is_active: true, sort_order: 3 },
  { id: 'red-rush', name: 'Red Rush Syrup', description: 'Cherry and strawberry, 1 gallon.', image_url: '/products/red-rush.svg', price_retailer: 3299, price_wholesaler: 2599, is_active: true, sort_order: 4 },
  { id: 'mango-tango', name: 'Mango Tango Syrup', description: 'Mango and passion fruit, 1 gallon.', image_url: '/products/mango-tango.svg', price_retailer: 3299, price_wholesaler: 2599, is_active: true, sort_order: 5 },
  { id: 'syrup-variety-pack', name: 'Syrup Variety Pack', description: 'Five gallons: one of each flavor. Top-selling flavors included.', image_url: '/products/syrup-variety-pack.svg', price_retailer: 15999, price_wholesaler: 12499, is_active: true, sort_order: 6 },
  { id: 'slushie-machine-single', name: 'Slushie Machine, Single Bowl', description: '12 L bowl with LED lighting. Countertop size for small shops.', image_url: '/products/slushie-machine-single.svg', price_retailer: 89900, price_wholesaler: 74900, is_active: true, sort_order: 7 },
  { id: 'slushie-machine-double', name: 'Slushie Machine, Double Bowl', description: 'Two 12 L bowls with LED lighting, high volume.', image_url: '/products/slushie-machine-double.svg', price_retailer: 149900, price_wholesaler: 124900, is_active: true, sort_order: 8 },
  { id: 'slushie-machine-triple', name: 'Slushie Machine, Triple Bowl', description: 'Three 15 L bowls, industrial compressor, LED lighting.', image_url: '/products/slushie-machine-triple.svg', price_retailer: 219900, price_wholesaler: 184900, is_active: true, sort_order: 9 },
  { id: 'cola-classic', name: 'Cola Classic Syrup (retired)', description: 'Discontinued flavor kept for past orders.', image_url: '/products/red-rush.svg', price_retailer: 2999, price_wholesaler: 2299, is_active: false, sort_order: 99 },
];

const tutorials = [
  { id: 'setup-first-run', title: 'Setting up your slushie machine', category: 'Setup', video_url: 'https://videos.electricslush.example/setup-first-run' },
  { id: 'setup-syrup-ratio', title: 'Mixing syrup at the right ratio', category: 'Setup', video_url: 'https://videos.electricslush.example/syrup-ratio' },
  { id: 'clean-daily', title: 'Daily cleaning in 10 minutes', category: 'Maintenance', video_url: 'https://videos.electricslush.example/daily-cleaning' },
  { id: 'clean-deep', title: 'Monthly deep clean and sanitising', category: 'Maintenance', video_url: 'https://videos.electricslush.example/deep-clean' },
  { id: 'fix-not-freezing', title: 'Troubleshooting: slush not freezing', category: 'Troubleshooting', video_url: 'https://videos.electricslush.example/not-freezing' },
];

const products = new Map(catalog.map((p) => [p.id, { ...p, is_active: true }] as const));
const account = (uid: string) => DEMO_ACCOUNTS.find((a) => a.uid === uid)!;

/** Where the demo buyers' goods go (their default ship-to and the one on their orders). */
const shipTos: Record<string, ShipTo> = {
  'demo-retailer': { name: 'Rico Alvarez', phone: '+13105550142', address: { line1: '1418 Ocean Front Walk', line2: '', city: 'Venice', state: 'CA', postal_code: '90291', country: 'US' } },
  'demo-wholesaler': { name: 'Wendy Park', phone: '+12065550177', address: { line1: '2200 Alaskan Way', line2: 'Dock 4', city: 'Seattle', state: 'WA', postal_code: '98121', country: 'US' } },
};

interface Fulfilment {
  shipment?: { carrier: Carrier; tracking_number: string; shipped_at: string };
  refunds?: { refund_id: string; amount: number | 'all'; reason: string; at: string }[];
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
  const paid = history.find(([s]) => s === 'processing');
  const refunds = (fulfilment.refunds ?? []).map((r) => ({ ...r, amount: r.amount === 'all' ? amount : r.amount, at: ts(r.at), by: 'demo-manager' }));
  return {
    user_id: uid,
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
    status_history: history.map(([s, at]) => ({ status: s, at: ts(at), by: s === 'processing' || s === 'pending' ? 'stripe' : 'demo-manager' })),
    ship_to: shipTos[uid] as unknown as SeedValue,
    invoice_number: paid ? formatInvoiceNumber(++invoiceSequence) : null,
    shipment: fulfilment.shipment ? { ...fulfilment.shipment, shipped_at: ts(fulfilment.shipment.shipped_at) } : null,
    refunds,
    refunded_amount: refunds.reduce((sum, r) => sum + r.amount, 0),
  };
}

/** A checkout that never became an order (the Abandoned checkouts view). */
function checkout(id: string, uid: string, at: string, state: CheckoutState, lines: { product_id: string; quantity: number }[]) {
  const buyer = account(uid);
  const items = priceOrderLines(lines, products, buyer.role);
  return {
    user_id: uid,
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
  documents[paths.profile(a.uid)] = {
    user_id: a.uid,
    full_name: a.fullName,
    store_name: a.storeName,
    seller_permit_id: a.sellerPermitId,
    role: a.role,
    status: a.status,
    // The demo Auth accounts are verified (scripts/build-demo-auth.ts).
    email_verified: true,
    created_at: ts('2025-09-01T17:00:00Z'),
    ...(a.status === 'pending' ? {} : { reviewed_at: ts('2025-09-02T16:30:00Z'), reviewed_by: 'demo-manager' }),
    ...(shipTos[a.uid] ? { ship_to: shipTos[a.uid] as unknown as SeedValue } : {}),
  };
}
// The wholesale price is its own document (wholesale_prices/{id}): retailers read products/{id}.
for (const { id, ...joined } of catalog) {
  const { product, wholesale } = splitCatalogProduct(joined);
  documents[paths.product(id)] = product;
  documents[paths.wholesalePrice(id)] = wholesale;
}
for (const { id, ...tutorial } of tutorials) documents[paths.supportItem(id)] = tutorial;

// In the order they were paid (invoice numbers follow payment order).
const orders = {
  'Ya1sN7gH3dVb': order('Ya1sN7gH3dVb', 'demo-wholesaler', 'cancelled', [{ product_id: 'red-rush', quantity: 12 }], [['processing', '2025-09-15T20:01:30Z'], ['cancelled', '2025-09-16T15:00:00Z']], { refunds: [{ refund_id: 're_demo_Ya1sN7gH3dVb', amount: 'all', reason: 'Order cancelled', at: '2025-09-16T15:00:00Z' }] }),
  'DmR7q2Lk9xPa': order('DmR7q2Lk9xPa', 'demo-retailer', 'delivered', [{ product_id: 'purple-dream', quantity: 4 }, { product_id: 'blue-coast', quantity: 2 }], [['processing', '2025-10-03T18:21:10Z'], ['shipped', '2025-10-04T15:00:00Z'], ['delivered', '2025-10-07T19:45:00Z']], { shipment: { carrier: 'ups', tracking_number: '1Z999AA10123456784', shipped_at: '2025-10-04T15:00:00Z' } }),
  'Wq9eF2tX5aLo': order('Wq9eF2tX5aLo', 'demo-wholesaler', 'processing', [{ product_id: 'slushie-machine-double', quantity: 2 }, { product_id: 'purple-dream', quantity: 10 }, { product_id: 'mango-tango', quantity: 6 }], [['processing', '2025-10-21T17:31:40Z']]),
  'Kt3vB8nW1sQe': order('Kt3vB8nW1sQe', 'demo-retailer', 'shipped', [{ product_id: 'slushie-machine-single', quantity: 1 }, { product_id: 'syrup-variety-pack', quantity: 1 }], [['processing', '2025-11-12T21:06:02Z'], ['shipped', '2025-11-14T16:10:00Z']], { shipment: { carrier: 'fedex', tracking_number: '612999AA10123456', shipped_at: '2025-11-14T16:10:00Z' } }),
};
documents[paths.invoiceCounter()] = { next: invoiceSequence + 1 };
// Checkouts that never became orders: one left open and expired, one replaced by a newer cart.
documents[paths.checkout('Pz6hJ4cY0uMr')] = checkout('Pz6hJ4cY0uMr', 'demo-retailer', '2025-11-19T16:40:00Z', 'expired', [{ product_id: 'green-machine', quantity: 3 }]);
documents[paths.checkout('Hb2kR5vQ8wZn')] = checkout('Hb2kR5vQ8wZn', 'demo-wholesaler', '2025-11-02T19:12:00Z', 'replaced', [{ product_id: 'blue-coast', quantity: 6 }]);
for (const [id, data] of Object.entries(orders)) documents[paths.order(id)] = data;

// The retailer has something in the cart already.
documents[paths.cartItem('demo-retailer', 'blue-coast')] = { product_id: 'blue-coast', quantity: 2, updated_at: ts('2025-11-20T18:00:00Z') };

const sorted = Object.fromEntries(Object.entries(documents).sort(([a], [b]) => a.localeCompare(b)));
const file = path.join(ROOT, 'emulator-data/firestore.json');
await writeFile(file, `${JSON.stringify({ version: 1, documents: sorted }, null, 2)}\n`);
console.log(`Wrote ${Object.keys(sorted).length} documents (${COLLECTIONS.products}: ${catalog.length}, ${COLLECTIONS.wholesalePrices}: ${catalog.length}, ${COLLECTIONS.orders}: ${Object.keys(orders).length}, ${COLLECTIONS.checkouts}: 2) to emulator-data/firestore.json`);
