import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/testing/render';
import { orderKeys } from '@/entities/orders';
import { profileKeys } from '@/entities/profile';
import { page } from '../testing/search-stubs';
import { searchKeys, useCompanyDetails } from './search';

const callables = vi.hoisted(() => ({
  callSearchOrders: vi.fn(),
  callSearchCompanies: vi.fn(),
  callGetCompanyDetails: vi.fn(),
  callListCompanyMembers: vi.fn(),
  callInviteMember: vi.fn(),
  callResendVerificationEmail: vi.fn(),
}));
vi.mock('@/lib/callables', () => callables);
vi.mock('@/lib/manager-callables', () => callables);

beforeEach(() => {
  callables.callGetCompanyDetails.mockReset();
});

describe('searchKeys', () => {
  it('sit under the keys that order and profile changes invalidate', async () => {
    const client = createTestQueryClient();
    const orders = searchKeys.orders({ q: 'x', page: 2 });
    const users = searchKeys.companies({ status: 'pending' });
    const store = searchKeys.company('company-1');
    const members = searchKeys.members('company-1');
    for (const key of [orders, users, store, members]) client.setQueryData(key, page([]));

    // useUpdateOrderStatus and useRefundOrder invalidate orderKeys.recent().
    await client.invalidateQueries({ queryKey: orderKeys.recent() });
    expect(client.getQueryState(orders)?.isInvalidated).toBe(true);
    expect(client.getQueryState(users)?.isInvalidated).toBe(false);

    // useSetProfileStatus invalidates profileKeys.list().
    await client.invalidateQueries({ queryKey: profileKeys.list() });
    expect(client.getQueryState(users)?.isInvalidated).toBe(true);
    expect(client.getQueryState(store)?.isInvalidated).toBe(true);
    expect(client.getQueryState(members)?.isInvalidated).toBe(true);
  });
});

describe('useCompanyDetails', () => {
  function renderWithRetries() {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: 2, retryDelay: 0 } },
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    return renderHook(() => useCompanyDetails('company-1'), { wrapper }).result;
  }

  it('does not retry a refusal (no such company)', async () => {
    callables.callGetCompanyDetails.mockRejectedValue(
      Object.assign(new Error('No company with this id.'), { code: 'functions/not-found' }),
    );
    const result = renderWithRetries();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(callables.callGetCompanyDetails).toHaveBeenCalledTimes(1);
  });

  it("retries other failures as the query client's policy says", async () => {
    callables.callGetCompanyDetails.mockRejectedValue(new Error('internal'));
    const result = renderWithRetries();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(callables.callGetCompanyDetails).toHaveBeenCalledTimes(3);
  });
});
