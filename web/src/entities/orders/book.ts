import {
  parseOrderRow,
  samePlaceInSearch,
  sameStoredFields,
  type Order,
  type SearchOrdersRequest,
  type SearchOrdersResponse,
} from '@portal/domain';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { paidRevenueOf } from './api';
import { orderKeys } from './keys';

/*
 * The manager's order book kept fresh (docs/live-updates.md): its search pages, its backorder
 * queue and the dashboard's totals, read again once per burst of changes. A refund writes its
 * order more than once (the claim of its units, the refund, perhaps its webhook), and the
 * manager's call that made it refreshes the book as well: each used to search the book again.
 *
 * - The book's listener (useLiveOrderBook) hands each change over with the order's stored fields
 *   before and after it. Where the change cannot move the order in a search (samePlaceInSearch:
 *   the search's filters and sort read the same), its row is put in place from the listener's
 *   document; only the searches it can move are read again, the queue when the order enters or
 *   leaves it, and the totals when its paid revenue changed.
 * - Those reads wait BOOK_SETTLE_MS for the rest of the burst (at most BOOK_MAX_WAIT_MS).
 * - A manager's own change (useRefreshOrders) waits for the listener to show it, then has the
 *   reads done at once: the toast and the row come together, as before. With no listener live
 *   (its first 8 seconds, a failure), or none showing the change within BOOK_ECHO_WAIT_MS, the
 *   whole book is read again at once.
 */

/** How long the book waits after a change for the rest of its burst before reading again. */
export const BOOK_SETTLE_MS = 750;
/** The longest a stream of changes holds the book's reads back. */
export const BOOK_MAX_WAIT_MS = 3_000;
/** How long a manager's change waits for the listener to show it before the book is read anyway. */
export const BOOK_ECHO_WAIT_MS = 3_000;

/** Stored fields of an order that decide whether the backorder queue holds it, and where. */
const BACKORDER_PLACEMENT_FIELDS = ['backorder_open', 'created_at'];

/** An order as the book's listener saw it change: its stored fields before (if known) and now. */
export interface StoredChange {
  id: string;
  before: Readonly<Record<string, unknown>> | undefined;
  after: Readonly<Record<string, unknown>>;
}

/** What is read again: every page and the queue (`everything`), or some of them; the totals. */
interface Reads {
  everything: boolean;
  /** Search pages, by query hash. */
  searches: Map<string, QueryKey>;
  backorders: boolean;
  totals: boolean;
}

const noReads = (): Reads => ({
  everything: false,
  searches: new Map(),
  backorders: false,
  totals: false,
});

const isEmpty = (reads: Reads) =>
  !reads.everything && reads.searches.size === 0 && !reads.backorders && !reads.totals;

function merge(into: Reads, reads: Reads): void {
  into.everything ||= reads.everything;
  for (const [hash, key] of reads.searches) into.searches.set(hash, key);
  into.backorders ||= reads.backorders;
  into.totals ||= reads.totals;
}

/**
 * Puts each change in the cached search pages where it cannot move its order (the row read from
 * the listener's document, as searchOrders reads it), and answers what must be read again. A page
 * being read meanwhile is read again: its answer may predate the change.
 */
function placeChanges(client: QueryClient, changes: readonly StoredChange[]): Reads {
  const reads = noReads();
  const cache = client.getQueryCache();
  for (const { id, before, after } of changes) {
    if (!before) {
      // Not seen before (a new order, or one the listener had not watched): wherever it goes.
      reads.everything = true;
      reads.totals = true;
      continue;
    }
    if (paidRevenueOf(before) !== paidRevenueOf(after)) reads.totals = true;
    const parsed = parseOrderRow(id, after);
    for (const query of cache.findAll({ queryKey: orderKeys.searches() })) {
      const request = query.queryKey[orderKeys.searches().length] as SearchOrdersRequest;
      const page = query.state.data as SearchOrdersResponse | undefined;
      const onPage = page?.rows.some((row) => row.id === id) === true;
      if (
        !samePlaceInSearch(request, before, after) ||
        query.state.fetchStatus === 'fetching' ||
        (onPage && !parsed.success)
      ) {
        reads.searches.set(query.queryHash, query.queryKey);
      } else if (page && onPage && parsed.success) {
        client.setQueryData<SearchOrdersResponse>(query.queryKey, {
          ...page,
          rows: page.rows.map((row) => (row.id === id ? parsed.row : row)),
        });
      }
    }
    // The queue's entries are put in place with the order's other views (putOrders, live.ts).
    const queue = client.getQueryState(orderKeys.backorders());
    if (
      queue &&
      (!sameStoredFields(BACKORDER_PLACEMENT_FIELDS, before, after) ||
        queue.fetchStatus === 'fetching')
    ) {
      reads.backorders = true;
    }
  }
  return reads;
}

/** Reads the book again as `reads` says: the queries on screen are fetched, the others go stale. */
async function readAgain(client: QueryClient, reads: Reads): Promise<void> {
  const keys: { queryKey: QueryKey; exact: boolean }[] = reads.everything
    ? [{ queryKey: orderKeys.recent(), exact: false }]
    : [
        ...[...reads.searches.values()].map((queryKey) => ({ queryKey, exact: true })),
        ...(reads.backorders ? [{ queryKey: orderKeys.backorders(), exact: true }] : []),
      ];
  if (reads.totals) keys.push({ queryKey: orderKeys.totals(), exact: true });
  await Promise.all(keys.map((filters) => client.invalidateQueries(filters)));
}

class OrderBook {
  /** Listeners of the book that have heard from the server and not stopped. */
  private listeners = 0;
  /** The orders of the listener's latest snapshot, by id. */
  private shown = new Map<string, Order>();
  /** Managers' changes waiting for the listener to show them. */
  private readonly waiting = new Set<() => void>();
  private pending: Reads | null = null;
  private pendingSince = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The rounds of reads, one after the other. */
  private rounds: Promise<void> = Promise.resolve();

  constructor(private readonly client: QueryClient) {}

  /** A listener heard from the server: it is live until the function it answers is called. */
  listening(): () => void {
    this.listeners += 1;
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.listeners -= 1;
      if (this.listeners === 0) this.shown = new Map();
      this.wake();
    };
  }

  /** The listener's snapshot: the orders it changed (`changes`), and every order it holds. */
  saw(changes: readonly StoredChange[], orders: readonly Order[]): void {
    this.request(placeChanges(this.client, changes));
    this.shown = new Map(orders.map((order) => [order.id, order]));
    this.wake();
  }

  /**
   * After a manager's own change to an order: once the listener shows it (`shows`), whatever it
   * left to read is read at once; with no listener live, or none showing it in time, the whole
   * book is. Resolves when those reads are done.
   */
  async afterChange(orderId: string, shows: (order: Order) => boolean): Promise<void> {
    if (!(await this.shownSoon(orderId, shows))) {
      this.request({ ...noReads(), everything: true, totals: true });
    }
    await this.flush();
  }

  /** Reads now what is waiting to be read; resolves once it, and any round before it, is done. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const reads = this.pending;
    this.pending = null;
    if (reads) {
      this.rounds = this.rounds.then(() => readAgain(this.client, reads)).catch(() => undefined);
    }
    return this.rounds;
  }

  private request(reads: Reads): void {
    if (isEmpty(reads)) return;
    if (this.pending) {
      merge(this.pending, reads);
    } else {
      this.pending = reads;
      this.pendingSince = Date.now();
    }
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.min(BOOK_SETTLE_MS, this.pendingSince + BOOK_MAX_WAIT_MS - Date.now());
    this.timer = setTimeout(() => void this.flush(), Math.max(0, wait));
  }

  private shownSoon(orderId: string, shows: (order: Order) => boolean): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (shown: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(check);
        resolve(shown);
      };
      const check = () => {
        const order = this.shown.get(orderId);
        if (this.listeners === 0) done(false);
        else if (order && shows(order)) done(true);
      };
      const timer = setTimeout(() => done(false), BOOK_ECHO_WAIT_MS);
      this.waiting.add(check);
      check();
    });
  }

  private wake(): void {
    for (const check of [...this.waiting]) check();
  }
}

const books = new WeakMap<QueryClient, OrderBook>();

/** The order book of a query client (one per app). */
export function orderBookOf(client: QueryClient): OrderBook {
  let book = books.get(client);
  if (!book) {
    book = new OrderBook(client);
    books.set(client, book);
  }
  return book;
}

/**
 * After a manager changes an order: the order (and its notes) are read again at once, the order
 * book (its pages, the backorder queue) and the totals once the change is in them: the book's
 * listener, when live, puts the order in place and has read again only what the change can
 * move, once for the whole burst; `shows` tells the listener's order that has the
 * change. With no listener live, the book is read again at once.
 */
export function useRefreshOrders() {
  const queryClient = useQueryClient();
  return (orderId: string, shows: (order: Order) => boolean) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.one(orderId) }),
      orderBookOf(queryClient).afterChange(orderId, shows),
    ]);
}
