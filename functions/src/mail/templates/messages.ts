import {
  businessDayText,
  CARRIER_LABELS,
  COMPANY_ROLE_HINTS,
  COMPANY_ROLE_LABELS,
  disputeStatusLabel,
  formatUsd,
  shipToLines,
  stripUnsafeText,
  orderSummaryOf,
  orderSummaryRows,
  type OrderSummary,
  type Carrier,
  type CompanyRole,
  type ShipTo,
  type StandingOrderLine,
  type TaxOfOrder,
} from '@portal/domain';
import { mailLineItems, type Block, type MailContent, type MailOrderLine } from './layout';

/**
 * Every mail the portal sends, as content for the one layout (layout.ts). Each takes the facts
 * it shows and the absolute links it needs (links.ts builds them from the portal's address).
 */

/**
 * The first mail to an address nobody has proven yet: anyone can type any address at /apply, so
 * it carries nothing the applicant wrote (no name, no store name, no permit), only our own words
 * and the verification link. The managers hear of the application once the address is verified.
 */
export function applicationReceived(p: { verifyUrl: string }): MailContent {
  return {
    subject: 'We received your application',
    preview: 'Verify your email address so we can review your application.',
    heading: 'Thanks for applying',
    blocks: [
      {
        kind: 'text',
        text: "We'll review your application and notify you when approved. First, please confirm that this is your email address.",
      },
      { kind: 'button', label: 'Verify email address', url: p.verifyUrl },
      {
        kind: 'text',
        text: 'If you did not apply for a wholesale account, you can ignore this message.',
      },
    ],
  };
}

/**
 * A new verification link for an address not verified yet: like the first mail, nothing the
 * applicant wrote (they may not be who owns the address).
 */
export function verifyEmail(p: { verifyUrl: string }): MailContent {
  return {
    subject: 'Verify your email address',
    preview: 'Confirm your email address for your wholesale account.',
    heading: 'Verify your email address',
    blocks: [
      { kind: 'text', text: 'Please confirm that this is your email address.' },
      { kind: 'button', label: 'Verify email address', url: p.verifyUrl },
      { kind: 'text', text: 'This link works once and expires after a while.' },
    ],
  };
}

/** To the managers, once the applicant verified the address (names stripped of control characters). */
export function newApplication(p: {
  storeName: string;
  fullName: string;
  email: string;
  role: string;
  companiesUrl: string;
}): MailContent {
  p = { ...p, storeName: stripUnsafeText(p.storeName), fullName: stripUnsafeText(p.fullName) };
  return {
    subject: `New application: ${p.storeName}`,
    preview: `${p.storeName} applied for a ${p.role} account.`,
    heading: 'New application',
    blocks: [
      { kind: 'text', text: `${p.storeName} applied for a wholesale account.` },
      {
        kind: 'facts',
        rows: [
          ['Store', p.storeName],
          ['Contact', p.fullName],
          ['Email', p.email],
          ['Business type', p.role],
        ],
      },
      { kind: 'button', label: 'Review in the Companies tab', url: p.companiesUrl },
    ],
  };
}

export function profileApproved(p: { storeName: string; signInUrl: string }): MailContent {
  return {
    subject: 'Your wholesale account is approved',
    preview: 'You can now sign in and order at your wholesale prices.',
    heading: 'Your account is approved',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: 'Good news: your application is approved. Sign in to see the catalog at your prices and place your first order.',
      },
      { kind: 'button', label: 'Sign in', url: p.signInUrl },
    ],
  };
}

/**
 * A declined application or a rejected account. A manager's note, when they wrote one, is quoted
 * as plain text (line breaks and special characters become spaces).
 */
export function profileRejected(p: {
  storeName: string;
  contact: string;
  reason?: string | undefined;
}): MailContent {
  const reason = p.reason ? stripUnsafeText(p.reason) : '';
  return {
    subject: 'About your wholesale application',
    preview: 'An update on your application.',
    heading: 'About your application',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: "Thank you for your interest in working with us. After reviewing your application, we're not able to open a wholesale account for your business at this time.",
      },
      ...(reason ? [{ kind: 'text' as const, text: `A note from our team: ${reason}` }] : []),
      {
        kind: 'text',
        text: `If you think this is a mistake or your situation has changed, write to ${p.contact} and we'll gladly take another look.`,
      },
    ],
  };
}

/** A declined or rejected application reopened by a manager: it is pending again. */
export function profileReopened(p: { storeName: string; contact: string }): MailContent {
  return {
    subject: "We're taking another look at your application",
    preview: 'Your wholesale application is open again.',
    heading: 'Your application is open again',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: "Good news: we've reopened your application for a wholesale account and will review it again. There's nothing you need to do; we'll write to you as soon as we've decided.",
      },
      {
        kind: 'text',
        text: `Questions in the meantime? Write to ${p.contact}.`,
      },
    ],
  };
}

interface OrderFacts {
  storeName: string;
  orderId: string;
  invoiceNumber: string | null;
}

function orderLabel(o: OrderFacts): string {
  return o.invoiceNumber ?? `order ${o.orderId.slice(0, 8)}`;
}

/** What every standing order mail says about the standing order itself. */
export interface StandingTerms {
  intervalWeeks: number;
  /** Cents charged each delivery from the next one. */
  cycleAmount: number;
  /** When the next delivery is charged, or null when it is not known yet. */
  nextChargeAt: Date | null;
  standingOrdersUrl: string;
  /** The address for questions (and for cancelling by mail). */
  contact: string;
}

/** "Dec 16, 2026", or what the buyer can do when the date is not known yet. */
function nextChargeText(at: Date | null): string {
  return at ? businessDayText(at) : 'shown in My Account > Standing orders';
}

/**
 * The terms of an automatic renewal, in the words a buyer needs (as automatic-renewal laws ask:
 * what is charged, how often, when next, and how to cancel).
 */
function standingTermsBlocks(t: StandingTerms, cancelled = false): Block[] {
  if (cancelled) {
    return [
      { kind: 'button', label: 'View your standing orders', url: t.standingOrdersUrl },
      { kind: 'text', text: `Questions? Write to ${t.contact}.` },
    ];
  }
  return [
    {
      kind: 'facts',
      rows: [
        ['Delivery', `Every ${t.intervalWeeks} weeks`],
        ['Charged each delivery', formatUsd(t.cycleAmount)],
        ['Next charge', nextChargeText(t.nextChargeAt)],
      ],
    },
    {
      kind: 'text',
      text: `This standing order renews automatically: we charge ${formatUsd(t.cycleAmount)} plus any sales tax to the card you paid with every ${t.intervalWeeks} weeks and ship that delivery, until you cancel.`,
    },
    {
      kind: 'text',
      text: `How to cancel: sign in, open My Account > Standing orders and choose "Cancel standing order", or write to ${t.contact}. Cancel before the next charge date and nothing more is charged. You can skip a delivery or change quantities there too.`,
    },
    { kind: 'button', label: 'View your standing orders', url: t.standingOrdersUrl },
  ];
}

export function orderConfirmation(
  p: OrderFacts & {
    /** Backordered lines are marked "Backordered · Expected Dec 10, 2026". */
    items: readonly MailOrderLine[];
    amount: number;
    shipTo: ShipTo | null;
    /** The buyer's purchase order number ('' when none). */
    poNumber?: string;
    invoiceUrl: string;
    /** The order in the buyer's My Account, opened (links.accountOrder). */
    orderUrl: string;
    /** An order of a standing order: its terms (cadence, next charge, how to cancel). */
    standing?: StandingTerms | undefined;
    /** Its sales tax (in `amount`) or exemption; absent before tax. */
    tax?: TaxOfOrder | null;
    /** A quote's shipping charge (in `amount`); absent or 0 when free. */
    shippingCharge?: number;
    /** Store credit spent on it (taken off `amount`); absent or 0 when none. */
    storeCredit?: number;
  },
): MailContent {
  return {
    subject: `Order confirmed: ${orderLabel(p)}`,
    preview: `Thanks for your order of ${formatUsd(p.amount)}.`,
    heading: 'Thanks for your order',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: "We received your payment and are preparing your order. We'll write again when it ships.",
      },
      {
        kind: 'facts',
        rows: [
          ['Order', p.orderId],
          ...(p.invoiceNumber ? [['Invoice', p.invoiceNumber] as const] : []),
          ...(p.poNumber ? [['PO number', p.poNumber] as const] : []),
        ],
      },
      {
        kind: 'lines',
        items: mailLineItems(p.items),
        summary: orderSummaryRows(summaryOf(p), formatUsd),
        total: formatUsd(p.amount),
      },
      p.shipTo
        ? { kind: 'address', title: 'Ship to', lines: shipToLines(p.shipTo) }
        : { kind: 'text', text: "We'll contact you for the shipping address." },
      { kind: 'button', label: 'Open the order', url: p.orderUrl },
      { kind: 'button', label: 'View invoice', url: p.invoiceUrl },
      ...(p.standing
        ? [
            {
              kind: 'text',
              text: `This order is a delivery of your standing order (every ${p.standing.intervalWeeks} weeks).`,
            } as const,
            ...standingTermsBlocks(p.standing),
          ]
        : []),
    ],
  };
}

/** The rows between a mail's lines and its total (orderSummaryRows). */
function summaryOf(p: {
  items: readonly { line_total: number }[];
  tax?: TaxOfOrder | null;
  shippingCharge?: number;
  storeCredit?: number;
}): OrderSummary {
  return orderSummaryOf({
    items: p.items,
    tax: p.tax,
    shipping_charge: p.shippingCharge,
    store_credit_applied: p.storeCredit,
  });
}

export function newOrder(
  p: OrderFacts & {
    amount: number;
    units: number;
    orderUrl: string;
    /** The order's lines: their total is its subtotal. */
    items: readonly { line_total: number }[];
    tax?: TaxOfOrder | null;
    shippingCharge?: number;
    storeCredit?: number;
  },
): MailContent {
  return {
    subject: `New order from ${p.storeName}: ${formatUsd(p.amount)}`,
    preview: `${p.storeName} paid ${formatUsd(p.amount)} for ${p.units} units.`,
    heading: 'New order',
    blocks: [
      {
        kind: 'facts',
        rows: [
          ['Store', p.storeName],
          ['Order', p.orderId],
          ...(p.invoiceNumber ? [['Invoice', p.invoiceNumber] as const] : []),
          ['Units', String(p.units)],
          ...orderSummaryRows(summaryOf(p), formatUsd),
          ['Total', formatUsd(p.amount)],
        ],
      },
      { kind: 'button', label: 'Open the order', url: p.orderUrl },
    ],
  };
}

/** To every manager: a buyer's bank disputes an order's payment (a chargeback). */
export function disputeOpened(
  p: OrderFacts & {
    amount: number;
    reason: string;
    status: string;
    respondBy: Date | null;
    orderUrl: string;
  },
): MailContent {
  return {
    subject: `Payment disputed: ${orderLabel(p)} from ${p.storeName}`,
    preview: `The bank of ${p.storeName} disputes ${formatUsd(p.amount)}. Do not ship the order.`,
    heading: 'A payment was disputed',
    blocks: [
      {
        kind: 'text',
        text: `The buyer's bank disputes the payment of this order. The portal will not let it be shipped or marked delivered while the dispute is open. Answer the dispute in the Stripe dashboard${p.respondBy ? ' before the deadline' : ''}.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Store', p.storeName],
          ['Order', p.orderId],
          ...(p.invoiceNumber ? [['Invoice', p.invoiceNumber] as const] : []),
          ['Disputed', formatUsd(p.amount)],
          ['Reason', disputeStatusLabel(p.reason)],
          ['Status', disputeStatusLabel(p.status)],
          ...(p.respondBy ? [['Respond by', businessDayText(p.respondBy)] as const] : []),
        ],
      },
      { kind: 'button', label: 'Open the order', url: p.orderUrl },
    ],
  };
}

/** A line still to ship after a shipment, with its backorder mark (null when in stock). */
export interface StillToShip {
  name: string;
  quantity: number;
  /** "Backordered · Expected Dec 10, 2026" (backorders.ts backorderMark), or null. */
  mark: string | null;
}

/**
 * One shipment of an order (docs/order-lifecycle.md#shipments): what this box carries, its
 * carrier and tracking link, and what is still to ship (backordered lines with their restock
 * date). An order shipped in one box reads as it did before shipments: "Your order has shipped".
 */
export function orderShipped(
  p: OrderFacts & {
    carrier: Carrier;
    trackingNumber: string;
    trackingUrl: string | null;
    ordersUrl: string;
    /** The shipment's number on the order (1, 2...). */
    shipmentNumber: number;
    /** What this shipment carries. */
    lines: ReadonlyArray<{ name: string; quantity: number }>;
    /** What the order still has to ship after it: none when this shipment completes it. */
    stillToShip: readonly StillToShip[];
  },
): MailContent {
  const more = p.stillToShip.length > 0;
  const whole = !more && p.shipmentNumber === 1;
  const carried = p.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
  const left = p.stillToShip
    .map((line) => `${line.quantity} × ${line.name}${line.mark ? ` (${line.mark})` : ''}`)
    .join(', ');
  return {
    subject: whole
      ? `Your order has shipped: ${orderLabel(p)}`
      : `${more ? 'Part of your order' : 'The rest of your order'} has shipped: ${orderLabel(p)}`,
    preview: `Shipment ${p.shipmentNumber} is on its way with ${CARRIER_LABELS[p.carrier]}.`,
    heading: whole
      ? 'Your order is on its way'
      : more
        ? 'Part of your order is on its way'
        : 'The rest of your order is on its way',
    greetingName: p.storeName,
    blocks: [
      { kind: 'text', text: `Shipment ${p.shipmentNumber} of ${orderLabel(p)}: ${carried}.` },
      {
        kind: 'facts',
        rows: [
          ['Order', p.orderId],
          ['Shipment', String(p.shipmentNumber)],
          ['Carrier', CARRIER_LABELS[p.carrier]],
          ['Tracking number', p.trackingNumber],
        ],
      },
      p.trackingUrl
        ? { kind: 'button', label: 'Track your package', url: p.trackingUrl }
        : { kind: 'button', label: 'View your orders', url: p.ordersUrl },
      ...(more
        ? [
            {
              kind: 'text',
              text: `Still to ship: ${left}. We'll write again when it ships.`,
            } as const,
          ]
        : []),
    ],
  };
}

/** What a refund by lines refunded: its lines (name, units, cents), tax, shipping and goodwill. */
export interface RefundByLines {
  lines: ReadonlyArray<{ name: string; quantity: number; amount: number }>;
  tax: number;
  shipping: number;
  goodwill: number;
}

/** "2 × Blue Coast Syrup $X", then the tax, shipping and goodwill refunded, and the refund. */
function refundLinesBlock(refund: RefundByLines, total: number): Block {
  const parts: Array<readonly [string, number]> = [
    ['Tax', refund.tax],
    ['Shipping', refund.shipping],
    ['Goodwill', refund.goodwill],
  ];
  return {
    kind: 'lines',
    items: refund.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      total: formatUsd(line.amount),
    })),
    summary: parts
      .filter(([, cents]) => cents > 0)
      .map(([label, cents]) => [label, formatUsd(cents)] as const),
    total: formatUsd(total),
  };
}

export function orderRefunded(
  p: OrderFacts & {
    refunded: number;
    totalRefunded: number;
    amount: number;
    ordersUrl: string;
    /** The manager's note to the customer ('' for none). */
    note: string;
    /** A refund by lines: what it refunded (cents), or null for a refund of an amount. */
    byLines?: RefundByLines | null;
    /** Store credit the order spent, back on the company's balance with this refund. */
    storeCreditReturned?: number;
  },
): MailContent {
  return {
    subject: `Refund of ${formatUsd(p.refunded)} for ${orderLabel(p)}`,
    preview: `We refunded ${formatUsd(p.refunded)} to your card.`,
    heading: 'We sent you a refund',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: `We refunded ${formatUsd(p.refunded)} to the card you paid with. It usually shows on your statement within 5 to 10 business days.${creditBackText(p.storeCreditReturned)}`,
      },
      ...(p.byLines ? [refundLinesBlock(p.byLines, p.refunded)] : []),
      {
        kind: 'facts',
        rows: [
          ['Order', p.orderId],
          ['Order total', formatUsd(p.amount)],
          ['Refunded in total', formatUsd(p.totalRefunded)],
          ...(p.note ? [['Note', p.note] as const] : []),
        ],
      },
      { kind: 'button', label: 'View your orders', url: p.ordersUrl },
    ],
  };
}

/** " The $40.00 of store credit it used is back in your store credit.", or '' for none. */
function creditBackText(cents: number | undefined): string {
  return cents && cents > 0
    ? ` The ${formatUsd(cents)} of store credit it used is back in your store credit.`
    : '';
}

export function orderCancelled(
  p: OrderFacts & {
    amount: number;
    refunded: number;
    ordersUrl: string;
    /** Store credit the order spent, back on the company's balance. */
    storeCreditReturned?: number;
  },
): MailContent {
  return {
    subject: `Order cancelled: ${orderLabel(p)}`,
    preview: p.refunded > 0 ? `We refunded ${formatUsd(p.refunded)}.` : 'Your order was cancelled.',
    heading: 'Your order was cancelled',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text:
          (p.refunded > 0
            ? `Your order of ${formatUsd(p.amount)} was cancelled and ${formatUsd(p.refunded)} was refunded to the card you paid with.`
            : `Your order of ${formatUsd(p.amount)} was cancelled. You were not charged for it.`) +
          creditBackText(p.storeCreditReturned),
      },
      { kind: 'facts', rows: [['Order', p.orderId]] },
      { kind: 'button', label: 'View your orders', url: p.ordersUrl },
    ],
  };
}

/** A standing order's renewal could not be charged. */
export function standingOrderPaymentFailed(p: {
  storeName: string;
  amount: number;
  intervalWeeks: number;
  standingOrdersUrl: string;
}): MailContent {
  return {
    subject: 'Your standing order could not be charged',
    preview: `We could not charge ${formatUsd(p.amount)} for your next delivery.`,
    heading: 'Your standing order payment failed',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: `We could not charge your card ${formatUsd(p.amount)} for your standing order (every ${p.intervalWeeks} weeks), so this delivery is on hold. We retry automatically; if your card changed, contact us.`,
      },
      { kind: 'button', label: 'View your standing orders', url: p.standingOrdersUrl },
    ],
  };
}

type StandingLine = Pick<StandingOrderLine, 'name' | 'quantity' | 'unit_amount' | 'paused_reason'>;

function standingLinesBlock(lines: readonly StandingLine[], total: number): Block {
  return {
    kind: 'lines',
    items: lines
      .filter((line) => line.paused_reason === null)
      .map((line) => ({
        name: line.name,
        quantity: line.quantity,
        total: formatUsd(line.unit_amount * line.quantity),
      })),
    total: formatUsd(total),
  };
}

/** The buyer skipped their next delivery. */
export function standingOrderSkipped(
  p: StandingTerms & { storeName: string; skippedAt: Date },
): MailContent {
  const skipped = businessDayText(p.skippedAt);
  return {
    subject: `Delivery of ${skipped} skipped`,
    preview: `Nothing is charged for it. Next delivery: ${nextChargeText(p.nextChargeAt)}.`,
    heading: 'Your delivery is skipped',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: `You skipped the delivery of your standing order due on ${skipped}. Nothing is charged or shipped for it. Your next delivery is charged ${formatUsd(p.cycleAmount)} on ${nextChargeText(p.nextChargeAt)}.`,
      },
      { kind: 'facts', rows: [['Skipped delivery', skipped]] },
      ...standingTermsBlocks(p),
    ],
  };
}

/**
 * The reminder 3 days before a charge: the delivery's lines, its total and date, a one-tap skip
 * (a page that shows the delivery and asks; opening it skips nothing), and the terms.
 */
export function standingOrderReminder(
  p: StandingTerms & {
    storeName: string;
    deliveryAt: Date;
    lines: readonly StandingLine[];
    skipUrl: string;
  },
): MailContent {
  const day = businessDayText(p.deliveryAt);
  return {
    subject: `Your next delivery on ${day}: ${formatUsd(p.cycleAmount)}`,
    preview: `Skip it or change it before ${day}.`,
    heading: 'Your next delivery is coming up',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: `On ${day} we charge ${formatUsd(p.cycleAmount)} plus any sales tax for the next delivery of your standing order and ship it:`,
      },
      standingLinesBlock(p.lines, p.cycleAmount),
      { kind: 'button', label: 'Skip this delivery', url: p.skipUrl },
      {
        kind: 'text',
        text: 'The link shows this delivery and asks before it skips anything; it works until the delivery is charged. To change products, the schedule or pause, open My Account > Standing orders.',
      },
      ...standingTermsBlocks(p),
    ],
  };
}

/** The buyer undid the skip: the delivery is on again. */
export function standingOrderUnskipped(p: StandingTerms & { storeName: string }): MailContent {
  return {
    subject: `Delivery of ${nextChargeText(p.nextChargeAt)} back on`,
    preview: `We charge ${formatUsd(p.cycleAmount)} and ship it as planned.`,
    heading: 'Your next delivery is back on',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: `You undid the skip: your next delivery is charged ${formatUsd(p.cycleAmount)} on ${nextChargeText(p.nextChargeAt)} and shipped as planned.`,
      },
      ...standingTermsBlocks(p),
    ],
  };
}

/** The buyer (or a manager) changed the quantities, from the next delivery on. */
export function standingOrderChanged(
  p: StandingTerms & {
    storeName: string;
    lines: readonly StandingLine[];
    previousAmount: number;
  },
): MailContent {
  return {
    subject: `Standing order changed: ${formatUsd(p.cycleAmount)} every ${p.intervalWeeks} weeks`,
    preview: `From your next delivery on ${nextChargeText(p.nextChargeAt)}.`,
    heading: 'Your standing order is changed',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text:
          p.previousAmount === p.cycleAmount
            ? `Your new quantities apply from the next delivery, on ${nextChargeText(p.nextChargeAt)}. Each delivery still costs ${formatUsd(p.cycleAmount)}.`
            : `Your new quantities apply from the next delivery, on ${nextChargeText(p.nextChargeAt)}. Each delivery now costs ${formatUsd(p.cycleAmount)} (it was ${formatUsd(p.previousAmount)}).`,
      },
      standingLinesBlock(p.lines, p.cycleAmount),
      ...standingTermsBlocks(p),
    ],
  };
}

/** A line whose unit price changed: the new price and the list that set it, and the old ones. */
export interface RepricedLine {
  name: string;
  unitAmount: number;
  /** The price list that set the new price, by name, or null for the tier's price. */
  priceList: string | null;
  previousUnitAmount: number;
  previousPriceList: string | null;
}

/** "$4.28 (Chain 5% syrups), was $4.50": the old list is named only when it is another one. */
function repricedText(line: RepricedLine): string {
  const list = line.priceList ? stripUnsafeText(line.priceList) : '';
  const previousList = line.previousPriceList ? stripUnsafeText(line.previousPriceList) : '';
  const now = list ? `${formatUsd(line.unitAmount)} (${list})` : formatUsd(line.unitAmount);
  const was =
    previousList && previousList !== list
      ? `${formatUsd(line.previousUnitAmount)} (${previousList})`
      : formatUsd(line.previousUnitAmount);
  return `${now}, was ${was}`;
}

/**
 * The buyer's prices changed (a price list, a tier move, the catalog): the standing order charges
 * the new unit prices from its next delivery; deliveries already paid keep theirs. While a
 * manager has it paused, from the first delivery after it resumes.
 */
export function standingOrderRepriced(
  p: StandingTerms & {
    storeName: string;
    lines: readonly StandingLine[];
    repriced: readonly RepricedLine[];
    previousAmount: number;
    paused: boolean;
  },
): MailContent {
  const from = p.paused
    ? 'Your standing order is paused; from the first delivery after it resumes'
    : `From your next delivery, on ${nextChargeText(p.nextChargeAt)}`;
  const cost =
    p.previousAmount === p.cycleAmount
      ? `each delivery still costs ${formatUsd(p.cycleAmount)}`
      : `each delivery costs ${formatUsd(p.cycleAmount)} (it was ${formatUsd(p.previousAmount)})`;
  return {
    subject: `New prices for your standing order: ${formatUsd(p.cycleAmount)} every ${p.intervalWeeks} weeks`,
    preview: p.paused
      ? 'They apply once your standing order resumes.'
      : `From your next delivery on ${nextChargeText(p.nextChargeAt)}.`,
    heading: 'Your standing order has new prices',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: `Your prices changed. ${from}, ${cost}. Deliveries already paid keep their price.`,
      },
      { kind: 'text', text: 'New price per unit:' },
      { kind: 'facts', rows: p.repriced.map((line) => [line.name, repricedText(line)] as const) },
      standingLinesBlock(p.lines, p.cycleAmount),
      ...standingTermsBlocks(p),
    ],
  };
}

/** The standing order is cancelled: nothing more is charged or shipped. */
export function standingOrderCancelled(
  p: StandingTerms & { storeName: string; cancelledAt: Date },
): MailContent {
  return {
    subject: 'Your standing order is cancelled',
    preview: 'No further deliveries will be made or charged.',
    heading: 'Your standing order is cancelled',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: `Your standing order (${formatUsd(p.cycleAmount)} every ${p.intervalWeeks} weeks) is cancelled as of ${businessDayText(p.cancelledAt)}. No further deliveries will be made or charged. Deliveries already paid are shipped as usual.`,
      },
      ...standingTermsBlocks(p, true),
    ],
  };
}

/** To every manager: a standing order was cancelled, or its total per delivery moved. */
export function standingOrderNotice(p: {
  kind: 'cancelled' | 'changed';
  storeName: string;
  intervalWeeks: number;
  cycleAmount: number;
  previousAmount: number;
  nextChargeAt: Date | null;
  standingOrdersUrl: string;
}): MailContent {
  const cancelled = p.kind === 'cancelled';
  return {
    subject: cancelled
      ? `Standing order cancelled: ${p.storeName}`
      : `Standing order changed: ${p.storeName}: ${formatUsd(p.cycleAmount)} per delivery`,
    preview: cancelled
      ? `${p.storeName} cancelled ${formatUsd(p.previousAmount)} every ${p.intervalWeeks} weeks.`
      : `${formatUsd(p.previousAmount)} before, ${formatUsd(p.cycleAmount)} from the next delivery.`,
    heading: cancelled ? 'A standing order was cancelled' : 'A standing order changed',
    blocks: [
      {
        kind: 'facts',
        rows: [
          ['Store', p.storeName],
          ['Delivery', `Every ${p.intervalWeeks} weeks`],
          ...(cancelled
            ? ([['Was charged each delivery', formatUsd(p.previousAmount)]] as const)
            : ([
                ['Before', formatUsd(p.previousAmount)],
                ['From the next delivery', formatUsd(p.cycleAmount)],
                ['Next charge', nextChargeText(p.nextChargeAt)],
              ] as const)),
        ],
      },
      { kind: 'button', label: 'Open standing orders', url: p.standingOrdersUrl },
    ],
  };
}

export function passwordReset(p: { resetUrl: string }): MailContent {
  return {
    subject: 'Reset your password',
    preview: 'Choose a new password for your wholesale account.',
    heading: 'Reset your password',
    blocks: [
      {
        kind: 'text',
        text: 'Someone asked to reset the password of your wholesale account. If it was you, choose a new password:',
      },
      { kind: 'button', label: 'Choose a new password', url: p.resetUrl },
      {
        kind: 'text',
        text: 'If you did not ask for this, ignore this message: your password stays as it is.',
      },
    ],
  };
}

export function newsletterConfirm(p: { confirmUrl: string; unsubscribeUrl: string }): MailContent {
  return {
    subject: 'Confirm your subscription',
    preview: 'One click and you get new flavors and offers first.',
    heading: 'Confirm your subscription',
    blocks: [
      {
        kind: 'text',
        text: 'Please confirm that you want new flavors and offers from us by email.',
      },
      { kind: 'button', label: 'Confirm subscription', url: p.confirmUrl },
      {
        kind: 'text',
        text: 'If you did not sign up, ignore this message and you will not hear from us.',
      },
    ],
    unsubscribeUrl: p.unsubscribeUrl,
  };
}

/**
 * "Buyer: orders for the locations you assign, and sees those orders": a role and its hint, as
 * the owners read them (the member list's words).
 */
function roleLine(role: CompanyRole): string {
  return `${COMPANY_ROLE_LABELS[role]}: ${COMPANY_ROLE_HINTS[role].toLowerCase()}`;
}

/**
 * What a role lets its member do, said to the member (COMPANY_ROLE_HINTS speak to the owner who
 * assigns the locations); the same table as companyRoleCan's.
 */
const ROLE_ALLOWS: Readonly<Record<CompanyRole, string>> = {
  owner: 'order for every location, see every order, and manage the members and locations',
  buyer: 'order for the locations assigned to you, and see those orders',
  viewer: 'follow every order, invoice and shipment, without placing orders',
};

/**
 * An invitation to join a company, to an address nobody has proven yet: the company's name and
 * the inviter's (an approved company's own words, stripped to plain text), the role and what it
 * allows, the link and how long it works. No greeting by name: the address may be anyone's.
 */
export function memberInvitation(p: {
  companyName: string;
  inviterName: string;
  role: CompanyRole;
  joinUrl: string;
  validDays: number;
}): MailContent {
  const companyName = stripUnsafeText(p.companyName);
  const inviterName = stripUnsafeText(p.inviterName);
  return {
    subject: `Join ${companyName} on our wholesale portal`,
    preview: `${inviterName} invited you as ${COMPANY_ROLE_LABELS[p.role]}.`,
    heading: `Join ${companyName}`,
    blocks: [
      {
        kind: 'text',
        text: `${inviterName} invited you to join ${companyName} on our wholesale portal as ${COMPANY_ROLE_LABELS[p.role]}: you will ${ROLE_ALLOWS[p.role]}.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Company', companyName],
          ['Invited by', inviterName],
          ['Role', COMPANY_ROLE_LABELS[p.role]],
        ],
      },
      { kind: 'button', label: 'Accept the invitation', url: p.joinUrl },
      {
        kind: 'text',
        text: `The link works once, for ${p.validDays} days. If you already have an account with this address, sign in first; otherwise you choose a password on the page.`,
      },
      {
        kind: 'text',
        text: 'If you did not expect this invitation, you can ignore this message: nothing happens unless you accept it.',
      },
    ],
  };
}

/** To each of the company's owners: someone accepted an invitation and is now a member. */
export function invitationAccepted(p: {
  companyName: string;
  memberName: string;
  email: string;
  role: CompanyRole;
  membersUrl: string;
}): MailContent {
  const memberName = stripUnsafeText(p.memberName) || p.email;
  return {
    subject: `${memberName} joined ${p.companyName}`,
    preview: `${memberName} accepted your invitation as ${COMPANY_ROLE_LABELS[p.role]}.`,
    heading: 'A new member joined',
    greetingName: p.companyName,
    blocks: [
      {
        kind: 'text',
        text: `${memberName} accepted the invitation and is now a member of ${stripUnsafeText(p.companyName)}.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Name', memberName],
          ['Email', p.email],
          ['Role', roleLine(p.role)],
        ],
      },
      { kind: 'button', label: 'Manage members', url: p.membersUrl },
    ],
  };
}

/** To a member whose role (or, for a buyer, whose locations) the owner or a manager changed. */
export function memberRoleChanged(p: {
  companyName: string;
  role: CompanyRole;
  /** A buyer's locations by name. */
  locationNames: readonly string[];
  accountUrl: string;
}): MailContent {
  const companyName = stripUnsafeText(p.companyName);
  const label = COMPANY_ROLE_LABELS[p.role];
  return {
    subject: `Your role in ${companyName}: ${label}`,
    preview: `You can now ${ROLE_ALLOWS[p.role]}.`,
    heading: 'Your role changed',
    greetingName: p.companyName,
    blocks: [
      {
        kind: 'text',
        text: `Your role in ${companyName} is now ${label}: you can ${ROLE_ALLOWS[p.role]}.`,
      },
      ...(p.role === 'buyer'
        ? [
            {
              kind: 'facts' as const,
              rows: [
                [
                  'Your locations',
                  p.locationNames.map((name) => stripUnsafeText(name)).join(', ') || 'none yet',
                ] as const,
              ],
            },
          ]
        : []),
      { kind: 'button', label: 'Open My Account', url: p.accountUrl },
      {
        kind: 'text',
        text: "Questions about your role? Ask your company's owner.",
      },
    ],
  };
}

/** To a member removed from the company (or who left it): their sign-in stays, the access goes. */
export function memberRemoved(p: {
  companyName: string;
  /** The member left on their own. */
  left: boolean;
  contact: string;
}): MailContent {
  const companyName = stripUnsafeText(p.companyName);
  return {
    subject: p.left ? `You left ${companyName}` : `You were removed from ${companyName}`,
    preview: `You no longer have access to the orders of ${companyName}.`,
    heading: p.left ? 'You left the company' : 'You were removed from the company',
    blocks: [
      {
        kind: 'text',
        text: p.left
          ? `You left ${companyName}: you no longer have access to its orders, standing orders and invoices on our wholesale portal. Its orders stay with the company.`
          : `You are no longer a member of ${companyName}: you no longer have access to its orders, standing orders and invoices on our wholesale portal. Its orders stay with the company.`,
      },
      {
        kind: 'text',
        text: p.left
          ? "To join again, ask the company's owner for a new invitation."
          : `If you think this is a mistake, ask the company's owner, or write to ${p.contact}.`,
      },
    ],
  };
}
