/** Every route string of the app (SPEC section 2). Build links and redirects from these only. */
export const paths = {
  home: '/',
  apply: '/apply',
  login: '/login',
  adminLogin: '/admin/login',
  store: '/portal/store',
  cart: '/portal/cart',
  account: '/portal/my-account',
  admin: '/admin',
  paymentSuccess: '/payment-success',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
