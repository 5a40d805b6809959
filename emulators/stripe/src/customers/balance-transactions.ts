import type Stripe from 'stripe';
import type { FormObject } from '../core/form-encoding.js';
import { newId } from '../core/ids.js';
import {
  assertKnownKeys,
  readMetadata,
  readMetadataUpdate,
  readString,
  requireString,
} from '../core/param-readers.js';
import { invalidRequest, missingParam, resourceMissing } from '../core/stripe-error.js';
import type { BalanceTransaction, Customer, Param } from '../core/types.js';

const CREATE_PARAMS: ReadonlyArray<Param<Stripe.CustomerCreateBalanceTransactionParams>> = [
  'amount',
  'currency',
  'description',
  'metadata',
  'expand',
];
const UPDATE_PARAMS: ReadonlyArray<Param<Stripe.CustomerUpdateBalanceTransactionParams>> = [
  'description',
  'metadata',
  'expand',
];
/** The only currency of customer balances in the sandbox (its invoices are in usd). */
export const BALANCE_CURRENCY = 'usd';
/** Stripe's ceiling on one adjustment, in cents either way. */
const MAX_ADJUSTMENT = 99_999_999;

/** What a balance transaction records besides its amount. */
export interface BalanceEntry {
  /** Cents: negative credits the customer, positive debits them. */
  amount: number;
  type: BalanceTransaction['type'];
  /** Seconds (the customer's test clock time for a customer on a clock). */
  created: number;
  invoice?: string | null;
  creditNote?: string | null;
  description?: string | null;
  metadata?: Stripe.Metadata;
}

/** `amount`: a whole number of cents, either sign, not 0. */
function readAmount(params: FormObject): number {
  const text = readString(params.amount, 'amount');
  if (text === undefined || text === '') throw missingParam('amount');
  if (!/^-?\d+$/.test(text)) throw invalidRequest(`Invalid integer: ${text}`, 'amount');
  const amount = Number(text);
  if (amount === 0) {
    throw invalidRequest(
      'The amount of a balance transaction must not be 0: a negative amount credits the customer, a positive one debits them.',
      'amount',
    );
  }
  if (Math.abs(amount) > MAX_ADJUSTMENT) {
    throw invalidRequest(
      `This value must be between -${MAX_ADJUSTMENT} and ${MAX_ADJUSTMENT} (it currently is '${amount}').`,
      'amount',
    );
  }
  return amount;
}

/**
 * Each customer's balance ledger (`customer_balance_transaction`s), newest last, and the
 * `customer.balance` it sums to: manual adjustments, and what invoices and credit notes apply.
 */
export class CustomerBalanceStore {
  private readonly transactions = new Map<string, BalanceTransaction[]>();

  /**
   * Records a transaction: the customer's `balance` moves by `amount` and the transaction keeps
   * the balance it left (`ending_balance`).
   */
  record(customer: Customer, entry: BalanceEntry): BalanceTransaction {
    customer.balance += entry.amount;
    const transaction: BalanceTransaction = {
      id: newId('cbtxn', 24),
      object: 'customer_balance_transaction',
      amount: entry.amount,
      checkout_session: null,
      created: entry.created,
      credit_note: entry.creditNote ?? null,
      currency: BALANCE_CURRENCY,
      customer: customer.id,
      customer_account: null,
      description: entry.description ?? null,
      ending_balance: customer.balance,
      invoice: entry.invoice ?? null,
      livemode: false,
      metadata: entry.metadata ?? {},
      type: entry.type,
    };
    const list = this.transactions.get(customer.id) ?? [];
    list.push(transaction);
    this.transactions.set(customer.id, list);
    return transaction;
  }

  /**
   * POST /v1/customers/:id/balance_transactions: a manual `adjustment` (negative: a credit the
   * customer can spend on their next invoices). Everything is checked before it is recorded.
   */
  createAdjustment(customer: Customer, params: FormObject, created: number): BalanceTransaction {
    assertKnownKeys(params, CREATE_PARAMS, '');
    const amount = readAmount(params);
    const currency = requireString(params.currency, 'currency').toLowerCase();
    if (currency !== BALANCE_CURRENCY) {
      throw invalidRequest(
        `The sandbox keeps customer balances in ${BALANCE_CURRENCY} only (got \`${currency}\`).`,
        'currency',
      );
    }
    const description = readString(params.description, 'description', 350) || null;
    const metadata = readMetadata(params.metadata, 'metadata');
    return this.record(customer, { amount, type: 'adjustment', created, description, metadata });
  }

  /** The customer's transactions, newest first; `invoice` filters. */
  list(customerId: string, filter: { invoice?: string } = {}): BalanceTransaction[] {
    return [...(this.transactions.get(customerId) ?? [])]
      .reverse()
      .filter((entry) => filter.invoice === undefined || entry.invoice === filter.invoice);
  }

  /** A transaction of the customer a request's URL names: 404 when missing. */
  require(customerId: string, id: string): BalanceTransaction {
    const found = this.transactions.get(customerId)?.find((entry) => entry.id === id);
    if (!found) throw resourceMissing('customer_balance_transaction', id, 'transaction');
    return found;
  }

  /** POST /v1/customers/:id/balance_transactions/:txn: its `description` and `metadata`. */
  update(customerId: string, id: string, params: FormObject): BalanceTransaction {
    const transaction = this.require(customerId, id);
    assertKnownKeys(params, UPDATE_PARAMS, '');
    const description = readString(params.description, 'description', 350);
    const metadata = readMetadataUpdate(transaction.metadata ?? {}, params.metadata, 'metadata');
    if (description !== undefined) transaction.description = description || null;
    if (metadata !== undefined) transaction.metadata = metadata;
    return transaction;
  }

  /** Forgets the ledgers of these customers (a deleted test clock's). */
  forgetCustomers(ids: ReadonlySet<string>): void {
    for (const id of ids) this.transactions.delete(id);
  }

  clear(): void {
    this.transactions.clear();
  }
}
