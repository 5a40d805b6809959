import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  CALLABLE_RATE_LIMITS,
  COLLECTIONS,
  RATE_LIMITS,
  SEPARATELY_RATE_LIMITED,
  type RateLimitedCallable,
} from '@portal/domain';
import { resendVerificationEmailHandler } from '../../src/handlers/account-mail';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import type { CallRequest } from '../../src/handlers/edge';
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
import { manageStandingOrderHandler } from '../../src/handlers/manage-standing-order';
import { archiveLocationHandler, saveLocationHandler } from '../../src/handlers/locations';
import { deleteOrderListHandler, saveOrderListHandler } from '../../src/handlers/order-lists';
import {
  changeMemberRoleHandler,
  inviteMemberHandler,
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
  placeTermsOrderHandler,
  sendInvoiceReminderHandler,
  setCompanyTermsHandler,
} from '../../src/handlers/payment-terms';
import { estimateTaxHandler } from '../../src/handlers/estimate-tax';
import { setProfileStatusHandler } from '../../src/handlers/set-profile-status';
import {
  reviewTaxCertificateHandler,
  submitTaxCertificateHandler,
} from '../../src/handlers/tax-certificates';
import { updateOrderStatusHandler } from '../../src/handlers/update-order-status';
import { verifyPaymentHandler } from '../../src/handlers/verify-payment';
import { firestore } from '../../src/lib/admin';
import { createContext } from '../../src/lib/context';
import { log } from '../../src/lib/log';
import {
  callableRateWindows,
  rateLimitId,
  TOO_MANY_REQUESTS,
  type RateWindow,
} from '../../src/lib/rate-limit';
import * as stripeClientModule from '../../src/lib/stripe-client';
import { createAccount, requestAs, type TestAccount } from '../accounts/support';
import { describeOutcome, refusedWith, settle, type CallOutcome } from '../support/call-outcome';
import { deployedCallableNames } from '../support/deployed-callables';
import { databaseState, stateChanges } from '../support/database-state';

/**
 * Security acceptance: the callables that cost money (Stripe, Firestore writes) or send mail are
 * limited per user and per IP. For each row of CALLABLE_RATE_LIMITS, with a caller who passes the
 * callable's check and a valid payload: a full per-user window, then a full per-IP window, is
 * refused with resource-exhausted and changes nothing (Firestore, Auth, no Stripe client asked
 * for); with both windows empty the call is not refused by a limit and is counted in both.
 */

const RUN = randomUUID().slice(0, 8);

/** The mail callables anyone may call: limited per address and per IP by their own rules. */
const MAIL_CALLABLES_LIMITED_SEPARATELY = [
  'requestPasswordReset',
  'subscribeNewsletter',
  'submitApplication',
] as const;

/** The invitation page's callables, which anyone may call signed out: limited per IP. */
const INVITATION_CALLABLES_LIMITED_SEPARATELY = ['getInvitation', 'acceptInvitation'] as const;

/**
 * Deployed callables deliberately without a limit: a token link's one document, no mail; the
 * managers' Overview, searches, store and company pages, the catalog's claims column, receivables, the tax report, and a company's member
 * list, which only read (a manager types into the search box).
 */
const NOT_RATE_LIMITED = [
  'listCompanyMembers',
  'getReceivables',
  'getTaxReport',
  'confirmNewsletter',
  'unsubscribeNewsletter',
  'skipStandingOrderDelivery',
  'getSalesOverview',
  'searchOrders',
  'searchUsers',
  'getStoreDetails',
  'searchCompanies',
  'getCompanyDetails',
  'getProductClaims',
];

type Tested = RateLimitedCallable;

type CallerKind = 'buyer' | 'manager' | 'applicant';

interface Row {
  handler: (request: CallRequest) => Promise<unknown>;
  /** The least a caller needs to get past the callable's check of who is calling. */
  caller: CallerKind;
  /** A payload that passes validation (the call may still be refused for business reasons). */
  valid: Record<string, unknown>;
}

const SHIP_TO = {
  name: 'Sam Rivera',
  phone: '+14155550123',
  address: {
    line1: '500 Market St',
    city: 'San Francisco',
    state: 'CA',
    postal_code: '94105',
    country: 'US',
  },
};
const NO_SUCH_ORDER = `rate-limit-order-${RUN}`;

/** Filled in beforeAll: the applicant setProfileStatus approves. */
let target: TestAccount;

const ROWS: Record<Tested, Row> = {
  createCheckoutSession: {
    handler: createCheckoutSessionHandler,
    caller: 'buyer',
    valid: { productId: `rate-limit-product-${RUN}` },
  },
  verifyPayment: {
    handler: verifyPaymentHandler,
    caller: 'buyer',
    valid: { sessionId: `cs_test_ratelimit_${RUN}` },
  },
  saveLocation: {
    handler: saveLocationHandler,
    caller: 'buyer',
    valid: { location: { name: 'Main St store', ship_to: SHIP_TO } },
  },
  archiveLocation: {
    handler: archiveLocationHandler,
    caller: 'buyer',
    valid: { locationId: `rate-limit-location-${RUN}`, archived: true },
  },
  // The buyer owns a company of their own; the target is in none of theirs.
  inviteMember: {
    handler: inviteMemberHandler,
    caller: 'buyer',
    valid: { email: `invitee-${RUN}@rate-limits.test`, role: 'viewer' },
  },
  resendInvitation: {
    handler: resendInvitationHandler,
    caller: 'buyer',
    valid: { invitationId: `rate-limit-invitation-${RUN}` },
  },
  revokeInvitation: {
    handler: revokeInvitationHandler,
    caller: 'buyer',
    valid: { invitationId: `rate-limit-invitation-${RUN}` },
  },
  changeMemberRole: {
    handler: changeMemberRoleHandler,
    caller: 'buyer',
    get valid() {
      return { uid: target.uid, role: 'viewer' };
    },
  },
  removeMember: {
    handler: removeMemberHandler,
    caller: 'buyer',
    get valid() {
      return { uid: target.uid };
    },
  },
  updateOrderStatus: {
    handler: updateOrderStatusHandler,
    caller: 'manager',
    valid: {
      orderId: NO_SUCH_ORDER,
      status: 'shipped',
      shipment: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    },
  },
  refundOrder: {
    handler: refundOrderHandler,
    caller: 'manager',
    valid: {
      orderId: NO_SUCH_ORDER,
      requestId: '6f1c8a52-3d4e-4b7a-9c21-0e5f6a7b8c9d',
      amount: 500,
      customerNote: 'Damaged in transit',
    },
  },
  shipOrder: {
    handler: shipOrderHandler,
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
    caller: 'manager',
    valid: {
      claimId: `rate-limit-claim-${RUN}`,
      requestId: '2d7c4b1e-9a3f-4c8d-8e6b-5f4a3b2c1d0e',
      remedy: 'store_credit',
    },
  },
  cancelBackorderedLine: {
    handler: cancelBackorderedLineHandler,
    caller: 'buyer',
    valid: {
      orderId: NO_SUCH_ORDER,
      productId: 'blue-coast',
      requestId: '0b7e3c1d-5a2f-4e8b-9d61-3c4a5b6c7d8e',
    },
  },
  reportClaim: {
    handler: reportClaimHandler,
    caller: 'buyer',
    valid: {
      claimId: `rate-limit-claim-${RUN}`,
      orderId: NO_SUCH_ORDER,
      kind: 'missing',
      lines: [{ productId: 'blue-coast', quantity: 1 }],
    },
  },
  acceptQuote: {
    handler: acceptQuoteHandler,
    caller: 'buyer',
    valid: {
      quoteId: `rate-limit-quote-${RUN}`,
      payWith: 'card',
      requestId: `rate-limit-${RUN}`,
    },
  },
  answerClaim: {
    handler: answerClaimHandler,
    caller: 'buyer',
    valid: { claimId: `rate-limit-claim-${RUN}`, text: 'It was the blue one.' },
  },
  askClaimQuestion: {
    handler: askClaimQuestionHandler,
    caller: 'manager',
    valid: { claimId: `rate-limit-claim-${RUN}`, text: 'Which flavour was it?' },
  },
  rejectClaim: {
    handler: rejectClaimHandler,
    caller: 'manager',
    valid: { claimId: `rate-limit-claim-${RUN}`, reason: 'Reported after the window.' },
  },
  // Draft orders and quotes: a company and a quote that do not exist.
  saveDraftOrder: {
    handler: saveDraftOrderHandler,
    caller: 'manager',
    valid: {
      companyId: `rate-limit-company-${RUN}`,
      lines: [{ productId: 'blue-coast', quantity: 1 }],
    },
  },
  deleteDraftOrder: {
    handler: deleteDraftOrderHandler,
    caller: 'manager',
    valid: { quoteId: `rate-limit-quote-${RUN}` },
  },
  sendDraftOrder: {
    handler: sendDraftOrderHandler,
    caller: 'manager',
    valid: {
      quoteId: `rate-limit-quote-${RUN}`,
      delivery: 'payment_link',
      requestId: `rate-limit-${RUN}`,
    },
  },
  declineQuote: {
    handler: declineQuoteHandler,
    caller: 'buyer',
    valid: { quoteId: `rate-limit-quote-${RUN}`, reason: 'Too dear.' },
  },
  saveOrderList: {
    handler: saveOrderListHandler,
    caller: 'buyer',
    valid: {
      listId: `rate-limit-list-${RUN}`,
      name: 'Main St',
      lines: [{ productId: 'blue-coast', quantity: 12 }],
    },
  },
  deleteOrderList: {
    handler: deleteOrderListHandler,
    caller: 'buyer',
    valid: { listId: `rate-limit-list-${RUN}` },
  },
  subscribeStockAlert: {
    handler: subscribeStockAlertHandler,
    caller: 'buyer',
    valid: { productId: `rate-limit-product-${RUN}` },
  },
  unsubscribeStockAlert: {
    handler: unsubscribeStockAlertHandler,
    caller: 'buyer',
    valid: { productId: `rate-limit-product-${RUN}` },
  },
  manageStandingOrder: {
    handler: manageStandingOrderHandler,
    caller: 'buyer',
    valid: { standingOrderId: NO_SUCH_ORDER, action: 'skip' },
  },
  setProfileStatus: {
    handler: setProfileStatusHandler,
    caller: 'manager',
    get valid() {
      return { uid: target.uid, status: 'approved', allowUnverified: true };
    },
  },
  resendVerificationEmail: {
    handler: resendVerificationEmailHandler,
    caller: 'applicant',
    valid: {},
  },
  savePriceList: {
    handler: savePriceListHandler,
    caller: 'manager',
    valid: {
      name: 'Rate limit list',
      valid_from: null,
      valid_to: null,
      company_ids: [],
      entries: { [`rate-limit-product-${RUN}`]: { kind: 'percent', percent_off_bps: 500 } },
    },
  },
  deletePriceList: {
    handler: deletePriceListHandler,
    caller: 'manager',
    valid: { listId: `rate-limit-list-${RUN}` },
  },
  moveCompanyTier: {
    handler: moveCompanyTierHandler,
    caller: 'manager',
    valid: { companyId: `rate-limit-company-${RUN}`, businessType: 'wholesaler', reason: 'Volume' },
  },
  setCompanyTerms: {
    handler: setCompanyTermsHandler,
    caller: 'manager',
    valid: { companyId: `rate-limit-company-${RUN}`, netDays: 30, creditLimit: 1_000, reason: 'x' },
  },
  estimateTax: {
    handler: estimateTaxHandler,
    caller: 'buyer',
    valid: { locationId: `rate-limit-location-${RUN}` },
  },
  placeTermsOrder: {
    handler: placeTermsOrderHandler,
    caller: 'buyer',
    valid: { requestId: `rate-limit-${RUN}` },
  },
  closeTermsInvoice: {
    handler: closeTermsInvoiceHandler,
    caller: 'manager',
    valid: { orderId: `rate-limit-order-${RUN}`, action: 'void', reason: 'x' },
  },
  sendInvoiceReminder: {
    handler: sendInvoiceReminderHandler,
    caller: 'manager',
    valid: { orderId: `rate-limit-order-${RUN}` },
  },
  // The buyer owns their company: past the owners-only check (no file uploaded: refused then).
  submitTaxCertificate: {
    handler: submitTaxCertificateHandler,
    caller: 'buyer',
    valid: {
      certificateId: `rate-limit-certificate-${RUN}`,
      state: 'CA',
      number: 'SR-123456',
      expiresOn: null,
      fileName: 'resale-certificate.pdf',
    },
  },
  reviewTaxCertificate: {
    handler: reviewTaxCertificateHandler,
    caller: 'manager',
    valid: { certificateId: `rate-limit-certificate-${RUN}`, decision: 'approve' },
  },
};
const NAMES = Object.keys(ROWS).sort() as Tested[];

// ---------------------------------------------------------------------------------------------
// Callers

const callers = {} as Record<CallerKind, { account: TestAccount; token: DecodedIdToken }>;

/** A callable request as the Functions runtime builds it: the verified token and the IP. */
function requestAsFrom(kind: CallerKind, data: unknown, ip: string): CallRequest {
  const { account, token } = callers[kind];
  return { auth: { uid: account.uid, token, rawToken: 'rate-limits' }, data, rawRequest: { ip } };
}

/** An IP of this file's own for each callable (TEST-NET-2), so no other test shares its windows. */
const ipFor = (name: Tested) =>
  `198.51.${Math.floor(Math.random() * 250)}.${NAMES.indexOf(name) + 1}`;

// ---------------------------------------------------------------------------------------------
// Windows, written as takeRateLimit writes them

const windowRef = (window: RateWindow) =>
  firestore().collection(COLLECTIONS.rateLimits).doc(rateLimitId(window.name, window.subject));

async function fill(window: RateWindow): Promise<void> {
  const now = Date.now();
  await windowRef(window).set({
    window_start: Timestamp.fromMillis(now),
    count: window.limit.max,
    expires_at: Timestamp.fromMillis(now + window.limit.windowMs),
  });
}

async function countIn(window: RateWindow): Promise<number | undefined> {
  return (await windowRef(window).get()).get('count') as number | undefined;
}

const isResourceExhausted = (outcome: CallOutcome) => refusedWith(outcome, 'resource-exhausted');

let stripeClient: MockInstance<typeof stripeClientModule.stripeClient>;

beforeAll(async () => {
  // Quiet: the calls within their limits reach the services, which log.
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
  // Counts every time a handler asks for the Stripe client (it still gets it).
  stripeClient = vi.spyOn(stripeClientModule, 'stripeClient');
  const signedIn = async (account: TestAccount) => ({
    account,
    token: (await requestAs(account, {})).auth!.token,
  });
  const [buyer, manager, applicant] = await Promise.all([
    // The owner of a one-member company: past the location callables' check too.
    createAccount('retailer', 'approved'),
    createAccount('manager', 'approved'),
    createAccount('retailer', 'pending', { emailVerified: false }),
  ]);
  target = await createAccount('wholesaler', 'pending', { emailVerified: false });
  callers.buyer = await signedIn(buyer);
  callers.manager = await signedIn(manager);
  callers.applicant = await signedIn(applicant);
});

afterAll(() => {
  vi.restoreAllMocks();
});

describe('rate limits of the callables that cost money or send mail', () => {
  it('limits exactly these callables per user and per IP', () => {
    expect(Object.keys(CALLABLE_RATE_LIMITS).sort()).toEqual(
      [
        'createCheckoutSession',
        'verifyPayment',
        'saveLocation',
        'archiveLocation',
        'updateOrderStatus',
        'refundOrder',
        'shipOrder',
        'cancelBackorderedLine',
        'settleClaim',
        'manageStandingOrder',
        'setProfileStatus',
        'resendVerificationEmail',
        'inviteMember',
        'resendInvitation',
        'revokeInvitation',
        'changeMemberRole',
        'removeMember',
        'savePriceList',
        'deletePriceList',
        'moveCompanyTier',
        'setCompanyTerms',
        'placeTermsOrder',
        'closeTermsInvoice',
        'sendInvoiceReminder',
        'submitTaxCertificate',
        'reviewTaxCertificate',
        'estimateTax',
        'reportClaim',
        'acceptQuote',
        'answerClaim',
        'askClaimQuestion',
        'rejectClaim',
        'saveDraftOrder',
        'deleteDraftOrder',
        'sendDraftOrder',
        'declineQuote',
        'saveOrderList',
        'deleteOrderList',
        'subscribeStockAlert',
        'unsubscribeStockAlert',
      ].sort(),
    );
    expect([...NAMES].sort()).toEqual(Object.keys(CALLABLE_RATE_LIMITS).sort());
    for (const { perUser, perIp } of Object.values(CALLABLE_RATE_LIMITS)) {
      for (const limit of [perUser, perIp]) {
        expect(Number.isInteger(limit.max) && limit.max > 0).toBe(true);
        expect(limit.windowMs).toBeGreaterThan(0);
      }
      // An IP may hold several callers: never tighter than one caller's window.
      expect(perIp.max).toBeGreaterThanOrEqual(perUser.max);
    }
  });

  it('limits the mail callables anyone may call by their own rules, in RATE_LIMITS', () => {
    for (const name of [
      ...MAIL_CALLABLES_LIMITED_SEPARATELY,
      ...INVITATION_CALLABLES_LIMITED_SEPARATELY,
    ]) {
      const keys: readonly string[] = SEPARATELY_RATE_LIMITED[name];
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(RATE_LIMITS).toHaveProperty(key);
    }
    expect(keys(SEPARATELY_RATE_LIMITED).filter((n) => n in CALLABLE_RATE_LIMITS)).toEqual([]);
  });

  it('has decided for every deployed callable whether it is limited', () => {
    const decided = [
      ...Object.keys(CALLABLE_RATE_LIMITS),
      ...keys(SEPARATELY_RATE_LIMITED),
      ...NOT_RATE_LIMITED,
    ].sort();
    expect(decided).toEqual(deployedCallableNames());
  });

  it("sees every time a handler's context asks for the Stripe client", () => {
    const calls = stripeClient.mock.calls.length;
    try {
      createContext().stripe();
    } catch {
      // Not configured here: asked for all the same.
    }
    expect(stripeClient.mock.calls.length).toBe(calls + 1);
  });

  for (const name of NAMES) {
    it(`${name}: a full per-user or per-IP window refuses the call and changes nothing`, async () => {
      const row = ROWS[name];
      const ip = ipFor(name);
      const call = () => settle(row.handler(requestAsFrom(row.caller, row.valid, ip)));
      const windows = callableRateWindows(name, { uid: callers[row.caller].account.uid, ip });

      for (const full of ['perUser', 'perIp'] as const) {
        await fill(windows[full]);
        const before = await databaseState();
        const stripeCalls = stripeClient.mock.calls.length;
        const outcome = await call();
        expect(describeOutcome(outcome), `${full} full`).toBe(
          `resource-exhausted: ${TOO_MANY_REQUESTS}`,
        );
        expect(stateChanges(before, await databaseState()), `${full} full`).toEqual([]);
        expect(stripeClient.mock.calls.length, `${full} full: Stripe asked for`).toBe(stripeCalls);
        await windowRef(windows[full]).delete();
      }

      // Both windows empty: the limits let the call through (whatever it then answers) and
      // count it once in each.
      const outcome = await call();
      expect(isResourceExhausted(outcome), describeOutcome(outcome)).toBe(false);
      expect(await countIn(windows.perUser)).toBe(1);
      expect(await countIn(windows.perIp)).toBe(1);
    });
  }
});

function keys<T extends object>(value: T): string[] {
  return Object.keys(value);
}
