import type { CSSProperties, ReactNode } from 'react';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from './alert-icons';
import './alert.css';
import { classNames } from '@/lib/class-names';

const ICONS = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
} as const;

export interface AlertProps {
  type: keyof typeof ICONS;
  title: ReactNode;
  /** A second, longer text under the title; the notice is drawn larger then. */
  description?: ReactNode;
  /** A button at the end of the notice (Retry, Sign out). */
  action?: ReactNode;
  /** Shows a close button that calls this. */
  onClose?: () => void;
  /**
   * `alert` (read out at once, the default, as antd's), `status` (read out politely), or `false`
   * for a notice that is only read where it stands (one that describes a group, say).
   */
  role?: 'alert' | 'status' | false;
  /** An icon of the page's own in place of the type's (antd's `icon`). */
  icon?: ReactNode;
  className?: string;
  style?: CSSProperties;
  id?: string;
}

/**
 * A notice in antd's Alert look with the brand theme (alert.css): a tinted box with the type's
 * filled icon (or one given), a title, an optional description, action and close button.
 */
export function Alert({
  type,
  title,
  description,
  action,
  onClose,
  role = 'alert',
  icon,
  className,
  style,
  id,
}: AlertProps) {
  const Icon = ICONS[type];
  const classes = classNames(
    'alert',
    `alert--${type}`,
    description !== undefined && 'alert--with-description',
    className,
  );
  return (
    <div className={classes} role={role || undefined} style={style} id={id}>
      <span className="alert__icon">{icon ?? <Icon />}</span>
      <div className="alert__section">
        <div className="alert__title">{title}</div>
        {description !== undefined && <div className="alert__description">{description}</div>}
      </div>
      {action && <div className="alert__actions">{action}</div>}
      {onClose && (
        <button type="button" className="alert__close" aria-label="Close" onClick={onClose}>
          <CloseOutlined />
        </button>
      )}
    </div>
  );
}
