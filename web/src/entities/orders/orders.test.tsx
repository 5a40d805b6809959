import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callUpdateOrderStatus } from '@/lib/callables';
import { renderQueryHook } from '@/testing/render';
import { orderKeys, useUpdateOrderStatus } from '.';

vi.mock('@/lib/callables', () => ({ callUpdateOrderStatus: vi.fn() }));

describe('useUpdateOrderStatus', () => {
  beforeEach(() => {
    vi.mocked(callUpdateOrderStatus).mockReset();
  });

  it('goes through the callable and refreshes the order, and the orders and the totals at once with no listener', async () => {
    vi.mocked(callUpdateOrderStatus).mockResolvedValue({ orderId: 'o1', status: 'shipped' });
    const { result, invalidatedKeys } = renderQueryHook(useUpdateOrderStatus);
    await act(() => result.current.mutateAsync({ orderId: 'o1', status: 'shipped' }));
    expect(callUpdateOrderStatus).toHaveBeenCalledWith({ orderId: 'o1', status: 'shipped' });
    expect(invalidatedKeys()).toEqual([
      orderKeys.one('o1'),
      orderKeys.recent(),
      orderKeys.totals(),
    ]);
  });

  it('a failed call invalidates nothing', async () => {
    vi.mocked(callUpdateOrderStatus).mockRejectedValue(new Error('failed-precondition'));
    const { result, invalidatedKeys } = renderQueryHook(useUpdateOrderStatus);
    await expect(
      act(() => result.current.mutateAsync({ orderId: 'o1', status: 'delivered' })),
    ).rejects.toThrow('failed-precondition');
    expect(invalidatedKeys()).toEqual([]);
  });
});
