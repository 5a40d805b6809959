import type { CompanyRole } from './roles';

/**
 * The company roles in words: their names and one line each of what they may do (the member
 * lists, the invitation forms). A module of their own, so a page that shows no member (the
 * catalog, the cart) does not carry them.
 */
export const COMPANY_ROLE_LABELS: Readonly<Record<CompanyRole, string>> = {
  owner: 'Owner',
  buyer: 'Buyer',
  viewer: 'Viewer',
};

/** One line per role, for the member list and the invitation form. */
export const COMPANY_ROLE_HINTS: Readonly<Record<CompanyRole, string>> = {
  owner: 'Everything, including members and locations',
  buyer: 'Orders for the locations you assign, and sees those orders',
  viewer: 'Read-only: orders, invoices and tracking',
};
