import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callSetProfileStatus } from '@/lib/callables';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { renderQueryHook } from '@/testing/render';
import {
  fetchPendingProfiles,
  fetchProfile,
  fetchProfiles,
  profileKeys,
  useSetProfileStatus,
} from '.';

vi.mock('@/lib/callables', () => ({ callSetProfileStatus: vi.fn() }));

const stored = (store_name: string, created: string) => ({
  user_id: store_name,
  full_name: 'Dana Buyer',
  store_name,
  seller_permit_id: 'SP-1',
  role: 'retailer',
  status: 'pending',
  created_at: Timestamp.fromDate(new Date(created)),
});

describe('profiles', () => {
  it('reads one profile with its timestamps as Dates, or null when there is none', async () => {
    fakeDb.seed('profiles/u1', stored('Cloud Nine', '2025-01-02T10:00:00Z'));
    await expect(fetchProfile('u1')).resolves.toMatchObject({
      id: 'u1',
      store_name: 'Cloud Nine',
      created_at: new Date('2025-01-02T10:00:00Z'),
      reviewed_at: null,
    });
    await expect(fetchProfile('nobody')).resolves.toBeNull();
  });

  it('lists every profile newest first, and fails on a malformed one', async () => {
    fakeDb.seed('profiles/a', stored('Older', '2025-01-02T10:00:00Z'));
    fakeDb.seed('profiles/b', stored('Newer', '2025-03-02T10:00:00Z'));
    expect((await fetchProfiles()).map((p) => [p.id, p.store_name])).toEqual([
      ['b', 'Newer'],
      ['a', 'Older'],
    ]);
    fakeDb.seed('profiles/c', { ...stored('Broken', '2025-04-02T10:00:00Z'), role: 'king' });
    await expect(fetchProfiles()).rejects.toThrow();
  });

  it('reads only the profiles waiting for review for the badge, refreshed with the list', async () => {
    fakeDb.seed('profiles/a', stored('Applicant', '2025-01-02T10:00:00Z'));
    fakeDb.seed('profiles/b', {
      ...stored('Approved', '2025-03-02T10:00:00Z'),
      status: 'approved',
    });
    fakeDb.seed('profiles/c', {
      ...stored('Rejected', '2025-04-02T10:00:00Z'),
      status: 'rejected',
    });
    expect((await fetchPendingProfiles()).map((p) => [p.id, p.status])).toEqual([['a', 'pending']]);
    expect(profileKeys.pending().slice(0, profileKeys.list().length)).toEqual(profileKeys.list());
  });

  it("passes the profile's email_verified flag through (absent when never synced)", async () => {
    fakeDb.seed('profiles/v', {
      ...stored('Verified', '2025-01-02T10:00:00Z'),
      email_verified: true,
    });
    fakeDb.seed('profiles/n', stored('Never synced', '2025-02-02T10:00:00Z'));
    expect((await fetchProfiles()).map((p) => [p.id, p.email_verified])).toEqual([
      ['n', undefined],
      ['v', true],
    ]);
  });

  it('setProfileStatus goes through the callable and refreshes the list and that profile', async () => {
    vi.mocked(callSetProfileStatus).mockResolvedValue({ uid: 'u1', status: 'approved' });
    const { result, invalidatedKeys } = renderQueryHook(useSetProfileStatus);
    await act(() => result.current.mutateAsync({ uid: 'u1', status: 'approved' }));
    expect(callSetProfileStatus).toHaveBeenCalledWith({ uid: 'u1', status: 'approved' });
    expect(invalidatedKeys()).toEqual([profileKeys.list(), profileKeys.detail('u1')]);
  });
});
