import type { ManagedProcess } from '../processes';

/**
 * What a run of `npm run perf` started and made: at its end, or on Ctrl-C, the processes are
 * stopped (together), then the cleanups run, the last one added first. Runs once.
 */
export class Teardown {
  private readonly processes: ManagedProcess[] = [];
  private readonly cleanups: (() => void | Promise<void>)[] = [];
  private stopping: Promise<void> | undefined;

  /** A process to stop at the end; returns it. */
  process<T extends ManagedProcess>(proc: T): T {
    this.processes.push(proc);
    return proc;
  }

  /** Something to undo at the end (a folder to remove, the stack to stop). */
  add(cleanup: () => void | Promise<void>): void {
    this.cleanups.push(cleanup);
  }

  run(): Promise<void> {
    return (this.stopping ??= (async () => {
      await Promise.all(this.processes.map((p) => p.stop()));
      for (const cleanup of this.cleanups.reverse()) await cleanup();
    })());
  }
}
