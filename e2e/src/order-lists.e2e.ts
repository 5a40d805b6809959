/**
 * Saved order lists (docs/product.md, Order lists): a buyer with a past order saves it as a list
 * from My Account. One product on the list then goes out of stock (a manager's stock of 0,
 * written as an operator would). "Add list to cart" adds the rest and names that product with
 * its reason, line by line; the cart holds the rest. The buyer and three products are this
 * journey's own (short SKUs, a sort order after the demo catalog); the past order was paid long
 * before any window the Overview or the order book counts.
 */
import { expect } from 'vitest';
import { createApprovedBuyer, uniqueTag, type TestBuyer } from './support/accounts';
import {
  patchDocument,
  type Plain,
  productDocument,
  wholesalePriceDocument,
  writeDocuments,
} from './support/firestore-admin';
import { journey, type Person } from './support/journey';
import { snap } from './support/screens';
import {
  at,
  openInApp,
  see,
  seeDialog,
  seeQuantity,
  seeText,
  seeToast,
  signInBuyer,
} from './support/ui';

const j = journey('order-lists');
const tag = uniqueTag().slice(0, 4).toUpperCase();
const PRODUCTS = [
  { id: `ol-cola-${tag}`, sku: `OLC${tag}`, name: `Cola Jug ${tag}`, unit: 2400, qty: 12 },
  { id: `ol-lime-${tag}`, sku: `OLL${tag}`, name: `Lime Jug ${tag}`, unit: 2200, qty: 6 },
  { id: `ol-cups-${tag}`, sku: `OLU${tag}`, name: `Cups 16oz ${tag}`, unit: 900, qty: 4 },
] as const;
const LIME = PRODUCTS[1];
const LIST_NAME = 'Main St every 2 weeks';
const PAID_AT = new Date(Date.now() - 200 * 24 * 3600 * 1000);
/** A callable's first call starts its worker: slow on a busy machine. */
const SLOW = 60_000;

let account: TestBuyer;
let buyer: Person;
const orderId = `OrdList${tag}x1`;

function productDoc(product: (typeof PRODUCTS)[number], index: number): { [key: string]: Plain } {
  return productDocument({
    name: product.name,
    description: 'A product of the order lists journey.',
    sku: product.sku,
    price_retailer: product.unit,
    image_url: '/products/syrup-variety-pack.svg',
    sort_order: 950 + index,
    stock_on_hand: 200,
  });
}

/** A delivered order of the buyer's, as the functions store one (what My Account reads). */
function pastOrder(): { [key: string]: Plain } {
  const items = PRODUCTS.map((p) => ({
    product_id: p.id,
    name: p.name,
    description: '',
    image_url: '/products/syrup-variety-pack.svg',
    unit_amount: p.unit,
    quantity: p.qty,
    line_total: p.unit * p.qty,
    sku: p.sku,
    case_pack: 1,
    backordered: 0,
  }));
  const amount = items.reduce((sum, line) => sum + line.line_total, 0);
  return {
    user_id: account.uid,
    company_id: account.uid,
    store_name: account.storeName,
    seller_permit_id: account.sellerPermitId,
    placed_by_name: account.fullName,
    items,
    amount,
    currency: 'usd',
    payment_type: 'one_time',
    status: 'delivered',
    stripe_session_id: `cs_test_${orderId}`,
    stripe_payment_intent_id: null,
    created_at: PAID_AT,
    updated_at: PAID_AT,
    paid_at: PAID_AT,
    status_history: [{ status: 'processing', at: PAID_AT, by: 'stripe' }],
    cart_fingerprint: orderId,
    source: 'cart',
    ship_to: null,
    invoice_number: null,
    shipment: null,
    refunds: [],
    refunded_amount: 0,
  };
}

j.step(
  'a buyer with a past order saves it as a list from My Account',
  async () => {
    account = await createApprovedBuyer(j.stack, 'retailer', 'lists');
    await writeDocuments(
      j.stack,
      new Map<string, { [key: string]: Plain }>([
        ...PRODUCTS.map((p, i) => [`products/${p.id}`, productDoc(p, i)] as const),
        ...PRODUCTS.map(
          (p) => [`wholesale_prices/${p.id}`, wholesalePriceDocument(p.unit)] as const,
        ),
        [`orders/${orderId}`, pastOrder()],
      ]),
    );
    buyer = await j.person('buyer');
    const { page } = buyer;
    await signInBuyer(page, account.email, account.password);
    await openInApp(page, '/portal/my-account');
    const order = await see(page.getByRole('listitem', { name: `Order #${orderId.slice(0, 8)}` }));
    await order.getByRole('button', { name: 'Show 22 items' }).click();
    await order.getByRole('button', { name: /^Save as list/ }).click();
    const dialog = await seeDialog(page.getByRole('dialog', { name: 'Save as list' }));
    await seeText(dialog, /Save these 3 products with their quantities/);
    await dialog.getByRole('textbox', { name: 'List name' }).fill(LIST_NAME);
    await dialog.getByRole('button', { name: 'Save list' }).click();
    await seeToast(page, 'List saved', `"${LIST_NAME}" is in your Order lists.`, SLOW);
  },
  180_000,
);

j.step('one product on the list goes out of stock', async () => {
  await patchDocument(j.stack, `products/${LIME.id}`, { stock_on_hand: 0 });
});

j.step('"Add list to cart" adds the rest and names that product with its reason', async () => {
  const { page } = buyer;
  await page.getByRole('link', { name: 'Order lists' }).click();
  await at(page, '/portal/lists');
  const list = await see(page.getByRole('article', { name: LIST_NAME }), SLOW);
  await seeText(list, /3 products · Updated/);
  await list.getByRole('button', { name: 'Show 3 products' }).click();
  await see(list.getByRole('table'));
  await list.getByRole('button', { name: 'Add list to cart' }).click();
  const outcome = list.getByRole('status');
  await seeText(outcome, /Added 2 products to your cart\./);
  await seeText(outcome, new RegExp(`Line 2 \\(${LIME.sku}\\): ${LIME.name} is out of stock\\.`));
  // A list with a line that cannot be added offers no standing order.
  expect(await list.getByRole('button', { name: 'Start standing order' }).count()).toBe(0);
  // The "List saved" toast from My Account would cover the header in the picture.
  for (const close of await page.locator('.toast .toast__close').all()) await close.click();
  await snap(page, 'order-lists');
});

j.step('the cart holds the rest, not the product out of stock', async () => {
  const { page } = buyer;
  await buyer.page.getByRole('status').getByRole('link', { name: 'View cart' }).click();
  await at(page, '/portal/cart');
  await seeQuantity(page.getByRole('article', { name: PRODUCTS[0].name }), PRODUCTS[0].qty);
  await seeQuantity(page.getByRole('article', { name: PRODUCTS[2].name }), PRODUCTS[2].qty);
  expect(await page.getByRole('article', { name: LIME.name }).count()).toBe(0);
});
