import { describe, expect, it } from 'vitest';
import {
  canTransitionProfile,
  canUsePortal,
  isManager,
  nextProfileStatuses,
  parseAccessClaims,
} from './roles';

describe('profile status transitions (SPEC section 4)', () => {
  it('allows pending -> approved and approved -> rejected only', () => {
    expect(canTransitionProfile('pending', 'approved')).toBe(true);
    expect(canTransitionProfile('approved', 'rejected')).toBe(true);
    expect(canTransitionProfile('pending', 'rejected')).toBe(false);
    expect(canTransitionProfile('rejected', 'approved')).toBe(false);
    expect(canTransitionProfile('approved', 'approved')).toBe(false);
    expect(canTransitionProfile('approved', 'pending')).toBe(false);
    expect(nextProfileStatuses('rejected')).toEqual([]);
  });

  it('lets only approved buyers into the portal', () => {
    expect(canUsePortal({ role: 'retailer', status: 'approved' })).toBe(true);
    expect(canUsePortal({ role: 'wholesaler', status: 'approved' })).toBe(true);
    expect(canUsePortal({ role: 'retailer', status: 'pending' })).toBe(false);
    expect(canUsePortal({ role: 'wholesaler', status: 'rejected' })).toBe(false);
    expect(canUsePortal({ role: 'manager', status: 'approved' })).toBe(false);
    expect(canUsePortal({})).toBe(false);
    expect(canUsePortal(null)).toBe(false);
  });

  it('recognises managers by role claim', () => {
    expect(isManager({ role: 'manager' })).toBe(true);
    expect(isManager({ role: 'retailer', status: 'approved' })).toBe(false);
    expect(isManager(undefined)).toBe(false);
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
    expect(isManager(parseAccessClaims({ role: 'Manager' }))).toBe(false);
  });

  it('reads nothing from a token without claims', () => {
    expect(parseAccessClaims(undefined)).toEqual({});
    expect(parseAccessClaims(null)).toEqual({});
    expect(parseAccessClaims('manager')).toEqual({});
  });
});
