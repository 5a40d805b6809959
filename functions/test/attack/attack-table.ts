import { describe, it } from 'vitest';

/**
 * The attack suite (`npm run attack`, also part of `npm test`): every finding of the security
 * reviews, replayed against a local stack (the functions suite's Auth emulator, Firestore emulator
 * and Stripe sandbox, plus whatever a row starts itself), each asserting that the attack is now
 * refused or harmless. The threats, their defences and these rows: docs/security.md.
 *
 * A row attacks through the same doors an attacker has: the exported handlers with a crafted
 * request (headers, body, tokens), HTTP to the emulators, signed webhooks. It never calls the
 * internals that the fix added, so the same table replayed against the code before a fix shows
 * the finding getting through.
 */
export interface Attack {
  /** The finding's id in docs/security.md (P1..P6 production, W1..W8 partial, D1..D3 dev). */
  id: string;
  /** What the attacker does, in a few words. */
  attack: string;
  /** Performs the attack and throws (an expect) when it got through. */
  run: () => Promise<void>;
  timeoutMs?: number;
}

export function attackTable(area: string, attacks: readonly Attack[]): void {
  describe(`attacks on ${area}`, () => {
    for (const row of attacks) {
      it(`${row.id}: ${row.attack}`, row.run, row.timeoutMs);
    }
  });
}
