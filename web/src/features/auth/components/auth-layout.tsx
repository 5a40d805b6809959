import { ThunderboltFilled } from '@ant-design/icons';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import './auth.css';

/**
 * Inside the white card: field and choice borders at 3:1 against white, and hover/active
 * shades of the primary button that keep white text at 4.5:1 (WCAG AA).
 */
const cardTheme: ThemeConfig = {
  token: { colorBorder: '#8f80bd', colorPrimaryHover: '#5b21b6', colorPrimaryActive: '#4c1d95' },
};

/**
 * The frame of the sign-in pages: the brand (linking home) over a night-purple background and
 * one centred card with the page's heading. Mobile first; the card widens on larger screens.
 */
export function AuthLayout({
  title,
  subtitle,
  eyebrow,
  wide = false,
  icon,
  children,
  below,
}: {
  title: string;
  subtitle?: ReactNode;
  eyebrow?: string;
  wide?: boolean;
  /** A large status icon above the heading; the card is centred then. */
  icon?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. Back to Home). */
  below?: ReactNode;
}) {
  const headingId = useId();
  return (
    <div className="auth-screen">
      <header className="auth-brand">
        <Link to={paths.home} className="auth-brand__link">
          <span className="auth-brand__mark" aria-hidden="true">
            <ThunderboltFilled />
          </span>
          <span className="auth-brand__name">{brand.name}</span>
        </Link>
      </header>
      <ConfigProvider theme={cardTheme}>
        <main className="auth-main">
          <section
            className={['auth-card', wide && 'auth-card--wide', icon && 'auth-card--status']
              .filter(Boolean)
              .join(' ')}
            aria-labelledby={headingId}
          >
            {icon && <div className="auth-card__icon">{icon}</div>}
            {eyebrow && <p className="auth-card__eyebrow">{eyebrow}</p>}
            <h1 id={headingId} className="auth-card__title">
              {title}
            </h1>
            {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
            {children}
          </section>
          {below && <div className="auth-below">{below}</div>}
        </main>
      </ConfigProvider>
    </div>
  );
}
