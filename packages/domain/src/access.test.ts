import { describe, expect, it } from 'vitest';
import { resolveAccess } from './access';

describe('resolveAccess', () => {
  it('is signed-out without a user', () => {
    expect(resolveAccess(null)).toEqual({ kind: 'signed-out' });
  });

  it('reads the token alone when no profile is given (functions, admin guard)', () => {
    expect(resolveAccess({ role: 'manager', status: 'approved' })).toEqual({ kind: 'manager' });
    expect(resolveAccess({ role: 'wholesaler', status: 'approved' })).toEqual({
      kind: 'buyer',
      role: 'wholesaler',
    });
    expect(resolveAccess({ role: 'retailer', status: 'pending' })).toEqual({ kind: 'pending' });
    expect(resolveAccess({ role: 'retailer', status: 'rejected' })).toEqual({ kind: 'rejected' });
    expect(resolveAccess({})).toEqual({ kind: 'pending' });
  });

  it('needs the profile to agree when it is given (portal guard, login)', () => {
    const approved = { role: 'retailer', status: 'approved' };
    expect(resolveAccess(approved, approved)).toEqual({ kind: 'buyer', role: 'retailer' });
    expect(resolveAccess(approved, { role: 'retailer', status: 'pending' })).toEqual({
      kind: 'pending',
    });
    expect(resolveAccess(approved, { role: 'wholesaler', status: 'approved' })).toEqual({
      kind: 'pending',
    });
    expect(resolveAccess(approved, null)).toEqual({ kind: 'pending' });
    expect(resolveAccess(approved, { role: 'retailer', status: 'rejected' })).toEqual({
      kind: 'rejected',
    });
    expect(resolveAccess({ role: 'manager' }, { role: 'retailer', status: 'approved' })).toEqual({
      kind: 'pending',
    });
    expect(resolveAccess({ role: 'manager' }, { role: 'manager', status: 'approved' })).toEqual({
      kind: 'manager',
    });
    // A token that does not show an approval yet is pending until it is refreshed.
    expect(resolveAccess({ role: 'retailer', status: 'pending' }, approved)).toEqual({
      kind: 'pending',
    });
  });

  it('never grants anything for malformed claims, and never throws', () => {
    for (const claims of [
      { role: 'admin', status: 'approved' },
      { role: ['manager'] },
      'manager',
      42,
      undefined,
    ]) {
      expect(resolveAccess(claims)).toEqual({ kind: 'pending' });
    }
  });
});
