import {
  LogoutOutlined,
  ShoppingCartOutlined,
  ThunderboltFilled,
  ThunderboltOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@/components/icons';
import { Button } from '@/components/button';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { BRAND, ROLE_LABELS } from '@portal/domain';
import { Tag } from '@/components/tag';
import { paths } from '@/config/paths';
import { signOutUser } from '@/lib/session';
import { cartLineCount, useCart } from '@/entities/cart';
import { useBuyer } from '@/entities/profile';
import './shop.css';

// The brand's name comes from the domain (as config/brand.ts takes it): that module carries the
// landing page's copy, which the portal's first load does without.

/** Overflow of the count badge: 100 lines and more show 99+. */
const BADGE_MAX = 99;

/**
 * The cart link's name: the number of lines (products, not units: 120 syrups and 2 machines are
 * 2 lines), and above 99 the badge's visible 99+ first, then the count (a name must hold the text
 * it shows, WCAG 2.5.3; axe 4.14 does not find "99+" inside "(99+)").
 */
export function cartLabel(count: number): string {
  const lines = `${count} ${count === 1 ? 'line' : 'lines'}`;
  return count > BADGE_MAX ? `Cart, ${BADGE_MAX}+ (${lines})` : `Cart, ${lines}`;
}

/**
 * The buyer portal's header (docs/product.md#82-header): store name, role badge, Quick Order, cart
 * icon with the number of lines, My Account and Logout. On phones each icon keeps a short visible
 * label under it (Quick Order, Cart, Account, Logout); every control keeps its accessible name.
 */
export function PortalHeader() {
  const { uid, profile, role } = useBuyer();
  const cart = useCart(uid);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const count = cartLineCount(cart.data);
  const storeName = profile.data?.store_name ?? BRAND.shortName;

  async function logout() {
    try {
      await signOutUser();
    } finally {
      // Leave the portal first, then drop the signed-out buyer's cached data (a mounted page
      // would otherwise refetch it without a user).
      await navigate(paths.login, { replace: true });
      queryClient.clear();
    }
  }

  return (
    <header className="portal-header">
      <div className="portal-header__inner">
        <div className="portal-header__identity">
          <Link
            to={paths.store}
            className="portal-header__logo"
            aria-label={`${BRAND.name}: store`}
          >
            <ThunderboltFilled aria-hidden="true" />
          </Link>
          <div className="portal-header__names">
            {/* One line, cut with an ellipsis when long: the title shows the whole name. */}
            <Link to={paths.store} className="portal-header__store" title={storeName}>
              {storeName}
            </Link>
            <div className="portal-header__meta">
              {profile.data && (
                <Tag
                  className="portal-header__role"
                  color={role === 'wholesaler' ? 'cyan' : 'purple'}
                >
                  {ROLE_LABELS[role]}
                </Tag>
              )}
              <span className="portal-header__brand-name">{BRAND.name}</span>
            </div>
          </div>
        </div>
        <nav className="portal-header__actions" aria-label="Portal">
          <Link to={paths.quickOrder} className="portal-header__button" aria-label="Quick Order">
            <ThunderboltOutlined aria-hidden="true" />
            <span className="portal-header__label">Quick Order</span>
            <span className="portal-header__label portal-header__label--phone">Quick Order</span>
          </Link>
          <Link to={paths.orderLists} className="portal-header__button" aria-label="Order lists">
            <UnorderedListOutlined aria-hidden="true" />
            <span className="portal-header__label">Order lists</span>
            <span className="portal-header__label portal-header__label--phone">Lists</span>
          </Link>
          <Link to={paths.cart} className="portal-header__cart" aria-label={cartLabel(count)}>
            {/* First in the text, so the name "Cart, 3 lines" holds what is shown ("Cart 3"); drawn
                under the icon on phones. */}
            <span className="portal-header__label portal-header__label--phone">Cart</span>{' '}
            <span className="portal-header__cart-mark">
              <ShoppingCartOutlined className="portal-header__cart-icon" aria-hidden="true" />
              {count > 0 && (
                <span
                  className={`portal-header__count${count > 9 ? ' portal-header__count--wide' : ''}`}
                >
                  {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
                </span>
              )}
            </span>
          </Link>
          <Link to={paths.account} className="portal-header__button" aria-label="My Account">
            <UserOutlined aria-hidden="true" />
            <span className="portal-header__label">My Account</span>
            <span className="portal-header__label portal-header__label--phone">Account</span>
          </Link>
          <Button
            type="text"
            className="portal-header__logout"
            icon={<LogoutOutlined />}
            onClick={() => void logout()}
            aria-label="Logout"
          >
            <span className="portal-header__label">Logout</span>
            <span className="portal-header__label portal-header__label--phone">Logout</span>
          </Button>
        </nav>
      </div>
    </header>
  );
}
