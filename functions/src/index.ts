/**
 * Wires triggers only. Handlers are plain exported functions in src/handlers (callables built
 * with handlers/edge.ts), tested directly against the local stack.
 */
import './lib/zod-locale';
import { setGlobalOptions } from 'firebase-functions/v2';
import {
  onDocumentCreated,
  onDocumentUpdated,
  onDocumentWritten,
} from 'firebase-functions/v2/firestore';
import { onRequest, type CallableOptions, type CallableRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onObjectFinalized } from 'firebase-functions/v2/storage';
import { FUNCTION_NAMES, type FunctionName } from '@portal/domain';
import {
  requestPasswordResetHandler,
  resendVerificationEmailHandler,
  syncEmailVerificationHandler,
} from './handlers/account-mail';
import { companyChangedHandler } from './handlers/company-triggers';
import { createCheckoutSessionHandler } from './handlers/create-checkout-session';
import { estimateTaxHandler } from './handlers/estimate-tax';
import { getSalesOverviewHandler } from './handlers/get-sales-overview';
import { manageStandingOrderHandler } from './handlers/manage-standing-order';
import { skipStandingOrderDeliveryHandler } from './handlers/skip-standing-order-delivery';
import { sendStandingOrderRemindersHandler } from './handlers/standing-order-reminders';
import { repriceAtPriceListTurnsHandler } from './handlers/price-list-turns';
import {
  productChangedHandler,
  profileChangedHandler,
  standingOrderChangedHandler,
} from './handlers/standing-order-triggers';
import {
  productImagesChangedHandler,
  productPhotoUploadedHandler,
} from './handlers/product-photos';
import { refundOrderHandler } from './handlers/refund-order';
import { shipOrderHandler } from './handlers/ship-order';
import { cancelBackorderedLineHandler } from './handlers/cancel-backordered-line';
import { settleClaimHandler } from './handlers/settle-claim';
import {
  answerClaimHandler,
  askClaimQuestionHandler,
  rejectClaimHandler,
} from './handlers/claim-steps';
import { reportClaimHandler } from './handlers/report-claim';
import {
  declineQuoteHandler,
  deleteDraftOrderHandler,
  saveDraftOrderHandler,
  sendDraftOrderHandler,
} from './handlers/quotes';
import { acceptQuoteHandler } from './handlers/accept-quote';
import { deleteOrderListHandler, saveOrderListHandler } from './handlers/order-lists';
import { getCompanyDetailsHandler } from './handlers/get-company-details';
import { getProductClaimsHandler } from './handlers/get-product-claims';
import { claimWrittenForRollupsHandler } from './handlers/claim-triggers';
import { getStoreDetailsHandler } from './handlers/get-store-details';
import { searchCompaniesHandler } from './handlers/search-companies';
import { searchOrdersHandler } from './handlers/search-orders';
import {
  companyWrittenForSearchHandler,
  locationWrittenForSearchHandler,
  orderWrittenForSearchHandler,
  profileWrittenForSearchHandler,
} from './handlers/search-triggers';
import { searchUsersHandler } from './handlers/search-users';
import { archiveLocationHandler, saveLocationHandler } from './handlers/locations';
import {
  deletePriceListHandler,
  moveCompanyTierHandler,
  savePriceListHandler,
} from './handlers/price-lists';
import {
  closeTermsInvoiceHandler,
  getReceivablesHandler,
  placeTermsOrderHandler,
  sendInvoiceReminderHandler,
  setCompanyTermsHandler,
} from './handlers/payment-terms';
import {
  acceptInvitationHandler,
  changeMemberRoleHandler,
  getInvitationHandler,
  inviteMemberHandler,
  listCompanyMembersHandler,
  removeMemberHandler,
  resendInvitationHandler,
  revokeInvitationHandler,
} from './handlers/members';
import { setProfileStatusHandler } from './handlers/set-profile-status';
import { getTaxReportHandler } from './handlers/tax-report';
import { siteContentHandler } from './handlers/site-content';
import { stockShardWrittenHandler, sweepStockFoldsHandler } from './handlers/stock-folds';
import { sweepStaleCheckoutsHandler } from './handlers/stale-checkouts';
import { stripeWebhookHandler } from './handlers/stripe-webhook';
import { updateOrderStatusHandler } from './handlers/update-order-status';
import { verifyPaymentHandler } from './handlers/verify-payment';
import { retryMailHandler, sendMailHandler } from './handlers/mail-sender';
import { submitApplicationHandler } from './handlers/submit-application';
import {
  reviewTaxCertificateHandler,
  submitTaxCertificateHandler,
  sweepTaxCertificatesHandler,
} from './handlers/tax-certificates';
import { sweepExpiredApplicantsHandler } from './handlers/expired-applicants';
import { sweepAbandonedUploadsHandler } from './handlers/abandoned-uploads';
import {
  confirmNewsletterHandler,
  subscribeNewsletterHandler,
  unsubscribeNewsletterHandler,
} from './handlers/newsletter';
import {
  productRestockedHandler,
  subscribeStockAlertHandler,
  unsubscribeStockAlertHandler,
} from './handlers/stock-alerts';
import { callableOptions } from './lib/app-check';
import { onCall } from './lib/guarded-on-call';
import { payloadLimitsOf } from './lib/payload-limits';
import { inFunctionsEmulator, maxInstances } from './lib/params';
import { smtpPassword } from './mail/config';
import { stripeSecretKey, stripeWebhookSecret } from './lib/stripe-client';

// Every function: a cap on instances, so a traffic spike or a loop cannot run up the bill.
// Every callable: App Check enforced (lib/app-check.ts), so only our web app can call it; the
// ones anyone may call signed out spend a limited-use token per call (replay protection). A body
// too large or too deep is refused before firebase-functions decodes it (lib/guarded-on-call.ts).
setGlobalOptions({ maxInstances });

/** A callable by its name: App Check as `callableOptions` says, the body guard, any secrets. */
function callable<T, Return>(
  name: FunctionName,
  handler: (request: CallableRequest<T>) => Return,
  extra: Pick<CallableOptions, 'secrets'> = {},
) {
  return onCall<T, Return>({ ...callableOptions(name), ...extra }, handler, payloadLimitsOf(name));
}
/** For the callables that reach Stripe. */
const withStripe = { secrets: [stripeSecretKey] };

// Accounts and access: a business applies (the pending profile and its first mail); managers
// approve or reject applicants (custom claims); unverified applicants expire.
export const submitApplication = callable(
  FUNCTION_NAMES.submitApplication,
  submitApplicationHandler,
);
export const sweepExpiredApplicants = onSchedule(
  { schedule: 'every 24 hours', timeoutSeconds: 540 },
  sweepExpiredApplicantsHandler,
);
export const setProfileStatus = callable(FUNCTION_NAMES.setProfileStatus, setProfileStatusHandler);
export const saveLocation = callable(FUNCTION_NAMES.saveLocation, saveLocationHandler);
export const archiveLocation = callable(FUNCTION_NAMES.archiveLocation, archiveLocationHandler);

// A company's members (docs/companies.md#members-and-invitations): owners (or managers) invite by
// mail, change roles and remove members; anyone with an invitation's link looks it up and
// accepts it, signed out too (then the account is created).
export const inviteMember = callable(FUNCTION_NAMES.inviteMember, inviteMemberHandler);
export const resendInvitation = callable(FUNCTION_NAMES.resendInvitation, resendInvitationHandler);
export const revokeInvitation = callable(FUNCTION_NAMES.revokeInvitation, revokeInvitationHandler);
export const getInvitation = callable(FUNCTION_NAMES.getInvitation, getInvitationHandler);
export const acceptInvitation = callable(FUNCTION_NAMES.acceptInvitation, acceptInvitationHandler);
export const changeMemberRole = callable(FUNCTION_NAMES.changeMemberRole, changeMemberRoleHandler);
export const removeMember = callable(FUNCTION_NAMES.removeMember, removeMemberHandler);
export const listCompanyMembers = callable(
  FUNCTION_NAMES.listCompanyMembers,
  listCompanyMembersHandler,
);

// Prices per company (docs/pricing.md): managers keep price lists and move companies between
// tiers; the companies' standing orders are repriced from their next cycle.
export const savePriceList = callable(FUNCTION_NAMES.savePriceList, savePriceListHandler);
export const deletePriceList = callable(FUNCTION_NAMES.deletePriceList, deletePriceListHandler);
export const moveCompanyTier = callable(FUNCTION_NAMES.moveCompanyTier, moveCompanyTierHandler);

// Payment terms (docs/payment-terms.md): managers give companies terms and follow their
// invoices; members order on terms and pay the Stripe invoice later.
export const setCompanyTerms = callable(FUNCTION_NAMES.setCompanyTerms, setCompanyTermsHandler);
export const placeTermsOrder = callable(
  FUNCTION_NAMES.placeTermsOrder,
  placeTermsOrderHandler,
  withStripe,
);
export const closeTermsInvoice = callable(
  FUNCTION_NAMES.closeTermsInvoice,
  closeTermsInvoiceHandler,
  withStripe,
);
export const sendInvoiceReminder = callable(
  FUNCTION_NAMES.sendInvoiceReminder,
  sendInvoiceReminderHandler,
  withStripe,
);
export const getReceivables = callable(FUNCTION_NAMES.getReceivables, getReceivablesHandler);

// Sales tax (docs/tax.md): the cart's estimate for a location from Stripe Tax, and the managers'
// tax report per month and state.
export const estimateTax = callable(FUNCTION_NAMES.estimateTax, estimateTaxHandler, withStripe);
export const getTaxReport = callable(FUNCTION_NAMES.getTaxReport, getTaxReportHandler);

// Resale certificates (docs/tax.md): the company's owner submits an uploaded certificate, the
// managers approve or reject it; every day (Pacific) the owners are reminded 30 and 7 days
// before an approved one expires (tax/certificate-sweep.ts; on the local stack the sweep worker
// and the Stripe test clock's ready event run the same sweep).
export const submitTaxCertificate = callable(
  FUNCTION_NAMES.submitTaxCertificate,
  submitTaxCertificateHandler,
);
export const reviewTaxCertificate = callable(
  FUNCTION_NAMES.reviewTaxCertificate,
  reviewTaxCertificateHandler,
  withStripe,
);
export const sweepTaxCertificates = onSchedule(
  {
    schedule: 'every day 06:00',
    timeZone: 'America/Los_Angeles',
    secrets: [stripeSecretKey],
    timeoutSeconds: 540,
  },
  sweepTaxCertificatesHandler,
);
// Claim photos and certificate files uploaded a day ago or more that no claim or certificate
// names (never reported or submitted): deleted. handlers/abandoned-uploads.ts, docs/storage.md.
export const sweepAbandonedUploads = onSchedule(
  { schedule: 'every day 05:00', timeZone: 'America/Los_Angeles', timeoutSeconds: 540 },
  sweepAbandonedUploadsHandler,
);

// Checkout and orders. Secrets and the local Stripe sandbox: functions/README.md.
export const createCheckoutSession = callable(
  FUNCTION_NAMES.createCheckoutSession,
  createCheckoutSessionHandler,
  withStripe,
);
export const verifyPayment = callable(
  FUNCTION_NAMES.verifyPayment,
  verifyPaymentHandler,
  withStripe,
);
export const updateOrderStatus = callable(
  FUNCTION_NAMES.updateOrderStatus,
  updateOrderStatusHandler,
  withStripe,
);
export const refundOrder = callable(FUNCTION_NAMES.refundOrder, refundOrderHandler, withStripe);
// A shipment of part of an order (docs/order-lifecycle.md#shipments); Stripe for the company's
// test clock locally (its shipped_at).
export const shipOrder = callable(FUNCTION_NAMES.shipOrder, shipOrderHandler, withStripe);
// A buyer cancels a backordered line before it ships: a refund of its units (orders/backorder-cancel.ts).
export const cancelBackorderedLine = callable(
  FUNCTION_NAMES.cancelBackorderedLine,
  cancelBackorderedLineHandler,
  withStripe,
);
// A manager settles a claim once: refund, credit note, store credit or a replacement order
// (claims/settle-claim.ts).
export const settleClaim = callable(FUNCTION_NAMES.settleClaim, settleClaimHandler, withStripe);
// Claims of damaged, missing or wrong items after an order ships (docs/order-lifecycle.md#claims):
// the buyer reports one (its photos checked in Storage) and answers questions; a manager asks or
// rejects. Stripe for the company's test clock locally (the claim window and the timeline).
export const reportClaim = callable(FUNCTION_NAMES.reportClaim, reportClaimHandler, withStripe);
export const answerClaim = callable(FUNCTION_NAMES.answerClaim, answerClaimHandler, withStripe);
export const askClaimQuestion = callable(
  FUNCTION_NAMES.askClaimQuestion,
  askClaimQuestionHandler,
  withStripe,
);
export const rejectClaim = callable(FUNCTION_NAMES.rejectClaim, rejectClaimHandler, withStripe);
// Draft orders and quotes (docs/order-lifecycle.md#draft-orders-and-quotes): managers save and
// send drafts for a company (a quote, a payment link, or an order on its terms); its owners and
// buyers decline a quote. Stripe for the company's test clock locally (sent_at, expires_at), the
// payment link's Checkout Session and the order on terms.
export const saveDraftOrder = callable(FUNCTION_NAMES.saveDraftOrder, saveDraftOrderHandler);
export const deleteDraftOrder = callable(FUNCTION_NAMES.deleteDraftOrder, deleteDraftOrderHandler);
export const sendDraftOrder = callable(
  FUNCTION_NAMES.sendDraftOrder,
  sendDraftOrderHandler,
  withStripe,
);
export const declineQuote = callable(FUNCTION_NAMES.declineQuote, declineQuoteHandler, withStripe);
// Saved order lists (docs/data-model.md#order_lists): an owner or buyer saves and deletes their
// company's lists.
export const saveOrderList = callable(FUNCTION_NAMES.saveOrderList, saveOrderListHandler);
export const deleteOrderList = callable(FUNCTION_NAMES.deleteOrderList, deleteOrderListHandler);
// A member accepts a quote (docs/order-lifecycle.md#draft-orders-and-quotes): a Checkout Session
// at the quoted prices, or an order on terms. Stripe for the session, the invoice and the
// company's clock (the quote's expiry).
export const acceptQuote = callable(FUNCTION_NAMES.acceptQuote, acceptQuoteHandler, withStripe);
// The support contact and the policy pages for the pages without Firebase (the landing page and
// /legal/*): public documents, read with a GET from any origin (handlers/site-content.ts).
export const siteContent = onRequest({ cors: true }, siteContentHandler);
export const stripeWebhook = onRequest(
  { secrets: [stripeSecretKey, stripeWebhookSecret] },
  stripeWebhookHandler,
);
// Open checkouts past their session's lifetime (no session, or Stripe's webhook never came):
// settled as Stripe knows them, their stock released or committed. checkout/stale-checkouts.ts.
export const sweepStaleCheckouts = onSchedule(
  { schedule: 'every 15 minutes', secrets: [stripeSecretKey], timeoutSeconds: 300 },
  sweepStaleCheckoutsHandler,
);

// Standing orders (subscriptions): the buyer or a manager skips, changes, pauses or cancels one;
// a product's price, stock or status change reprices or pauses its lines from the next cycle.
// standing-orders/*.ts, docs/standing-orders.md.
export const manageStandingOrder = callable(
  FUNCTION_NAMES.manageStandingOrder,
  manageStandingOrderHandler,
  withStripe,
);
// The reminder 3 days before each charge, with its one-tap skip link (signed out, the token is
// the authority). standing-orders/reminders.ts, standing-orders/skip-link.ts.
export const sendStandingOrderReminders = onSchedule(
  { schedule: 'every 60 minutes', secrets: [stripeSecretKey], timeoutSeconds: 540 },
  sendStandingOrderRemindersHandler,
);
// A price list's first day and the day after its last: the standing orders of the companies it
// names are repriced (as when a list is saved). standing-orders/price-list-turns.ts.
export const repriceAtPriceListTurns = onSchedule(
  {
    schedule: 'every day 00:05',
    timeZone: 'America/Los_Angeles',
    secrets: [stripeSecretKey],
    timeoutSeconds: 540,
  },
  repriceAtPriceListTurnsHandler,
);
export const skipStandingOrderDelivery = callable(
  FUNCTION_NAMES.skipStandingOrderDelivery,
  skipStandingOrderDeliveryHandler,
  withStripe,
);
export const onProductChanged = onDocumentWritten(
  { document: 'products/{productId}', secrets: [stripeSecretKey] },
  productChangedHandler,
);
export const onWholesalePriceChanged = onDocumentWritten(
  { document: 'wholesale_prices/{productId}', secrets: [stripeSecretKey] },
  productChangedHandler,
);
// Product photos (docs/catalog.md#photos): an upload to product-photos/ is checked and made into
// the sizes the pages ask for; a product's image_sizes follow its images.
export const onProductPhotoUploaded = onObjectFinalized(
  { memory: '1GiB', timeoutSeconds: 120 },
  productPhotoUploadedHandler,
);
export const onProductImagesChanged = onDocumentWritten(
  'products/{productId}',
  productImagesChangedHandler,
);
// A rejected buyer's standing orders are cancelled (they can no longer reach them).
export const onProfileChanged = onDocumentUpdated(
  { document: 'profiles/{uid}', secrets: [stripeSecretKey] },
  profileChangedHandler,
);
// A company renamed by its owner: the members' profiles carry the name (docs/companies.md).
export const onCompanyChanged = onDocumentUpdated('companies/{companyId}', companyChangedHandler);
/** A standing order skipped, changed or cancelled: the buyer's (and managers') mails. */
export const onStandingOrderChanged = onDocumentUpdated(
  'standing_orders/{standingOrderId}',
  (event) => standingOrderChangedHandler(event).then(() => undefined),
);

// Back-in-stock alerts (docs/catalog.md#back-in-stock-alerts): a member subscribes to a product
// that is out of stock; the write that brings it back mails each subscriber once.
export const subscribeStockAlert = callable(
  FUNCTION_NAMES.subscribeStockAlert,
  subscribeStockAlertHandler,
);
export const unsubscribeStockAlert = callable(
  FUNCTION_NAMES.unsubscribeStockAlert,
  unsubscribeStockAlertHandler,
);
export const onProductRestocked = onDocumentWritten('products/{productId}', (event) =>
  productRestockedHandler(event).then(() => undefined),
);
// Stock in shards (orders/stock-shards.ts, docs/stock.md): a shard a checkout or an order moved
// is folded into its product, at most once a second per product; the sweep folds the rest.
export const onStockShardWritten = onDocumentWritten(
  'products/{productId}/stock_shards/{shard}',
  (event) => stockShardWrittenHandler(event).then(() => undefined),
);
export const sweepStockFolds = onSchedule(
  { schedule: 'every 1 minutes', timeoutSeconds: 120 },
  () => sweepStockFoldsHandler().then(() => undefined),
);

// Accounts by mail: forgot password, verification links, the verified flag on the profile.
export const requestPasswordReset = callable(
  FUNCTION_NAMES.requestPasswordReset,
  requestPasswordResetHandler,
);
export const resendVerificationEmail = callable(
  FUNCTION_NAMES.resendVerificationEmail,
  resendVerificationEmailHandler,
);
export const syncEmailVerification = callable(
  FUNCTION_NAMES.syncEmailVerification,
  syncEmailVerificationHandler,
);

// Newsletter with double opt-in.
export const subscribeNewsletter = callable(
  FUNCTION_NAMES.subscribeNewsletter,
  subscribeNewsletterHandler,
);
export const confirmNewsletter = callable(
  FUNCTION_NAMES.confirmNewsletter,
  confirmNewsletterHandler,
);
export const unsubscribeNewsletter = callable(
  FUNCTION_NAMES.unsubscribeNewsletter,
  unsubscribeNewsletterHandler,
);

// Mail: the outbox (mail/{eventKey}) is delivered when a message is created, and retried on a
// schedule. functions/src/mail/outbox.ts.
export const sendMail = onDocumentCreated(
  { document: 'mail/{mailId}', secrets: [smtpPassword] },
  sendMailHandler,
);
export const retryMail = onSchedule(
  { schedule: 'every 1 minutes', secrets: [smtpPassword] },
  retryMailHandler,
);

// Manager insight (docs/manager-insight.md). The Orders and Companies tables search, filter, sort
// and page on the server; orders, profiles and companies carry the search fields, kept by
// triggers (insights/search-fields.ts) that write only what differs. A company's follow its
// members (the profiles' trigger) and its locations.
export const getSalesOverview = callable(FUNCTION_NAMES.getSalesOverview, getSalesOverviewHandler);
export const searchOrders = callable(FUNCTION_NAMES.searchOrders, searchOrdersHandler);
export const searchUsers = callable(FUNCTION_NAMES.searchUsers, searchUsersHandler);
export const getStoreDetails = callable(FUNCTION_NAMES.getStoreDetails, getStoreDetailsHandler);
export const searchCompanies = callable(FUNCTION_NAMES.searchCompanies, searchCompaniesHandler);
export const getCompanyDetails = callable(
  FUNCTION_NAMES.getCompanyDetails,
  getCompanyDetailsHandler,
);
// The catalog's claims column: each product's claims and rate over 90 days, from the rollups.
export const getProductClaims = callable(FUNCTION_NAMES.getProductClaims, getProductClaimsHandler);
export const onOrderWrittenForSearch = onDocumentWritten(
  'orders/{orderId}',
  orderWrittenForSearchHandler,
);
export const onProfileWrittenForSearch = onDocumentWritten(
  'profiles/{uid}',
  profileWrittenForSearchHandler,
);
export const onCompanyWrittenForSearch = onDocumentWritten(
  'companies/{companyId}',
  companyWrittenForSearchHandler,
);
export const onLocationWrittenForSearch = onDocumentWritten(
  'companies/{companyId}/locations/{locationId}',
  locationWrittenForSearchHandler,
);
// The claims' figures in the sales rollups follow every write of a claim, once each
// (docs/manager-insight.md, "Claims, credits and replacements"): safe to retry.
export const onClaimWrittenForRollups = onDocumentWritten(
  { document: 'claims/{claimId}', retry: true },
  claimWrittenForRollupsHandler,
);

// Local emulator only: what the running functions report about their own runtime
// (e2e/src/node-runtime.e2e.ts checks that the Functions emulator runs them on the production
// Node.js). Never deployed: `firebase deploy` loads this module without FUNCTIONS_EMULATOR, and
// an empty group declares no function (functions/test/node-runtime.test.ts).
export const emulator = inFunctionsEmulator()
  ? {
      runtime: onRequest((_request, response) => {
        response.json({ node: process.version });
      }),
    }
  : {};
