import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/testing/render';
import { orderKeys } from '@/entities/orders';
import { profileKeys } from '@/entities/profile';
import { page } from '../testing/search-stubs';
import { searchKeys, useStoreDetails } from './search';

const callables = vi.hoisted(() => ({
  callSearchOrders: vi.fn(),
  callSearchUsers: vi.fn(),
  callGetStoreDetails: vi.fn(),
  callResendVerificationEmail: vi.fn(),
}));
vi.mock('@/lib/callables', () => callables);

beforeEach(() => {
  callables.callGetStoreDetails.mockReset();
});

describe('searchKeys', () => {
  it('sit under the keys that order and profile changes invalidate', async () => {
    const client = createTestQueryClient();
    const orders = searchKeys.orders({ q: 'x', page: 2 });
    const users = searchKeys.users({ status: 'pending' });
    const store = searchKeys.store('uid-1');
    for (const key of [orders, users, store]) client.setQueryData(key, page([]));

    // useUpdateOrderStatus and useRefundOrder invalidate orderKeys.recent().
    await client.invalidateQueries({ queryKey: orderKeys.recent() });
    expect(client.getQueryState(orders)?.isInvalidated).toBe(true);
    expect(client.getQueryState(users)?.isInvalidated).toBe(false);

    // useSetProfileStatus invalidates profileKeys.list().
    await client.invalidateQueries({ queryKey: profileKeys.list() });
    expect(client.getQueryState(users)?.isInvalidated).toBe(true);
    expect(client.getQueryState(store)?.isInvalidated).toBe(true);
  });
});

describe('useStoreDetails', () => {
  function renderWithRetries() {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: 2, retryDelay: 0 } },
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    return renderHook(() => useStoreDetails('uid-1'), { wrapper }).result;
  }

  it('does not retry a refusal (no such store)', async () => {
    callables.callGetStoreDetails.mockRejectedValue(
      Object.assign(new Error('No such store.'), { code: 'functions/not-found' }),
    );
    const result = renderWithRetries();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(callables.callGetStoreDetails).toHaveBeenCalledTimes(1);
  });

  it("retries other failures as the query client's policy says", async () => {
    callables.callGetStoreDetails.mockRejectedValue(new Error('internal'));
    const result = renderWithRetries();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(callables.callGetStoreDetails).toHaveBeenCalledTimes(3);
  });
});
