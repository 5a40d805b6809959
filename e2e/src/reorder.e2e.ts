/**
 * Reorder: a past order's lines go back into the cart. Uses the demo retailer, whose seeded
 * order #Kt3vB8nW holds one Single Bowl machine and one Syrup Variety Pack; no other journey
 * touches that account's cart.
 */
import { journey, type Person } from './support/journey';
import { snap } from './support/screens';
import { at, see, seeQuantity, signInBuyer } from './support/ui';

const j = journey('reorder');
let buyer: Person;

j.step('the demo retailer opens Orders and presses Reorder on a past order', async () => {
  buyer = await j.person('retailer');
  const { page } = buyer;
  await signInBuyer(page, 'retailer@demo.test');
  await at(page, '/portal/my-account', 10_000);
  const order = page.getByText('#Kt3vB8nW').first();
  await see(order);
  await snap(page, 'account-orders-history');
  await page
    .getByRole('listitem', { name: 'Order #Kt3vB8nW' })
    .getByRole('button', { name: /reorder/i })
    .click();
});

j.step("the buyer lands in the cart with the order's lines", async () => {
  const { page } = buyer;
  await at(page, '/portal/cart');
  await seeQuantity(page.getByRole('article', { name: 'Slushie Machine, Single Bowl' }), 1);
  await seeQuantity(page.getByRole('article', { name: 'Syrup Variety Pack' }), 1);
  await snap(page, 'cart-after-reorder');
});
