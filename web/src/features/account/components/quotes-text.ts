import { QUOTE_MESSAGES } from '@portal/domain';
import { businessDayFormat, dateFormatter } from '@/lib/intl-formats';

const timeFormat = dateFormatter({
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Mar 4, 2025". */
function quoteDay(at: Date): string {
  return businessDayFormat.format(at);
}

/** The URL parameter of the quote a link opens (the quote mail's link, the document's way back). */
export const LINKED_QUOTE_PARAM = 'quote';

/** The words of My Account's Quotes tab (docs/order-lifecycle.md#draft-orders-and-quotes). */
export const QUOTE_TEXTS = {
  loading: 'Loading quotes',
  loadFailed: 'Could not load your quotes.',
  empty: 'No quotes yet',
  emptyText:
    'When we prepare an order or a price for your company, the quote shows up here to accept or decline.',
  list: 'Quotes of your company',
  label: (number: string) => `Quote ${number}`,
  sent: (at: Date) => `Sent ${quoteDay(at)}`,
  validUntil: (at: Date) => `Valid until ${quoteDay(at)}`,
  showDetails: 'Show details',
  hideDetails: 'Hide details',
  lines: (number: string) => `Lines of quote ${number}`,
  viewPrint: 'View or print',
  viewPrintLabel: (number: string) => `View or print quote ${number}`,
  taxLine: 'Added at checkout',
  noteTitle: 'Note from us',
  termsTitle: 'Terms',
  poNumber: 'PO number (optional)',
  poHint: 'Appears on the order and the invoice',
  acceptCard: 'Accept and pay by card',
  acceptTerms: 'Accept on terms',
  decline: 'Decline',
  viewerText: 'An owner or buyer at your company can accept or decline this quote.',
  paymentLink: 'Pay with the link we mailed you',
  paymentLinkUntil: (at: Date) => `The link works until ${timeFormat.format(at)}.`,
  expired: QUOTE_MESSAGES.expired,
  declined: (reason: string) =>
    reason ? `You declined this quote: ${reason}` : 'You declined this quote.',
  accepted: 'Accepted: the order was placed.',
  openOrder: 'Open the order',
  placedOnTerms: 'Order placed on terms.',
  acceptFailed: 'The quote could not be accepted. Try again in a moment.',
  refusedLines: 'Lines that cannot be ordered as they are:',
  linkedMissing: 'This quote is not among your company’s quotes.',
  linkedMissingText:
    'It may have been sent to another company: sign in with that account to see it. Your company’s quotes are listed below.',
  // The decline dialog.
  declineTitle: (number: string) => `Decline quote ${number}`,
  declineIntro: 'Tell us why, so we can send a better quote.',
  declineReason: 'Reason',
  declineSubmit: 'Decline quote',
  declineCancel: 'Cancel',
  declinedToast: ['Quote declined', 'Thank you: we read every reason.'] as const,
  declineFailed: 'The quote could not be declined. Try again in a moment.',
} as const;
