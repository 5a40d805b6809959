import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptQuoteRequest,
  DeclineQuoteRequest,
  DeleteDraftOrderRequest,
  QuoteState,
  SaveDraftOrderRequest,
  SendDraftOrderRequest,
} from '@portal/domain';
import { callAcceptQuote, callDeclineQuote } from '@/lib/callables';
import { fetchCompanyQuotes, fetchQuote, fetchQuotes } from './api';

export const quoteKeys = {
  all: ['quotes'] as const,
  /** The company's quotes (My Account's Quotes tab). */
  company: (companyId: string) => ['quotes', 'company', companyId] as const,
  /** The managers' list, by state. */
  list: (state: QuoteState | 'all') => ['quotes', 'list', state] as const,
  one: (quoteId: string) => ['quotes', 'one', quoteId] as const,
};

export const companyQuotesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: quoteKeys.company(companyId),
    queryFn: () => fetchCompanyQuotes(companyId),
  });

/** The company's sent quotes, newest first; disabled without a company. */
export function useCompanyQuotes(companyId: string) {
  return useQuery({ ...companyQuotesQueryOptions(companyId), enabled: companyId !== '' });
}

export const quotesQueryOptions = (state: QuoteState | 'all') =>
  queryOptions({ queryKey: quoteKeys.list(state), queryFn: () => fetchQuotes(state) });

/** The managers' drafts and quotes in one state (or all), newest first. */
export function useQuotes(state: QuoteState | 'all') {
  return useQuery(quotesQueryOptions(state));
}

/** One quote (its document page reads it in the route's loader too). */
export const quoteQueryOptions = (quoteId: string) =>
  queryOptions({ queryKey: quoteKeys.one(quoteId), queryFn: () => fetchQuote(quoteId) });

/** One quote, or null when there is none; disabled without an id. */
export function useQuote(quoteId: string | null) {
  return useQuery({
    ...quoteQueryOptions(quoteId ?? ''),
    enabled: quoteId !== null && quoteId !== '',
  });
}

/** Every quote list and quote is read again after a change. */
function useQuoteMutation<Req, Res>(call: (request: Req) => Promise<Res>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}

/** A member accepts a quote: a Checkout URL (card) or an order on terms. */
export const useAcceptQuote = () =>
  useQuoteMutation((request: AcceptQuoteRequest) => callAcceptQuote(request));

/** A member declines a quote with a reason. */
export const useDeclineQuote = () =>
  useQuoteMutation((request: DeclineQuoteRequest) => callDeclineQuote(request));

/** Managers' calls: loaded only by the admin's chunks (manager-callables.ts). */
async function managerCallables() {
  return import('@/lib/manager-callables');
}

/** Managers: create or replace a draft. */
export const useSaveDraftOrder = () =>
  useQuoteMutation(async (request: SaveDraftOrderRequest) =>
    (await managerCallables()).callSaveDraftOrder(request),
  );

/** Managers: delete a draft. */
export const useDeleteDraftOrder = () =>
  useQuoteMutation(async (request: DeleteDraftOrderRequest) =>
    (await managerCallables()).callDeleteDraftOrder(request),
  );

/** Managers: send a draft as a quote, a payment link, or on terms. */
export const useSendDraftOrder = () =>
  useQuoteMutation(async (request: SendDraftOrderRequest) =>
    (await managerCallables()).callSendDraftOrder(request),
  );
