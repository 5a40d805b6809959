import { FUNCTION_NAMES, PRICE_LIST_LIMITS, type FunctionName } from '@portal/domain';

/**
 * The size, depth and width a callable's `request.data` may have, checked before any schema sees
 * it (handlers/edge.ts `callable`, and on the raw HTTP body by lib/guarded-on-call.ts before
 * firebase-functions decodes it). The largest real request is a standing order's 100 quantities or
 * a ship-to address: a few kilobytes, three levels deep. Anything far beyond that is refused at
 * once, by a walk that stops at the first limit it passes, instead of costing seconds of parsing
 * (an 8 MB body of 600 000 keys) or a stack overflow (100 000 nested arrays, which
 * firebase-functions' recursive decode answers with a 500).
 */
export const PAYLOAD_LIMITS = {
  /** Bytes of the request as JSON (strings and keys counted by their length). */
  maxBytes: 32_768,
  /** Levels of objects and arrays inside `data`. */
  maxDepth: 8,
  /** Keys of one object or elements of one array (a record's size). */
  maxEntries: 200,
  /** Values in all of `data`. */
  maxValues: 2_000,
} as const;

export interface PayloadLimits {
  maxBytes: number;
  maxDepth: number;
  maxEntries: number;
  maxValues: number;
}

/**
 * The callables with larger requests. savePriceList sends a whole price list, up to
 * PRICE_LIST_LIMITS.entries products (each a few values, with up to five breaks): about 130 KB
 * and 11,000 values at the most.
 */
export const PRICE_LIST_PAYLOAD_LIMITS: PayloadLimits = {
  maxBytes: 163_840,
  maxDepth: 8,
  maxEntries: PRICE_LIST_LIMITS.entries,
  maxValues: 12_000,
};

/**
 * saveDraftOrder sends a whole draft order: up to MAX_ORDER_LINES (100) lines, each with a
 * product id, a quantity, a price and an override's reason of up to QUOTE_LIMITS.reason (500)
 * characters, and a note of up to 1000: about 65 KB and 500 values at the most.
 */
export const DRAFT_ORDER_PAYLOAD_LIMITS: PayloadLimits = {
  maxBytes: 98_304,
  maxDepth: 8,
  maxEntries: 200,
  maxValues: 2_000,
};

/**
 * saveOrderList sends a whole list: up to ORDER_LIST_LIMITS.lines (200) lines of a product id (at
 * most 128 characters) and a quantity, and a name: about 35 KB and 410 values at the most.
 */
export const ORDER_LIST_PAYLOAD_LIMITS: PayloadLimits = {
  maxBytes: 49_152,
  maxDepth: 8,
  maxEntries: 200,
  maxValues: 2_000,
};

/** The limits of each callable: PAYLOAD_LIMITS unless named here. */
const LIMITS_OF: Partial<Record<FunctionName, PayloadLimits>> = {
  [FUNCTION_NAMES.savePriceList]: PRICE_LIST_PAYLOAD_LIMITS,
  [FUNCTION_NAMES.saveDraftOrder]: DRAFT_ORDER_PAYLOAD_LIMITS,
  [FUNCTION_NAMES.saveOrderList]: ORDER_LIST_PAYLOAD_LIMITS,
};
export function payloadLimitsOf(name: FunctionName | undefined): PayloadLimits {
  return (name && LIMITS_OF[name]) || PAYLOAD_LIMITS;
}

/** The refusals of a request beyond `limits`. */
export function payloadProblemsOf(limits: PayloadLimits) {
  return {
    tooLarge: `This request is too large (at most ${limits.maxBytes / 1024} KB).`,
    tooDeep: `This request is nested too deeply (at most ${limits.maxDepth} levels).`,
    tooWide: `This request has too many fields in one place (at most ${limits.maxEntries}).`,
    tooMany: `This request has too many values (at most ${limits.maxValues}).`,
  } as const;
}

export const PAYLOAD_PROBLEMS = payloadProblemsOf(PAYLOAD_LIMITS);

/**
 * What is wrong with `data`'s shape, or null when it is within the limits. Iterative (no
 * recursion, so no depth can overflow the stack) and stops at the first limit passed, so the
 * cost is bounded by the limits, not by the size of what was sent.
 */
export function payloadProblem(
  data: unknown,
  limits: PayloadLimits = PAYLOAD_LIMITS,
): string | null {
  const problems = limits === PAYLOAD_LIMITS ? PAYLOAD_PROBLEMS : payloadProblemsOf(limits);
  const stack: Array<{ value: unknown; depth: number }> = [{ value: data, depth: 0 }];
  let bytes = 0;
  let values = 0;
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (++values > limits.maxValues) return problems.tooMany;
    if (typeof value === 'string') bytes += value.length + 2;
    else if (value === null || typeof value !== 'object') bytes += 8;
    else {
      if (depth >= limits.maxDepth) return problems.tooDeep;
      let entries = 0;
      if (Array.isArray(value)) {
        for (const element of value) {
          if (++entries > limits.maxEntries) return problems.tooWide;
          stack.push({ value: element, depth: depth + 1 });
        }
      } else {
        for (const key in value) {
          if (!Object.hasOwn(value, key)) continue;
          if (++entries > limits.maxEntries) return problems.tooWide;
          bytes += key.length + 3;
          stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
        }
      }
      bytes += 2;
    }
    if (bytes > limits.maxBytes) return problems.tooLarge;
  }
  return null;
}
