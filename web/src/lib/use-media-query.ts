import { useCallback, useSyncExternalStore } from 'react';

/** The visitor asked the system for less motion. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * A touch layout: a coarse pointer (a finger, at any width) or a phone-width screen (under 640 px,
 * the portal's phone breakpoint, whatever the pointer). Controls are at least 44 x 44 px there
 * (WCAG 2.5.5): antd's size tokens in app/providers.tsx, the rest in styles/touch.css, which
 * repeats this query.
 */
export const TOUCH_LAYOUT_QUERY = '(pointer: coarse), (max-width: 639px)';

function matches(query: string): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches;
}

/** Whether the media query matches now; live: the component renders again when it changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matches(query),
    () => false,
  );
}
