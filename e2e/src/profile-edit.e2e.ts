/** The store name edit on the Profile tab persists after a reload; Support lists tutorials. */
import { expect } from 'vitest';
import { createApprovedBuyer, uniqueTag, type TestBuyer } from './support/accounts';
import { journey, type Person } from './support/journey';
import { snap } from './support/screens';
import { at, see, seeText, seeToast, signInBuyer } from './support/ui';

const j = journey('profile-edit');
let account: TestBuyer;
let buyer: Person;
const newName = `Renamed Slush Bar ${uniqueTag()}`;

j.step('a buyer opens the Profile tab of My Account', async () => {
  account = await createApprovedBuyer(j.stack, 'wholesaler', 'profile');
  buyer = await j.person('buyer');
  const { page } = buyer;
  await signInBuyer(page, account.email, account.password);
  await at(page, '/portal/my-account', 10_000);
  await see(page.getByRole('tab', { name: 'Orders', selected: true }));
  await see(page.getByText('No orders yet'));
  await see(page.getByRole('link', { name: 'Start Shopping' }));

  await page.getByRole('tab', { name: 'Support' }).click();
  await see(page.getByText('Setting up your slushie machine'));
  await see(
    page
      .getByRole('button', { name: /watch tutorial/i })
      .or(page.getByRole('link', { name: /watch tutorial/i })),
  );
  await snap(page, 'account-support');

  await page.getByRole('tab', { name: 'Profile' }).click();
  const storeName = page.getByRole('textbox', { name: /store name/i });
  await expect.poll(() => storeName.inputValue()).toBe(account.storeName);
  await see(page.getByText('Contact support to update your permit ID'));
  const permit = page.getByRole('textbox', { name: /permit/i });
  if ((await permit.count()) > 0) {
    expect(await permit.first().isEditable()).toBe(false);
    expect(await permit.first().inputValue()).toBe(account.sellerPermitId);
  } else {
    await see(page.getByText(account.sellerPermitId));
  }
  await see(page.getByText(/wholesaler/i).first());
  await see(page.getByText(/approved/i).first());
  await snap(page, 'account-profile');
});

j.step('the buyer renames the store and the new name stays after a reload', async () => {
  const { page } = buyer;
  const storeName = page.getByRole('textbox', { name: /store name/i });
  await storeName.fill(newName);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await seeToast(page, 'Your profile has been successfully updated.');
  await page.reload();
  await see(page.getByRole('tab', { name: 'Orders' }));
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect
    .poll(() => page.getByRole('textbox', { name: /store name/i }).inputValue())
    .toBe(newName);
  await seeText(page.locator('header').first(), new RegExp(newName));
});

j.step("the new buyer's cart is empty: 'Your Cart is Empty' with Continue Shopping", async () => {
  const { page } = buyer;
  await page.getByRole('link', { name: /^cart, 0 lines$/i }).click();
  await at(page, '/portal/cart');
  await see(page.getByRole('heading', { name: 'Your Cart is Empty' }));
  await snap(page, 'cart-empty');
  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await at(page, '/portal/store');
  await see(page.getByRole('heading', { name: 'VIP Product Catalog' }));
});
