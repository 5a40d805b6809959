/**
 * What changed when, per database, for the Listen streams (listen.ts): a target resumed from a
 * read time gets only the changes since then while this history reaches back that far, else a
 * reset. The oldest changes are dropped beyond MAX_HISTORY.
 */
import type { Micros } from '../store/timestamp.js';

/** Changes kept for resuming listeners, per database; older ones are dropped (resume = reset). */
const MAX_HISTORY = 50_000;

interface History {
  /** Every change with a time after `floor` is in `entries` (ascending time). */
  floor: Micros;
  entries: { time: Micros; path: string }[];
}

export class ChangeHistory {
  private readonly histories = new Map<string, History>();

  /**
   * @param createdAt from when changes are recorded (the hub's start)
   * @param now the service clock
   */
  constructor(
    private readonly createdAt: Micros,
    private readonly now: () => Micros,
  ) {}

  private history(key: string): History {
    let h = this.histories.get(key);
    if (!h) {
      h = { floor: this.createdAt, entries: [] };
      this.histories.set(key, h);
    }
    return h;
  }

  /** The paths changed in a database (`key`) at `time` (never before its last change). */
  record(key: string, time: Micros, paths: Iterable<string>): void {
    const h = this.history(key);
    const last = h.entries[h.entries.length - 1]?.time ?? h.floor;
    const at = Math.max(time, last);
    for (const path of paths) h.entries.push({ time: at, path });
    if (h.entries.length > MAX_HISTORY) {
      const dropped = h.entries.splice(0, h.entries.length - MAX_HISTORY / 2);
      h.floor = (dropped[dropped.length - 1] as { time: Micros }).time;
    }
  }

  /**
   * The paths changed after `since` in a database, or undefined when the history does not reach
   * back that far (then the caller resets instead).
   */
  changedSince(key: string, since: Micros): Set<string> | undefined {
    const h = this.history(key);
    if (since < h.floor || since > this.now()) return undefined;
    const out = new Set<string>();
    for (let i = h.entries.length - 1; i >= 0; i--) {
      const entry = h.entries[i] as { time: Micros; path: string };
      if (entry.time <= since) break;
      out.add(entry.path);
    }
    return out;
  }
}
