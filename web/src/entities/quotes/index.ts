/**
 * Draft orders and quotes (quotes/{id}, docs/order-lifecycle.md#draft-orders-and-quotes): the
 * managers write drafts and send them; the company's members read, accept or decline the ones
 * sent to them. Only lazy chunks import this entity.
 */
export { QUOTES_LIMIT, SENT_QUOTE_STATES, fetchQuote } from './api';
export {
  companyQuotesQueryOptions,
  quoteKeys,
  quoteQueryOptions,
  quotesQueryOptions,
  useAcceptQuote,
  useCompanyQuotes,
  useDeclineQuote,
  useDeleteDraftOrder,
  useQuote,
  useQuotes,
  useSaveDraftOrder,
  useSendDraftOrder,
} from './queries';
