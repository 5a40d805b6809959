import { describe, expect, it } from 'vitest';
import {
  canTransitionProfile,
  nextProfileStatuses,
  parseAccessClaims,
  PROFILE_STATUSES,
  profileReviewOf,
  profileReviewsFrom,
} from './roles';

describe('profile status transitions (docs/product.md#151-profile-status)', () => {
  it('names each allowed change: approve, decline, reject, reopen', () => {
    expect(profileReviewOf('pending', 'approved')).toBe('approve');
    expect(profileReviewOf('pending', 'rejected')).toBe('decline');
    expect(profileReviewOf('approved', 'rejected')).toBe('reject');
    expect(profileReviewOf('rejected', 'pending')).toBe('reopen');
  });

  it('allows nothing else', () => {
    const allowed = PROFILE_STATUSES.flatMap((from) =>
      PROFILE_STATUSES.filter((to) => canTransitionProfile(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed).toEqual([
      'pending->approved',
      'pending->rejected',
      'approved->rejected',
      'rejected->pending',
    ]);
    expect(profileReviewOf('rejected', 'approved')).toBeNull();
    expect(profileReviewOf('approved', 'pending')).toBeNull();
    expect(profileReviewOf('approved', 'approved')).toBeNull();
  });

  it('offers the reviews of each status', () => {
    expect(profileReviewsFrom('pending')).toEqual(['approve', 'decline']);
    expect(profileReviewsFrom('approved')).toEqual(['reject']);
    expect(profileReviewsFrom('rejected')).toEqual(['reopen']);
    expect(nextProfileStatuses('rejected')).toEqual(['pending']);
    expect(nextProfileStatuses('pending')).toEqual(['approved', 'rejected']);
  });
});

describe('parseAccessClaims', () => {
  it('keeps a known role and status and ignores every other claim', () => {
    expect(
      parseAccessClaims({ role: 'wholesaler', status: 'approved', email: 'a@b.c', iat: 1 }),
    ).toEqual({
      role: 'wholesaler',
      status: 'approved',
    });
  });

  it('drops values that are not ours instead of casting them through', () => {
    expect(parseAccessClaims({ role: 'admin', status: 'approved' })).toEqual({
      status: 'approved',
    });
    expect(parseAccessClaims({ role: 'manager', status: true })).toEqual({ role: 'manager' });
    expect(parseAccessClaims({ role: ['manager'] })).toEqual({});
    expect(parseAccessClaims({ role: 'Manager' })).toEqual({});
  });

  it('reads nothing from a token without claims', () => {
    expect(parseAccessClaims(undefined)).toEqual({});
    expect(parseAccessClaims(null)).toEqual({});
    expect(parseAccessClaims('manager')).toEqual({});
  });
});
