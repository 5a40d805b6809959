import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import * as lite from 'firebase/firestore/lite';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callSetProfileStatus, callUpdateOrderStatus } from '@/lib/callables';
import { queryKeys } from '@/lib/query-keys';
import { createTestQueryClient } from '@/testing/render';
import { useDeleteSupportItem } from './delete-support-item';
import { useSaveProduct } from './save-product';
import { useSaveSupportItem } from './save-support-item';
import { useSetProfileStatus } from './set-profile-status';
import { useUpdateOrderStatus } from './update-order-status';

/** Each mutation calls the right backend and invalidates exactly the queries it makes stale. */
vi.mock('@/lib/firebase', () => ({ db: {} }));
vi.mock('@/lib/callables', () => ({
  callSetProfileStatus: vi.fn(),
  callUpdateOrderStatus: vi.fn(),
}));
const batch = vi.hoisted(() => ({ set: vi.fn(), commit: vi.fn() }));
vi.mock('firebase/firestore/lite', () => ({
  writeBatch: vi.fn(() => batch),
  collection: vi.fn(() => ({})),
  doc: vi.fn((_db: unknown, path?: string) => ({
    path,
    id: path ? path.split('/').pop() : 'new-id',
  })),
  setDoc: vi.fn(),
  updateDoc: vi.fn(),
  deleteDoc: vi.fn(),
  Timestamp: class {},
}));

function setup<T>(useHook: () => T) {
  const client = createTestQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(useHook, { wrapper });
  const invalidatedKeys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { result, invalidatedKeys };
}

beforeEach(() => vi.clearAllMocks());

describe('admin mutations', () => {
  it('setProfileStatus goes through the callable and refreshes the profiles', async () => {
    vi.mocked(callSetProfileStatus).mockResolvedValue({ uid: 'u1', status: 'approved' });
    const { result, invalidatedKeys } = setup(useSetProfileStatus);
    await act(() => result.current.mutateAsync({ uid: 'u1', status: 'approved' }));
    expect(callSetProfileStatus).toHaveBeenCalledWith({ uid: 'u1', status: 'approved' });
    expect(invalidatedKeys()).toEqual([queryKeys.admin.profiles(), queryKeys.profile('u1')]);
  });

  it('updateOrderStatus goes through the callable and refreshes orders and totals', async () => {
    vi.mocked(callUpdateOrderStatus).mockResolvedValue({ orderId: 'o1', status: 'shipped' });
    const { result, invalidatedKeys } = setup(useUpdateOrderStatus);
    await act(() => result.current.mutateAsync({ orderId: 'o1', status: 'shipped' }));
    expect(callUpdateOrderStatus).toHaveBeenCalledWith({ orderId: 'o1', status: 'shipped' });
    expect(invalidatedKeys()).toEqual([queryKeys.admin.orders(), queryKeys.admin.totals()]);
  });

  it('a failed call invalidates nothing', async () => {
    vi.mocked(callUpdateOrderStatus).mockRejectedValue(new Error('failed-precondition'));
    const { result, invalidatedKeys } = setup(useUpdateOrderStatus);
    await expect(
      act(() => result.current.mutateAsync({ orderId: 'o1', status: 'delivered' })),
    ).rejects.toThrow('failed-precondition');
    expect(invalidatedKeys()).toEqual([]);
  });

  it('saving a product refreshes the admin list and the buyers catalog', async () => {
    const { result, invalidatedKeys } = setup(useSaveProduct);
    const data = {
      name: 'Syrup',
      description: '',
      image_url: '/s.png',
      price_retailer: 100,
      price_wholesaler: 90,
      is_active: true,
      sort_order: 1,
    };
    await act(() => result.current.mutateAsync({ id: 'p1', data }));
    expect(batch.set).toHaveBeenCalledTimes(2);
    expect(batch.commit).toHaveBeenCalledTimes(1);
    expect(invalidatedKeys()).toEqual([queryKeys.admin.products(), queryKeys.products()]);
  });

  it('saving and deleting tutorials refresh the admin list and the buyers support tab', async () => {
    const save = setup(useSaveSupportItem);
    await act(() =>
      save.result.current.mutateAsync({
        data: { title: 'T', category: 'C', video_url: 'https://v.example/t' },
      }),
    );
    expect(lite.setDoc).toHaveBeenCalledWith(expect.objectContaining({ id: 'new-id' }), {
      title: 'T',
      category: 'C',
      video_url: 'https://v.example/t',
    });
    expect(save.invalidatedKeys()).toEqual([queryKeys.admin.support(), queryKeys.support()]);

    const remove = setup(useDeleteSupportItem);
    await act(() => remove.result.current.mutateAsync('t1'));
    expect(lite.deleteDoc).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'support_content/t1' }),
    );
    expect(remove.invalidatedKeys()).toEqual([queryKeys.admin.support(), queryKeys.support()]);
  });
});
