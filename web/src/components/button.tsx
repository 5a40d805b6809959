import { Children, type ButtonHTMLAttributes, type ReactNode, type Ref } from 'react';
import { LoadingOutlined } from './loading-icon';
import './button.css';
import { classNames } from '@/lib/class-names';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** The look, as antd names it: outlined (default), filled in the brand colour, text or link. */
  type?: 'default' | 'primary' | 'text' | 'link';
  /** The element's own type: `button` unless it submits a form. */
  htmlType?: 'button' | 'submit';
  size?: 'small' | 'middle' | 'large';
  /** Red: an action that removes something. */
  danger?: boolean;
  /** A primary button drawn outlined: the brand colour's text and border on no background. */
  ghost?: boolean;
  /** As wide as its container. */
  block?: boolean;
  /** Working: a spinner in place of the icon, and clicks do nothing until it is done. */
  loading?: boolean;
  icon?: ReactNode;
  /** The icon before the label (the default) or after it. */
  iconPlacement?: 'start' | 'end';
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The label as antd lays it out: each run of text in a span, elements as they are, so an element
 * that is not displayed (a label hidden on phones) takes no room and no gap.
 */
function label(children: ReactNode): ReactNode[] {
  const parts: ReactNode[] = [];
  let text = '';
  const flush = () => {
    if (text) parts.push(<span key={`text-${parts.length}`}>{text}</span>);
    text = '';
  };
  for (const child of Children.toArray(children)) {
    if (typeof child === 'string' || typeof child === 'number') text += String(child);
    else {
      flush();
      parts.push(child);
    }
  }
  flush();
  return parts;
}

/**
 * A button in antd's look with the brand theme (config/theme.ts), drawn with a plain `<button>`
 * and button.css, so the buyer's pages load no antd: the outlined, primary, text and link kinds,
 * small, middle and large sizes (44 and 48 px tall on touch layouts), danger, block, an icon and a
 * loading state. The focus ring is the shared one (styles/global.css).
 */
export function Button({
  type = 'default',
  htmlType = 'button',
  size = 'middle',
  danger = false,
  ghost = false,
  block = false,
  loading = false,
  icon,
  iconPlacement = 'start',
  className,
  children,
  onClick,
  ref,
  ...rest
}: ButtonProps) {
  const parts = label(children);
  const iconOnly = parts.length === 0;
  const classes = classNames(
    'button',
    `button--${type}`,
    size !== 'middle' && `button--${size}`,
    danger && 'button--danger',
    ghost && 'button--ghost',
    block && 'button--block',
    loading && 'button--loading',
    iconOnly && Boolean(icon || loading) && 'button--icon-only',
    iconPlacement === 'end' && 'button--icon-end',
    className,
  );
  const shownIcon = loading ? <LoadingOutlined spin /> : icon;
  return (
    <button
      {...rest}
      ref={ref}
      // Always set: a button inside a form never submits it by surprise.
      type={htmlType}
      className={classes}
      aria-busy={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
    >
      {shownIcon && <span className="button__icon">{shownIcon}</span>}
      {parts}
    </button>
  );
}
