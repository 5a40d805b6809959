import type { User } from 'firebase/auth';
import type { AccessClaims, Profile } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccountAccess, ProfileUnreadableError } from './get-account-access';

const mocks = vi.hoisted(() => ({
  readClaims: vi.fn<(user: User, force?: boolean) => Promise<Partial<AccessClaims>>>(),
  fetchProfile: vi.fn<(uid: string) => Promise<Profile | null>>(),
}));
vi.mock('@/lib/session', () => ({ readClaims: mocks.readClaims }));
vi.mock('@/lib/profile', () => ({ fetchProfile: mocks.fetchProfile }));

const user = { uid: 'u1' } as User;

function profile(role: Profile['role'], status: Profile['status']): Profile {
  return {
    user_id: 'u1',
    full_name: 'Ada',
    store_name: 'Cloud Nine',
    seller_permit_id: 'SP-1',
    role,
    status,
    created_at: new Date(0),
  };
}

beforeEach(() => {
  mocks.readClaims.mockReset();
  mocks.fetchProfile.mockReset();
});

describe('getAccountAccess', () => {
  it('refreshes the ID token and sends a manager to the admin dashboard', async () => {
    mocks.readClaims.mockResolvedValue({ role: 'manager', status: 'approved' });
    await expect(getAccountAccess(user)).resolves.toBe('manager');
    expect(mocks.readClaims).toHaveBeenCalledWith(user, true);
    expect(mocks.fetchProfile).not.toHaveBeenCalled();
  });

  it('lets in a buyer whose profile and claims both say approved', async () => {
    mocks.readClaims.mockResolvedValue({ role: 'wholesaler', status: 'approved' });
    mocks.fetchProfile.mockResolvedValue(profile('wholesaler', 'approved'));
    await expect(getAccountAccess(user)).resolves.toBe('approved');
    expect(mocks.fetchProfile).toHaveBeenCalledWith('u1');
  });

  it.each([
    ['pending profile', profile('retailer', 'pending'), { role: 'retailer', status: 'pending' }],
    ['rejected profile', profile('retailer', 'rejected'), { role: 'retailer', status: 'rejected' }],
    ['approved profile without approved claims', profile('retailer', 'approved'), {}],
    [
      'approved claims with a rejected profile',
      profile('retailer', 'rejected'),
      { role: 'retailer', status: 'approved' },
    ],
  ] as const)('keeps out a %s', async (_name, stored, claims) => {
    mocks.readClaims.mockResolvedValue(claims);
    mocks.fetchProfile.mockResolvedValue(stored);
    await expect(getAccountAccess(user)).resolves.toBe('pending');
  });

  it('reports an unreadable or missing profile', async () => {
    mocks.readClaims.mockResolvedValue({});
    mocks.fetchProfile.mockRejectedValueOnce(new Error('permission-denied'));
    await expect(getAccountAccess(user)).rejects.toBeInstanceOf(ProfileUnreadableError);
    mocks.fetchProfile.mockResolvedValueOnce(null);
    await expect(getAccountAccess(user)).rejects.toBeInstanceOf(ProfileUnreadableError);
  });
});
