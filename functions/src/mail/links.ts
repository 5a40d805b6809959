import { routePath } from '@portal/domain';

/**
 * Absolute links into the portal for mails, from its origin (WEB_ORIGIN, as Stripe's return URLs).
 * Firebase Auth's action links (verify email, reset password) are rewritten to the portal's own
 * action page, keeping only the mode and the one-time code.
 */
export function portalLinks(origin: string) {
  const at = (path: string, query: Record<string, string> = {}) => {
    const url = new URL(path, origin);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url.toString();
  };
  return {
    home: () => at('/'),
    signIn: () => at(routePath('login')),
    adminCompanies: () => at(routePath('admin'), { tab: 'companies' }),
    adminStandingOrders: () => at(routePath('admin'), { tab: 'standing-orders' }),
    /** The Orders tab with this order found, expanded and scrolled to (docs/order-lifecycle.md). */
    adminOrder: (orderId: string) => at(routePath('admin'), { tab: 'orders', order: orderId }),
    /** The Claims tab with this claim open (docs/order-lifecycle.md#claims). */
    adminClaim: (claimId: string) => at(routePath('admin'), { tab: 'claims', claim: claimId }),
    orders: () => at(routePath('account')),
    /** The buyer's My Account orders with this order expanded and scrolled to. */
    accountOrder: (orderId: string) => at(routePath('account'), { order: orderId }),
    standingOrders: () => at(routePath('account'), { tab: 'standing-orders' }),
    /** A reminder's one-tap skip page (signed out): the delivery and one button. */
    skipDelivery: (token: string) => at(routePath('skip'), { token }),
    /**
     * My Account's Quotes tab with this quote open (docs/order-lifecycle.md#draft-orders-and-quotes),
     * where the buyer accepts or declines it and opens its printable page.
     */
    accountQuote: (quoteId: string) => at(routePath('account'), { tab: 'quotes', quote: quoteId }),
    /** The Orders tab's draft orders and quotes, with this quote found. */
    adminQuote: (quoteId: string) => at(routePath('admin'), { tab: 'orders', quote: quoteId }),
    /** My Account's Invoices tab (orders on payment terms). */
    accountInvoices: () => at(routePath('account'), { tab: 'invoices' }),
    invoice: (orderId: string) => at(routePath('invoice', { orderId })),
    newsletter: (action: 'confirm' | 'unsubscribe', token: string) =>
      at(routePath('newsletter', { action }), { token }),
    /** The page that accepts an invitation to join a company (its token is the invitation). */
    join: (token: string) => at(routePath('join'), { token }),
    /** My Account's Profile tab: the company's members and pending invitations are there. */
    accountMembers: () => at(routePath('account'), { tab: 'profile' }),
    /**
     * Where a company's owner keeps its resale certificates (docs/tax.md): My Account's Profile
     * tab, with the company's details.
     */
    taxCertificates: () => at(routePath('account'), { tab: 'profile' }),
    /** A product's page in the store (a back-in-stock mail links it). */
    product: (productId: string) => at(routePath('product', { productId })),
    /** The portal's action page for a link made by the Admin SDK (generate...Link). */
    authAction: (firebaseLink: string) => {
      const source = new URL(firebaseLink);
      const mode = source.searchParams.get('mode');
      const oobCode = source.searchParams.get('oobCode');
      if (!mode || !oobCode) throw new Error('The action link has no mode or code');
      return at(routePath('authAction'), { mode, oobCode });
    },
  };
}
export type PortalLinks = ReturnType<typeof portalLinks>;
