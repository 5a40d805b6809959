import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../src/stripe-events/webhook';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/**
 * An event type the webhook handles but the Stripe endpoint does not listen to never arrives
 * (a dispute would go unrecorded and the order could ship): the setup instructions list them all.
 */
describe('the webhook endpoint subscribes to every event type it handles', () => {
  it.each(['docs/deploying.md', 'functions/README.md'])('%s lists each one', (file) => {
    const text = read(file);
    const missing = WEBHOOK_EVENT_TYPES.filter((type) => !text.includes(`\`${type}\``));
    expect(missing).toEqual([]);
  });

  it('handles the dispute events', () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual(
      expect.arrayContaining([
        'charge.dispute.created',
        'charge.dispute.updated',
        'charge.dispute.closed',
      ]),
    );
  });
});
