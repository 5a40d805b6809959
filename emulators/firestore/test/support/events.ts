/** Listener callbacks as a queue the tests await, with a timeout instead of sleeps. */
export class EventQueue<T> {
  private readonly items: T[] = [];
  private readonly waiters: (() => void)[] = [];
  private failure: unknown;
  readonly all: T[] = [];

  push = (item: T): void => {
    this.items.push(item);
    this.all.push(item);
    for (const wake of this.waiters.splice(0)) wake();
  };

  fail = (error: unknown): void => {
    this.failure = error ?? new Error('listener failed');
    for (const wake of this.waiters.splice(0)) wake();
  };

  get error(): unknown {
    return this.failure;
  }

  /** The next event. */
  next(timeoutMs = 5000): Promise<T> {
    return this.until(() => true, timeoutMs);
  }

  /** The first event (skipping the others) for which `predicate` holds. */
  async until(predicate: (item: T) => boolean, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.items.length > 0) {
        const item = this.items.shift() as T;
        if (predicate(item)) return item;
      }
      if (this.failure !== undefined) throw this.failure;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The listener's error (it must fail within the timeout). */
  async nextError(timeoutMs = 5000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    while (this.failure === undefined) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no error within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.failure;
  }

  /** Events not consumed yet. */
  get pending(): readonly T[] {
    return this.items;
  }
}
