import { paths } from '@portal/domain';
import type { RuleCase } from '../support/matrix';
import { PRODUCT, U } from '../support/seed';

/**
 * A manager revoked with the claims CLI (docs/security.md) whose ID token still says manager for
 * up to an hour: the profile says rejected, so the rules refuse each thing the managers' cases
 * allow (the same paths and data as theirs in catalog.ts, orders.ts and profiles.ts).
 */
const why = 'a manager revoked since the token was minted (the profile says rejected)';

export const revokedManagerCases: RuleCase[] = [
  {
    actor: 'revokedManager',
    op: 'get',
    path: paths.product(PRODUCT.inactive),
    expect: 'deny',
    why,
  },
  {
    actor: 'revokedManager',
    op: 'update',
    path: paths.product(PRODUCT.stocked),
    data: { backorders_allowed: true, restock_date: '2027-01-31' },
    expect: 'deny',
    why,
  },
  {
    actor: 'revokedManager',
    op: 'get',
    path: paths.wholesalePrice(PRODUCT.active),
    expect: 'deny',
    why,
  },
  {
    actor: 'revokedManager',
    op: 'update',
    path: paths.wholesalePrice(PRODUCT.active),
    data: { price_wholesaler: 2599 },
    expect: 'deny',
    why,
  },
  {
    actor: 'revokedManager',
    op: 'list',
    path: 'orders',
    query: { orderBy: [['created_at', 'desc']], limit: 20 },
    expect: 'deny',
    why,
  },
  { actor: 'revokedManager', op: 'get', path: paths.profile(U.pending), expect: 'deny', why },
];
