import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { renderQueryHook } from '@/testing/render';
import { callDeletePriceList, callSavePriceList } from '@/lib/manager-callables';
import { fetchPriceLists, priceListKeys, useDeletePriceList, useSavePriceList } from '.';

vi.mock('@/lib/manager-callables', () => ({
  callSavePriceList: vi.fn(),
  callDeletePriceList: vi.fn(),
}));

const at = (iso: string) => Timestamp.fromDate(new Date(iso));

const stored = (name: string) => ({
  name,
  valid_from: at('2026-12-01T08:00:00Z'),
  valid_to: null,
  company_ids: ['c1'],
  entries: { p1: { kind: 'percent', percent_off_bps: 500, breaks: [] } },
  updated_at: at('2026-11-20T17:00:00Z'),
  updated_by: 'manager-uid',
});

beforeEach(() => {
  vi.mocked(callSavePriceList).mockReset();
  vi.mocked(callDeletePriceList).mockReset();
});

describe('fetchPriceLists', () => {
  it('lists every price list by name, dates as Dates, leaving out malformed documents', async () => {
    fakeDb.seed('price_lists/l1', stored('Wholesale chains'));
    fakeDb.seed('price_lists/l2', stored('autumn deal'));
    fakeDb.seed('price_lists/l3', { ...stored('Broken'), entries: { p1: { kind: 'free' } } });
    fakeDb.seed('price_lists/l4', { name: 'No window' });
    const lists = await fetchPriceLists();
    expect(lists.map((list) => [list.id, list.name])).toEqual([
      ['l2', 'autumn deal'],
      ['l1', 'Wholesale chains'],
    ]);
    expect(lists[0]?.valid_from).toEqual(new Date('2026-12-01T08:00:00Z'));
    expect(lists[0]?.entries.p1).toEqual({ kind: 'percent', percent_off_bps: 500, breaks: [] });
    expect(fakeDb.calls).toEqual([{ op: 'getDocs', path: 'price_lists', constraints: [] }]);
  });
});

describe('saving and deleting', () => {
  it('go through the callables (never a browser write) and read the lists again', async () => {
    vi.mocked(callSavePriceList).mockResolvedValue({ listId: 'new-list' });
    vi.mocked(callDeletePriceList).mockResolvedValue({ listId: 'l1' });
    const request = {
      name: 'Chain 5%',
      valid_from: null,
      valid_to: null,
      company_ids: ['c1'],
      entries: { p1: { kind: 'percent' as const, percent_off_bps: 500, breaks: [] } },
    };
    const save = renderQueryHook(useSavePriceList);
    await expect(act(() => save.result.current.mutateAsync(request))).resolves.toBe('new-list');
    expect(callSavePriceList).toHaveBeenCalledWith(request);
    expect(save.invalidatedKeys()).toEqual([priceListKeys.all()]);

    const remove = renderQueryHook(useDeletePriceList);
    await act(() => remove.result.current.mutateAsync('l1'));
    expect(callDeletePriceList).toHaveBeenCalledWith({ listId: 'l1' });
    expect(remove.invalidatedKeys()).toEqual([priceListKeys.all()]);
    expect(fakeDb.calls).toEqual([]);
  });
});
