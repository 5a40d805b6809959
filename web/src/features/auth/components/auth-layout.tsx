import { useId, type ReactNode } from 'react';
import { BrandFrame } from '@/components/brand-frame';
import './auth.css';
import { classNames } from '@/lib/class-names';

/**
 * The sign-in pages: one centred card with the page's heading inside the shared branded frame.
 * Mobile first; the card widens on larger screens. No antd: the controls are the shared plain
 * ones (components/form-field.tsx, text-input.tsx, button.tsx, alert.tsx) in the card's own look
 * (auth.css).
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
    <BrandFrame>
      <section
        className={classNames(
          'auth-card',
          wide && 'auth-card--wide',
          Boolean(icon) && 'auth-card--status',
        )}
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
    </BrandFrame>
  );
}
