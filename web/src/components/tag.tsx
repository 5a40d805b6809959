import type { ReactNode } from 'react';
import './tag.css';
import { classNames } from '@/lib/class-names';

/** antd's preset tag colours used by the portal (light background, border, dark text). */
export type TagColor = 'gold' | 'blue' | 'purple' | 'green' | 'red' | 'cyan' | 'magenta';

/**
 * A small coloured label (an order's status, a buyer's role), drawn like antd's Tag in its
 * preset colours (plain HTML and CSS: antd's Tag brings its closable and checkable parts).
 */
export function Tag({
  color,
  className,
  children,
}: {
  color: TagColor;
  className?: string;
  children: ReactNode;
}) {
  return <span className={classNames('tag', `tag--${color}`, className)}>{children}</span>;
}
