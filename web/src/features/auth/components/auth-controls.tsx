import type { ReactNode } from 'react';
import { StatusIcon } from '@/components/status-icon';
import { classNames } from '@/lib/class-names';

/**
 * The sign-in pages' buttons and notices: plain elements styled by auth.css (the brand's
 * primary button, 44 px or taller), so those pages load no antd.
 */
export function AuthButton({
  children,
  primary = false,
  busy = false,
  type = 'button',
  onClick,
}: {
  children: ReactNode;
  primary?: boolean;
  /** Working: the button is disabled and shows a spinner beside its (changed) text. */
  busy?: boolean;
  type?: 'button' | 'submit';
  onClick?: () => void;
}) {
  return (
    <button
      type={type}
      className={`auth-button${primary ? ' auth-button--primary' : ''}`}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {busy && <span className="auth-button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/**
 * A notice inside the card: a title and, when given, a text under it. `role="status"` for a
 * notice that appears while the person is on the page (read out politely).
 */
export function AuthAlert({
  kind,
  title,
  children,
  className,
  role,
  id,
}: {
  kind: 'warning' | 'info';
  title: ReactNode;
  children?: ReactNode;
  className?: string;
  role?: 'status';
  id?: string;
}) {
  return (
    <div className={classNames('auth-alert', `auth-alert--${kind}`, className)} role={role} id={id}>
      <StatusIcon kind={kind} size={18} className="auth-alert__icon" />
      <div>
        <p className="auth-alert__title">{title}</p>
        {children && <div className="auth-alert__text">{children}</div>}
      </div>
    </div>
  );
}
