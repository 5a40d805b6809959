import type { CSSProperties } from 'react';
import './skeleton.css';
import { classNames } from '@/lib/class-names';

/**
 * Grey placeholder lines while content loads, drawn like antd's Skeleton (plain HTML and CSS, no
 * antd): a title bar, then paragraph lines, the last one shorter; an optional square picture on
 * the left. They shimmer unless motion is reduced. Decorative: the element around them says what
 * is loading (role="status" and a label, or a Suspense boundary's page).
 */
export function TextSkeleton({
  rows = 3,
  titleWidth,
  picture,
  className,
}: {
  rows?: number;
  /** The title bar's width (antd's: 38%, or 50% beside a picture). */
  titleWidth?: string;
  /** A square picture on the left, this many pixels wide. */
  picture?: number;
  className?: string;
}) {
  const title: CSSProperties = { width: titleWidth ?? (picture ? '50%' : '38%') };
  return (
    <div
      className={classNames('skeleton', picture !== undefined && 'skeleton--picture', className)}
      aria-hidden="true"
    >
      {picture !== undefined && (
        <span
          className="skeleton__bar skeleton__picture"
          style={{ width: picture, height: picture }}
        />
      )}
      <div className="skeleton__text">
        <span className="skeleton__bar skeleton__title" style={title} />
        {Array.from({ length: rows }, (_, index) => (
          <span key={index} className="skeleton__bar skeleton__line" />
        ))}
      </div>
    </div>
  );
}

/** A grey block (an image's place), sized by its class. */
export function BlockSkeleton({ className }: { className?: string }) {
  return (
    <span className={classNames('skeleton__bar skeleton__block', className)} aria-hidden="true" />
  );
}
