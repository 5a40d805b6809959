import { useEffect, useId, useRef, useState } from 'react';

/** Nothing has the focus: it went to the page when what held it was hidden or removed. */
function focusLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

function focusedElement(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement ? document.activeElement : null;
}

/**
 * For a dialog component mounted only while it is open (`{open && <XModal />}`): antd gives the
 * focus back to the button that opened a Modal when the Modal closes, but not when it is removed
 * at once. This remembers what had the focus when the dialog was mounted and, when it is removed
 * with the focus lost, focuses that again (if it is still on the page).
 */
export function useReturnFocus(): void {
  const [opener] = useState(focusedElement);
  useEffect(
    () => () => {
      if (opener?.isConnected && focusLost()) opener.focus();
    },
    [opener],
  );
}

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), [href], [tabindex]:not([tabindex="-1"])';

/**
 * Keyboard use of antd's Popconfirm, which leaves the focus on its button and shows the
 * confirmation at the end of the page (out of reach of Tab): opening it moves the focus to its
 * first control (Cancel, or a checkbox before it, never the confirming button first), and closing
 * it (Escape, Cancel, OK) gives the focus back to the button that opened it. Spread the result on
 * the Popconfirm; `onOpenChange` is the Popconfirm's own, if it has one.
 */
export function useConfirmFocus(onOpenChange?: (open: boolean) => void): {
  classNames: { root: string };
  onOpenChange: (open: boolean) => void;
} {
  const rootClassName = `confirm-focus-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const opener = useRef<HTMLElement | null>(null);
  const frame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const popup = () => document.querySelector<HTMLElement>(`.${rootClassName}`);
  const focusFirst = (tries: number) => {
    // The confirmation is drawn after it is opened: wait a few frames for it.
    const first = popup()?.querySelector<HTMLElement>(FOCUSABLE);
    if (first && first.getClientRects().length > 0) first.focus();
    else if (tries > 0) frame.current = requestAnimationFrame(() => focusFirst(tries - 1));
  };

  return {
    classNames: { root: rootClassName },
    onOpenChange: (open) => {
      onOpenChange?.(open);
      cancelAnimationFrame(frame.current);
      if (open) {
        opener.current = focusedElement();
        frame.current = requestAnimationFrame(() => focusFirst(30));
        return;
      }
      const inside = popup()?.contains(document.activeElement) ?? false;
      if (opener.current?.isConnected && (inside || focusLost())) opener.current.focus();
      opener.current = null;
    },
  };
}
