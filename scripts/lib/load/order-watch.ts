/**
 * Watches for orders to appear, the way a buyer's order page would see them: one reader polls
 * every awaited order document together (one batched read per round, not one per buyer), and
 * each waiter hears when its order is there in the state it waits for.
 */
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@portal/domain';
import type { Deadline } from './deadline';

const POLL_MS = 200;
const BATCH = 100;

interface Waiter {
  until: (order: DocumentData) => boolean;
  resolve: (seenAt: number) => void;
  reject: (error: unknown) => void;
}

export class OrderWatch {
  private readonly waiters = new Map<string, Waiter>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Firestore,
    private readonly deadline: Deadline,
  ) {}

  /** Resolves with performance.now() of the first read that saw order `id` satisfy `until`. */
  waitFor(id: string, until: (order: DocumentData) => boolean): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.waiters.set(id, { until, resolve, reject });
      this.running ??= this.poll().finally(() => (this.running = null));
    });
  }

  private async poll(): Promise<void> {
    while (this.waiters.size > 0) {
      if (this.deadline.passed) {
        for (const waiter of this.waiters.values())
          waiter.reject(new Error('order not seen by the deadline'));
        this.waiters.clear();
        return;
      }
      const ids = [...this.waiters.keys()];
      for (let start = 0; start < ids.length; start += BATCH) {
        const refs = ids
          .slice(start, start + BATCH)
          .map((id) => this.db.collection(COLLECTIONS.orders).doc(id));
        const snaps = await this.db.getAll(...refs);
        const seenAt = performance.now();
        for (const snap of snaps) {
          const waiter = this.waiters.get(snap.id);
          const data = snap.data();
          if (waiter && data && waiter.until(data)) {
            this.waiters.delete(snap.id);
            waiter.resolve(seenAt);
          }
        }
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
