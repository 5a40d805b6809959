import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountWatcher } from './app-query-client';

describe('accountWatcher', () => {
  it("drops the cache when a different account signs in, and keeps it for the same account's return", () => {
    const client = new QueryClient();
    const note = accountWatcher(client);
    note('buyer-a');
    client.setQueryData(['profile', 'buyer-a'], { store_name: 'A' });
    client.setQueryData(['products', 'wholesaler'], ['a wholesaler price']);

    note(null); // signed out: pages still on screen keep their data
    expect(client.getQueryData(['profile', 'buyer-a'])).toEqual({ store_name: 'A' });
    note('buyer-a'); // the same account again (a token refresh, a new sign-in)
    expect(client.getQueryData(['products', 'wholesaler'])).toEqual(['a wholesaler price']);

    note(null);
    note('buyer-b');
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('keeps what the first account of the tab cached before it was reported', () => {
    const client = new QueryClient();
    client.setQueryData(['cart', 'buyer-a'], []);
    accountWatcher(client)('buyer-a');
    expect(client.getQueryData(['cart', 'buyer-a'])).toEqual([]);
  });
});
