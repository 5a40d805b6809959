import type Stripe from 'stripe';
import type { FormObject } from '../core/form-encoding.js';
import { newId } from '../core/ids.js';
import { assertKnownKeys, readNonNegativeInteger, readString } from '../core/param-readers.js';
import {
  invalidRequest,
  missingParam,
  missingReference,
  resourceMissing,
} from '../core/stripe-error.js';
import type { Param, TestClock } from '../core/types.js';

const CREATE_PARAMS: ReadonlyArray<Param<Stripe.TestHelpers.TestClockCreateParams>> = [
  'frozen_time',
  'name',
  'expand',
];
const ADVANCE_PARAMS: ReadonlyArray<Param<Stripe.TestHelpers.TestClockAdvanceParams>> = [
  'frozen_time',
  'expand',
];
/** Stripe deletes a test clock (and its objects) 30 days after it is made. */
const LIFETIME_SECONDS = 30 * 24 * 60 * 60;

/** In-memory test clocks: each holds a frozen time its customers' objects live by. */
export class TestClockStore {
  private readonly clocks = new Map<string, TestClock>();

  constructor(private readonly now: () => number) {}

  /** POST /v1/test_helpers/test_clocks: `frozen_time` (required), `name`. */
  create(params: FormObject): TestClock {
    assertKnownKeys(params, CREATE_PARAMS, '');
    const frozenTime = readNonNegativeInteger(params.frozen_time, 'frozen_time');
    if (frozenTime === undefined) throw missingParam('frozen_time');
    const name = readString(params.name, 'name', 300) || null;
    const created = Math.floor(this.now() / 1000);
    const clock: TestClock = {
      id: newId('clock', 24),
      object: 'test_helpers.test_clock',
      created,
      deletes_after: created + LIFETIME_SECONDS,
      frozen_time: frozenTime,
      livemode: false,
      name,
      status: 'ready',
      status_details: {},
    };
    this.clocks.set(clock.id, clock);
    return clock;
  }

  get(id: string): TestClock | undefined {
    return this.clocks.get(id);
  }

  /** The clock a request's URL names: 404 when missing. */
  require(id: string): TestClock {
    const clock = this.clocks.get(id);
    if (!clock) throw resourceMissing('test_helpers.test_clock', id, 'test_clock');
    return clock;
  }

  /** The clock a parameter names (`test_clock` on a customer): 400 when missing. */
  requireReference(id: string, param: string): TestClock {
    const clock = this.clocks.get(id);
    if (!clock) throw missingReference('test_helpers.test_clock', id, param);
    return clock;
  }

  /** Newest first. */
  list(): TestClock[] {
    return [...this.clocks.values()].reverse();
  }

  delete(id: string): Stripe.TestHelpers.DeletedTestClock {
    const clock = this.require(id);
    this.clocks.delete(clock.id);
    return { id: clock.id, object: 'test_helpers.test_clock', deleted: true };
  }

  /**
   * Starts moving a ready clock to a later `frozen_time`: its status becomes `advancing` (with the
   * target in `status_details`) until `finishAdvance`. Returns the target time.
   */
  beginAdvance(clock: TestClock, params: FormObject): number {
    assertKnownKeys(params, ADVANCE_PARAMS, '');
    const target = readNonNegativeInteger(params.frozen_time, 'frozen_time');
    if (target === undefined) throw missingParam('frozen_time');
    return this.beginAdvanceTo(clock, target);
  }

  beginAdvanceTo(clock: TestClock, target: number): number {
    if (clock.status !== 'ready') {
      throw invalidRequest(
        `The test clock ${clock.id} is still advancing; wait until its status is \`ready\` to advance it again.`,
        'test_clock',
      );
    }
    if (target <= clock.frozen_time) {
      throw invalidRequest(
        `The test clock can only be advanced to a time after its current frozen_time (${clock.frozen_time}); got ${target}.`,
        'frozen_time',
      );
    }
    clock.status = 'advancing';
    clock.status_details = { advancing: { target_frozen_time: target } };
    return target;
  }

  /** The clock stands at `target` and is ready again. */
  finishAdvance(clock: TestClock, target: number): void {
    clock.frozen_time = target;
    clock.status = 'ready';
    clock.status_details = {};
  }

  clear(): void {
    this.clocks.clear();
  }
}
