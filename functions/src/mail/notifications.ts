import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  mailKeys,
  NO_SUPPORT_CONTACT,
  PENDING_NEWSLETTER_TTL_MS,
  trackingUrl,
  UNVERIFIED_APPLICANT_TTL_MS,
  type Carrier,
  type OrderLine,
  type CompanyRole,
  type TaxOfOrder,
  type ProfileReview,
  type ShipTo,
  type SupportContact,
} from '@portal/domain';
import type { Context } from '../lib/context';
import { log } from '../lib/log';
import { resolveWebOrigin } from '../lib/stripe-client';
import { supportContactOf } from '../site-content/site-content';
import { contactAddress } from './config';
import { portalLinks, type PortalLinks } from './links';
import type { QueuedMail } from './outbox';
import {
  renderMail,
  type MailContent,
  type MailOrderLine,
  type RenderContext,
} from './templates/layout';
import * as messages from './templates/messages';

/**
 * Who gets which mail for which event: each function here turns one business event into the
 * outbox entries it causes (recipients, rendered message, event key). The state changes call
 * them inside their transactions and stage the result with the change (outbox.ts).
 *
 * Building mail never fails the change it belongs to: a recipient that cannot be found or a
 * message that cannot be rendered is logged and left out (the order is paid, the applicant is
 * approved, whatever the mail does).
 */
export type MailDeps = Pick<Context, 'db' | 'auth' | 'env'>;

interface Recipient {
  uid: string;
  email: string;
}

/** The render settings, with the support contact a manager set, still being read. */
type MailSetting = RenderContext & { pendingSupport: Promise<SupportContact> };

/**
 * Links and footer: the origin and contact address from the environment, and the support
 * contact a manager set in the dashboard (site_settings/support, read once per event; when it
 * cannot be read the footer names the environment's address alone).
 */
function setting(deps: Pick<MailDeps, 'env'> & Partial<Pick<MailDeps, 'db'>>): {
  links: PortalLinks;
  render: MailSetting;
} {
  const origin = resolveWebOrigin(deps.env);
  const pendingSupport = deps.db
    ? supportContactOf(deps.db).catch(() => NO_SUPPORT_CONTACT)
    : Promise.resolve(NO_SUPPORT_CONTACT);
  return {
    links: portalLinks(origin),
    render: { portalUrl: origin, contact: contactAddress(deps.env), pendingSupport },
  };
}

async function addressOf(auth: Auth, uid: string): Promise<string | null> {
  try {
    const user = await auth.getUser(uid);
    return user.disabled ? null : (user.email ?? null);
  } catch {
    return null;
  }
}

/** Every enabled manager with an address: profiles with role manager, addresses from Auth. */
export async function managerRecipients(db: Firestore, auth: Auth): Promise<Recipient[]> {
  const profiles = await db.collection(COLLECTIONS.profiles).where('role', '==', 'manager').get();
  if (profiles.empty) return [];
  const found = await auth.getUsers(profiles.docs.map((doc) => ({ uid: doc.id })));
  return found.users
    .filter((user) => !user.disabled && user.email && user.customClaims?.role === 'manager')
    .map((user) => ({ uid: user.uid, email: user.email! }));
}

async function one(
  kind: string,
  key: string,
  to: string,
  content: MailContent,
  render: MailSetting,
): Promise<QueuedMail> {
  const { pendingSupport, ...context } = render;
  const supportContact = await pendingSupport;
  const message = await renderMail(content, { ...context, supportContact });
  return { kind, key, mail: { to: [to], message } };
}

/** Runs a builder; a failure is logged and means no mail, never a failed change. */
async function safely(
  event: string,
  fields: Record<string, unknown>,
  build: () => Promise<QueuedMail[]>,
) {
  try {
    return await build();
  } catch (error) {
    log.error('mail_not_queued', {
      mailEvent: event,
      ...fields,
      message: error instanceof Error ? error.message : String(error),
    });
    return [];
  }
}

export interface OrderFacts {
  id: string;
  user_id: string;
  store_name: string;
  /** Backordered lines are marked, with their product's restock date when given. */
  items: readonly MailOrderLine[];
  amount: number;
  ship_to: ShipTo | null;
  invoice_number: string | null;
  /** The buyer's purchase order number ('' or absent: none). */
  po_number?: string;
  /**
   * A delivery of a standing order: its cadence, what each delivery is charged from the next one,
   * and when the next is charged (the confirmation states them, with how to cancel).
   */
  standing?: { interval_weeks: number; cycle_amount: number; next_charge_at: Date | null };
  /** Its sales tax (in `amount`) or exemption; absent or null before tax. */
  tax?: TaxOfOrder | null;
  /** A quote's shipping charge (in `amount`); absent or 0 when free. */
  shipping_charge?: number;
  /** Store credit spent on it (taken off `amount`); absent or 0 when none. */
  store_credit_applied?: number;
}

/** A paid order: the confirmation to the buyer and "new order" to every manager. */
export function orderPaidMails(deps: MailDeps, order: OrderFacts): Promise<QueuedMail[]> {
  return safely('order-paid', { orderId: order.id }, async () => {
    const { links, render } = setting(deps);
    const facts = {
      storeName: order.store_name,
      orderId: order.id,
      invoiceNumber: order.invoice_number,
    };
    const mails: QueuedMail[] = [];
    const buyer = await addressOf(deps.auth, order.user_id);
    if (buyer) {
      mails.push(
        await one(
          'order-confirmation',
          mailKeys.orderConfirmation(order.id),
          buyer,
          messages.orderConfirmation({
            ...facts,
            items: order.items,
            amount: order.amount,
            tax: order.tax ?? null,
            shippingCharge: order.shipping_charge ?? 0,
            storeCredit: order.store_credit_applied ?? 0,
            shipTo: order.ship_to,
            poNumber: order.po_number ?? '',
            invoiceUrl: links.invoice(order.id),
            orderUrl: links.accountOrder(order.id),
            standing: order.standing
              ? {
                  intervalWeeks: order.standing.interval_weeks,
                  cycleAmount: order.standing.cycle_amount,
                  nextChargeAt: order.standing.next_charge_at,
                  standingOrdersUrl: links.standingOrders(),
                  contact: render.contact,
                }
              : undefined,
          }),
          render,
        ),
      );
    }
    mails.push(...(await managerOrderMails(deps, order, links, render)));
    return mails;
  });
}

/** What the managers' "new order" mail says of an order. */
type ManagerOrderFacts = Pick<
  OrderFacts,
  | 'id'
  | 'store_name'
  | 'invoice_number'
  | 'amount'
  | 'items'
  | 'tax'
  | 'shipping_charge'
  | 'store_credit_applied'
>;

async function managerOrderMails(
  deps: MailDeps,
  order: ManagerOrderFacts,
  links: PortalLinks,
  render: MailSetting,
): Promise<QueuedMail[]> {
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const mails: QueuedMail[] = [];
  for (const manager of await managerRecipients(deps.db, deps.auth)) {
    mails.push(
      await one(
        'new-order',
        mailKeys.newOrder(order.id, manager.uid),
        manager.email,
        messages.newOrder({
          storeName: order.store_name,
          orderId: order.id,
          invoiceNumber: order.invoice_number,
          amount: order.amount,
          items: order.items,
          tax: order.tax ?? null,
          shippingCharge: order.shipping_charge ?? 0,
          storeCredit: order.store_credit_applied ?? 0,
          units,
          orderUrl: links.adminOrder(order.id),
        }),
        render,
      ),
    );
  }
  return mails;
}

/** "New order" to every manager alone (an order on terms: its buyer gets the invoice mail). */
export function newOrderMails(deps: MailDeps, order: ManagerOrderFacts): Promise<QueuedMail[]> {
  return safely('new-order', { orderId: order.id }, () => {
    const { links, render } = setting(deps);
    return managerOrderMails(deps, order, links, render);
  });
}

/** A dispute opened on an order's payment: "payment disputed" to every manager (once each). */
export function disputeOpenedMails(
  deps: MailDeps,
  order: { id: string; store_name: string; invoice_number: string | null },
  dispute: { id: string; amount: number; reason: string; status: string; respondBy: Date | null },
): Promise<QueuedMail[]> {
  return safely('dispute-opened', { orderId: order.id, disputeId: dispute.id }, async () => {
    const { links, render } = setting(deps);
    const mails: QueuedMail[] = [];
    for (const manager of await managerRecipients(deps.db, deps.auth)) {
      mails.push(
        await one(
          'dispute-opened',
          mailKeys.disputeOpened(order.id, dispute.id, manager.uid),
          manager.email,
          messages.disputeOpened({
            storeName: order.store_name,
            orderId: order.id,
            invoiceNumber: order.invoice_number,
            amount: dispute.amount,
            reason: dispute.reason,
            status: dispute.status,
            respondBy: dispute.respondBy,
            orderUrl: links.adminOrder(order.id),
          }),
          render,
        ),
      );
    }
    return mails;
  });
}

interface BuyerOrder {
  id: string;
  user_id: string;
  store_name: string;
  invoice_number: string | null;
  amount: number;
}

async function toBuyer(
  deps: MailDeps,
  order: BuyerOrder,
  event: string,
  build: (
    links: PortalLinks,
    facts: { storeName: string; orderId: string; invoiceNumber: string | null },
  ) => {
    key: string;
    content: MailContent;
  },
): Promise<QueuedMail[]> {
  return safely(event, { orderId: order.id }, async () => {
    const buyer = await addressOf(deps.auth, order.user_id);
    if (!buyer) return [];
    const { links, render } = setting(deps);
    const { key, content } = build(links, {
      storeName: order.store_name,
      orderId: order.id,
      invoiceNumber: order.invoice_number,
    });
    return [await one(event, key, buyer, content, render)];
  });
}

/**
 * One mail to the member who placed an order, built with the portal's links (used by the mails
 * of other features: terms-mails.ts). Nothing when the member has no address any more.
 */
export function buyerMail(
  deps: MailDeps,
  order: { id: string; user_id: string },
  kind: string,
  key: string,
  content: (links: PortalLinks) => MailContent,
): Promise<QueuedMail[]> {
  return safely(kind, { orderId: order.id }, async () => {
    const buyer = await addressOf(deps.auth, order.user_id);
    if (!buyer) return [];
    const { links, render } = setting(deps);
    return [await one(kind, key, buyer, content(links), render)];
  });
}

/**
 * One mail to a member by their account (the enabled account's address; none: no mail), for
 * what they asked to hear about themselves (a back-in-stock alert).
 */
export function memberMail(
  deps: MailDeps,
  uid: string,
  kind: string,
  key: string,
  content: (links: PortalLinks) => MailContent,
  fields: Record<string, unknown> = {},
): Promise<QueuedMail[]> {
  return safely(kind, { uid, ...fields }, async () => {
    const address = await addressOf(deps.auth, uid);
    if (!address) return [];
    const { links, render } = setting(deps);
    return [await one(kind, key, address, content(links), render)];
  });
}

/**
 * One mail to every owner of a company (each enabled owner with an address; none: no mail), for
 * the company's own business (its resale certificates, say). One key for the event, whoever the
 * owners are.
 */
export function companyOwnersMail(
  deps: MailDeps,
  companyId: string,
  kind: string,
  key: string,
  content: (links: PortalLinks) => MailContent,
): Promise<QueuedMail[]> {
  return companyMembersMail(deps, companyId, ['owner'], kind, key, content);
}

/**
 * One mail to every member of a company in one of `roles` (each enabled member with an address;
 * none: no mail): the owners, or the owners and buyers for what they may act on (a quote to
 * accept). One key for the event, whoever the members are.
 */
export function companyMembersMail(
  deps: MailDeps,
  companyId: string,
  roles: readonly CompanyRole[],
  kind: string,
  key: string,
  content: (links: PortalLinks) => MailContent,
): Promise<QueuedMail[]> {
  return safely(kind, { companyId }, async () => {
    const members = await deps.db
      .collection(COLLECTIONS.profiles)
      .where('company_id', '==', companyId)
      .get();
    const chosen = members.docs.filter((doc) =>
      roles.includes(doc.get('company_role') as CompanyRole),
    );
    const addresses = (await Promise.all(chosen.map((doc) => addressOf(deps.auth, doc.id)))).filter(
      (address): address is string => address !== null,
    );
    if (addresses.length === 0) return [];
    const { links, render } = setting(deps);
    const queued = await one(kind, key, addresses[0]!, content(links), render);
    return [{ ...queued, mail: { ...queued.mail, to: addresses } }];
  });
}

/**
 * One mail to every manager (each enabled manager with an address), keyed per manager, for the
 * events they act on (a claim reported or answered). None when there is no manager.
 */
export function managersMail(
  deps: MailDeps,
  kind: string,
  key: (managerUid: string) => string,
  content: (links: PortalLinks) => MailContent,
  fields: Record<string, unknown> = {},
): Promise<QueuedMail[]> {
  return safely(kind, fields, async () => {
    const { links, render } = setting(deps);
    const mails: QueuedMail[] = [];
    for (const manager of await managerRecipients(deps.db, deps.auth)) {
      mails.push(await one(kind, key(manager.uid), manager.email, content(links), render));
    }
    return mails;
  });
}

/**
 * One shipment of an order to its buyer (one mail per shipment, keyed by its number): what it
 * carries by the order's line names, its tracking, and what is still to ship.
 */
export function orderShippedMail(
  deps: MailDeps,
  order: BuyerOrder & { items: ReadonlyArray<{ product_id: string; name: string }> },
  shipment: {
    number: number;
    lines: ReadonlyArray<{ product_id: string; quantity: number }>;
    carrier: Carrier;
    tracking_number: string;
  },
  stillToShip: readonly messages.StillToShip[],
) {
  const names = new Map(order.items.map((item) => [item.product_id, item.name]));
  return toBuyer(deps, order, 'order-shipped', (links, facts) => ({
    key: mailKeys.orderShipped(order.id, shipment.number),
    content: messages.orderShipped({
      ...facts,
      carrier: shipment.carrier,
      trackingNumber: shipment.tracking_number,
      trackingUrl: trackingUrl(shipment.carrier, shipment.tracking_number),
      ordersUrl: links.orders(),
      shipmentNumber: shipment.number,
      lines: shipment.lines.map((line) => ({
        name: names.get(line.product_id) ?? line.product_id,
        quantity: line.quantity,
      })),
      stillToShip,
    }),
  }));
}

export function orderRefundedMail(
  deps: MailDeps,
  order: BuyerOrder & { items?: ReadonlyArray<Pick<OrderLine, 'product_id' | 'name'>> },
  refund: {
    refund_id: string;
    amount: number;
    customer_note?: string;
    lines?: ReadonlyArray<{ product_id: string; quantity: number; amount: number }>;
    tax?: number;
    shipping?: number;
    goodwill?: number;
  },
  totalRefunded: number,
  /** Store credit the order spent, given back with this refund (it refunded the order in full). */
  storeCreditReturned = 0,
) {
  const names = new Map((order.items ?? []).map((item) => [item.product_id, item.name]));
  const lines = refund.lines ?? [];
  // A refund by lines says what it refunded: the lines, their tax, shipping and goodwill.
  const byLines =
    lines.length > 0 || (refund.shipping ?? 0) > 0 || (refund.goodwill ?? 0) > 0
      ? {
          lines: lines.map((line) => ({
            name: names.get(line.product_id) ?? line.product_id,
            quantity: line.quantity,
            amount: line.amount,
          })),
          tax: refund.tax ?? 0,
          shipping: refund.shipping ?? 0,
          goodwill: refund.goodwill ?? 0,
        }
      : null;
  return toBuyer(deps, order, 'order-refunded', (links, facts) => ({
    key: mailKeys.orderRefunded(order.id, refund.refund_id),
    content: messages.orderRefunded({
      ...facts,
      // Only the note to the customer: the internal note never reaches a mail.
      note: refund.customer_note ?? '',
      refunded: refund.amount,
      totalRefunded,
      amount: order.amount,
      storeCreditReturned,
      ordersUrl: links.orders(),
      byLines,
    }),
  }));
}

export function orderCancelledMail(
  deps: MailDeps,
  order: BuyerOrder,
  refunded: number,
  /** Store credit the order spent, given back with the cancellation. */
  storeCreditReturned = 0,
) {
  return toBuyer(deps, order, 'order-cancelled', (links, facts) => ({
    key: mailKeys.orderCancelled(order.id),
    content: messages.orderCancelled({
      ...facts,
      amount: order.amount,
      refunded,
      storeCreditReturned,
      ordersUrl: links.orders(),
    }),
  }));
}

/** A standing order's renewal was not paid: the buyer is told (once per invoice). */
export function standingOrderPaymentFailedMail(
  deps: MailDeps,
  standing: { id: string; user_id: string; store_name: string; interval_weeks: number },
  invoice: { id: string; amount: number },
) {
  return toBuyer(
    deps,
    { ...standing, invoice_number: null, amount: invoice.amount },
    'standing-order-payment-failed',
    (links, facts) => ({
      key: mailKeys.standingOrderPaymentFailed(standing.id, invoice.id),
      content: messages.standingOrderPaymentFailed({
        storeName: facts.storeName,
        amount: invoice.amount,
        intervalWeeks: standing.interval_weeks,
        standingOrdersUrl: links.standingOrders(),
      }),
    }),
  );
}

/** A manager approved or rejected an applicant. */
/** The facts of one review that its mail needs. */
export interface ReviewFacts {
  uid: string;
  storeName: string;
  review: ProfileReview;
  /** The profile's review round (mailKeys): 0 until it is first reopened. */
  round: number;
  /** A decline's or rejection's note to the applicant. */
  reason?: string | undefined;
}

/** The applicant's mail of a review: approved, declined, rejected or reopened. */
export function profileReviewedMail(deps: MailDeps, facts: ReviewFacts): Promise<QueuedMail[]> {
  const { uid, storeName, review, round, reason } = facts;
  return safely(`profile-${review}`, { uid }, async () => {
    const email = await addressOf(deps.auth, uid);
    if (!email) return [];
    const { links, render } = setting(deps);
    const contact = render.contact;
    const rejected = () => messages.profileRejected({ storeName, contact, reason });
    const byReview: Record<
      ProfileReview,
      { kind: string; key: (uid: string, round: number) => string; content: () => MailContent }
    > = {
      approve: {
        kind: 'profile-approved',
        key: mailKeys.profileApproved,
        content: () => messages.profileApproved({ storeName, signInUrl: links.signIn() }),
      },
      decline: { kind: 'profile-declined', key: mailKeys.profileDeclined, content: rejected },
      reject: { kind: 'profile-rejected', key: mailKeys.profileRejected, content: rejected },
      reopen: {
        kind: 'profile-reopened',
        key: mailKeys.profileReopened,
        content: () => messages.profileReopened({ storeName, contact }),
      },
    };
    const { kind, key, content } = byReview[review];
    return [await one(kind, key(uid, round), email, content(), render)];
  });
}

/** The Auth action link for verifying `email`, as a link to the portal's action page. */
async function verificationUrl(deps: MailDeps, links: PortalLinks, email: string): Promise<string> {
  const link = await deps.auth.generateEmailVerificationLink(email, { url: links.signIn() });
  return links.authAction(link);
}

/** A mail to an address nobody has proven yet: expires `ttlMs` after `now` (mail's TTL policy). */
async function unproven(
  mail: Promise<QueuedMail>,
  now: number,
  ttlMs: number,
): Promise<QueuedMail> {
  return { ...(await mail), expiresAt: now + ttlMs };
}

/** A verification link, and nothing else, to the applicant: expires with the unverified applicant. */
async function verifyLinkMail(
  deps: MailDeps,
  email: string,
  kind: string,
  key: string,
  content: (p: { verifyUrl: string }) => MailContent,
  now: number,
): Promise<QueuedMail> {
  const { links, render } = setting(deps);
  const verifyUrl = await verificationUrl(deps, links, email);
  return unproven(
    one(kind, key, email, content({ verifyUrl }), render),
    now,
    UNVERIFIED_APPLICANT_TTL_MS,
  );
}

/**
 * A new application, to the applicant: a verification link and nothing the applicant wrote (the
 * address is not proven yet, so it may be someone else's). Expires with the unverified applicant.
 */
export async function applicationReceivedMail(
  deps: MailDeps,
  user: { uid: string; email: string },
  now: number = Date.now(),
): Promise<QueuedMail> {
  return verifyLinkMail(
    deps,
    user.email,
    'application-received',
    mailKeys.applicationReceived(user.uid),
    messages.applicationReceived,
    now,
  );
}

/**
 * A new application, to every manager: sent once the applicant has verified the address
 * (syncEmailVerification), so a stranger's sign-up with someone else's address reaches nobody.
 */
export function newApplicationMails(
  deps: MailDeps,
  uid: string,
  application: { storeName: string; fullName: string; role: string; email: string },
): Promise<QueuedMail[]> {
  return safely('new-application', { uid }, async () => {
    const { links, render } = setting(deps);
    const mails: QueuedMail[] = [];
    for (const manager of await managerRecipients(deps.db, deps.auth)) {
      mails.push(
        await one(
          'new-application',
          mailKeys.newApplication(uid, manager.uid),
          manager.email,
          messages.newApplication({ ...application, companiesUrl: links.adminCompanies() }),
          render,
        ),
      );
    }
    return mails;
  });
}

/**
 * A new verification link the applicant (or a manager for them) asked for: requestId makes each
 * request its own mail; like the first, it carries nothing the applicant wrote.
 */
export async function verificationMail(
  deps: MailDeps,
  user: { uid: string; email: string },
  requestId: string,
  now: number = Date.now(),
): Promise<QueuedMail> {
  return verifyLinkMail(
    deps,
    user.email,
    'verify-email',
    mailKeys.verifyEmail(user.uid, requestId),
    messages.verifyEmail,
    now,
  );
}

export async function passwordResetMail(
  deps: MailDeps,
  user: { uid: string; email: string },
  requestId: string,
): Promise<QueuedMail> {
  const { links, render } = setting(deps);
  const link = await deps.auth.generatePasswordResetLink(user.email, { url: links.signIn() });
  return one(
    'password-reset',
    mailKeys.passwordReset(user.uid, requestId),
    user.email,
    messages.passwordReset({ resetUrl: links.authAction(link) }),
    render,
  );
}

/** The newsletter's confirmation: to an address not confirmed yet, so it expires with it. */
export async function newsletterConfirmMail(
  deps: Pick<MailDeps, 'env'>,
  subscription: { id: string; email: string; token: string },
  requestId: string,
  now: number = Date.now(),
): Promise<QueuedMail> {
  const { links, render } = setting(deps);
  return unproven(
    one(
      'newsletter-confirm',
      mailKeys.newsletterConfirm(subscription.id, requestId),
      subscription.email,
      messages.newsletterConfirm({
        confirmUrl: links.newsletter('confirm', subscription.token),
        unsubscribeUrl: links.newsletter('unsubscribe', subscription.token),
      }),
      render,
    ),
    now,
    PENDING_NEWSLETTER_TTL_MS,
  );
}

/** What an invitation's mail says and where it goes (the token only ever travels in the link). */
export interface InvitationMailFacts {
  invitationId: string;
  email: string;
  companyName: string;
  inviterName: string;
  role: CompanyRole;
  token: string;
  /** Which sending this is: 1 for the invitation, 2 for the first resend, ... (mailKeys). */
  sendCount: number;
  /** When the link stops working (ms since the epoch): the mail expires with it. */
  expiresAt: number;
  validDays: number;
}

/**
 * An invitation to join a company, to the invited address. Not built `safely`: the mail is the
 * only place the link's token goes, so an invitation whose mail cannot be built is not made.
 * The address is not proven yet, so the message expires (the outbox's TTL) with the link.
 */
export async function memberInvitationMail(
  deps: MailDeps,
  facts: InvitationMailFacts,
): Promise<QueuedMail> {
  const { links, render } = setting(deps);
  const mail = await one(
    'member-invitation',
    mailKeys.memberInvitation(facts.invitationId, facts.sendCount),
    facts.email,
    messages.memberInvitation({
      companyName: facts.companyName,
      inviterName: facts.inviterName,
      role: facts.role,
      joinUrl: links.join(facts.token),
      validDays: facts.validDays,
    }),
    render,
  );
  return { ...mail, expiresAt: facts.expiresAt };
}

/** An invitation accepted: "X joined" to each of the company's owners (the new member's too). */
export function invitationAcceptedMails(
  deps: MailDeps,
  facts: {
    invitationId: string;
    companyName: string;
    ownerUids: readonly string[];
    memberName: string;
    email: string;
    role: CompanyRole;
  },
): Promise<QueuedMail[]> {
  return safely('invitation-accepted', { invitationId: facts.invitationId }, async () => {
    const { links, render } = setting(deps);
    const mails: QueuedMail[] = [];
    for (const owner of facts.ownerUids) {
      const email = await addressOf(deps.auth, owner);
      if (!email) continue;
      mails.push(
        await one(
          'invitation-accepted',
          mailKeys.invitationAccepted(facts.invitationId, owner),
          email,
          messages.invitationAccepted({
            companyName: facts.companyName,
            memberName: facts.memberName,
            email: facts.email,
            role: facts.role,
            membersUrl: links.accountMembers(),
          }),
          render,
        ),
      );
    }
    return mails;
  });
}

/** A member's new role (and a buyer's locations), to the member. */
export function memberRoleChangedMail(
  deps: MailDeps,
  facts: {
    uid: string;
    changeId: string;
    companyName: string;
    role: CompanyRole;
    locationNames: readonly string[];
  },
): Promise<QueuedMail[]> {
  return safely('member-role-changed', { uid: facts.uid }, async () => {
    const email = await addressOf(deps.auth, facts.uid);
    if (!email) return [];
    const { links, render } = setting(deps);
    return [
      await one(
        'member-role-changed',
        mailKeys.memberRoleChanged(facts.uid, facts.changeId),
        email,
        messages.memberRoleChanged({
          companyName: facts.companyName,
          role: facts.role,
          locationNames: facts.locationNames,
          accountUrl: links.orders(),
        }),
        render,
      ),
    ];
  });
}

/** A member removed from the company (or who left it), to the member. */
export function memberRemovedMail(
  deps: MailDeps,
  facts: { uid: string; changeId: string; companyName: string; left: boolean },
): Promise<QueuedMail[]> {
  return safely('member-removed', { uid: facts.uid }, async () => {
    const email = await addressOf(deps.auth, facts.uid);
    if (!email) return [];
    const { render } = setting(deps);
    return [
      await one(
        'member-removed',
        mailKeys.memberRemoved(facts.uid, facts.changeId),
        email,
        messages.memberRemoved({
          companyName: facts.companyName,
          left: facts.left,
          contact: render.contact,
        }),
        render,
      ),
    ];
  });
}
