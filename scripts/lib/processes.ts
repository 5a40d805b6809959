import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process group leader exits. */
  exited: Promise<number | null>;
  /** Stops the whole process group this script started (SIGTERM, then SIGKILL after a grace period). */
  stop(graceMs?: number): Promise<void>;
}

export interface StartOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  onLine?: (line: string) => void;
}

/**
 * The process groups this process started whose leader is still running. Should this process
 * exit without stopping them (vitest after Ctrl-C or SIGTERM exits at once, without its global
 * teardown, which stops the test stacks), each gets SIGTERM on the way out: an exit handler may
 * only do synchronous work, and sending a signal is. Only groups whose leader is alive are
 * signalled, so a group id the system has given to someone else since is never touched.
 */
const running = new Set<number>();

process.once('exit', () => {
  for (const pgid of running) {
    try {
      process.kill(-pgid, 'SIGTERM');
    } catch {
      // The group is already gone.
    }
  }
});

/**
 * Starts a command in its own process group, so it and every child it spawns can be stopped
 * together by group id (never by name). A group still running when this process exits gets
 * SIGTERM then (see `running`).
 */
export function startProcess(options: StartOptions): ManagedProcess {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => options.onLine?.(line));
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(-1));
  });
  let exitedFlag = false;
  const pgid = child.pid;
  if (pgid !== undefined) running.add(pgid);
  void exited.then(() => {
    exitedFlag = true;
    if (pgid !== undefined) running.delete(pgid);
  });

  async function signalGroup(signal: NodeJS.Signals): Promise<void> {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  }

  return {
    name: options.name,
    child,
    exited,
    async stop(graceMs = 8000) {
      if (child.pid === undefined) return;
      await signalGroup('SIGTERM');
      const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), graceMs).unref());
      if (!exitedFlag && (await Promise.race([exited, timer])) === 'timeout') {
        await signalGroup('SIGKILL');
        await exited;
      }
      // Children that outlive their leader (e.g. an emulator's runtime) are in the same group.
      await signalGroup('SIGKILL');
    },
  };
}

/** Resolves when `predicate` matches a line the process prints, rejects on exit or timeout. */
export function waitForLine(
  proc: ManagedProcess,
  subscribe: (listener: (line: string) => void) => void,
  predicate: (line: string) => boolean,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${proc.name} was not ready after ${timeoutMs} ms`)),
      timeoutMs,
    );
    subscribe((line) => {
      if (predicate(line)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void proc.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${proc.name} exited with code ${code} before it was ready`));
    });
  });
}
