import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import type { z } from 'zod/mini';
import {
  COLLECTIONS,
  acceptInvitationRequest,
  archiveLocationRequest,
  changeMemberRoleRequest,
  createCheckoutSessionRequest,
  getInvitationRequest,
  invitationIdRequest,
  inviteMemberRequest,
  listCompanyMembersRequest,
  deletePriceListRequest,
  moveCompanyTierRequest,
  closeTermsInvoiceRequest,
  getReceivablesRequest,
  getTaxReportRequest,
  placeTermsOrderRequest,
  estimateTaxRequest,
  sendInvoiceReminderRequest,
  setCompanyTermsRequest,
  savePriceListRequest,
  removeMemberRequest,
  newsletterTokenRequest,
  paths,
  refundOrderRequest,
  shipOrderRequest,
  cancelBackorderedLineRequest,
  settleClaimRequest,
  reportClaimRequest,
  saveDraftOrderRequest,
  deleteDraftOrderRequest,
  sendDraftOrderRequest,
  declineQuoteRequest,
  saveOrderListRequest,
  deleteOrderListRequest,
  stockAlertRequest,
  acceptQuoteRequest,
  answerClaimRequest,
  askClaimQuestionRequest,
  rejectClaimRequest,
  manageStandingOrderRequest,
  skipStandingOrderDeliveryRequest,
  requestPasswordResetRequest,
  resendVerificationEmailRequest,
  salesOverviewRequest,
  saveLocationRequest,
  searchOrdersRequest,
  searchUsersRequest,
  setProfileStatusRequest,
  storeDetailsRequest,
  searchCompaniesRequest,
  companyDetailsRequest,
  productClaimsRequest,
  submitApplicationRequest,
  submitTaxCertificateRequest,
  reviewTaxCertificateRequest,
  subscribeNewsletterRequest,
  syncEmailVerificationRequest,
  updateOrderStatusRequest,
  verifyPaymentRequest,
  type Role,
} from '@portal/domain';
import * as deployed from '../../src/index';
import {
  requestPasswordResetHandler,
  resendVerificationEmailHandler,
  syncEmailVerificationHandler,
} from '../../src/handlers/account-mail';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { getSalesOverviewHandler } from '../../src/handlers/get-sales-overview';
import type { CallRequest } from '../../src/handlers/edge';
import {
  confirmNewsletterHandler,
  subscribeNewsletterHandler,
  unsubscribeNewsletterHandler,
} from '../../src/handlers/newsletter';
import { refundOrderHandler } from '../../src/handlers/refund-order';
import { shipOrderHandler } from '../../src/handlers/ship-order';
import { cancelBackorderedLineHandler } from '../../src/handlers/cancel-backordered-line';
import { settleClaimHandler } from '../../src/handlers/settle-claim';
import {
  answerClaimHandler,
  askClaimQuestionHandler,
  rejectClaimHandler,
} from '../../src/handlers/claim-steps';
import { reportClaimHandler } from '../../src/handlers/report-claim';
import {
  declineQuoteHandler,
  deleteDraftOrderHandler,
  saveDraftOrderHandler,
  sendDraftOrderHandler,
} from '../../src/handlers/quotes';
import { acceptQuoteHandler } from '../../src/handlers/accept-quote';
import {
  subscribeStockAlertHandler,
  unsubscribeStockAlertHandler,
} from '../../src/handlers/stock-alerts';
import { getStoreDetailsHandler } from '../../src/handlers/get-store-details';
import { getCompanyDetailsHandler } from '../../src/handlers/get-company-details';
import { getProductClaimsHandler } from '../../src/handlers/get-product-claims';
import { searchCompaniesHandler } from '../../src/handlers/search-companies';
import { searchOrdersHandler } from '../../src/handlers/search-orders';
import { searchUsersHandler } from '../../src/handlers/search-users';
import { manageStandingOrderHandler } from '../../src/handlers/manage-standing-order';
import { skipStandingOrderDeliveryHandler } from '../../src/handlers/skip-standing-order-delivery';
import { archiveLocationHandler, saveLocationHandler } from '../../src/handlers/locations';
import { deleteOrderListHandler, saveOrderListHandler } from '../../src/handlers/order-lists';
import {
  acceptInvitationHandler,
  changeMemberRoleHandler,
  getInvitationHandler,
  inviteMemberHandler,
  listCompanyMembersHandler,
  removeMemberHandler,
  resendInvitationHandler,
  revokeInvitationHandler,
} from '../../src/handlers/members';
import {
  deletePriceListHandler,
  moveCompanyTierHandler,
  savePriceListHandler,
} from '../../src/handlers/price-lists';
import {
  closeTermsInvoiceHandler,
  getReceivablesHandler,
  placeTermsOrderHandler,
  sendInvoiceReminderHandler,
  setCompanyTermsHandler,
} from '../../src/handlers/payment-terms';
import { estimateTaxHandler } from '../../src/handlers/estimate-tax';
import { setProfileStatusHandler } from '../../src/handlers/set-profile-status';
import { getTaxReportHandler } from '../../src/handlers/tax-report';
import { submitApplicationHandler } from '../../src/handlers/submit-application';
import {
  reviewTaxCertificateHandler,
  submitTaxCertificateHandler,
} from '../../src/handlers/tax-certificates';
import { updateOrderStatusHandler } from '../../src/handlers/update-order-status';
import { verifyPaymentHandler } from '../../src/handlers/verify-payment';
import { adminAuth, firestore } from '../../src/lib/admin';
import { log } from '../../src/lib/log';
import { accountEmail, createAccount, signIn } from '../accounts/support';
import { buyerClaims } from '../company-fixtures';
import { PAY_SHIP_TO } from '../payments/support';
import { describeOutcome, refusedWith, settle, type CallOutcome } from '../support/call-outcome';
import { deployedCallableNames } from '../support/deployed-callables';
import { databaseState, stateChanges, type DatabaseState } from '../support/database-state';

/**
 * Security acceptance: bad input to every callable (missing fields, wrong types, oversized
 * strings, 10 000-element arrays and records, 100 000-deep nesting, extra keys (never named in
 * the answer), non-object data) is refused with invalid-argument and changes nothing, neither in Firestore (rate_limits and the mail outbox included) nor in
 * Auth. One row per callable deployed by src/index.ts: who may call it and one valid-shaped
 * payload; the bad payloads are derived from that payload.
 */

// ---------------------------------------------------------------------------------------------
// The table

/** The names src/index.ts exports as callables (onCall): compile-time half of the coverage check. */
type Deployed = typeof deployed;
type CallableName = {
  [K in keyof Deployed]: Deployed[K] extends { run: unknown; stream: unknown } ? K : never;
}[keyof Deployed];

/** Who calls: the least a caller needs to get past each callable's check of who is calling. */
type CallerKind = 'anonymous' | 'applicant' | 'buyer' | 'manager';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Row {
  handler: (request: CallRequest) => Promise<unknown>;
  /** The domain schema the handler parses request.data with (decides which cases are valid). */
  schema: z.ZodMiniType;
  caller: CallerKind;
  /** A payload that passes validation (it may still be refused for business reasons). */
  valid: JsonObject;
}

const RUN = randomUUID().slice(0, 8);
const uidOf = (key: string) => `bad-input-${key}-${RUN}`;
const emailOf = (key: string) => accountEmail(uidOf(key));

/** Accounts of this file (created in beforeAll): claims and whether the address is verified. */
const ACCOUNTS = {
  manager: { role: 'manager', status: 'approved', emailVerified: true },
  buyer: { role: 'retailer', status: 'approved', emailVerified: true },
  /** The caller of resendVerificationEmail: signed in, pending, address not verified. */
  applicant: { role: 'retailer', status: 'pending', emailVerified: false },
  /** The applicant setProfileStatus's payloads name. */
  target: { role: 'wholesaler', status: 'pending', emailVerified: false },
} as const satisfies Record<string, { role: Role; status: string; emailVerified: boolean }>;
type AccountKey = keyof typeof ACCOUNTS;

const SHIP_TO = PAY_SHIP_TO as JsonObject;
const NO_SUCH_ORDER = `bad-input-order-${RUN}`;
const NO_SUCH_LOCATION = `bad-input-location-${RUN}`;
const NO_SUCH_TOKEN = `badinput${RUN}`.padEnd(43, 'x');
const NO_SUCH_QUOTE = `bad-input-quote-${RUN}`;

const TABLE: Record<CallableName, Row> = {
  setProfileStatus: {
    handler: setProfileStatusHandler,
    schema: setProfileStatusRequest,
    caller: 'manager',
    valid: { uid: uidOf('target'), status: 'approved', allowUnverified: true },
  },
  // The buyer owns a one-member company: past the owners-only check.
  saveLocation: {
    handler: saveLocationHandler,
    schema: saveLocationRequest,
    caller: 'buyer',
    valid: {
      locationId: NO_SUCH_LOCATION,
      location: { name: 'Main St store', ship_to: SHIP_TO, delivery_notes: 'Ring the back bell.' },
    },
  },
  archiveLocation: {
    handler: archiveLocationHandler,
    schema: archiveLocationRequest,
    caller: 'buyer',
    valid: { locationId: NO_SUCH_LOCATION, archived: true },
  },
  // The company callables: the buyer owns a company of their own; the target is in none of theirs.
  inviteMember: {
    handler: inviteMemberHandler,
    schema: inviteMemberRequest,
    caller: 'buyer',
    valid: { email: `invitee-${RUN}@bad-input.test`, role: 'viewer', locationIds: ['main'] },
  },
  resendInvitation: {
    handler: resendInvitationHandler,
    schema: invitationIdRequest,
    caller: 'buyer',
    valid: { invitationId: `bad-input-invitation-${RUN}` },
  },
  revokeInvitation: {
    handler: revokeInvitationHandler,
    schema: invitationIdRequest,
    caller: 'buyer',
    valid: { invitationId: `bad-input-invitation-${RUN}` },
  },
  getInvitation: {
    handler: getInvitationHandler,
    schema: getInvitationRequest,
    caller: 'anonymous',
    valid: { token: NO_SUCH_TOKEN },
  },
  acceptInvitation: {
    handler: acceptInvitationHandler,
    schema: acceptInvitationRequest,
    caller: 'anonymous',
    valid: { token: NO_SUCH_TOKEN, fullName: 'Ada Invitee', password: 'bad-input-password-1' },
  },
  changeMemberRole: {
    handler: changeMemberRoleHandler,
    schema: changeMemberRoleRequest,
    caller: 'buyer',
    valid: { uid: uidOf('target'), role: 'buyer', locationIds: ['main'] },
  },
  removeMember: {
    handler: removeMemberHandler,
    schema: removeMemberRequest,
    caller: 'buyer',
    valid: { uid: uidOf('target') },
  },
  savePriceList: {
    handler: savePriceListHandler,
    schema: savePriceListRequest,
    caller: 'manager',
    valid: {
      name: 'Chain 5% syrups',
      // Null, not a date: a date's "wrong type" null would be a valid (open) window.
      valid_from: null,
      valid_to: null,
      company_ids: [uidOf('buyer')],
      entries: { [`bad-input-product-${RUN}`]: { kind: 'percent', percent_off_bps: 500 } },
    },
  },
  deletePriceList: {
    handler: deletePriceListHandler,
    schema: deletePriceListRequest,
    caller: 'manager',
    valid: { listId: `bad-input-list-${RUN}` },
  },
  moveCompanyTier: {
    handler: moveCompanyTierHandler,
    schema: moveCompanyTierRequest,
    caller: 'manager',
    valid: { companyId: uidOf('buyer'), businessType: 'wholesaler', reason: 'Volume' },
  },
  setCompanyTerms: {
    handler: setCompanyTermsHandler,
    schema: setCompanyTermsRequest,
    caller: 'manager',
    valid: { companyId: uidOf('buyer'), netDays: 30, creditLimit: 50_000, reason: 'Good payer' },
  },
  estimateTax: {
    handler: estimateTaxHandler,
    schema: estimateTaxRequest,
    caller: 'buyer',
    valid: { locationId: `bad-input-location-${RUN}` },
  },
  placeTermsOrder: {
    handler: placeTermsOrderHandler,
    schema: placeTermsOrderRequest,
    caller: 'buyer',
    valid: { requestId: `bad-input-${RUN}`, poNumber: 'PO-1' },
  },
  closeTermsInvoice: {
    handler: closeTermsInvoiceHandler,
    schema: closeTermsInvoiceRequest,
    caller: 'manager',
    valid: { orderId: `bad-input-order-${RUN}`, action: 'void', reason: 'Cancelled by phone' },
  },
  sendInvoiceReminder: {
    handler: sendInvoiceReminderHandler,
    schema: sendInvoiceReminderRequest,
    caller: 'manager',
    valid: { orderId: `bad-input-order-${RUN}` },
  },
  getReceivables: {
    handler: getReceivablesHandler,
    schema: getReceivablesRequest,
    caller: 'manager',
    valid: {},
  },
  getTaxReport: {
    handler: getTaxReportHandler,
    schema: getTaxReportRequest,
    caller: 'manager',
    valid: { from: '2025-01', to: '2025-03' },
  },
  // The buyer owns their company: past the owners-only check, refused as no file was uploaded.
  // Null, not a date: a date's "wrong type" null would be a valid expiry (does not expire).
  submitTaxCertificate: {
    handler: submitTaxCertificateHandler,
    schema: submitTaxCertificateRequest,
    caller: 'buyer',
    valid: {
      certificateId: `bad-input-certificate-${RUN}`,
      state: 'CA',
      number: 'SR-123456',
      expiresOn: null,
      fileName: 'resale-certificate.pdf',
    },
  },
  reviewTaxCertificate: {
    handler: reviewTaxCertificateHandler,
    schema: reviewTaxCertificateRequest,
    caller: 'manager',
    valid: {
      certificateId: `bad-input-certificate-${RUN}`,
      decision: 'reject',
      reason: 'The scan is unreadable.',
    },
  },
  listCompanyMembers: {
    handler: listCompanyMembersHandler,
    schema: listCompanyMembersRequest,
    caller: 'buyer',
    valid: { companyId: uidOf('buyer') },
  },
  createCheckoutSession: {
    handler: createCheckoutSessionHandler,
    schema: createCheckoutSessionRequest,
    caller: 'buyer',
    valid: { productId: `bad-input-product-${RUN}` },
  },
  verifyPayment: {
    handler: verifyPaymentHandler,
    schema: verifyPaymentRequest,
    caller: 'buyer',
    valid: { sessionId: `cs_test_badinput_${RUN}` },
  },
  updateOrderStatus: {
    handler: updateOrderStatusHandler,
    schema: updateOrderStatusRequest,
    caller: 'manager',
    valid: {
      orderId: NO_SUCH_ORDER,
      status: 'shipped',
      shipment: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
      restock: false,
    },
  },
  refundOrder: {
    handler: refundOrderHandler,
    schema: refundOrderRequest,
    caller: 'manager',
    valid: {
      orderId: NO_SUCH_ORDER,
      requestId: '6f1c8a52-3d4e-4b7a-9c21-0e5f6a7b8c9d',
      amount: 500,
      customerNote: 'Damaged in transit',
      restock: false,
    },
  },
  shipOrder: {
    handler: shipOrderHandler,
    schema: shipOrderRequest,
    caller: 'manager',
    valid: {
      orderId: NO_SUCH_ORDER,
      requestId: '0b7e2f4a-8c1d-4e5f-9a6b-3c2d1e0f9a8b',
      lines: [{ productId: 'mango-tango', quantity: 2 }],
      shipment: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    },
  },
  settleClaim: {
    handler: settleClaimHandler,
    schema: settleClaimRequest,
    caller: 'manager',
    valid: {
      claimId: `bad-input-claim-${RUN}`,
      requestId: '2d7c4b1e-9a3f-4c8d-8e6b-5f4a3b2c1d0e',
      remedy: 'store_credit',
      restock: false,
      note: 'Sorry about the leak.',
    },
  },
  cancelBackorderedLine: {
    handler: cancelBackorderedLineHandler,
    schema: cancelBackorderedLineRequest,
    caller: 'buyer',
    valid: {
      orderId: NO_SUCH_ORDER,
      productId: 'blue-coast',
      requestId: '0b7e3c1d-5a2f-4e8b-9d61-3c4a5b6c7d8e',
    },
  },
  // Claims: an order and a claim that do not exist (refused after validation, writing nothing).
  reportClaim: {
    handler: reportClaimHandler,
    schema: reportClaimRequest,
    caller: 'buyer',
    valid: {
      claimId: `bad-input-claim-${RUN}`,
      orderId: NO_SUCH_ORDER,
      kind: 'damaged',
      lines: [{ productId: 'blue-coast', quantity: 2 }],
      note: 'Two jugs leaked in the box.',
      photos: [{ id: 'photo-1', name: 'leak.jpg' }],
    },
  },
  // A quote that does not exist (refused after validation, writing nothing).
  acceptQuote: {
    handler: acceptQuoteHandler,
    schema: acceptQuoteRequest,
    caller: 'buyer',
    valid: {
      quoteId: `bad-input-quote-${RUN}`,
      payWith: 'card',
      requestId: `bad-input-${RUN}`,
      poNumber: 'PO-1',
    },
  },
  answerClaim: {
    handler: answerClaimHandler,
    schema: answerClaimRequest,
    caller: 'buyer',
    valid: { claimId: `bad-input-claim-${RUN}`, text: 'The box was wet on arrival.' },
  },
  askClaimQuestion: {
    handler: askClaimQuestionHandler,
    schema: askClaimQuestionRequest,
    caller: 'manager',
    valid: { claimId: `bad-input-claim-${RUN}`, text: 'Was the outer box damaged?' },
  },
  rejectClaim: {
    handler: rejectClaimHandler,
    schema: rejectClaimRequest,
    caller: 'manager',
    valid: { claimId: `bad-input-claim-${RUN}`, reason: 'The photos show no damage.' },
  },
  // Draft orders and quotes: a quote that does not exist (refused after validation). The draft
  // is for the buyer's own company, which has no location: locationId is left out, since null is
  // one of its valid values and any string a valid id.
  saveDraftOrder: {
    handler: saveDraftOrderHandler,
    schema: saveDraftOrderRequest,
    caller: 'manager',
    valid: {
      quoteId: NO_SUCH_QUOTE,
      companyId: uidOf('buyer'),
      lines: [{ productId: 'blue-coast', quantity: 2, unitAmount: 1000, overrideReason: 'Show' }],
      shippingAmount: 500,
      noteToBuyer: 'Thanks for the call.',
      validDays: 7,
    },
  },
  deleteDraftOrder: {
    handler: deleteDraftOrderHandler,
    schema: deleteDraftOrderRequest,
    caller: 'manager',
    valid: { quoteId: NO_SUCH_QUOTE },
  },
  sendDraftOrder: {
    handler: sendDraftOrderHandler,
    schema: sendDraftOrderRequest,
    caller: 'manager',
    valid: {
      quoteId: NO_SUCH_QUOTE,
      delivery: 'quote',
      requestId: '5e2b7c9d-1a4f-4b3e-8d6c-2f1e0a9b8c7d',
    },
  },
  declineQuote: {
    handler: declineQuoteHandler,
    schema: declineQuoteRequest,
    caller: 'buyer',
    valid: { quoteId: NO_SUCH_QUOTE, reason: 'We found it cheaper.' },
  },
  saveOrderList: {
    handler: saveOrderListHandler,
    schema: saveOrderListRequest,
    caller: 'buyer',
    valid: { listId: NO_SUCH_QUOTE, name: 'Main St', lines: [{ productId: 'x', quantity: 12 }] },
  },
  deleteOrderList: {
    handler: deleteOrderListHandler,
    schema: deleteOrderListRequest,
    caller: 'buyer',
    valid: { listId: NO_SUCH_QUOTE },
  },
  subscribeStockAlert: {
    handler: subscribeStockAlertHandler,
    schema: stockAlertRequest,
    caller: 'buyer',
    valid: { productId: `bad-input-product-${RUN}` },
  },
  // Any signed-in account may end its own alert (one rejected since subscribing too).
  unsubscribeStockAlert: {
    handler: unsubscribeStockAlertHandler,
    schema: stockAlertRequest,
    caller: 'applicant',
    valid: { productId: `bad-input-product-${RUN}` },
  },
  manageStandingOrder: {
    handler: manageStandingOrderHandler,
    schema: manageStandingOrderRequest,
    caller: 'buyer',
    valid: { standingOrderId: NO_SUCH_ORDER, action: 'set_quantities', quantities: { x: 12 } },
  },
  requestPasswordReset: {
    handler: requestPasswordResetHandler,
    schema: requestPasswordResetRequest,
    caller: 'anonymous',
    valid: { email: emailOf('target') },
  },
  resendVerificationEmail: {
    handler: resendVerificationEmailHandler,
    schema: resendVerificationEmailRequest,
    caller: 'applicant',
    valid: {},
  },
  // The applicant already has a profile: a valid payload is refused for that, and bad ones
  // before it (and before any limit is counted).
  submitApplication: {
    handler: submitApplicationHandler,
    schema: submitApplicationRequest,
    caller: 'applicant',
    valid: {
      fullName: 'Ada Applicant',
      storeName: 'Corner Smoke Shop',
      sellerPermitId: 'SP-123456',
      businessType: 'retailer',
    },
  },
  syncEmailVerification: {
    handler: syncEmailVerificationHandler,
    schema: syncEmailVerificationRequest,
    caller: 'anonymous',
    valid: { email: emailOf('target') },
  },
  subscribeNewsletter: {
    handler: subscribeNewsletterHandler,
    schema: subscribeNewsletterRequest,
    caller: 'anonymous',
    valid: { email: `news-${RUN}@bad-input.test` },
  },
  confirmNewsletter: {
    handler: confirmNewsletterHandler,
    schema: newsletterTokenRequest,
    caller: 'anonymous',
    valid: { token: NO_SUCH_TOKEN },
  },
  unsubscribeNewsletter: {
    handler: unsubscribeNewsletterHandler,
    schema: newsletterTokenRequest,
    caller: 'anonymous',
    valid: { token: NO_SUCH_TOKEN },
  },
  // A reminder's skip link: a well-formed token whose signature names nothing.
  skipStandingOrderDelivery: {
    handler: skipStandingOrderDeliveryHandler,
    schema: skipStandingOrderDeliveryRequest,
    caller: 'anonymous',
    valid: { token: `${'A'.repeat(40)}.${'B'.repeat(43)}` },
  },
  getSalesOverview: {
    handler: getSalesOverviewHandler,
    schema: salesOverviewRequest,
    caller: 'manager',
    valid: { range: { from: '2025-06-01', to: '2025-06-30' }, interval: 'week' },
  },
  // The search payloads leave out status, role and range: null is a valid value of each.
  searchOrders: {
    handler: searchOrdersHandler,
    schema: searchOrdersRequest,
    caller: 'manager',
    valid: { q: `bad-input-${RUN}`, sort: 'amount', direction: 'asc', page: 2, pageSize: 10 },
  },
  searchUsers: {
    handler: searchUsersHandler,
    schema: searchUsersRequest,
    caller: 'manager',
    valid: { q: `bad-input-${RUN}`, sort: 'store_name', direction: 'asc', page: 1, all: true },
  },
  getStoreDetails: {
    handler: getStoreDetailsHandler,
    schema: storeDetailsRequest,
    caller: 'manager',
    valid: { uid: uidOf('target') },
  },
  searchCompanies: {
    handler: searchCompaniesHandler,
    schema: searchCompaniesRequest,
    caller: 'manager',
    valid: { q: `bad-input-${RUN}`, sort: 'name', direction: 'asc', page: 1, all: true },
  },
  getCompanyDetails: {
    handler: getCompanyDetailsHandler,
    schema: companyDetailsRequest,
    caller: 'manager',
    valid: { companyId: uidOf('target') },
  },
  getProductClaims: {
    handler: getProductClaimsHandler,
    schema: productClaimsRequest,
    caller: 'manager',
    valid: {},
  },
};

const NAMES = Object.keys(TABLE).sort() as CallableName[];

// ---------------------------------------------------------------------------------------------
// Bad payloads, derived from a row's valid payload

interface BadCase {
  label: string;
  /**
   * Makes the request's data when the case is sent. The cases are listed when the file is
   * collected, and the large payloads (100,000 levels deep, 10,000-element arrays, 50,000 keys)
   * of every callable's every field, made then, were all kept until the file ended: 15 s of
   * collecting and a 2.2 GB worker, most of it the garbage collector walking them.
   */
  data: () => unknown;
  /**
   * Cases that can be valid: a missing optional field, no data at all (parseData reads
   * undefined and null as {}), an unknown key in a non-strict (stripping) object. Such a case is
   * dropped when the row's schema accepts it; every other case must be refused.
   */
  mayBeValid?: true;
  /** Text of the request (a key it made up) that the answer must not repeat. */
  notEchoed?: string;
}

const OVERSIZED = 'a'.repeat(100_000);
const HUGE = 10_000;
const huge = (value: unknown) => Array.from({ length: HUGE }, () => value);
/** Deeper than anything the callable protocol's decoder or a schema could walk by recursion. */
const DEEP = 100_000;
function deep(value: unknown): unknown {
  let nested = value;
  for (let i = 0; i < DEEP; i++) nested = [nested];
  return nested;
}
/** Many keys whose names must not come back in the answer. */
const ECHO_MARK = 'echoed-key-';
/**
 * `base`'s keys and `count` more (added one by one: three times faster than spreading an
 * Object.fromEntries of them, 33 against 100 ms for 50,000).
 */
function withManyKeys(base: JsonObject, count: number): Record<string, unknown> {
  const object: Record<string, unknown> = { ...base };
  for (let i = 0; i < count; i++) object[`${ECHO_MARK}${i}`] = 'x';
  return object;
}

type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';
const kindOf = (value: Json): Kind =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : (typeof value as 'string' | 'number' | 'boolean' | 'object');

/** A value of each other JSON type in place of `value` (numbers as digits, digits as numbers). */
function wrongTypes(value: Json): Array<[Kind, Json]> {
  const all: Array<[Kind, Json]> = [
    ['string', typeof value === 'number' || typeof value === 'boolean' ? String(value) : 'text'],
    ['number', typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : 42],
    ['boolean', true],
    ['object', { value }],
    ['array', [value]],
    ['null', null],
  ];
  return all.filter(([kind]) => kind !== kindOf(value));
}

const isObject = (value: Json): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `root` with the value at `path` replaced (or removed, for `undefined`); copies on the way. */
function withAt(root: JsonObject, path: string[], value: unknown): JsonObject {
  const [key, ...rest] = path as [string, ...string[]];
  const copy: Record<string, unknown> = { ...root };
  if (rest.length > 0) copy[key] = withAt(root[key] as JsonObject, rest, value);
  else if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy as JsonObject;
}

/** Every field of the payload, nested objects included, depth first: [path, value]. */
function fieldsOf(value: JsonObject, prefix: string[] = []): Array<[string[], Json]> {
  return Object.entries(value).flatMap(([key, field]): Array<[string[], Json]> => {
    const path = [...prefix, key];
    return [[path, field], ...(isObject(field) ? fieldsOf(field, path) : [])];
  });
}

function badCases(valid: JsonObject): BadCase[] {
  const cases: BadCase[] = [
    { label: 'data undefined', data: () => undefined, mayBeValid: true },
    { label: 'data null', data: () => null, mayBeValid: true },
    { label: 'data a string', data: () => 'text' },
    { label: 'data an oversized string', data: () => OVERSIZED },
    { label: 'data a number', data: () => 42 },
    { label: 'data a boolean', data: () => true },
    { label: 'data an empty array', data: () => [] },
    { label: 'data the valid payload in an array', data: () => [valid] },
    { label: `data a ${HUGE}-element array`, data: () => huge(valid) },
    {
      label: 'an unknown key',
      data: () => ({ ...valid, unexpected: 'x' }),
      notEchoed: 'unexpected',
    },
    {
      label: 'a few unknown keys',
      data: () => withManyKeys(valid, 3),
      notEchoed: ECHO_MARK,
    },
    {
      label: '50 000 unknown keys',
      data: () => withManyKeys(valid, 50_000),
      notEchoed: ECHO_MARK,
    },
    { label: `data nested ${DEEP} deep`, data: () => deep(valid) },
    {
      label: `an unknown key nested ${DEEP} deep`,
      data: () => ({ ...valid, unexpected: deep('x') }),
    },
    { label: 'a role key', data: () => ({ ...valid, role: 'manager' }) },
    // What JSON.parse gives for {"__proto__": ...}: an own key, as the callable protocol decodes.
    {
      label: 'an own __proto__ key',
      data: () => ({ ...valid, ...(JSON.parse('{"__proto__":{"role":"manager"}}') as object) }),
    },
  ];
  for (const [path, value] of fieldsOf(valid)) {
    const at = path.join('.');
    cases.push({
      label: `${at} missing`,
      data: () => withAt(valid, path, undefined),
      mayBeValid: true,
    });
    for (const [kind, wrong] of wrongTypes(value)) {
      // A field may be nullable (saveOrderList's listId: null makes a new list): the schema says.
      cases.push({
        label: `${at} a ${kind}`,
        data: () => withAt(valid, path, wrong),
        ...(kind === 'null' ? { mayBeValid: true } : {}),
      });
    }
    if (typeof value === 'string') {
      cases.push({
        label: `${at} an oversized string`,
        data: () => withAt(valid, path, OVERSIZED),
      });
    }
    cases.push({
      label: `${at} a ${HUGE}-element array`,
      data: () => withAt(valid, path, huge(value)),
    });
    cases.push({
      label: `${at} nested ${DEEP} deep`,
      data: () => withAt(valid, path, deep(value)),
    });
    if (isObject(value)) {
      cases.push({
        label: `${at} with an unknown key`,
        data: () => withAt(valid, path, { ...value, unexpected: 'x' }),
        mayBeValid: true,
      });
      // A record (quantities) as large as the edge allows, then past it.
      cases.push({
        label: `${at} with 10 000 entries`,
        data: () => withAt(valid, path, withManyKeys(value, 10_000)),
        notEchoed: ECHO_MARK,
      });
    }
  }
  return cases;
}

/** What parseData (lib/caller.ts) would accept: undefined and null data read as {}. */
const schemaAccepts = (schema: z.ZodMiniType, data: unknown) =>
  schema.safeParse(data ?? {}).success;

/** The row's bad payloads, less those its schema accepts of the ones that may be valid. */
function casesFor(name: CallableName): BadCase[] {
  const { schema, valid } = TABLE[name];
  return badCases(valid).filter((c) => !(c.mayBeValid && schemaAccepts(schema, c.data())));
}

// ---------------------------------------------------------------------------------------------
// Callers and requests

interface Account {
  uid: string;
  email: string;
  /** The claims createAccount gave it (a buyer's name their one-member company). */
  claims: Record<string, unknown>;
  token: DecodedIdToken;
}
const accounts = {} as Record<AccountKey, Account>;
const IP = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

async function createTestAccount(key: AccountKey): Promise<Account> {
  const { role, status, emailVerified } = ACCOUNTS[key];
  const { uid, email } = await createAccount(role, status, { emailVerified, uid: uidOf(key) });
  const token = await adminAuth().verifyIdToken(await signIn(email));
  return { uid, email, claims: buyerClaims(uid, role, status), token };
}

/** The request the Functions runtime builds (the ID token verified, the platform's IP). */
function requestAs(caller: CallerKind, data: unknown): CallRequest {
  const rawRequest = { ip: IP };
  if (caller === 'anonymous') return { data, rawRequest };
  const { uid, token } = accounts[caller];
  return { auth: { uid, token, rawToken: 'bad-input' }, data, rawRequest };
}

/** Calls the table's handler, or the function src/index.ts deploys (its `run`), the same way. */
function invoke(name: CallableName, via: 'handler' | 'deployed', request: CallRequest) {
  if (via === 'handler') return TABLE[name].handler(request);
  const fn = deployed[name] as unknown as { run(request: CallableRequest): Promise<unknown> };
  return fn.run({ ...request, acceptsStreaming: false } as unknown as CallableRequest);
}

/** Refused with invalid-argument, in an answer that repeats none of the keys the case made up. */
const isInvalidArgument = (outcome: CallOutcome, notEchoed?: string) =>
  refusedWith(outcome, 'invalid-argument') &&
  (notEchoed === undefined || !describeOutcome(outcome).includes(notEchoed));

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  // Quiet: the valid examples' services log (the bad calls should never get that far).
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
  for (const key of Object.keys(ACCOUNTS) as AccountKey[])
    accounts[key] = await createTestAccount(key);
});

afterAll(() => {
  vi.restoreAllMocks();
});

/** The caller kinds below each kind: a callable must refuse every one of them. */
const BELOW: Record<CallerKind, CallerKind[]> = {
  anonymous: [],
  applicant: ['anonymous'],
  buyer: ['anonymous', 'applicant'],
  manager: ['anonymous', 'applicant', 'buyer'],
};

/** A refusal of who is calling: signed out, or not allowed. */
const refusedForCaller = (outcome: CallOutcome) =>
  refusedWith(outcome, 'unauthenticated') || refusedWith(outcome, 'permission-denied');

/**
 * The company callables that take any signed-in account and let the company decide
 * (companies/members.ts): its owner, a manager, or a member leaving. Someone in no approved
 * company is refused there, as the thing named not found in their company or the company not
 * approved yet; signed out is still unauthenticated.
 */
const DECIDED_BY_THE_COMPANY = new Set<CallableName>([
  'inviteMember',
  'resendInvitation',
  'revokeInvitation',
  'changeMemberRole',
  'removeMember',
]);

/** Refused as a service refuses (an HttpsError other than internal), not answered. */
const refusedByService = (outcome: CallOutcome) =>
  'rejected' in outcome &&
  outcome.rejected instanceof HttpsError &&
  outcome.rejected.code !== 'internal';

/**
 * A manager revoked since their token was minted: the token still says manager, their account
 * no longer does (the claims CLI takes the claims away). Not one of `accounts`: its claims change.
 */
let revokedManager: { uid: string; token: DecodedIdToken } | undefined;

describe('who may call every callable', () => {
  beforeAll(async () => {
    const { uid, email } = await createAccount('manager', 'approved', {
      emailVerified: true,
      uid: uidOf('revoked-manager'),
    });
    const token = await adminAuth().verifyIdToken(await signIn(email));
    await adminAuth().setCustomUserClaims(uid, null);
    revokedManager = { uid, token };
  });

  /**
   * Each callable, sent its valid payload (so no schema refuses it first) by every caller below
   * the least it takes, and for the managers' callables by a revoked manager too: each call is
   * refused as unauthenticated or permission-denied and changes nothing. A callable added without
   * its check of who is calling fails here.
   */
  for (const name of NAMES) {
    const { caller, valid } = TABLE[name];
    const below = BELOW[caller];
    if (below.length === 0) continue;
    const who = [...below, ...(caller === 'manager' ? ['a revoked manager'] : [])];
    it(`${name} (${caller}) refuses ${who.join(', ')} and changes nothing`, async () => {
      const before = await databaseState();
      const failures: string[] = [];
      const requests: Array<[string, CallRequest]> = below.map((kind) => [
        kind,
        requestAs(kind, valid),
      ]);
      if (caller === 'manager') {
        const { uid, token } = revokedManager!;
        requests.push([
          'a revoked manager',
          { auth: { uid, token, rawToken: 'bad-input' }, data: valid, rawRequest: { ip: IP } },
        ]);
      }
      for (const [kind, request] of requests) {
        const refused =
          DECIDED_BY_THE_COMPANY.has(name) && kind !== 'anonymous'
            ? refusedByService
            : refusedForCaller;
        for (const via of ['handler', 'deployed'] as const) {
          const outcome = await settle(invoke(name, via, request));
          if (!refused(outcome)) {
            failures.push(`${kind} (${via}): ${describeOutcome(outcome)}`);
          }
        }
      }
      expect(failures).toEqual([]);
      // The company's refusals come after the caller's tries are counted (lib/rate-limit.ts).
      const changes = stateChanges(before, await databaseState()).filter(
        (change) =>
          !(DECIDED_BY_THE_COMPANY.has(name) && change.includes(`${COLLECTIONS.rateLimits}/`)),
      );
      expect(changes).toEqual([]);
    });
  }
});

describe('bad input to every callable', () => {
  it('has a table row for exactly the callables src/index.ts deploys', () => {
    expect(NAMES).toEqual(deployedCallableNames());
  });

  /**
   * The state the next callable's bad calls start from. Nothing else writes between these tests
   * (the function tests' files run one at a time; no triggers run here), so each callable's
   * "after" is the next one's "before": one snapshot per callable.
   */
  let current: DatabaseState | undefined;

  it('sees a change anywhere in the database (the snapshot itself)', async () => {
    const probe = firestore().doc(paths.cartItem(accounts.buyer.uid, `probe-${RUN}`));
    const before = await databaseState();
    await probe.set({ product_id: 'probe', quantity: 1 });
    expect(stateChanges(before, await databaseState())).toEqual([
      `firestore: created ${probe.path}`,
    ]);
    await probe.delete();
    current = await databaseState();
    expect(stateChanges(before, current)).toEqual([]);
  });

  for (const name of NAMES) {
    const cases = casesFor(name);
    it(`${name}: ${cases.length} bad payloads are invalid-argument and change nothing`, async () => {
      const { caller } = TABLE[name];
      const before = current ?? (await databaseState());
      const failures: string[] = [];
      for (const badCase of cases) {
        const data = badCase.data();
        for (const via of ['handler', 'deployed'] as const) {
          const outcome = await settle(invoke(name, via, requestAs(caller, data)));
          if (!isInvalidArgument(outcome, badCase.notEchoed)) {
            failures.push(`${badCase.label} (${via}): ${describeOutcome(outcome)}`);
          }
        }
      }
      current = await databaseState();
      expect(failures).toEqual([]);
      expect(stateChanges(before, current)).toEqual([]);
    });
  }

  it("left the test accounts' claims as they were created", async () => {
    for (const account of Object.values(accounts)) {
      expect((await adminAuth().getUser(account.uid)).customClaims).toEqual(account.claims);
    }
  });

  // Not an assertion about bad input: checks that each row's valid payload really passes
  // validation, so the bad payloads differ from a valid one in the one way their label says.
  // Run last: these calls may write (an approval, a rate-limit count, a queued mail).
  it.each(NAMES)('%s: the valid example is not refused as invalid', async (name) => {
    const { caller, schema, valid } = TABLE[name];
    expect(schema.safeParse(valid).success).toBe(true);
    const outcome = await settle(invoke(name, 'handler', requestAs(caller, valid)));
    expect(isInvalidArgument(outcome), describeOutcome(outcome)).toBe(false);
    if ('rejected' in outcome) {
      // A refusal for a business reason is an HttpsError, never a crash on the payload.
      expect(outcome.rejected, describeOutcome(outcome)).toBeInstanceOf(HttpsError);
    }
  });
});
