import { describe, expect, it } from 'vitest';
import { canTransitionProfile, canUsePortal, isManager, nextProfileStatuses } from './roles';

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
