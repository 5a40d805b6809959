import type { ReactNode } from 'react';

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

const ALERT_ICONS = {
  warning: 'M1 21h22L12 2 1 21Zm12-3h-2v-2h2v2Zm0-4h-2v-4h2v4Z',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z',
} as const;

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
}: {
  kind: keyof typeof ALERT_ICONS;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
  role?: 'status';
}) {
  return (
    <div
      className={['auth-alert', `auth-alert--${kind}`, className].filter(Boolean).join(' ')}
      role={role}
    >
      <svg
        className="auth-alert__icon"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        focusable="false"
      >
        <path fill="currentColor" d={ALERT_ICONS[kind]} />
      </svg>
      <div>
        <p className="auth-alert__title">{title}</p>
        {children && <div className="auth-alert__text">{children}</div>}
      </div>
    </div>
  );
}
