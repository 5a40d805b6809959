import { useEffect, useState } from 'react';

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
