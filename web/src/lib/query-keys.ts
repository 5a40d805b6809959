/**
 * Query keys shared across features (one home, so a mutation in one feature can invalidate a
 * query of another without importing it).
 */
export const queryKeys = {
  profile: (uid: string) => ['profile', uid] as const,
  products: () => ['products'] as const,
  cart: (uid: string) => ['cart', uid] as const,
  orders: (uid: string) => ['orders', uid] as const,
  support: () => ['support'] as const,
  admin: {
    all: () => ['admin'] as const,
    totals: () => ['admin', 'totals'] as const,
    orders: () => ['admin', 'orders'] as const,
    profiles: () => ['admin', 'profiles'] as const,
    products: () => ['admin', 'products'] as const,
    support: () => ['admin', 'support'] as const,
  },
} as const;
