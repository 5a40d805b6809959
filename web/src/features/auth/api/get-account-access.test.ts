import type { User } from 'firebase/auth';
import type { AccessClaims, Profile } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { getAccountAccess, ProfileUnreadableError } from './get-account-access';

const mocks = vi.hoisted(() => ({
  readClaims: vi.fn<(user: User, force?: boolean) => Promise<Partial<AccessClaims>>>(),
}));
vi.mock('@/lib/session', () => ({ readClaims: mocks.readClaims }));

const user = { uid: 'u1' } as User;
const seedProfile = (stored: Profile) => fakeDb.seed('profiles/u1', { ...stored });
const profileReads = () => fakeDb.calls.filter((c) => c.op === 'getDoc').map((c) => c.path);

function profile(role: Profile['role'], status: Profile['status']): Profile {
  return {
    user_id: 'u1',
    full_name: 'Ada',
    store_name: 'Cloud Nine',
    seller_permit_id: 'SP-1',
    role,
    status,
    created_at: new Date(0),
    company_id: 'u1',
    company_role: 'owner',
  };
}

beforeEach(() => {
  mocks.readClaims.mockReset();
});

describe('getAccountAccess', () => {
  it('refreshes the ID token and sends a manager to the admin dashboard', async () => {
    mocks.readClaims.mockResolvedValue({ role: 'manager', status: 'approved' });
    await expect(getAccountAccess(user)).resolves.toBe('manager');
    expect(mocks.readClaims).toHaveBeenCalledWith(user, true);
    expect(profileReads()).toEqual([]);
  });

  it('lets in a buyer whose profile and claims both say approved', async () => {
    mocks.readClaims.mockResolvedValue({
      role: 'wholesaler',
      status: 'approved',
      company: 'u1',
      company_role: 'owner',
    });
    seedProfile(profile('wholesaler', 'approved'));
    await expect(getAccountAccess(user)).resolves.toBe('approved');
    expect(profileReads()).toEqual(['profiles/u1']);
  });

  it.each([
    ['pending profile', profile('retailer', 'pending'), { role: 'retailer', status: 'pending' }],
    ['approved profile without approved claims', profile('retailer', 'approved'), {}],
  ] as const)('keeps out a %s as pending', async (_name, stored, claims) => {
    mocks.readClaims.mockResolvedValue(claims);
    seedProfile(stored);
    await expect(getAccountAccess(user)).resolves.toBe('pending');
  });

  it.each([
    ['rejected profile', profile('retailer', 'rejected'), { role: 'retailer', status: 'rejected' }],
    [
      'approved claims with a rejected profile',
      profile('retailer', 'rejected'),
      { role: 'retailer', status: 'approved' },
    ],
    [
      'rejected claims with a profile not updated yet',
      profile('retailer', 'approved'),
      { role: 'retailer', status: 'rejected' },
    ],
  ] as const)('keeps out a %s as rejected', async (_name, stored, claims) => {
    mocks.readClaims.mockResolvedValue(claims);
    seedProfile(stored);
    await expect(getAccountAccess(user)).resolves.toBe('rejected');
  });

  it('reports an unreadable or missing profile', async () => {
    mocks.readClaims.mockResolvedValue({});
    seedProfile(profile('retailer', 'approved'));
    fakeDb.fail('getDoc', 'profiles/u1', new Error('permission-denied'), true);
    await expect(getAccountAccess(user)).rejects.toBeInstanceOf(ProfileUnreadableError);
    fakeDb.reset();
    await expect(getAccountAccess(user)).rejects.toBeInstanceOf(ProfileUnreadableError);
  });
});
