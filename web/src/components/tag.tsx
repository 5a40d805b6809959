import type { HTMLAttributes, ReactNode } from 'react';
import './tag.css';
import { classNames } from '@/lib/class-names';

/**
 * antd's preset tag colours used by the portal (light background, dark text), its status colours
 * (success, warning, error: with a border) and its default grey tag.
 */
export type TagColor =
  | 'gold'
  | 'blue'
  | 'purple'
  | 'green'
  | 'red'
  | 'cyan'
  | 'magenta'
  | 'orange'
  | 'success'
  | 'warning'
  | 'error'
  | 'default';

/**
 * A small coloured label (an order's status, a buyer's role), drawn like antd's Tag in its
 * preset colours (plain HTML and CSS: antd's Tag brings its closable and checkable parts).
 */
export function Tag({
  color,
  className,
  children,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & {
  color: TagColor;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span {...rest} className={classNames('tag', `tag--${color}`, className)}>
      {children}
    </span>
  );
}
