import {
  FUNCTION_NAMES,
  type AskClaimQuestionRequest,
  type ClaimResponse,
  type RejectClaimRequest,
  type SettleClaimRequest,
  type SettleClaimResponse,
  type CloseTermsInvoiceRequest,
  type CloseTermsInvoiceResponse,
  type CompanyDetailsRequest,
  type CompanyDetailsResponse,
  type DeletePriceListRequest,
  type GetReceivablesResponse,
  type GetTaxReportRequest,
  type GetTaxReportResponse,
  type MoveCompanyTierRequest,
  type MoveCompanyTierResponse,
  type ProductClaimsRequest,
  type ProductClaimsResponse,
  type SalesOverviewRequest,
  type SalesOverviewResponse,
  type SavePriceListRequest,
  type SavePriceListResponse,
  type SearchCompaniesRequest,
  type SearchCompaniesResponse,
  type SearchOrdersRequest,
  type SearchOrdersResponse,
  type SearchUsersRequest,
  type SearchUsersResponse,
  type SendInvoiceReminderRequest,
  type SendInvoiceReminderResponse,
  type SetCompanyTermsRequest,
  type SetCompanyTermsResponse,
  type StoreDetailsRequest,
  type StoreDetailsResponse,
  type SaveDraftOrderRequest,
  type SaveDraftOrderResponse,
  type DeleteDraftOrderRequest,
  type QuoteStateResponse,
  type SendDraftOrderRequest,
  type SendDraftOrderResponse,
} from '@portal/domain';
import { callable } from './callables';

/**
 * The managers' calls: the dashboard's Overview and searches, the company page and the price
 * lists. A module of their own beside callables.ts, so the buyers' pages, which load
 * callables.ts, do not carry them (the portal's routes are held to their size budget:
 * scripts/route-sizes.ts).
 */

/** The managers' Overview: totals against the previous period, a series and the top lists. */
export const callGetSalesOverview = callable<SalesOverviewRequest, SalesOverviewResponse>(
  FUNCTION_NAMES.getSalesOverview,
);
/** Managers: one page of orders (or all of them, for the CSV) by search, filters and sort. */
export const callSearchOrders = callable<SearchOrdersRequest, SearchOrdersResponse>(
  FUNCTION_NAMES.searchOrders,
);
/** Managers: one page of companies (or all of them, for the CSV) by search, filters and sort. */
export const callSearchCompanies = callable<SearchCompaniesRequest, SearchCompaniesResponse>(
  FUNCTION_NAMES.searchCompanies,
);
/** Managers: one company's members, locations, orders, revenue and history (the company page). */
export const callGetCompanyDetails = callable<CompanyDetailsRequest, CompanyDetailsResponse>(
  FUNCTION_NAMES.getCompanyDetails,
);
/** Managers: each product's claims and claims rate over the last 90 days (the catalog's rows). */
export const callGetProductClaims = callable<ProductClaimsRequest, ProductClaimsResponse>(
  FUNCTION_NAMES.getProductClaims,
);
/** Managers: one page of buyers by search, filters and sort (the Users table before companies). */
export const callSearchUsers = callable<SearchUsersRequest, SearchUsersResponse>(
  FUNCTION_NAMES.searchUsers,
);
/** Managers: one buyer's profile, history, orders and revenue (the store page before companies). */
export const callGetStoreDetails = callable<StoreDetailsRequest, StoreDetailsResponse>(
  FUNCTION_NAMES.getStoreDetails,
);
/** Managers: create (no listId) or replace a price list; the functions write it and its copies. */
export const callSavePriceList = callable<SavePriceListRequest, SavePriceListResponse>(
  FUNCTION_NAMES.savePriceList,
);
/** Managers: delete a price list and its companies' copies. */
export const callDeletePriceList = callable<DeletePriceListRequest, { listId: string }>(
  FUNCTION_NAMES.deletePriceList,
);
/** Managers: move a company between retailer and wholesaler prices, with a reason. */
export const callMoveCompanyTier = callable<MoveCompanyTierRequest, MoveCompanyTierResponse>(
  FUNCTION_NAMES.moveCompanyTier,
);
/** Managers: give a company payment terms (0: none) and a credit limit in cents, with a reason. */
export const callSetCompanyTerms = callable<SetCompanyTermsRequest, SetCompanyTermsResponse>(
  FUNCTION_NAMES.setCompanyTerms,
);
/** Managers: the Receivables tab: open invoices on terms, per company and aged. */
export const callGetReceivables = callable<Record<string, never>, GetReceivablesResponse>(
  FUNCTION_NAMES.getReceivables,
);
/** Managers: void an open invoice (its order is cancelled) or write it off, with a reason. */
export const callCloseTermsInvoice = callable<CloseTermsInvoiceRequest, CloseTermsInvoiceResponse>(
  FUNCTION_NAMES.closeTermsInvoice,
);
/** Managers: mail the buyer a reminder of an open invoice now. */
export const callSendInvoiceReminder = callable<
  SendInvoiceReminderRequest,
  SendInvoiceReminderResponse
>(FUNCTION_NAMES.sendInvoiceReminder);
/** Managers: the tax report, per month (Pacific) and state, of the months `from` to `to`. */
export const callGetTaxReport = callable<GetTaxReportRequest, GetTaxReportResponse>(
  FUNCTION_NAMES.getTaxReport,
);
/** Managers: ask the buyer a question about a claim (it then awaits the buyer). */
export const callAskClaimQuestion = callable<AskClaimQuestionRequest, ClaimResponse>(
  FUNCTION_NAMES.askClaimQuestion,
);
/** Managers: reject an open claim with a reason the buyer reads. */
export const callRejectClaim = callable<RejectClaimRequest, ClaimResponse>(
  FUNCTION_NAMES.rejectClaim,
);
/** Managers: settle an open claim once (refund, credit note, store credit or a replacement). */
export const callSettleClaim = callable<SettleClaimRequest, SettleClaimResponse>(
  FUNCTION_NAMES.settleClaim,
);
/** Managers: create or replace a draft order (priced on the server; overrides need a reason). */
export const callSaveDraftOrder = callable<SaveDraftOrderRequest, SaveDraftOrderResponse>(
  FUNCTION_NAMES.saveDraftOrder,
);
/** Managers: delete a draft (never a sent quote). */
export const callDeleteDraftOrder = callable<DeleteDraftOrderRequest, QuoteStateResponse>(
  FUNCTION_NAMES.deleteDraftOrder,
);
/** Managers: send a draft as a quote, a payment link, or place it on the company's terms. */
export const callSendDraftOrder = callable<SendDraftOrderRequest, SendDraftOrderResponse>(
  FUNCTION_NAMES.sendDraftOrder,
);
