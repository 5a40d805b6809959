/**
 * What one user action costs on a local stack: the Firestore emulator's billing counters
 * (GET/DELETE /emulator/v1/projects/{p}/usage: document reads, writes and deletes, listener
 * reads included) and the Cloud Functions invocations the Functions emulator reports in its
 * output ("Beginning execution of ..."). An action is measured from a reset of the counters until
 * everything it set off has finished: nothing under way in the emulators (trigger events to
 * deliver, webhook work: ../stack-work.ts), no call of the browser's to a function in flight
 * (addBusySource), no function running, and the counters unchanged for QUIET_MS (for what the
 * browser still reads after its page has shown).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { pendingStackWork, type StackWorkTarget } from '../stack-work';

/**
 * How long the counters must stay still, with nothing under way in the emulators, for an action
 * to be over. The functions an action sets off are waited for by what the emulators report; this
 * is for the browser's own reads after a page has shown (a lazy chunk's, a prefetch's).
 */
export const QUIET_MS = 1_500;
const POLL_MS = 150;

/** The emulator's usage counters (emulators/firestore/src/engine/usage.ts). */
export interface FirestoreUsage {
  documentReads: number;
  listenReads: number;
  rulesReads: number;
  documentWrites: number;
  documentDeletes: number;
}

export interface ActionCost {
  action: string;
  reads: number;
  /** Of `reads`, those delivered to listeners (live views). */
  listenReads: number;
  /** Of `reads`, the documents security rules read for the browser's requests. */
  rulesReads: number;
  writes: number;
  deletes: number;
  invocations: number;
  /** The functions invoked, with how often: "createCheckoutSession ×1, stripeWebhook ×3". */
  functions: string;
  ms: number;
}

const BEGIN = /Beginning execution of "(?:[a-z0-9-]+-)?([A-Za-z0-9_]+)"/;
const FINISH = /Finished "(?:[a-z0-9-]+-)?([A-Za-z0-9_]+)" in/;

export class CostMeter {
  private running = 0;
  private invoked = new Map<string, number>();
  private lastLine = 0;
  /** When the last settle() found everything still, and the counters it read then. */
  private quiet: { at: number; usage: string } | null = null;

  /** Counts of work under way that the emulators cannot see (the browser's calls in flight). */
  private readonly busySources: (() => number)[] = [];

  constructor(private readonly target: StackWorkTarget) {}

  /**
   * Adds a count of work under way to wait for (0: none), such as the browser's calls to the
   * functions still in flight: a function's first call starts its worker before the emulator logs
   * it, a second or more in which nothing else moves.
   */
  addBusySource(count: () => number): void {
    this.busySources.push(count);
  }

  private get busyElsewhere(): boolean {
    return this.busySources.some((count) => count() > 0);
  }

  /** Feed the stack's output here (StackOptions.log). */
  readonly onLog = (service: string, line: string): void => {
    if (service !== 'firebase') return;
    const begun = BEGIN.exec(line);
    if (begun?.[1]) {
      this.running += 1;
      this.invoked.set(begun[1], (this.invoked.get(begun[1]) ?? 0) + 1);
      this.lastLine = Date.now();
      return;
    }
    if (FINISH.test(line)) {
      this.running = Math.max(0, this.running - 1);
      this.lastLine = Date.now();
    }
  };

  private get usageUrl(): string {
    return `${this.target.firestoreUrl}/emulator/v1/projects/${this.target.projectId}/usage`;
  }

  async usage(): Promise<FirestoreUsage> {
    const response = await fetch(this.usageUrl);
    if (!response.ok) throw new Error(`usage: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as Partial<FirestoreUsage>;
    return {
      documentReads: body.documentReads ?? 0,
      listenReads: body.listenReads ?? 0,
      rulesReads: body.rulesReads ?? 0,
      documentWrites: body.documentWrites ?? 0,
      documentDeletes: body.documentDeletes ?? 0,
    };
  }

  private async reset(): Promise<void> {
    const response = await fetch(this.usageUrl, { method: 'DELETE' });
    if (!response.ok) throw new Error(`usage reset: ${response.status}`);
    this.invoked = new Map();
  }

  /**
   * Waits until nothing moves: no function running and the counters unchanged for QUIET_MS
   * (and `dwellMs` at least, for a view that starts listening after a while).
   */
  async settle(options: { dwellMs?: number; timeoutMs?: number } = {}): Promise<void> {
    const started = Date.now();
    const deadline = started + (options.timeoutMs ?? 90_000);
    let last = JSON.stringify(await this.usage());
    let stillSince = Date.now();
    for (;;) {
      await sleep(POLL_MS);
      const [now, pending] = await Promise.all([
        this.usage().then((usage) => JSON.stringify(usage)),
        pendingStackWork(this.target),
      ]);
      if (
        now !== last ||
        pending > 0 ||
        this.busyElsewhere ||
        this.running > 0 ||
        this.lastLine > stillSince
      ) {
        last = now;
        stillSince = Date.now();
      }
      const dwelt = Date.now() - started >= (options.dwellMs ?? 0);
      if (dwelt && Date.now() - stillSince >= QUIET_MS) {
        this.quiet = { at: Date.now(), usage: now };
        return;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `still busy after ${options.timeoutMs ?? 90_000} ms (${this.running} function(s) running)`,
        );
      }
    }
  }

  /**
   * Whether an action may start at once: the last settle ended under QUIET_MS ago (so nothing
   * the caller did since could still be on its way), no function has run or logged since, and the
   * counters are as that settle left them. Actions measured one after another skip a second wait
   * of QUIET_MS this way (about a minute of the whole report).
   */
  private async stillSinceLastSettle(): Promise<boolean> {
    const quiet = this.quiet;
    if (!quiet || this.running > 0 || this.busyElsewhere || this.lastLine > quiet.at) return false;
    if (Date.now() - quiet.at >= QUIET_MS) return false;
    if ((await pendingStackWork(this.target)) > 0) return false;
    return JSON.stringify(await this.usage()) === quiet.usage;
  }

  /** Runs `act` from zeroed counters and answers what it cost once everything has settled. */
  async measure(
    action: string,
    act: () => Promise<void>,
    options: { dwellMs?: number } = {},
  ): Promise<ActionCost> {
    if (!(await this.stillSinceLastSettle())) await this.settle();
    await this.reset();
    const t0 = Date.now();
    await act();
    await this.settle({ dwellMs: options.dwellMs });
    const usage = await this.usage();
    const invocations = [...this.invoked.values()].reduce((sum, n) => sum + n, 0);
    return {
      action,
      reads: usage.documentReads,
      listenReads: usage.listenReads,
      rulesReads: usage.rulesReads,
      writes: usage.documentWrites,
      deletes: usage.documentDeletes,
      invocations,
      functions: [...this.invoked]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, n]) => `${name} ×${n}`)
        .join(', '),
      ms: Date.now() - t0,
    };
  }
}
