import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { profileKeys } from '@/entities/profile';
import { createQueryClient, isPermissionDenied } from '@/lib/query-client';
import {
  accountWatcher,
  PROFILE_QUERIES,
  recheckAccess,
  useAppQueryClient,
} from './app-query-client';

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

describe('useAppQueryClient', () => {
  function Shell({ client }: { client: QueryClient }) {
    useAppQueryClient(client);
    return null;
  }

  it('drops the cache once the UI shell goes away, not while it stays', async () => {
    const client = new QueryClient();
    client.setQueryData(['profile', 'buyer-a'], { status: 'pending' });
    const view = render(<Shell client={client} />);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(client.getQueryData(['profile', 'buyer-a'])).toEqual({ status: 'pending' });
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it("keeps it through StrictMode's unmount and mount again", async () => {
    const client = new QueryClient();
    client.setQueryData(['catalog'], ['prefetched']);
    render(
      <StrictMode>
        <Shell client={client} />
      </StrictMode>,
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(client.getQueryData(['catalog'])).toEqual(['prefetched']);
  });
});

describe('recheckAccess: a refusal reads the profile again', () => {
  it('invalidates the profiles when a read or a write is refused as not allowed, and only then', async () => {
    const client = createQueryClient({ onAccessRefused: recheckAccess });
    client.setQueryData(profileKeys.detail('buyer-a'), { store_name: 'A' });
    const profileState = () => client.getQueryState(profileKeys.detail('buyer-a'));
    // Another failure changes nothing.
    await client
      .fetchQuery({
        queryKey: ['cart', 'buyer-a'],
        queryFn: () => Promise.reject(Object.assign(new Error('x'), { code: 'unavailable' })),
        retry: false,
      })
      .catch(() => undefined);
    expect(profileState()?.isInvalidated).toBe(false);
    // A refused write (a cart line of a member removed meanwhile).
    await client
      .getMutationCache()
      .build(client, {
        mutationFn: () =>
          Promise.reject(Object.assign(new Error('denied'), { code: 'permission-denied' })),
      })
      .execute(undefined)
      .catch(() => undefined);
    expect(profileState()?.isInvalidated).toBe(true);
  });

  it('names the same queries as the profile entity', () => {
    expect(PROFILE_QUERIES).toEqual(profileKeys.all());
    expect(isPermissionDenied({ code: 'functions/permission-denied' })).toBe(true);
    expect(isPermissionDenied(new Error('permission-denied'))).toBe(false);
  });
});
