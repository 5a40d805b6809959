import { describe, expect, it } from 'vitest';
import { canTransitionProfile, nextProfileStatuses, parseAccessClaims } from './roles';

describe('profile status transitions (docs/product.md §15.1)', () => {
  it('allows pending -> approved and approved -> rejected only', () => {
    expect(canTransitionProfile('pending', 'approved')).toBe(true);
    expect(canTransitionProfile('approved', 'rejected')).toBe(true);
    expect(canTransitionProfile('pending', 'rejected')).toBe(false);
    expect(canTransitionProfile('rejected', 'approved')).toBe(false);
    expect(canTransitionProfile('approved', 'approved')).toBe(false);
    expect(canTransitionProfile('approved', 'pending')).toBe(false);
    expect(nextProfileStatuses('rejected')).toEqual([]);
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
