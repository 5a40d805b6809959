import type Stripe from 'stripe';
import { paginate, readPageParams } from '../core/pagination.js';
import { assertKnownKeys, readString } from '../core/param-readers.js';
import { readExpand, type Handler, type Route } from './route-types.js';
import type { Param } from '../core/types.js';

const LIST_PARAMS: ReadonlyArray<Param<Stripe.CustomerListBalanceTransactionsParams>> = [
  'invoice',
  'limit',
  'starting_after',
  'ending_before',
  'expand',
];
const NOTHING_EXPANDABLE: ReadonlyArray<string> = [];

/** POST /v1/customers/:id/balance_transactions: a manual adjustment of the balance. */
const createBalanceTransaction: Handler = (state, request, match) => {
  readExpand(request.params, NOTHING_EXPANDABLE);
  const customer = state.customers.require(match[1] as string);
  const transaction = state.customerBalance.createAdjustment(
    customer,
    request.params,
    state.nowFor(customer),
  );
  state.log(
    `balance of ${customer.id}: ${transaction.amount} (${transaction.type}), now ${customer.balance}`,
  );
  return { status: 200, body: transaction };
};

/** GET /v1/customers/:id/balance_transactions: newest first, `invoice` filters. */
const listBalanceTransactions: Handler = (state, request, match) => {
  assertKnownKeys(request.params, LIST_PARAMS, '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  const customer = state.customers.require(match[1] as string);
  const page = readPageParams(request.params);
  const invoice = readString(request.params.invoice, 'invoice') || undefined;
  const transactions = state.customerBalance.list(customer.id, invoice ? { invoice } : {});
  return {
    status: 200,
    body: paginate(
      transactions,
      page,
      `/v1/customers/${customer.id}/balance_transactions`,
      'customer_balance_transaction',
    ),
  };
};

const retrieveBalanceTransaction: Handler = (state, request, match) => {
  assertKnownKeys(request.params, ['expand'], '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  const customer = state.customers.require(match[1] as string);
  return { status: 200, body: state.customerBalance.require(customer.id, match[2] as string) };
};

/** POST /v1/customers/:id/balance_transactions/:txn: `description` and `metadata` only. */
const updateBalanceTransaction: Handler = (state, request, match) => {
  readExpand(request.params, NOTHING_EXPANDABLE);
  const customer = state.customers.require(match[1] as string);
  return {
    status: 200,
    body: state.customerBalance.update(customer.id, match[2] as string, request.params),
  };
};

/** A customer's balance ledger. */
export const CUSTOMER_BALANCE_ROUTES: ReadonlyArray<Route> = [
  {
    method: 'POST',
    pattern: /^\/v1\/customers\/([^/]+)\/balance_transactions$/,
    handler: createBalanceTransaction,
  },
  {
    method: 'GET',
    pattern: /^\/v1\/customers\/([^/]+)\/balance_transactions$/,
    handler: listBalanceTransactions,
  },
  {
    method: 'GET',
    pattern: /^\/v1\/customers\/([^/]+)\/balance_transactions\/([^/]+)$/,
    handler: retrieveBalanceTransaction,
  },
  {
    method: 'POST',
    pattern: /^\/v1\/customers\/([^/]+)\/balance_transactions\/([^/]+)$/,
    handler: updateBalanceTransaction,
  },
];
