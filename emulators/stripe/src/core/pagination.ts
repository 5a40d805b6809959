import type Stripe from 'stripe';
import type { FormObject } from './form-encoding.js';
import { readNonNegativeInteger, readString } from './param-readers.js';
import { invalidRequest, resourceMissing } from './stripe-error.js';

export interface PageParams {
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
}

export function readPageParams(query: FormObject): PageParams {
  const limit = readNonNegativeInteger(query.limit, 'limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest(
      `This value must be between 1 and 100 (it currently is '${limit}').`,
      'limit',
    );
  }
  const startingAfter = readString(query.starting_after, 'starting_after') || undefined;
  const endingBefore = readString(query.ending_before, 'ending_before') || undefined;
  if (startingAfter && endingBefore) {
    throw invalidRequest(
      'You may only specify one of these parameters: ending_before, starting_after.',
      'ending_before',
    );
  }
  return {
    limit,
    ...(startingAfter ? { startingAfter } : {}),
    ...(endingBefore ? { endingBefore } : {}),
  };
}

/** Stripe-style cursor pagination over items already in list order. */
export function paginate<T extends { id: string }>(
  items: ReadonlyArray<T>,
  page: PageParams,
  url: string,
  kind: string,
): Stripe.ApiList<T> {
  let start = 0;
  let end: number;
  if (page.startingAfter) {
    const index = items.findIndex((item) => item.id === page.startingAfter);
    if (index === -1) throw resourceMissing(kind, page.startingAfter, 'starting_after');
    start = index + 1;
    end = Math.min(items.length, start + page.limit);
  } else if (page.endingBefore) {
    const index = items.findIndex((item) => item.id === page.endingBefore);
    if (index === -1) throw resourceMissing(kind, page.endingBefore, 'ending_before');
    end = index;
    start = Math.max(0, end - page.limit);
  } else {
    end = Math.min(items.length, page.limit);
  }
  const hasMore = page.endingBefore ? start > 0 : end < items.length;
  return { object: 'list', data: items.slice(start, end), has_more: hasMore, url };
}
