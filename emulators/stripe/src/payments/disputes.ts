import type Stripe from 'stripe';
import type { FormObject } from '../core/form-encoding.js';
import { newId } from '../core/ids.js';
import {
  assertKnownKeys,
  readBoolean,
  readMetadataUpdate,
  readObject,
  readString,
} from '../core/param-readers.js';
import { invalidRequest, resourceMissing } from '../core/stripe-error.js';
import type { Charge, Dispute, Known, Param } from '../core/types.js';

/** The reasons a dispute can be opened with in the sandbox (Stripe's `reason` values). */
export const DISPUTE_REASONS = [
  'fraudulent',
  'product_not_received',
  'product_unacceptable',
  'duplicate',
  'subscription_canceled',
  'credit_not_processed',
  'unrecognized',
  'general',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

const UPDATE_PARAMS: ReadonlyArray<Param<Stripe.DisputeUpdateParams>> = [
  'evidence',
  'metadata',
  'submit',
  'expand',
];
/** Evidence the sandbox keeps; Stripe's other evidence fields are not modelled. */
const EVIDENCE_PARAMS = [
  'uncategorized_text',
  'product_description',
  'customer_email_address',
  'customer_name',
] as const satisfies ReadonlyArray<Param<Stripe.DisputeUpdateParams.Evidence>>;
/** Days a merchant has to respond in test mode, counted from the dispute. */
const RESPONSE_DAYS = 7;
const CLOSED: ReadonlyArray<Known<Stripe.Dispute.Status>> = ['won', 'lost'];

function emptyEvidence(): Stripe.Dispute.Evidence {
  return {
    access_activity_log: null,
    billing_address: null,
    cancellation_policy: null,
    cancellation_policy_disclosure: null,
    cancellation_rebuttal: null,
    customer_communication: null,
    customer_email_address: null,
    customer_name: null,
    customer_purchase_ip: null,
    customer_signature: null,
    duplicate_charge_documentation: null,
    duplicate_charge_explanation: null,
    duplicate_charge_id: null,
    enhanced_evidence: {},
    product_description: null,
    receipt: null,
    refund_policy: null,
    refund_policy_disclosure: null,
    refund_refusal_explanation: null,
    service_date: null,
    service_documentation: null,
    shipping_address: null,
    shipping_carrier: null,
    shipping_date: null,
    shipping_documentation: null,
    shipping_tracking_number: null,
    uncategorized_file: null,
    uncategorized_text: null,
  };
}

/** What a change to a dispute sends, in order (the dispute as the change left it). */
export type DisputeEventType =
  | 'charge.dispute.created'
  | 'charge.dispute.funds_withdrawn'
  | 'charge.dispute.updated'
  | 'charge.dispute.closed'
  | 'charge.dispute.funds_reinstated';

/**
 * Disputes of succeeded charges, as Stripe's test mode makes them: opened on a charge (Stripe does
 * it for a payment with the test card 4000 0000 0000 0259; here the sandbox helper does), then
 * answered through the Disputes API. As in test mode, evidence whose `uncategorized_text` is
 * `winning_evidence` wins the dispute and `losing_evidence` loses it; closing it accepts the loss.
 */
export class DisputeStore {
  private readonly disputes = new Map<string, Dispute>();

  constructor(private readonly now: () => number) {}

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /** Opens a dispute of the whole charge (`needs_response`); the charge is marked disputed. */
  open(charge: Charge, reason: DisputeReason): Dispute {
    const created = this.nowSeconds();
    const dispute: Dispute = {
      id: newId('dp', 24),
      object: 'dispute',
      amount: charge.amount,
      balance_transactions: [],
      charge: charge.id,
      created,
      currency: charge.currency,
      enhanced_eligibility_types: [],
      evidence: emptyEvidence(),
      evidence_details: {
        due_by: created + RESPONSE_DAYS * 86_400,
        enhanced_eligibility: {},
        has_evidence: false,
        past_due: false,
        submission_count: 0,
        submission_method: 'not_submitted',
      },
      intended_submission_method: null,
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: charge.payment_intent,
      reason,
      status: 'needs_response',
    };
    this.disputes.set(dispute.id, dispute);
    charge.disputed = true;
    return dispute;
  }

  get(id: string): Dispute | undefined {
    return this.disputes.get(id);
  }

  /** An open dispute of the charge, if any (Stripe refuses to refund such a charge). */
  openOn(chargeId: string): Dispute | undefined {
    return [...this.disputes.values()].find(
      (d) => d.charge === chargeId && !CLOSED.some((status) => status === d.status),
    );
  }

  /** Newest first, of one charge or payment intent (or all). */
  list(filter: { charge?: string; paymentIntent?: string }): Dispute[] {
    return [...this.disputes.values()]
      .reverse()
      .filter(
        (d) =>
          (filter.charge === undefined || d.charge === filter.charge) &&
          (filter.paymentIntent === undefined || d.payment_intent === filter.paymentIntent),
      );
  }

  private require(id: string): Dispute {
    const dispute = this.disputes.get(id);
    if (!dispute) throw resourceMissing('dispute', id, 'dispute');
    return dispute;
  }

  private refuseClosed(dispute: Dispute): void {
    if (CLOSED.some((status) => status === dispute.status)) {
      throw invalidRequest(
        `This dispute is already closed (${dispute.status}); it cannot be changed.`,
        'dispute',
      );
    }
  }

  /**
   * POST /v1/disputes/:id: metadata, evidence (a few fields) and `submit`. Evidence submitted
   * (the default when evidence is given) puts the dispute `under_review`, or decides it by the
   * test-mode magic text. Returns the dispute and the events the change sends.
   */
  update(id: string, params: FormObject): { dispute: Dispute; events: DisputeEventType[] } {
    assertKnownKeys(params, UPDATE_PARAMS, '');
    const dispute = this.require(id);
    const evidence = readObject(params.evidence, 'evidence');
    if (evidence) assertKnownKeys(evidence, EVIDENCE_PARAMS, 'evidence');
    const metadata = readMetadataUpdate(dispute.metadata, params.metadata, 'metadata');
    const submit = readBoolean(params.submit, 'submit') ?? evidence !== undefined;
    if (evidence || submit) this.refuseClosed(dispute);
    if (metadata) dispute.metadata = metadata;
    if (evidence) {
      for (const key of EVIDENCE_PARAMS) {
        const text = readString(evidence[key], `evidence[${key}]`, 20_000);
        if (text !== undefined) dispute.evidence[key] = text === '' ? null : text;
      }
      dispute.evidence_details.has_evidence = true;
    }
    if (!submit) return { dispute, events: ['charge.dispute.updated'] };
    dispute.evidence_details.submission_count += 1;
    dispute.evidence_details.submission_method = 'manual';
    const text = dispute.evidence.uncategorized_text ?? '';
    if (text.includes('winning_evidence')) {
      dispute.status = 'won';
      return {
        dispute,
        events: [
          'charge.dispute.updated',
          'charge.dispute.closed',
          'charge.dispute.funds_reinstated',
        ],
      };
    }
    if (text.includes('losing_evidence')) {
      dispute.status = 'lost';
      return { dispute, events: ['charge.dispute.updated', 'charge.dispute.closed'] };
    }
    dispute.status = 'under_review';
    return { dispute, events: ['charge.dispute.updated'] };
  }

  /** POST /v1/disputes/:id/close: accepts the dispute as lost. */
  close(id: string, params: FormObject): Dispute {
    assertKnownKeys(params, ['expand'], '');
    const dispute = this.require(id);
    this.refuseClosed(dispute);
    dispute.status = 'lost';
    return dispute;
  }

  clear(): void {
    this.disputes.clear();
  }
}
