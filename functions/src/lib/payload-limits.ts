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

export type PayloadLimits = typeof PAYLOAD_LIMITS;

export const PAYLOAD_PROBLEMS = {
  tooLarge: `This request is too large (at most ${PAYLOAD_LIMITS.maxBytes / 1024} KB).`,
  tooDeep: `This request is nested too deeply (at most ${PAYLOAD_LIMITS.maxDepth} levels).`,
  tooWide: `This request has too many fields in one place (at most ${PAYLOAD_LIMITS.maxEntries}).`,
  tooMany: `This request has too many values (at most ${PAYLOAD_LIMITS.maxValues}).`,
} as const;

/**
 * What is wrong with `data`'s shape, or null when it is within the limits. Iterative (no
 * recursion, so no depth can overflow the stack) and stops at the first limit passed, so the
 * cost is bounded by the limits, not by the size of what was sent.
 */
export function payloadProblem(data: unknown, limits: PayloadLimits = PAYLOAD_LIMITS): string | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: data, depth: 0 }];
  let bytes = 0;
  let values = 0;
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (++values > limits.maxValues) return PAYLOAD_PROBLEMS.tooMany;
    if (typeof value === 'string') bytes += value.length + 2;
    else if (value === null || typeof value !== 'object') bytes += 8;
    else {
      if (depth >= limits.maxDepth) return PAYLOAD_PROBLEMS.tooDeep;
      let entries = 0;
      if (Array.isArray(value)) {
        for (const element of value) {
          if (++entries > limits.maxEntries) return PAYLOAD_PROBLEMS.tooWide;
          stack.push({ value: element, depth: depth + 1 });
        }
      } else {
        for (const key in value) {
          if (!Object.hasOwn(value, key)) continue;
          if (++entries > limits.maxEntries) return PAYLOAD_PROBLEMS.tooWide;
          bytes += key.length + 3;
          stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
        }
      }
      bytes += 2;
    }
    if (bytes > limits.maxBytes) return PAYLOAD_PROBLEMS.tooLarge;
  }
  return null;
}
