import { describe, expect, it } from 'vitest';
import { resolveAccess } from './access';

describe('resolveAccess', () => {
  it('is signed-out without a user', () => {
    expect(resolveAccess(null)).toEqual({ kind: 'signed-out' });
  });

  const member = { company: 'c1', company_role: 'buyer' } as const;
  const buyer = (role: 'retailer' | 'wholesaler', companyRole = 'buyer') => ({
    kind: 'buyer',
    role,
    companyId: 'c1',
    companyRole,
  });

  it('reads the token alone when no profile is given (functions, admin guard)', () => {
    expect(resolveAccess({ role: 'manager', status: 'approved' })).toEqual({ kind: 'manager' });
    expect(resolveAccess({ role: 'wholesaler', status: 'approved', ...member })).toEqual(
      buyer('wholesaler'),
    );
    expect(resolveAccess({ role: 'retailer', status: 'pending', ...member })).toEqual({
      kind: 'pending',
    });
    expect(resolveAccess({ role: 'retailer', status: 'rejected' })).toEqual({ kind: 'rejected' });
    expect(resolveAccess({})).toEqual({ kind: 'pending' });
  });

  it('is a buyer only with a company and a company role in the token', () => {
    // A token from before companies, or one missing either claim, is not yet a buyer: the guard
    // refreshes it once (the profile says approved) and decides again.
    expect(resolveAccess({ role: 'retailer', status: 'approved' })).toEqual({ kind: 'pending' });
    expect(resolveAccess({ role: 'retailer', status: 'approved', company: 'c1' })).toEqual({
      kind: 'pending',
    });
    expect(resolveAccess({ role: 'retailer', status: 'approved', company_role: 'owner' })).toEqual({
      kind: 'pending',
    });
    // A malformed company claim (a path, too long) is dropped, never trusted.
    for (const company of ['a/b', 'x'.repeat(129), '', 42]) {
      expect(
        resolveAccess({ role: 'retailer', status: 'approved', company, company_role: 'owner' }),
      ).toEqual({ kind: 'pending' });
    }
    expect(
      resolveAccess({ role: 'retailer', status: 'approved', company: 'c1', company_role: 'boss' }),
    ).toEqual({ kind: 'pending' });
  });

  it('needs the profile to agree when it is given (portal guard, login)', () => {
    const approved = { role: 'retailer', status: 'approved', ...member };
    const profile = {
      role: 'retailer',
      status: 'approved',
      company_id: 'c1',
      company_role: 'buyer',
    };
    expect(resolveAccess(approved, profile)).toEqual(buyer('retailer'));
    expect(resolveAccess(approved, { ...profile, status: 'pending' })).toEqual({
      kind: 'pending',
    });
    // A tier move (docs/pricing.md): the profile's tier wins over the token's.
    expect(resolveAccess(approved, { ...profile, role: 'wholesaler' })).toEqual(
      buyer('wholesaler'),
    );
    expect(resolveAccess(approved, { ...profile, role: 'manager' })).toEqual({
      kind: 'pending',
    });
    expect(resolveAccess(approved, null)).toEqual({ kind: 'pending' });
    expect(resolveAccess(approved, { ...profile, status: 'rejected' })).toEqual({
      kind: 'rejected',
    });
    expect(resolveAccess({ role: 'manager' }, profile)).toEqual({ kind: 'pending' });
    expect(resolveAccess({ role: 'manager' }, { role: 'manager', status: 'approved' })).toEqual({
      kind: 'manager',
    });
    // A token that does not show an approval yet is pending until it is refreshed.
    expect(resolveAccess({ ...approved, status: 'pending' }, profile)).toEqual({
      kind: 'pending',
    });
  });

  it('follows the profile for the company: a member removed or moved is refused at once', () => {
    const approved = { role: 'retailer', status: 'approved', ...member };
    const profile = {
      role: 'retailer',
      status: 'approved',
      company_id: 'c1',
      company_role: 'buyer',
    };
    // Removed from the company: the profile names none, whatever the token still says.
    expect(resolveAccess(approved, { ...profile, company_id: null, company_role: null })).toEqual({
      kind: 'removed',
    });
    expect(resolveAccess({}, { ...profile, company_id: null, company_role: null })).toEqual({
      kind: 'removed',
    });
    // A profile from before companies (no company_id at all) is not a removal: pending until
    // the migration gives it its company.
    expect(resolveAccess(approved, { role: 'retailer', status: 'approved' })).toEqual({
      kind: 'pending',
    });
    // In another company now.
    expect(resolveAccess(approved, { ...profile, company_id: 'c2' })).toEqual({ kind: 'pending' });
    // A role changed since the token was minted: the profile's counts.
    expect(resolveAccess(approved, { ...profile, company_role: 'viewer' })).toEqual(
      buyer('retailer', 'viewer'),
    );
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
