import {
  routePath,
  PAYMENT_LINK_HOURS,
  QUOTE_STATE_LABELS,
  type Quote,
  type QuoteState,
} from '@portal/domain';
import type { TagColor } from '@/components/tag';
import { businessDayFormat, dateFormatter } from '@/lib/intl-formats';

/**
 * The words of the managers' draft orders and quotes (docs/order-lifecycle.md#draft-orders-and-quotes):
 * the Orders tab's section, the draft editor, the Send dialog and a sent quote's view. The words
 * of a refusal the server also gives are the domain's QUOTE_MESSAGES.
 */
export const QUOTES_TEXTS = {
  title: 'Draft orders and quotes',
  intro:
    "Orders written for a company at its prices, with any override and its reason. A draft can be changed freely and holds no stock; once sent (as a quote, a payment link or on the company's terms) it is numbered and can no longer change.",
  newDraft: 'New draft order',
  filter: 'Filter by state',
  loadFailed: 'Could not load draft orders and quotes',
  none: {
    all: 'No draft orders or quotes yet.',
    draft: 'No draft orders.',
    sent: 'No quotes waiting for the buyer.',
    accepted: 'No accepted quotes.',
    declined: 'No declined quotes.',
    expired: 'No expired quotes.',
  } satisfies Record<QuoteFilter, string>,
  editDraft: 'Edit',
  viewQuote: 'View',
  // The editor.
  newTitle: 'New draft order',
  draftTitle: (company: string) => `Draft order for ${company}`,
  saveDraft: 'Save draft',
  saved: 'Draft saved',
  savedText: 'The server priced its lines: they are shown under the form.',
  saveFailed: 'Could not save the draft.',
  deleteDraft: 'Delete draft',
  deleteTitle: 'Delete this draft order?',
  deleted: 'Draft deleted',
  deleteFailed: 'Could not delete the draft.',
  send: 'Send…',
  sendUnsaved: 'Save your changes before sending the draft.',
  sendNew: 'Save the draft before sending it.',
  close: 'Close',
  catalogFailed: 'Could not load the catalog. Close this and try again.',
  companyFailed: 'Could not load this company. Choose it again or try later.',
  pricesFailed:
    "Could not load this company's price lists: the prices shown are its tier's. The server prices the draft when it is saved.",
  chooseCompany: 'Choose a company.',
  priceFormat: 'Enter the price in dollars, like 12.50',
  shippingFormat: 'Enter the shipping charge in dollars, like 15.00',
  noTierPrice: 'No price for this company’s tier: the server will refuse this line.',
  estimate: 'Estimated at the company’s prices now; the server prices the draft when it is saved.',
  unsaved: 'Unsaved changes: save the draft to have them priced.',
  // The Send dialog.
  sendTitle: 'Send draft order',
  sendFailed: 'Could not send the draft.',
  copyLink: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'Could not copy: select the link and copy it.',
  done: 'Done',
  // A sent quote.
  document: 'Open the quote document',
  openOrder: 'Open the order',
} as const;

/** The section's filter: one state, or every quote and draft. */
export type QuoteFilter = QuoteState | 'all';

export const QUOTE_FILTERS: readonly QuoteFilter[] = [
  'all',
  'draft',
  'sent',
  'accepted',
  'declined',
  'expired',
];

export const QUOTE_FILTER_LABELS: Readonly<Record<QuoteFilter, string>> = {
  all: 'All',
  ...QUOTE_STATE_LABELS,
};

export const QUOTE_STATE_COLORS: Readonly<Record<QuoteState, TagColor>> = {
  draft: 'default',
  sent: 'blue',
  accepted: 'green',
  declined: 'red',
  expired: 'gold',
};

/** Q-000123 once sent; "Draft" before. */
export function quoteLabel(quote: Pick<Quote, 'number'>): string {
  return quote.number ?? 'Draft';
}

/** The printable quote and its PDF (/admin/quotes/:quoteId). */
export function quoteDocumentHref(quoteId: string): string {
  return routePath('adminQuote', { quoteId });
}

const momentFormat = dateFormatter({ dateStyle: 'medium', timeStyle: 'short' });

export const formatDay = (date: Date) => businessDayFormat.format(date);
export const formatMoment = (date: Date) => momentFormat.format(date);

/** What each way of sending does, for the Send dialog's choices. */
export const DELIVERY_TEXTS = {
  quote: (validDays: number) =>
    `The buyer gets a mail and the quote in My Account's Quotes tab. They accept it within ${validDays} day${validDays === 1 ? '' : 's'} (and pay by card, or on terms where the company has them) or decline it with a reason.`,
  payment_link: `A Stripe Checkout link for exactly these lines and prices is mailed to the company's owners and buyers. It works for ${PAYMENT_LINK_HOURS} hours; paying it places the order.`,
  terms: (netDays: number) =>
    `The order is placed now on the company's Net ${netDays} terms and invoiced, due in ${netDays} days. The buyer does nothing.`,
  noTerms: 'This company has no payment terms, so the order cannot be placed on terms.',
  termsLoading: "Checking the company's payment terms…",
} as const;

/** The Send dialog's button, by the way chosen. */
export const SEND_BUTTON_LABELS = {
  quote: 'Send quote',
  payment_link: 'Send payment link',
  terms: 'Place order on terms',
} as const;

/** What the number is after sending (a quote, a payment link, or an order on terms). */
export function sentText(delivery: keyof typeof SEND_BUTTON_LABELS, number: string): string {
  if (delivery === 'payment_link') return `Payment link ${number} mailed to the buyer.`;
  if (delivery === 'terms') return `Quote ${number} was placed as an order on terms.`;
  return `Quote ${number} sent to the buyer.`;
}
