import { FieldValue, type DocumentData } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { COLLECTIONS, exemptionFor, paths, type ShipTo, type TaxExemption } from '@portal/domain';
import type { Context } from '../lib/context';
import { isMissingResource } from '../stripe/stripe-errors';
import { stripeShipping } from '../stripe/stripe-customers';
import { readCompanyCertificates } from './company-certificates';
import { companyToday } from './company-today';

/**
 * Stripe decides tax per Customer (`tax_exempt`), while a company is exempt only in the states
 * where it holds a valid resale certificate (docs/tax.md#stripe-customers). So a company has its
 * Customer for taxed sales (stripe_customers/{companyId}, stripe/stripe-customers.ts) and, for
 * each state it bought in exempt, one more: stripe_customers/{companyId}/exempt_states/{state}
 * { customer_id, certificate_id, tax_exempt }. That Customer is `tax_exempt: 'exempt'` while a
 * certificate for the state is valid and `'none'` after, so a standing order made exempt is
 * taxed from the first renewal after its certificate expires (syncExemptCustomers), and exempt
 * again once a new one is approved.
 */

type Ctx = Pick<Context, 'db' | 'stripe'>;

interface StoredExemptCustomer {
  customer_id: string;
  certificate_id: string;
  tax_exempt: 'exempt' | 'none';
}

function storedOf(data: DocumentData | undefined): StoredExemptCustomer | null {
  const id: unknown = data?.customer_id;
  if (typeof id !== 'string') return null;
  return {
    customer_id: id,
    certificate_id: typeof data?.certificate_id === 'string' ? data.certificate_id : '',
    tax_exempt: data?.tax_exempt === 'none' ? 'none' : 'exempt',
  };
}

function metadataOf(companyId: string, exemption: TaxExemption | null, state: string) {
  return {
    company: companyId,
    exempt_state: state,
    certificate_id: exemption?.certificate_id ?? '',
    certificate_number: exemption?.number ?? '',
  };
}

export interface ExemptCustomerInput {
  companyId: string;
  exemption: TaxExemption;
  storeName: string;
  email?: string | undefined;
  /** The location the order ships to (in the exemption's state). */
  shipTo: ShipTo;
  /**
   * The company's taxed-sales Customer: a new exempt Customer shares its test clock (local stack
   * and tests), so one clock moves the company's time.
   */
  companyCustomerId: string;
}

/**
 * The company's exempt Customer for the exemption's state: the stored one, updated when it names
 * another certificate or is no longer exempt; or a new one (keyed by `attemptKey`, so a retried
 * call makes one), stored in a transaction (two first exempt checkouts use the first stored).
 * Its ship-to is set to the order's location either way.
 */
export async function exemptCustomerFor(
  ctx: Ctx,
  input: ExemptCustomerInput,
  attemptKey: string,
): Promise<string> {
  const { db } = ctx;
  const stripe = ctx.stripe();
  const { state } = input.exemption;
  const ref = db.doc(paths.exemptCustomer(input.companyId, state));
  const stored = storedOf((await ref.get()).data());
  const wanted = {
    tax_exempt: 'exempt' as const,
    shipping: stripeShipping(input.shipTo),
    metadata: metadataOf(input.companyId, input.exemption, state),
  };
  if (stored) {
    try {
      await stripe.customers.update(stored.customer_id, wanted);
      if (
        stored.certificate_id !== input.exemption.certificate_id ||
        stored.tax_exempt !== 'exempt'
      ) {
        await ref.set(
          { certificate_id: input.exemption.certificate_id, tax_exempt: 'exempt' },
          { merge: true },
        );
      }
      return stored.customer_id;
    } catch (error) {
      if (!isMissingResource(error)) throw error;
      // Stripe no longer knows it (a restarted local sandbox): forget it and make another.
      await db.runTransaction(async (tx) => {
        if ((await tx.get(ref)).get('customer_id') === stored.customer_id) tx.delete(ref);
      });
    }
  }
  const company = await stripe.customers.retrieve(input.companyCustomerId);
  const clock = company.deleted ? null : company.test_clock;
  const customer = await stripe.customers.create(
    {
      ...(clock ? { test_clock: typeof clock === 'string' ? clock : clock.id } : {}),
      name: input.storeName ? `${input.storeName} (${state}, tax exempt)` : undefined,
      ...(input.email ? { email: input.email } : {}),
      ...wanted,
    },
    { idempotencyKey: `exempt-customer:${input.companyId}:${state}:${attemptKey}` },
  );
  return db.runTransaction(async (tx) => {
    const existing = storedOf((await tx.get(ref)).data());
    if (existing) return existing.customer_id;
    tx.set(ref, {
      customer_id: customer.id,
      certificate_id: input.exemption.certificate_id,
      tax_exempt: 'exempt',
      created_at: FieldValue.serverTimestamp(),
    });
    return customer.id;
  });
}

/**
 * Brings each exempt Customer of a company in line with its certificates on its day: exempt
 * while `exemptionIn(state)` names a certificate, taxed ('none') otherwise. Run when a
 * certificate is reviewed and by the daily sweep (an expiry is no write). Returns the states
 * whose Customer changed.
 */
export async function syncExemptCustomers(
  ctx: Ctx,
  companyId: string,
  exemptionIn: (state: string) => TaxExemption | null,
): Promise<string[]> {
  const { db } = ctx;
  const snap = await db
    .doc(paths.stripeCustomer(companyId))
    .collection(COLLECTIONS.exemptCustomers)
    .get();
  const changed: string[] = [];
  for (const doc of snap.docs) {
    const stored = storedOf(doc.data());
    if (!stored) continue;
    const exemption = exemptionIn(doc.id);
    const taxExempt = exemption ? 'exempt' : 'none';
    const certificateId = exemption?.certificate_id ?? stored.certificate_id;
    if (stored.tax_exempt === taxExempt && stored.certificate_id === certificateId) continue;
    try {
      await ctx.stripe().customers.update(stored.customer_id, {
        tax_exempt: taxExempt,
        metadata: metadataOf(companyId, exemption, doc.id),
      } satisfies Stripe.CustomerUpdateParams);
    } catch (error) {
      if (!isMissingResource(error)) throw error;
      await doc.ref.delete();
      continue;
    }
    await doc.ref.set({ tax_exempt: taxExempt, certificate_id: certificateId }, { merge: true });
    changed.push(doc.id);
  }
  return changed;
}

/**
 * syncExemptCustomers for a company from its certificates on its day (the review of a
 * certificate, the daily sweep): returns the states whose Customer changed.
 */
export async function syncCompanyExemptCustomers(
  ctx: Pick<Context, 'db' | 'stripe' | 'env' | 'now'>,
  companyId: string,
  /** The company's day when the caller knows it (the sweep). */
  day?: string,
): Promise<string[]> {
  const [certificates, today] = await Promise.all([
    readCompanyCertificates(ctx.db, companyId),
    day ?? companyToday(ctx, companyId),
  ]);
  return syncExemptCustomers(ctx, companyId, (state) => exemptionFor(certificates, state, today));
}
