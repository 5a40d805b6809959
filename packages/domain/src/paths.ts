/** Firestore collection names and document paths: the one home for them (web, functions, rules tests). */
export const COLLECTIONS = {
  profiles: 'profiles',
  /** The businesses that applied: the customer (docs/companies.md). */
  companies: 'companies',
  /** Under a company: its ship-to locations. */
  locations: 'locations',
  /** Invitations to join a company (server only; the link's token is kept as its SHA-256). */
  invitations: 'invitations',
  products: 'products',
  /**
   * Negotiated prices (docs/pricing.md): managers read, the functions write. Under a company, the
   * same name holds its copies of the lists assigned to it (its members read those).
   */
  priceLists: 'price_lists',
  /** One per product (same id): its wholesale price, kept out of products/{id} (see firestore.rules). */
  wholesalePrices: 'wholesale_prices',
  cartItems: 'cart_items',
  orders: 'orders',
  /**
   * One per order that has a manager's internal refund notes (same id as the order): managers
   * read it, buyers never (firestore.rules); written only by the functions.
   */
  orderNotes: 'order_notes',
  supportContent: 'support_content',
  /** The footer's policy pages (id: privacy, terms, shipping, refunds): anyone reads, managers write. */
  policyPages: 'policy_pages',
  /** Settings the site shows to everyone (site_settings/support: the support contact). */
  siteSettings: 'site_settings',
  /** One per normalized address (id: its SHA-256): pending, confirmed or unsubscribed (server only). */
  newsletterSubscribers: 'newsletter_subscribers',
  /** The outbox: one message per event key, delivered by the mail sender (server only). */
  mail: 'mail',
  /** Fixed-window call counters of the rate-limited callables (server only). */
  rateLimits: 'rate_limits',
  auditLog: 'audit_log',
  stripeEvents: 'stripe_events',
  /** One per buyer: the checkout in progress (server only; makes repeated checkout calls idempotent). */
  checkoutLocks: 'checkout_locks',
  /** Checkout attempts (server only): one per Checkout Session; a completed one becomes an order. */
  checkouts: 'checkouts',
  /** The functions' verdict on each uploaded product photo (server only; managers read). */
  productPhotos: 'product_photos',
  /** Sequences allocated in transactions (server only): counters/invoices. */
  counters: 'counters',
  /**
   * One per company (id: the company's): its payment terms, credit limit, open balance and
   * overdue orders (docs/payment-terms.md). Written by the functions only; its members and the
   * managers read it.
   */
  companyCredit: 'company_credit',
  /**
   * Resale certificates (docs/tax.md): one per uploaded certificate, with its state, number,
   * expiry and review. Written by the functions only; its company's members and managers read.
   */
  taxCertificates: 'tax_certificates',
  /** Under stripe_customers/{companyId}: the company's tax-exempt Customer per state (server only). */
  exemptCustomers: 'exempt_states',
  /** One per company (id: the company's): its Stripe Customer id (server only). */
  stripeCustomers: 'stripe_customers',
  /** Standing orders (written by the functions only; the buyer reads their own, managers all). */
  standingOrders: 'standing_orders',
  /** Sales figures per business day (Pacific) of payment, kept with every order change (server only). */
  salesDays: 'sales_days',
  /** The same per week, keyed by the week's Monday (server only). */
  salesWeeks: 'sales_weeks',
  /** The same per month, keyed YYYY-MM (server only). */
  salesMonths: 'sales_months',
  /**
   * One per claim (id: the claim's): what the claim counts in the sales rollups now, so the
   * trigger on claims/{claimId} adds only the difference, once (server only).
   */
  claimRollups: 'claim_rollups',
  /**
   * The local stack only: one per limited-use App Check token a replay-protected callable has
   * spent (id: the token's jti), with an expires_at for TTL (functions/src/lib/app-check.ts).
   * In production App Check's backend keeps this record; nothing writes it there.
   */
  appCheckTokens: 'app_check_tokens',
  /**
   * Claims of damaged, missing or wrong items (docs/order-lifecycle.md#claims): written by the
   * functions only; the order's company's members and the managers read.
   */
  claims: 'claims',
  /**
   * Draft orders and quotes (docs/order-lifecycle.md#draft-orders-and-quotes): written by the
   * functions only; managers read all, members of the company read theirs once sent.
   */
  quotes: 'quotes',
  /**
   * One per company (id: the company's): its store credit balance, and under it `entries`, each
   * change (docs/payments.md#store-credit). Written by the functions only; the company's members
   * and the managers read.
   */
  storeCredit: 'store_credit',
  storeCreditEntries: 'entries',
  /**
   * Saved order lists (docs/data-model.md#order_lists): written by the functions only; the
   * company's approved members read theirs, managers all.
   */
  orderLists: 'order_lists',
  /**
   * Back-in-stock alerts (docs/catalog.md#back-in-stock-alerts): stock_alerts/{productId}_{uid}.
   * Written by the functions only; each member reads their own.
   */
  stockAlerts: 'stock_alerts',
  /**
   * A tracked product's stock split in shards (products/{id}/stock_shards/{0..7}), so that a
   * checkout writes one shard and never the product (docs/stock.md). Functions only.
   */
  stockShards: 'stock_shards',
} as const;

export const paths = {
  profile: (uid: string) => `${COLLECTIONS.profiles}/${uid}`,
  company: (companyId: string) => `${COLLECTIONS.companies}/${companyId}`,
  locations: (companyId: string) =>
    `${COLLECTIONS.companies}/${companyId}/${COLLECTIONS.locations}`,
  location: (companyId: string, locationId: string) =>
    `${COLLECTIONS.companies}/${companyId}/${COLLECTIONS.locations}/${locationId}`,
  priceList: (listId: string) => `${COLLECTIONS.priceLists}/${listId}`,
  companyPriceLists: (companyId: string) =>
    `${COLLECTIONS.companies}/${companyId}/${COLLECTIONS.priceLists}`,
  companyPriceList: (companyId: string, listId: string) =>
    `${COLLECTIONS.companies}/${companyId}/${COLLECTIONS.priceLists}/${listId}`,
  invitation: (invitationId: string) => `${COLLECTIONS.invitations}/${invitationId}`,
  product: (productId: string) => `${COLLECTIONS.products}/${productId}`,
  stockShard: (productId: string, shard: number) =>
    `${COLLECTIONS.products}/${productId}/${COLLECTIONS.stockShards}/${shard}`,
  wholesalePrice: (productId: string) => `${COLLECTIONS.wholesalePrices}/${productId}`,
  cartItems: (uid: string) => `${COLLECTIONS.profiles}/${uid}/${COLLECTIONS.cartItems}`,
  cartItem: (uid: string, productId: string) =>
    `${COLLECTIONS.profiles}/${uid}/${COLLECTIONS.cartItems}/${productId}`,
  order: (orderId: string) => `${COLLECTIONS.orders}/${orderId}`,
  supportItem: (id: string) => `${COLLECTIONS.supportContent}/${id}`,
  policyPage: (slug: string) => `${COLLECTIONS.policyPages}/${slug}`,
  supportSettings: () => `${COLLECTIONS.siteSettings}/support`,
  stripeEvent: (eventId: string) => `${COLLECTIONS.stripeEvents}/${eventId}`,
  checkoutLock: (uid: string) => `${COLLECTIONS.checkoutLocks}/${uid}`,
  checkout: (checkoutId: string) => `${COLLECTIONS.checkouts}/${checkoutId}`,
  invoiceCounter: () => `${COLLECTIONS.counters}/invoices`,
  companyCredit: (companyId: string) => `${COLLECTIONS.companyCredit}/${companyId}`,
  stripeCustomer: (companyId: string) => `${COLLECTIONS.stripeCustomers}/${companyId}`,
  exemptCustomer: (companyId: string, state: string) =>
    `${COLLECTIONS.stripeCustomers}/${companyId}/${COLLECTIONS.exemptCustomers}/${state}`,
  taxCertificate: (certificateId: string) => `${COLLECTIONS.taxCertificates}/${certificateId}`,
  standingOrder: (id: string) => `${COLLECTIONS.standingOrders}/${id}`,
  mail: (key: string) => `${COLLECTIONS.mail}/${key}`,
  newsletterSubscriber: (id: string) => `${COLLECTIONS.newsletterSubscribers}/${id}`,
  rateLimit: (key: string) => `${COLLECTIONS.rateLimits}/${key}`,
  appCheckToken: (jti: string) => `${COLLECTIONS.appCheckTokens}/${jti}`,
  claim: (claimId: string) => `${COLLECTIONS.claims}/${claimId}`,
  quote: (quoteId: string) => `${COLLECTIONS.quotes}/${quoteId}`,
  quoteCounter: () => `${COLLECTIONS.counters}/quotes`,
  claimRollup: (claimId: string) => `${COLLECTIONS.claimRollups}/${claimId}`,
  storeCredit: (companyId: string) => `${COLLECTIONS.storeCredit}/${companyId}`,
  storeCreditEntries: (companyId: string) =>
    `${COLLECTIONS.storeCredit}/${companyId}/${COLLECTIONS.storeCreditEntries}`,
  orderList: (listId: string) => `${COLLECTIONS.orderLists}/${listId}`,
  storeCreditEntry: (companyId: string, entryId: string) =>
    `${COLLECTIONS.storeCredit}/${companyId}/${COLLECTIONS.storeCreditEntries}/${entryId}`,
} as const;

/** Names of the callable and HTTPS functions, shared by the web client and the functions. */
export const FUNCTION_NAMES = {
  setProfileStatus: 'setProfileStatus',
  createCheckoutSession: 'createCheckoutSession',
  verifyPayment: 'verifyPayment',
  updateOrderStatus: 'updateOrderStatus',
  refundOrder: 'refundOrder',
  shipOrder: 'shipOrder',
  cancelBackorderedLine: 'cancelBackorderedLine',
  reportClaim: 'reportClaim',
  answerClaim: 'answerClaim',
  askClaimQuestion: 'askClaimQuestion',
  rejectClaim: 'rejectClaim',
  settleClaim: 'settleClaim',
  saveDraftOrder: 'saveDraftOrder',
  deleteDraftOrder: 'deleteDraftOrder',
  sendDraftOrder: 'sendDraftOrder',
  acceptQuote: 'acceptQuote',
  declineQuote: 'declineQuote',
  saveOrderList: 'saveOrderList',
  deleteOrderList: 'deleteOrderList',
  manageStandingOrder: 'manageStandingOrder',
  getSalesOverview: 'getSalesOverview',
  searchOrders: 'searchOrders',
  searchUsers: 'searchUsers',
  getStoreDetails: 'getStoreDetails',
  searchCompanies: 'searchCompanies',
  getCompanyDetails: 'getCompanyDetails',
  getProductClaims: 'getProductClaims',
  saveLocation: 'saveLocation',
  archiveLocation: 'archiveLocation',
  inviteMember: 'inviteMember',
  resendInvitation: 'resendInvitation',
  revokeInvitation: 'revokeInvitation',
  getInvitation: 'getInvitation',
  acceptInvitation: 'acceptInvitation',
  changeMemberRole: 'changeMemberRole',
  removeMember: 'removeMember',
  listCompanyMembers: 'listCompanyMembers',
  savePriceList: 'savePriceList',
  deletePriceList: 'deletePriceList',
  moveCompanyTier: 'moveCompanyTier',
  setCompanyTerms: 'setCompanyTerms',
  placeTermsOrder: 'placeTermsOrder',
  closeTermsInvoice: 'closeTermsInvoice',
  sendInvoiceReminder: 'sendInvoiceReminder',
  getReceivables: 'getReceivables',
  submitTaxCertificate: 'submitTaxCertificate',
  reviewTaxCertificate: 'reviewTaxCertificate',
  estimateTax: 'estimateTax',
  getTaxReport: 'getTaxReport',
  stripeWebhook: 'stripeWebhook',
  requestPasswordReset: 'requestPasswordReset',
  resendVerificationEmail: 'resendVerificationEmail',
  syncEmailVerification: 'syncEmailVerification',
  submitApplication: 'submitApplication',
  subscribeNewsletter: 'subscribeNewsletter',
  confirmNewsletter: 'confirmNewsletter',
  unsubscribeNewsletter: 'unsubscribeNewsletter',
  subscribeStockAlert: 'subscribeStockAlert',
  unsubscribeStockAlert: 'unsubscribeStockAlert',
  // A standing order reminder's one-tap skip link (signed out).
  skipStandingOrderDelivery: 'skipStandingOrderDelivery',
} as const;

export type FunctionName = (typeof FUNCTION_NAMES)[keyof typeof FUNCTION_NAMES];

/**
 * The callables anyone may call signed out (forgot password, the verified flag, the newsletter)
 * take a limited-use App Check token and spend it: one attestation buys one call, so a token
 * copied out of a browser cannot drive a flood of calls for the hour a normal token lives. The
 * web app asks for a fresh limited-use token for each call to these
 * (web/src/lib/callables.ts), the functions are deployed with consumeAppCheckToken and refuse a
 * token already spent (functions/src/lib/app-check.ts). The signed-in callables keep the normal
 * token: they are limited per user, and App Check's consume call costs a round trip each.
 */
export const REPLAY_PROTECTED_CALLABLES: ReadonlySet<FunctionName> = new Set<FunctionName>([
  FUNCTION_NAMES.requestPasswordReset,
  FUNCTION_NAMES.syncEmailVerification,
  FUNCTION_NAMES.subscribeNewsletter,
  FUNCTION_NAMES.confirmNewsletter,
  FUNCTION_NAMES.unsubscribeNewsletter,
  FUNCTION_NAMES.getInvitation,
  FUNCTION_NAMES.acceptInvitation,
  FUNCTION_NAMES.skipStandingOrderDelivery,
]);
