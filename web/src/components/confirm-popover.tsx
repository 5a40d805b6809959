import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  offset,
  shift,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useId, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import { ExclamationCircleFilled } from './alert-icons';
import './confirm-popover.css';

/** What the trigger needs: its ref, the click that opens the confirmation and its ARIA state. */
export interface ConfirmTrigger {
  ref: (node: HTMLElement | null) => void;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  'aria-expanded': 'true' | 'false';
  'aria-haspopup': 'dialog';
  'aria-controls'?: string;
}

/** The room kept between the box and the window's edges, and between the box and its button. */
const GAP = 8;

/**
 * A confirmation next to the button that asks for it, in antd's Popconfirm look
 * (confirm-popover.css; no antd is loaded): a title, an optional description (a checkbox, say),
 * Cancel and the confirming button. It is a non-modal alert dialog named by its title and
 * described by its description.
 *
 * Floating UI places it and handles its focus. It is drawn at the end of the page (a table's
 * scroll box would clip it; a plain portal to the body, so that Floating UI's focus manager
 * closes it when the focus leaves, which it leaves to focus guards inside a FloatingPortal),
 * under the button's start, flipped above it when there is no room
 * below and shifted to stay 8 px inside the window, and it follows the button when anything
 * scrolls or resizes. Opening it moves the focus to its first control (a checkbox, or Cancel:
 * never the confirming button first); Escape, Cancel or confirming closes it and gives the focus
 * back to the button; a click elsewhere or the focus leaving it closes it too, leaving the focus
 * where it went. Its controls follow the page's in the tab order (no focus guards), as before.
 */
export function ConfirmPopover({
  title,
  description,
  okText,
  cancelText = 'Cancel',
  okDanger = false,
  onConfirm,
  onOpenChange,
  children,
}: {
  title: string;
  description?: ReactNode;
  okText: string;
  cancelText?: string;
  okDanger?: boolean;
  onConfirm: () => unknown;
  onOpenChange?: (open: boolean) => void;
  children: (trigger: ConfirmTrigger) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const descriptionId = useId();

  const {
    refs: { setReference, setFloating },
    elements,
    floatingStyles,
    context,
  } = useFloating({
    open,
    onOpenChange: (next, _event, reason) => change(next, reason === 'escape-key'),
    placement: 'bottom-start',
    // left/top rather than a transform: the box's text is laid out on whole pixels, as before.
    transform: false,
    // Above the button only when there is no room below; sideways it is shifted, not flipped to
    // the button's end, so it stays as near the button's start as the window allows.
    middleware: [offset(GAP), flip({ padding: GAP, crossAxis: false }), shift({ padding: GAP })],
    whileElementsMounted: autoUpdate,
  });
  // A click elsewhere (not a finger that starts scrolling the page), and Escape.
  const dismiss = useDismiss(context, { outsidePressEvent: 'click' });
  const role = useRole(context, { role: 'alertdialog' });
  const { getReferenceProps, getFloatingProps } = useInteractions([dismiss, role]);

  /**
   * Opens or closes. Closing gives the focus back to the button when asked (Escape, Cancel,
   * confirming); a click or the focus going elsewhere leaves it where it went.
   */
  function change(next: boolean, restoreFocus = false) {
    setOpen(next);
    onOpenChange?.(next);
    const button = elements.domReference;
    if (!next && restoreFocus && button instanceof HTMLElement) button.focus();
  }

  const trigger = {
    ref: setReference,
    ...getReferenceProps({ onClick: () => change(!open) }),
  } as ConfirmTrigger;

  return (
    <>
      {children(trigger)}
      {open &&
        createPortal(
          <FloatingFocusManager
            context={context}
            modal={false}
            guards={false}
            initialFocus={0}
            returnFocus={false}
          >
            <div
              ref={setFloating}
              className="confirm-popover"
              style={floatingStyles}
              aria-labelledby={titleId}
              aria-describedby={description !== undefined ? descriptionId : undefined}
              {...getFloatingProps()}
            >
              <div className="confirm-popover__message">
                <ExclamationCircleFilled className="confirm-popover__icon" />
                <div>
                  <div className="confirm-popover__title" id={titleId}>
                    {title}
                  </div>
                  {description !== undefined && (
                    <div className="confirm-popover__description" id={descriptionId}>
                      {description}
                    </div>
                  )}
                </div>
              </div>
              <div className="confirm-popover__buttons">
                <Button size="small" onClick={() => change(false, true)}>
                  {cancelText}
                </Button>
                <Button
                  size="small"
                  type="primary"
                  danger={okDanger}
                  onClick={() => {
                    change(false, true);
                    void onConfirm();
                  }}
                >
                  {okText}
                </Button>
              </div>
            </div>
          </FloatingFocusManager>,
          document.body,
        )}
    </>
  );
}
