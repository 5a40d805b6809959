import { paginate, readPageParams } from '../core/pagination.js';
import { assertKnownKeys } from '../core/param-readers.js';
import { PRICE_LIST_PARAMS } from '../billing/price-store.js';
import { readExpand, type Handler, type Route } from './route-types.js';

const EXPAND_ONLY = ['expand'];
const NOTHING_EXPANDABLE: ReadonlyArray<string> = [];

const createProduct: Handler = (state, request) => {
  readExpand(request.params, NOTHING_EXPANDABLE);
  const product = state.prices.createProduct(request.params);
  state.log(`created product ${product.id} (${product.name})`);
  return { status: 200, body: product };
};

const retrieveProduct: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  return { status: 200, body: state.prices.requireProduct(match[1] as string) };
};

const createPrice: Handler = (state, request) => {
  readExpand(request.params, NOTHING_EXPANDABLE);
  const price = state.prices.createPrice(request.params);
  state.log(
    `created price ${price.id} (${price.unit_amount} ${price.currency}${price.lookup_key ? `, ${price.lookup_key}` : ''})`,
  );
  return { status: 200, body: price };
};

const retrievePrice: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  return { status: 200, body: state.prices.requirePrice(match[1] as string) };
};

const listPrices: Handler = (state, request) => {
  assertKnownKeys(request.params, PRICE_LIST_PARAMS, '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  const page = readPageParams(request.params);
  const prices = state.prices.listPrices(state.prices.readFilter(request.params));
  return { status: 200, body: paginate(prices, page, '/v1/prices', 'price') };
};

/** Products and Prices. */
export const PRICE_ROUTES: ReadonlyArray<Route> = [
  { method: 'POST', pattern: /^\/v1\/products$/, handler: createProduct },
  { method: 'GET', pattern: /^\/v1\/products\/([^/]+)$/, handler: retrieveProduct },
  { method: 'POST', pattern: /^\/v1\/prices$/, handler: createPrice },
  { method: 'GET', pattern: /^\/v1\/prices$/, handler: listPrices },
  { method: 'GET', pattern: /^\/v1\/prices\/([^/]+)$/, handler: retrievePrice },
];
