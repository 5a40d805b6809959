/**
 * The webhook burst's plan (scripts/lib/load/burst.ts): which checkouts make its events, and the
 * shuffled order its deliveries go out in.
 */
export type Kind = 'card' | 'bank' | 'expired';
const KINDS: readonly Kind[] = ['card', 'bank', 'expired'];
export const EVENTS_OF: Record<Kind, number> = { card: 1, bank: 2, expired: 1 };
/** The checkouts to make, in turn card, bank, expired, so that their events add up to `events`. */
export function planCheckouts(events: number): Kind[] {
  const kinds: Kind[] = [];
  let total = 0;
  for (let i = 0; total < events; i++) {
    let kind = KINDS[i % KINDS.length] as Kind;
    if (total + EVENTS_OF[kind] > events) kind = 'card';
    kinds.push(kind);
    total += EVENTS_OF[kind];
  }
  return kinds;
}

/** A small seeded generator (mulberry32), so a run's order can be told and replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Each event 1 to 3 times, shuffled (Fisher–Yates). */
export function burstOrder<T>(events: readonly T[], random: () => number): T[] {
  const copies = events.flatMap((event) =>
    Array.from({ length: 1 + Math.floor(random() * 3) }, () => event),
  );
  for (let i = copies.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copies[i], copies[j]] = [copies[j] as T, copies[i] as T];
  }
  return copies;
}
