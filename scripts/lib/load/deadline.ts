/**
 * A scenario's deadline: every request it makes carries the signal, so nothing outlives it, and
 * its loops check `passed` to stop. What had not finished by then counts as an error.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  readonly endsAt: number;

  constructor(
    readonly label: string,
    readonly ms: number,
  ) {
    this.endsAt = Date.now() + ms;
    this.timer = setTimeout(() => this.controller.abort(new DeadlineError(label, ms)), ms);
    this.timer.unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get passed(): boolean {
    return this.controller.signal.aborted;
  }

  /** Throws the DeadlineError once the deadline has passed. */
  check(): void {
    if (this.passed) throw new DeadlineError(this.label, this.ms);
  }

  /** Waits `ms`, or less when the deadline comes first (then throws). */
  async sleep(ms: number): Promise<void> {
    this.check();
    const signal = this.signal;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done);
    });
    this.check();
  }

  /** Stops the timer (the scenario is over). */
  clear(): void {
    clearTimeout(this.timer);
  }
}

export class DeadlineError extends Error {
  override name = 'DeadlineError';
  constructor(label: string, ms: number) {
    super(`${label}: deadline of ${Math.round(ms / 1000)} s passed`);
  }
}

export function isDeadlineError(error: unknown): boolean {
  return (
    error instanceof DeadlineError ||
    (error instanceof Error && error.cause instanceof DeadlineError) ||
    (error instanceof DOMException && error.name === 'AbortError')
  );
}
