import { BRAND } from './brand';
import type { PolicySlug } from './site-content';

/**
 * The policy pages a new deployment starts with (the seed writes them to policy_pages): real,
 * plain policies for a wholesaler of slush syrups, cups and machines that sells to approved
 * businesses in the United States. A manager reads them once, changes what differs for the
 * business (carriers, days, the address), and saves; nothing here is a placeholder to fill in.
 */
const NAME = BRAND.name;
const EMAIL = BRAND.supportEmail;

export const DEFAULT_POLICIES: Readonly<Record<PolicySlug, string>> = {
  privacy: `${NAME} sells to businesses. This policy explains what we collect when you apply for a wholesale account, order from us or subscribe to our newsletter, and what we do with it.

## What we collect

- **Your application:** your name, store name, email address, seller permit number and business type.
- **Your orders:** what you ordered, the ship-to address and contact name, and the order's payment status. Card details go straight to our payment processor, Stripe; we never see or store the card number.
- **Newsletter:** your email address, once you confirm the subscription from the email we send.
- **Technical data:** the records our hosting provider keeps to run the site securely (for example the time of a request and a shortened IP address). We use no advertising trackers.

## How we use it

- To check that your business may buy wholesale, and to run your account.
- To take payment, ship your orders, send invoices and answer your questions.
- To send the newsletter, only if you subscribed. Every newsletter has an unsubscribe link.

We do not sell your information. We share it only with the services that run the portal for us (hosting, email delivery, payments, carriers) and only as much as each needs.

## How long we keep it

Order and invoice records are kept for seven years, as tax law requires. An application that is never completed is deleted after a few days. You may ask us to close your account; we then delete what we are not required to keep.

## Your choices

You may ask for a copy of your information, ask us to correct it, or ask us to delete it: write to [${EMAIL}](mailto:${EMAIL}). California residents have these rights under the CCPA; we answer every request within 45 days.`,

  terms: `These terms apply to every order placed through the ${NAME} partner portal. By ordering you agree to them on behalf of your business.

## Accounts

- The portal is for businesses only. We approve each application and may decline or close an account, for example when a seller permit cannot be verified.
- Keep your sign-in details to yourself. Orders placed from your account are your business's orders.

## Prices and orders

- Prices are wholesale prices in US dollars, before any sales tax, and are the ones shown in your cart when you pay. Quantity price breaks apply per product and per order.
- Some products are sold in full cases or with a minimum quantity; the cart shows it before you pay.
- An order is accepted when payment is confirmed. If a product turns out to be unavailable, we tell you and refund that part of the order.

## Payment

- Card payments are taken when you place the order. Accounts on payment terms (Net 15, 30 or 60) are invoiced and pay by the due date on the invoice.
- Standing orders renew automatically on their schedule until you cancel them from your account. You may skip, change or cancel a delivery before its charge date.

## Use of our products

Follow the mixing ratios and the machine manuals. Syrups are food products: store them sealed, out of direct sunlight, and use them before the date on the jug.

## Liability

We replace or refund products that arrive damaged or faulty (see the Refund Policy). We are not liable for lost profits or indirect losses. Nothing in these terms limits rights your business has under the law.

## Changes

We may update these terms; the version on this page when you place an order applies to that order. These terms are governed by the laws of the State of California.`,

  shipping: `We ship from our warehouse in Long Beach, California, to businesses in the continental United States.

## When your order ships

- Orders paid by 12 noon Pacific time on a business day ship the same day; later orders ship the next business day.
- Machines and large supply orders may ship by freight and take one to two extra business days to book.
- When your order ships you get an email with the carrier and the tracking number. The order also shows them in your account.

## Delivery times

- Ground delivery takes 1 to 5 business days, depending on the distance from Long Beach.
- Freight deliveries are booked with you by phone and need someone at the address to receive them.

## Shipping costs

Shipping is included in the price shown at checkout. We do not ship to PO boxes, Alaska, Hawaii or outside the United States.

## When it arrives

Check every delivery when it arrives. Note any damage on the carrier's receipt, take a photo, and tell us within 5 days (see the Refund Policy). A package the carrier reports as delivered but that you cannot find: tell us within 5 days and we will open a claim with the carrier.`,

  refunds: `We want every case and every machine to arrive right. If something is wrong, tell us and we will make it right.

## Damaged, faulty or wrong items

- Tell us within **5 days** of delivery, with your order number and a photo of the damage or the label.
- We send a replacement or refund the item, as you prefer. You do not pay to return it; often we do not need it back.

## Unopened products

- Unopened syrups and supplies may be returned within **30 days** of delivery for a refund of the product price. Ask us first for a return authorisation.
- For safety we cannot take back opened syrups or used cups, lids and straws.

## Machines

- A machine that fails within its warranty period is repaired or replaced at no cost. Our support team helps you check it first; many problems are solved over the phone.
- An unused machine in its original packaging may be returned within 14 days of delivery. A 15% restocking fee applies.

## How refunds are paid

Refunds go back to the card the order was paid with, usually within 5 to 10 business days after we approve them. Orders on payment terms are credited on your account. Each refund appears on the order's invoice.

## Standing orders

You may cancel a standing order at any time from your account; deliveries already charged are shipped as usual.

Questions about a return? Write to [${EMAIL}](mailto:${EMAIL}).`,
};
