import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { renderQueryHook } from '@/testing/render';
import {
  fetchSupportContent,
  fetchSupportContentForEditing,
  supportKeys,
  useDeleteSupportItem,
  useSaveSupportItem,
} from '.';

const tutorial = (title: string, category: string) => ({
  title,
  category,
  video_url: `https://videos.example/${title.toLowerCase()}`,
});

describe('support content', () => {
  it('buyers get the tutorials by category then title, without malformed ones', async () => {
    fakeDb.seed('support_content/t1', tutorial('Draining', 'Maintenance'));
    fakeDb.seed('support_content/t2', tutorial('Unboxing', 'Setup'));
    fakeDb.seed('support_content/t3', tutorial('Cleaning', 'Maintenance'));
    fakeDb.seed('support_content/t4', { title: 'No video', category: 'Setup' });
    expect((await fetchSupportContent()).map((t) => t.title)).toEqual([
      'Cleaning',
      'Draining',
      'Unboxing',
    ]);
    expect(fakeDb.calls.at(-1)?.constraints).toEqual([
      { type: 'orderBy', field: 'category', direction: 'asc' },
    ]);
  });

  it('the editor gets them by category as stored, and fails on a malformed one', async () => {
    fakeDb.seed('support_content/t1', tutorial('Draining', 'Maintenance'));
    fakeDb.seed('support_content/t3', tutorial('Cleaning', 'Maintenance'));
    expect((await fetchSupportContentForEditing()).map((t) => t.id)).toEqual(['t1', 't3']);
    fakeDb.seed('support_content/t4', { title: 'No video', category: 'Setup' });
    await expect(fetchSupportContentForEditing()).rejects.toThrow();
  });

  it('saving and deleting tutorials refresh the editor list and the buyers support tab', async () => {
    const save = renderQueryHook(useSaveSupportItem);
    const data = { title: 'T', category: 'C', video_url: 'https://v.example/t' };
    const id = await act(() => save.result.current.mutateAsync({ data }));
    expect(fakeDb.calls).toEqual([{ op: 'setDoc', path: `support_content/${id}`, data }]);
    expect(fakeDb.get(`support_content/${id}`)).toEqual(data);
    expect(save.invalidatedKeys()).toEqual([supportKeys.editor(), supportKeys.all()]);

    const remove = renderQueryHook(useDeleteSupportItem);
    await act(() => remove.result.current.mutateAsync('t1'));
    expect(fakeDb.calls.at(-1)).toEqual({ op: 'deleteDoc', path: 'support_content/t1' });
    expect(remove.invalidatedKeys()).toEqual([supportKeys.editor(), supportKeys.all()]);
  });
});
