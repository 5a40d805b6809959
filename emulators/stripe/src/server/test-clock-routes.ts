import type Stripe from 'stripe';
import { snapshot } from '../webhooks/events.js';
import { paginate, readPageParams } from '../core/pagination.js';
import { assertKnownKeys } from '../core/param-readers.js';
import { readExpand, type Handler, type Route } from './route-types.js';
import type { Param } from '../core/types.js';

const NOTHING_EXPANDABLE: ReadonlyArray<string> = [];
const EXPAND_ONLY = ['expand'];
const LIST_PARAMS: ReadonlyArray<Param<Stripe.TestHelpers.TestClockListParams>> = [
  'limit',
  'starting_after',
  'ending_before',
  'expand',
];

const createClock: Handler = (state, request) => {
  readExpand(request.params, NOTHING_EXPANDABLE);
  const clock = state.clocks.create(request.params);
  state.log(`created test clock ${clock.id} at ${clock.frozen_time}`);
  return { status: 200, body: clock };
};

const retrieveClock: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  return { status: 200, body: state.clocks.require(match[1] as string) };
};

const listClocks: Handler = (state, request) => {
  assertKnownKeys(request.params, LIST_PARAMS, '');
  readExpand(request.params, NOTHING_EXPANDABLE);
  const page = readPageParams(request.params);
  return {
    status: 200,
    body: paginate(state.clocks.list(), page, '/v1/test_helpers/test_clocks', 'test_clock'),
  };
};

const deleteClock: Handler = (state, request, match) => {
  assertKnownKeys(request.params, [], '');
  const deleted = state.deleteClock(match[1] as string);
  state.log(`deleted test clock ${deleted.id} and its customers`);
  return { status: 200, body: deleted };
};

/**
 * POST /v1/test_helpers/test_clocks/:id/advance: answers at once with the clock `advancing`;
 * the renewals run in the background (clock-advance.ts) until it is `ready`.
 */
const advanceClock: Handler = (state, request, match) => {
  readExpand(request.params, NOTHING_EXPANDABLE);
  const clock = state.clocks.require(match[1] as string);
  const target = state.clocks.beginAdvance(clock, request.params);
  const answer = snapshot(clock);
  void state.runAdvance(clock, target);
  return { status: 200, body: answer };
};

/** Test clocks. */
export const TEST_CLOCK_ROUTES: ReadonlyArray<Route> = [
  { method: 'POST', pattern: /^\/v1\/test_helpers\/test_clocks$/, handler: createClock },
  { method: 'GET', pattern: /^\/v1\/test_helpers\/test_clocks$/, handler: listClocks },
  {
    method: 'GET',
    pattern: /^\/v1\/test_helpers\/test_clocks\/([^/]+)$/,
    handler: retrieveClock,
  },
  {
    method: 'DELETE',
    pattern: /^\/v1\/test_helpers\/test_clocks\/([^/]+)$/,
    handler: deleteClock,
  },
  {
    method: 'POST',
    pattern: /^\/v1\/test_helpers\/test_clocks\/([^/]+)\/advance$/,
    handler: advanceClock,
  },
];
