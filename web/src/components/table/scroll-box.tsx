import { useEffect, useRef, useState, type ReactNode } from 'react';
import './table.css';

/**
 * A table wider than the screen (a phone) scrolls sideways in this box. While it does, the box
 * takes keyboard focus, so it can be scrolled without a mouse or touch (WCAG 2.1.1; axe's
 * scrollable-region-focusable); when everything fits it is no tab stop. The table inside is as
 * wide as its content and never narrower than the box (antd's own `scroll.x` would scroll an
 * inner element nobody can focus).
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    const table = box.querySelector('table');
    if (table) observer.observe(table);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className="scroll-box"
      role="group"
      aria-label={label}
      tabIndex={scrolls ? 0 : undefined}
    >
      {children}
    </div>
  );
}
