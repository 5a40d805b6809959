import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import './brand-screen.css';

/** The brand's lightning mark: an inline SVG, so the frame needs no icon library. */
function BoltMark() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M13.5 2 4 13.6h6.3L9.2 22 20 9.9h-6.6L13.5 2Z" />
    </svg>
  );
}

/**
 * The branded frame without antd: the brand (linking home) over a night-purple background, the
 * page's card(s) centred in <main>. The 404 and sign-in pages use it as is, so they load no antd;
 * BrandScreen adds the antd theme of the payment-result and newsletter cards.
 */
export function BrandFrame({ children }: { children: ReactNode }) {
  return (
    <div className="brand-screen">
      <header className="brand-screen__header">
        <Link to={paths.home} className="brand-screen__link">
          <span className="brand-screen__mark" aria-hidden="true">
            <BoltMark />
          </span>
          <span className="brand-screen__name">{brand.name}</span>
        </Link>
      </header>
      <main className="brand-screen__main">{children}</main>
    </div>
  );
}
