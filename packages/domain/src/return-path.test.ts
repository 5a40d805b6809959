import { describe, expect, it } from 'vitest';
import { returnPathArea, safeReturnPath, signInPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of the portal or the admin pages, with its query and fragment', () => {
    expect(safeReturnPath('/portal/cart')).toBe('/portal/cart');
    expect(safeReturnPath('/portal')).toBe('/portal');
    expect(safeReturnPath('/portal/')).toBe('/portal/');
    expect(safeReturnPath('/portal/store?q=blue&sort=price_asc')).toBe(
      '/portal/store?q=blue&sort=price_asc',
    );
    expect(safeReturnPath('/portal/my-account?tab=orders#top')).toBe(
      '/portal/my-account?tab=orders#top',
    );
    expect(safeReturnPath('/admin')).toBe('/admin');
    expect(safeReturnPath('/admin?tab=users&q=cloud')).toBe('/admin?tab=users&q=cloud');
    expect(safeReturnPath('/admin/orders/o1/invoice')).toBe('/admin/orders/o1/invoice');
    expect(safeReturnPath('/portal/products/blue%20coast')).toBe('/portal/products/blue%20coast');
  });

  it('limits the path to the areas asked for', () => {
    expect(safeReturnPath('/portal/cart', ['portal'])).toBe('/portal/cart');
    expect(safeReturnPath('/portal/cart', ['admin'])).toBeNull();
    expect(safeReturnPath('/admin/companies/c1', ['admin'])).toBe('/admin/companies/c1');
    expect(safeReturnPath('/admin/companies/c1', ['portal'])).toBeNull();
  });

  it.each([
    ['another origin', 'https://evil.example/portal/cart'],
    ['a scheme-relative URL', '//evil.example/portal/cart'],
    ['a backslash read as a host', '/\\evil.example/portal'],
    ['a backslash later on', '/portal\\..\\login'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'portal/cart'],
    ['a page outside both areas', '/login'],
    ['the landing page', '/'],
    ['a look-alike prefix', '/portalx/cart'],
    ['a look-alike admin prefix', '/administrator'],
    ['the admin sign-in page itself', '/admin/login'],
    ['below the admin sign-in page', '/admin/login/x'],
    ['a dot-dot segment', '/portal/../login'],
    ['an encoded dot-dot segment', '/portal/%2e%2E/login'],
    ['a dot segment', '/portal/./cart'],
    ['an empty segment', '/portal//cart'],
    ['a newline', '/portal/cart\n'],
    ['a tab inside', '/portal/\tcart'],
    ['a space', '/portal/my account'],
    ['a NUL', '/portal/cart\u0000'],
    ['nothing', ''],
    ['a very long path', `/portal/${'a'.repeat(1000)}`],
    ['not text', 42],
    ['null', null],
    ['undefined', undefined],
  ])('refuses %s', (_, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });
});

describe('returnPathArea', () => {
  it('names the area of a safe path, or none', () => {
    expect(returnPathArea('/portal/cart')).toBe('portal');
    expect(returnPathArea('/admin/companies/c1')).toBe('admin');
    expect(returnPathArea('/login')).toBeNull();
    expect(returnPathArea('//evil.example/admin')).toBeNull();
  });
});

describe('signInPath', () => {
  it("is the area's sign-in page with the return path, encoded", () => {
    expect(signInPath('portal', '/portal/store?q=blue&sort=price_asc')).toBe(
      '/login?next=%2Fportal%2Fstore%3Fq%3Dblue%26sort%3Dprice_asc',
    );
    expect(signInPath('admin', '/admin/companies/c1')).toBe(
      '/admin/login?next=%2Fadmin%2Fcompanies%2Fc1',
    );
  });

  it('leaves out a return path that is not safe, or of the other area', () => {
    expect(signInPath('portal')).toBe('/login');
    expect(signInPath('portal', null)).toBe('/login');
    expect(signInPath('portal', '/admin')).toBe('/login');
    expect(signInPath('admin', '/portal/cart')).toBe('/admin/login');
    expect(signInPath('admin', '//evil.example/admin')).toBe('/admin/login');
  });
});
