/**
 * Document locks of read-write transactions: pessimistic concurrency, as the server SDKs see it in
 * production and in the official emulator. A read in a read-write transaction takes a shared lock
 * on each document it returns (two transactions may read a document at once), held until the
 * transaction commits, rolls back or expires; a commit needs an exclusive lock on every document it
 * writes (free, or shared only with itself). A query or listing in a transaction also locks its
 * collection (`shared`), and every write takes an `intent` lock on the collections it writes into,
 * so a document a transaction's query would now return waits for that transaction too. Whoever finds a document locked waits in its queue,
 * for at most the lock timeout (then ABORTED `Transaction lock timeout.`, as the official emulator).
 *
 * Deadlocks are avoided with wound-wait, by age (the order transactions began; a retry, which names
 * the transaction it retries, keeps that one's age): a younger owner waits for an older holder, an
 * older owner "wounds" a younger holder: the younger transaction is aborted (ABORTED, which the
 * SDKs retry) and its locks pass on. Waits therefore only ever point from younger to older owners,
 * so no cycle can form and the oldest transaction always progresses. When a lock is released its
 * waiters ask again (oldest first wins). A non-transactional commit is an owner too (with the age of its arrival) that
 * holds locks only while it waits for the rest; when wounded it gives them up and starts over.
 */

import { FirestoreError } from '../store/errors.js';

/** The official emulator's answer to a request that waited too long for a lock (ABORTED). */
export const LOCK_TIMEOUT = 'Transaction lock timeout.';

/**
 * `shared`: a read (of a document, or of a collection's range by a query or listing); `intent`: a
 * write into a collection (writes into one collection do not wait for each other, but wait for its
 * readers); `exclusive`: a write of a document.
 */
export type LockMode = 'shared' | 'intent' | 'exclusive';

/** True when holders in modes `a` and `b` (two owners) can hold one lock together. */
function compatible(a: LockMode, b: LockMode): boolean {
  return a === b && a !== 'exclusive';
}

/** True when holding `held` gives what `wanted` asks. */
function covers(held: LockMode, wanted: LockMode): boolean {
  return held === 'exclusive' || held === wanted;
}

export type MaybePromise<T> = T | Promise<T>;

/** Calls `fn` with the value, right away unless it is a promise. */
export function thenMaybe<T, U>(
  value: MaybePromise<T>,
  fn: (v: T) => MaybePromise<U>,
): MaybePromise<U> {
  return value instanceof Promise ? value.then(fn) : fn(value);
}

export interface LockOwner {
  /** Smaller is older, and wins (wound-wait). */
  readonly age: number;
  /** The paths this owner holds (in any mode). */
  readonly held: Set<string>;
  /** The lock this owner queues for, if any. */
  waiting?: Waiter;
  /** Set when the owner was aborted: its pending and later lock requests fail with this. */
  aborted?: Error;
  /**
   * Called when an older owner takes a lock from it (the lock is already gone); it must end the
   * owner, which releases its other locks. Without it (a commit), the owner releases everything and
   * its acquisition starts over.
   */
  wound?(): void;
  /** Called when a request of this owner gave up waiting (the lock timeout); a transaction ends. */
  timedOut?(): void;
}

interface Waiter {
  readonly owner: LockOwner;
  readonly path: string;
  readonly promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

interface Lock {
  /** Who holds it, in which mode (all compatible with each other). */
  readonly holders: Map<LockOwner, LockMode>;
  queue: Waiter[];
}

/** A lock to take: a document path (or a collection's lock key) and the mode. */
export type LockWant = readonly [path: string, mode: LockMode];

/** The rejection of a waiting commit that was wounded: it takes its locks again from the start. */
const RESTART = Symbol('restart');

export class LockTable {
  private readonly locks = new Map<string, Lock>();

  /**
   * `onWait` is told whenever an owner starts waiting (the database schedules expiry checks);
   * `timeoutMs` bounds each request's wait (0: no bound). `graceMs`: a read that finds a document
   * read by an older transaction waits that long for it to end before sharing the lock (0: shares
   * at once). Transactions that read-modify-write one document then run one after the other rather
   * than all read, all but one be ABORTED at commit, and retry after the SDKs' backoff (a second);
   * a reader that does not end within the grace shares the lock, as with no grace.
   */
  constructor(
    private readonly onWait: (holder: LockOwner) => void = () => undefined,
    private readonly timeoutMs = 0,
    private readonly graceMs = 0,
  ) {}

  /** Number of locked documents and collections. */
  get size(): number {
    return this.locks.size;
  }

  /** True when `owner` holds `path` in `mode` (or in `exclusive`, which covers every mode). */
  holds(owner: LockOwner, path: string, mode: LockMode = 'shared'): boolean {
    const held = this.locks.get(path)?.holders.get(owner);
    return held !== undefined && covers(held, mode);
  }

  /** True when some owner waits for a lock `owner` holds. */
  hasWaitersFor(owner: LockOwner): boolean {
    for (const path of owner.held) if ((this.locks.get(path)?.queue.length ?? 0) > 0) return true;
    return false;
  }

  /** True when another owner holds one of `wants` in a mode that is in the way. */
  blocked(owner: LockOwner | undefined, wants: Iterable<LockWant>): boolean {
    if (this.locks.size === 0) return false;
    for (const [path, mode] of wants) {
      const lock = this.locks.get(path);
      if (lock === undefined) continue;
      for (const [holder, held] of lock.holders)
        if (holder !== owner && !compatible(held, mode)) return true;
    }
    return false;
  }

  /**
   * Runs `fn` once `owner` holds every lock it wants: right away (synchronously, `waited` false)
   * when no other owner is in the way, else after waiting (`waited` true), the possession being
   * checked in the same synchronous step that calls `fn`. Rejects with `owner.aborted` when the
   * owner is aborted meanwhile, and with ABORTED `Transaction lock timeout.` when it waited longer
   * than the lock timeout. With `releaseAfter` (a commit) the locks are released after `fn`.
   */
  withLocks<T>(
    owner: LockOwner,
    wants: Iterable<LockWant>,
    fn: (waited: boolean) => MaybePromise<T>,
    releaseAfter = false,
  ): MaybePromise<T> {
    if (owner.aborted) throw owner.aborted;
    const sorted = LockTable.normalize(wants);
    const patient = this.graceMs > 0;
    for (const [path, mode] of sorted) {
      if (this.take(owner, path, mode, patient) === undefined) continue;
      return this.acquireThen(owner, sorted, fn, releaseAfter);
    }
    if (!releaseAfter) return fn(false);
    try {
      return fn(false);
    } finally {
      this.release(owner);
    }
  }

  /** One entry per path, in path order (so owners take locks in one order), the strongest mode. */
  private static normalize(wants: Iterable<LockWant>): LockWant[] {
    const byPath = new Map<string, LockMode>();
    for (const [path, mode] of wants) {
      const had = byPath.get(path);
      byPath.set(path, had === undefined || had === mode ? mode : 'exclusive');
    }
    return [...byPath].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }

  private async acquireThen<T>(
    owner: LockOwner,
    sorted: LockWant[],
    fn: (waited: boolean) => MaybePromise<T>,
    releaseAfter: boolean,
  ): Promise<T> {
    let timeout: FirestoreError | undefined;
    const timer =
      this.timeoutMs > 0
        ? setTimeout(() => {
            timeout = new FirestoreError('ABORTED', LOCK_TIMEOUT);
            this.cancelWait(owner, timeout);
          }, this.timeoutMs)
        : undefined;
    // Within the grace a read queues behind older readers; after it, it shares their lock.
    let patient = this.graceMs > 0 && sorted.some(([, mode]) => mode === 'shared');
    const grace = patient
      ? setTimeout(() => {
          patient = false;
          this.cancelWait(owner, RESTART);
        }, this.graceMs)
      : undefined;
    try {
      for (;;) {
        for (const [path, mode] of sorted) {
          for (;;) {
            if (owner.aborted) throw owner.aborted;
            if (timeout) throw timeout;
            const wait = this.take(owner, path, mode, patient);
            if (wait === undefined) break;
            try {
              await wait;
            } catch (error) {
              if (error !== RESTART) throw error;
            }
          }
        }
        if (owner.aborted) throw owner.aborted;
        if (timeout) throw timeout;
        // Another owner may have run between the last grant and now: check, then run at once.
        if (sorted.every(([path, mode]) => this.holds(owner, path, mode))) return await fn(true);
      }
    } catch (error) {
      if (error === timeout && owner.timedOut) owner.timedOut();
      throw error;
    } finally {
      clearTimeout(timer);
      clearTimeout(grace);
      if (releaseAfter || owner.aborted) this.release(owner);
    }
  }

  /**
   * Takes the lock now (undefined) or queues for it (the promise of that wait). A `patient` read
   * also queues behind older readers (the grace, see the constructor).
   */
  private take(
    owner: LockOwner,
    path: string,
    wanted: LockMode,
    patient = false,
  ): Promise<void> | undefined {
    let lock = this.locks.get(path);
    if (lock === undefined) {
      this.locks.set(path, { holders: new Map([[owner, wanted]]), queue: [] });
      owner.held.add(path);
      return undefined;
    }
    const had = lock.holders.get(owner);
    if (had !== undefined && covers(had, wanted)) return undefined;
    // Holding another mode already (a read, then a write): the lock is upgraded to exclusive.
    const mode: LockMode = had === undefined ? wanted : 'exclusive';
    const inTheWay: LockOwner[] = [];
    for (const [holder, held] of lock.holders)
      if (holder !== owner && !compatible(held, mode)) inTheWay.push(holder);
      else if (patient && mode === 'shared' && holder !== owner && holder.age < owner.age)
        inTheWay.push(holder);
    if (inTheWay.every((holder) => owner.age < holder.age)) {
      // Wound-wait: the older owner takes the lock; each younger holder is aborted (or restarts).
      for (const holder of inTheWay) {
        lock.holders.delete(holder);
        holder.held.delete(path);
        if (holder.wound) holder.wound();
        else this.release(holder, RESTART);
      }
      // (Ending a wounded holder may have dropped the lock's entry when it was its only user.)
      lock = this.locks.get(path) ?? lock;
      this.locks.set(path, lock);
      lock.holders.set(owner, mode);
      owner.held.add(path);
      return undefined;
    }
    if (owner.waiting?.path === path) return owner.waiting.promise;
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const waiter: Waiter = { owner, path, promise, resolve, reject };
    owner.waiting = waiter;
    lock.queue.push(waiter);
    for (const holder of inTheWay) this.onWait(holder);
    return promise;
  }

  /** Fails the pending wait of `owner`, if any, with `error`. */
  private cancelWait(owner: LockOwner, error: unknown): void {
    const waiter = owner.waiting;
    if (!waiter) return;
    owner.waiting = undefined;
    const lock = this.locks.get(waiter.path);
    if (lock) {
      lock.queue = lock.queue.filter((w) => w !== waiter);
      if (lock.holders.size === 0 && lock.queue.length === 0) this.locks.delete(waiter.path);
    }
    waiter.reject(error);
  }

  /** Drops every lock; each pending wait fails with `error` (an emulator reset). */
  abortAll(error: unknown): void {
    const locks = [...this.locks.values()];
    this.locks.clear();
    for (const lock of locks) {
      for (const holder of lock.holders.keys()) holder.held.clear();
      for (const waiter of lock.queue) {
        waiter.owner.waiting = undefined;
        waiter.reject(error);
      }
    }
  }

  /**
   * Gives up everything `owner` holds (the waiters of each lock ask again, the oldest first) and
   * its pending wait, which fails with `error` (by default the owner's abort reason).
   */
  release(owner: LockOwner, error?: unknown): void {
    if (owner.waiting) this.cancelWait(owner, error ?? owner.aborted ?? RESTART);
    for (const path of owner.held) {
      const lock = this.locks.get(path);
      if (!lock) continue;
      lock.holders.delete(owner);
      if (lock.queue.length > 0) {
        const waiters = lock.queue.sort((a, b) => a.owner.age - b.owner.age);
        lock.queue = [];
        for (const waiter of waiters) {
          waiter.owner.waiting = undefined;
          waiter.resolve();
        }
      }
      if (lock.holders.size === 0) this.locks.delete(path);
    }
    owner.held.clear();
  }
}
