import type Stripe from 'stripe';
import {
  renderCalculationLines,
  type TaxCalculation,
  type TaxCalculationLineItem,
} from '../billing/tax/calculation-store.js';
import { paginate, readPageParams } from '../core/pagination.js';
import { assertKnownKeys } from '../core/param-readers.js';
import type { Param } from '../core/types.js';
import { readExpand, type Handler, type Route } from './route-types.js';

const CALCULATION_EXPANDABLE: ReadonlyArray<string> = [
  'line_items',
  'line_items.data.tax_breakdown',
];
const LINE_ITEMS_PARAMS: ReadonlyArray<Param<Stripe.Tax.CalculationListLineItemsParams>> = [
  'limit',
  'starting_after',
  'ending_before',
  'expand',
];
const LINE_ITEMS_EXPANDABLE: ReadonlyArray<string> = ['data.tax_breakdown'];

const EXPAND_ONLY: ReadonlyArray<Param<Stripe.TaxRateRetrieveParams>> = ['expand'];
const NOTHING_EXPANDABLE: ReadonlyArray<string> = [];

/** GET /v1/tax_rates/:id: a rate the stand-in for Stripe Tax applied (`tax_rate_details`). */
const retrieveTaxRate: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  return { status: 200, body: state.taxRates.require(match[1] as string) };
};

function linesUrl(calculation: TaxCalculation): string {
  return `/v1/tax/calculations/${calculation.id}/line_items`;
}

/** A calculation, with its `line_items` (an includable list) when asked for. */
function renderCalculation(
  calculation: TaxCalculation,
  lines: ReadonlyArray<TaxCalculationLineItem>,
  expand: ReadonlyArray<string>,
): Stripe.Tax.Calculation {
  const breakdown = expand.includes('line_items.data.tax_breakdown');
  if (!breakdown && !expand.includes('line_items')) return calculation;
  return {
    ...calculation,
    line_items: paginate(
      renderCalculationLines(lines, breakdown),
      { limit: 100 },
      linesUrl(calculation),
      'tax.calculation_line_item',
    ),
  };
}

/** POST /v1/tax/calculations. */
const createCalculation: Handler = (state, request) => {
  const expand = readExpand(request.params, CALCULATION_EXPANDABLE);
  const calculation = state.taxCalculations.create(request.params, (id, param) =>
    state.customers.requireReference(id, param),
  );
  const { lines } = state.taxCalculations.require(calculation.id);
  state.log(
    `tax calculation ${calculation.id}: ${calculation.tax_amount_exclusive} tax on ${calculation.amount_total - calculation.tax_amount_exclusive}`,
  );
  return { status: 200, body: renderCalculation(calculation, lines, expand) };
};

const retrieveCalculation: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  const expand = readExpand(request.params, CALCULATION_EXPANDABLE);
  const { calculation, lines } = state.taxCalculations.require(match[1] as string);
  return { status: 200, body: renderCalculation(calculation, lines, expand) };
};

/** GET /v1/tax/calculations/:id/line_items (`expand[]=data.tax_breakdown`). */
const listCalculationLines: Handler = (state, request, match) => {
  assertKnownKeys(request.params, LINE_ITEMS_PARAMS, '');
  const expand = readExpand(request.params, LINE_ITEMS_EXPANDABLE);
  const { calculation, lines } = state.taxCalculations.require(match[1] as string);
  const page = readPageParams(request.params);
  return {
    status: 200,
    body: paginate(
      renderCalculationLines(lines, expand.includes('data.tax_breakdown')),
      page,
      linesUrl(calculation),
      'tax.calculation_line_item',
    ),
  };
};

/** The sandbox's stand-in for Stripe Tax: its tax rates and tax calculations. */
export const TAX_ROUTES: ReadonlyArray<Route> = [
  { method: 'GET', pattern: /^\/v1\/tax_rates\/([^/]+)$/, handler: retrieveTaxRate },
  { method: 'POST', pattern: /^\/v1\/tax\/calculations$/, handler: createCalculation },
  { method: 'GET', pattern: /^\/v1\/tax\/calculations\/([^/]+)$/, handler: retrieveCalculation },
  {
    method: 'GET',
    pattern: /^\/v1\/tax\/calculations\/([^/]+)\/line_items$/,
    handler: listCalculationLines,
  },
];
