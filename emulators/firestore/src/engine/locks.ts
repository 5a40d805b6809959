/**
 * Document locks of read-write transactions: pessimistic concurrency, as the server SDKs see it in
 * production. A read in a read-write transaction takes an exclusive lock on each document it
 * returns, held until the transaction commits, rolls back or expires; a commit needs every document
 * it writes to be free (or its own). Whoever finds a document locked waits in that document's queue.
 *
 * Deadlocks are avoided with wound-wait, by age (the order transactions began; a retry, which names
 * the transaction it retries, keeps that one's age): a younger owner waits for an older holder, an
 * older owner "wounds" a younger holder: the younger transaction is aborted (ABORTED, which the
 * SDKs retry) and its locks pass on. Waits therefore only ever point from younger to older owners,
 * so no cycle can form and the oldest transaction always progresses. A released lock goes to the
 * oldest waiter. A non-transactional commit is an owner too (with the age of its arrival) that
 * holds locks only while it waits for the rest; when wounded it gives them up and starts over.
 */

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
  /** The paths this owner holds. */
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
}

interface Waiter {
  readonly owner: LockOwner;
  readonly path: string;
  readonly promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

interface Lock {
  holder: LockOwner;
  queue: Waiter[];
}

/** The rejection of a waiting commit that was wounded: it takes its locks again from the start. */
const RESTART = Symbol('restart');

export class LockTable {
  private readonly locks = new Map<string, Lock>();

  /** `onWait` is told whenever an owner starts waiting (the database schedules expiry checks). */
  constructor(private readonly onWait: (holder: LockOwner) => void = () => undefined) {}

  /** Number of locked documents. */
  get size(): number {
    return this.locks.size;
  }

  holder(path: string): LockOwner | undefined {
    return this.locks.get(path)?.holder;
  }

  /** True when some owner waits for a lock `owner` holds. */
  hasWaitersFor(owner: LockOwner): boolean {
    for (const path of owner.held) if ((this.locks.get(path)?.queue.length ?? 0) > 0) return true;
    return false;
  }

  /** True when one of `paths` is held by an owner other than `owner`. */
  blocked(owner: LockOwner | undefined, paths: Iterable<string>): boolean {
    if (this.locks.size === 0) return false;
    for (const path of paths) {
      const holder = this.locks.get(path)?.holder;
      if (holder !== undefined && holder !== owner) return true;
    }
    return false;
  }

  /**
   * Runs `fn` once `owner` holds every path: right away (synchronously, `waited` false) when none
   * is held by another owner, else after waiting (`waited` true), the possession being checked in
   * the same synchronous step that calls `fn`. Rejects with `owner.aborted` when the owner is
   * aborted meanwhile. With `releaseAfter` (a commit) the locks are released after `fn`.
   */
  withLocks<T>(
    owner: LockOwner,
    paths: Iterable<string>,
    fn: (waited: boolean) => MaybePromise<T>,
    releaseAfter = false,
  ): MaybePromise<T> {
    if (owner.aborted) throw owner.aborted;
    const sorted = [...new Set(paths)].sort();
    for (const path of sorted) {
      if (this.take(owner, path) === undefined) continue;
      return this.acquireThen(owner, sorted, fn, releaseAfter);
    }
    if (!releaseAfter) return fn(false);
    try {
      return fn(false);
    } finally {
      this.release(owner);
    }
  }

  private async acquireThen<T>(
    owner: LockOwner,
    sorted: string[],
    fn: (waited: boolean) => MaybePromise<T>,
    releaseAfter: boolean,
  ): Promise<T> {
    try {
      for (;;) {
        for (const path of sorted) {
          if (owner.aborted) throw owner.aborted;
          const wait = this.take(owner, path);
          if (wait === undefined) continue;
          try {
            await wait;
          } catch (error) {
            if (error !== RESTART) throw error;
          }
        }
        if (owner.aborted) throw owner.aborted;
        // Another owner may have run between the last grant and now: check, then run at once.
        if (sorted.every((path) => this.locks.get(path)?.holder === owner)) return await fn(true);
      }
    } finally {
      if (releaseAfter || owner.aborted) this.release(owner);
    }
  }

  /** Takes the lock now (undefined) or queues for it (the promise of that wait). */
  private take(owner: LockOwner, path: string): Promise<void> | undefined {
    const lock = this.locks.get(path);
    if (lock === undefined) {
      this.locks.set(path, { holder: owner, queue: [] });
      owner.held.add(path);
      return undefined;
    }
    const holder = lock.holder;
    if (holder === owner) return undefined;
    if (owner.age < holder.age) {
      // Wound-wait: the older owner takes the lock; the younger holder is aborted (or restarts).
      holder.held.delete(path);
      lock.holder = owner;
      owner.held.add(path);
      if (holder.wound) holder.wound();
      else this.release(holder, RESTART);
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
    this.onWait(holder);
    return promise;
  }

  /** Drops every lock; each pending wait fails with `error` (an emulator reset). */
  abortAll(error: unknown): void {
    const locks = [...this.locks.values()];
    this.locks.clear();
    for (const lock of locks) {
      lock.holder.held.clear();
      for (const waiter of lock.queue) {
        waiter.owner.waiting = undefined;
        waiter.reject(error);
      }
    }
  }

  /**
   * Gives up everything `owner` holds (each lock goes to its oldest waiter) and its pending wait,
   * which fails with `error` (by default the owner's abort reason).
   */
  release(owner: LockOwner, error?: unknown): void {
    const waiter = owner.waiting;
    if (waiter) {
      owner.waiting = undefined;
      const lock = this.locks.get(waiter.path);
      if (lock) lock.queue = lock.queue.filter((w) => w !== waiter);
      waiter.reject(error ?? owner.aborted ?? RESTART);
    }
    for (const path of owner.held) {
      const lock = this.locks.get(path);
      if (!lock || lock.holder !== owner) continue;
      if (lock.queue.length === 0) {
        this.locks.delete(path);
        continue;
      }
      let next = 0;
      for (let i = 1; i < lock.queue.length; i++)
        if ((lock.queue[i] as Waiter).owner.age < (lock.queue[next] as Waiter).owner.age) next = i;
      const [granted] = lock.queue.splice(next, 1) as [Waiter];
      lock.holder = granted.owner;
      granted.owner.held.add(path);
      granted.owner.waiting = undefined;
      granted.resolve();
    }
    owner.held.clear();
  }
}
