/**
 * Regenerates emulator-data/firestore.json (the Firestore emulator's readable seed format)
 * from the demo catalog below, the demo accounts and @portal/domain's pricing, so order
 * totals always match the prices. Run: npx tsx scripts/build-demo-firestore.ts
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  COLLECTIONS,
  orderTotal,
  paths,
  priceOrderLines,
  splitCatalogProduct,
  type CatalogProduct,
  type OrderStatus,
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

function order(
  id: string,
  uid: string,
  createdAt: string,
  status: OrderStatus,
  lines: { product_id: string; quantity: number }[],
  history: [OrderStatus, string][],
) {
  const buyer = account(uid);
  const items = priceOrderLines(lines, products, buyer.role);
  const paid = history.find(([s]) => s === 'processing');
  return {
    user_id: uid,
    store_name: buyer.storeName,
    items: items as unknown as SeedValue,
    amount: orderTotal(items),
    currency: 'usd',
    payment_type: 'one_time',
    status,
    stripe_session_id: `cs_test_demo_${id}`,
    created_at: ts(createdAt),
    paid_at: paid ? ts(paid[1]) : null,
    status_history: history.map(([s, at]) => ({ status: s, at: ts(at), by: s === 'processing' ? 'stripe' : s === 'pending' ? uid : 'demo-manager' })),
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
    created_at: ts('2025-09-01T17:00:00Z'),
    ...(a.status === 'pending' ? {} : { reviewed_at: ts('2025-09-02T16:30:00Z'), reviewed_by: 'demo-manager' }),
  };
}
// The wholesale price is its own document (wholesale_prices/{id}): retailers read products/{id}.
for (const { id, ...joined } of catalog) {
  const { product, wholesale } = splitCatalogProduct(joined);
  documents[paths.product(id)] = product;
  documents[paths.wholesalePrice(id)] = wholesale;
}
for (const { id, ...tutorial } of tutorials) documents[paths.supportItem(id)] = tutorial;

const orders = {
  'DmR7q2Lk9xPa': order('DmR7q2Lk9xPa', 'demo-retailer', '2025-10-03T18:20:00Z', 'delivered', [{ product_id: 'purple-dream', quantity: 4 }, { product_id: 'blue-coast', quantity: 2 }], [['pending', '2025-10-03T18:20:00Z'], ['processing', '2025-10-03T18:21:10Z'], ['shipped', '2025-10-04T15:00:00Z'], ['delivered', '2025-10-07T19:45:00Z']]),
  'Kt3vB8nW1sQe': order('Kt3vB8nW1sQe', 'demo-retailer', '2025-11-12T21:05:00Z', 'shipped', [{ product_id: 'slushie-machine-single', quantity: 1 }, { product_id: 'syrup-variety-pack', quantity: 1 }], [['pending', '2025-11-12T21:05:00Z'], ['processing', '2025-11-12T21:06:02Z'], ['shipped', '2025-11-14T16:10:00Z']]),
  'Pz6hJ4cY0uMr': order('Pz6hJ4cY0uMr', 'demo-retailer', '2025-11-19T16:40:00Z', 'pending', [{ product_id: 'green-machine', quantity: 3 }], [['pending', '2025-11-19T16:40:00Z']]),
  'Wq9eF2tX5aLo': order('Wq9eF2tX5aLo', 'demo-wholesaler', '2025-10-21T17:30:00Z', 'processing', [{ product_id: 'slushie-machine-double', quantity: 2 }, { product_id: 'purple-dream', quantity: 10 }, { product_id: 'mango-tango', quantity: 6 }], [['pending', '2025-10-21T17:30:00Z'], ['processing', '2025-10-21T17:31:40Z']]),
  'Ya1sN7gH3dVb': order('Ya1sN7gH3dVb', 'demo-wholesaler', '2025-09-15T20:00:00Z', 'cancelled', [{ product_id: 'red-rush', quantity: 12 }], [['pending', '2025-09-15T20:00:00Z'], ['cancelled', '2025-09-16T15:00:00Z']]),
};
for (const [id, data] of Object.entries(orders)) documents[paths.order(id)] = data;

// The retailer has something in the cart already.
documents[paths.cartItem('demo-retailer', 'blue-coast')] = { product_id: 'blue-coast', quantity: 2, updated_at: ts('2025-11-20T18:00:00Z') };

const sorted = Object.fromEntries(Object.entries(documents).sort(([a], [b]) => a.localeCompare(b)));
const file = path.join(ROOT, 'emulator-data/firestore.json');
await writeFile(file, `${JSON.stringify({ version: 1, documents: sorted }, null, 2)}\n`);
console.log(`Wrote ${Object.keys(sorted).length} documents (${COLLECTIONS.products}: ${catalog.length}, ${COLLECTIONS.wholesalePrices}: ${catalog.length}, ${COLLECTIONS.orders}: ${Object.keys(orders).length}) to emulator-data/firestore.json`);
