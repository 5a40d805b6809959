import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/button';
import { ExclamationCircleFilled } from '@/components/icons';
import './confirm-popover.css';

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), textarea:not(:disabled), [href]';

/** What the trigger needs: the handlers and state that open the confirmation. */
export interface ConfirmTrigger {
  ref: RefObject<HTMLButtonElement | null>;
  onClick: () => void;
  'aria-expanded': boolean;
  'aria-haspopup': 'dialog';
}

/** Where the box goes: under the trigger, kept inside the window's width. */
function placeBelow(trigger: HTMLElement, box: HTMLElement): { top: number; left: number } {
  const anchor = trigger.getBoundingClientRect();
  const width = box.offsetWidth;
  const room = document.documentElement.clientWidth;
  const left = Math.max(8, Math.min(anchor.left, room - width - 8));
  return { top: anchor.bottom + window.scrollY + 8, left: left + window.scrollX };
}

/**
 * A confirmation next to the button that asks for it, in antd's Popconfirm look (the dashboard's
 * first load carries no antd): a title, an optional description (a checkbox, say), Cancel and the
 * confirming button. It is a non-modal dialog named by its title and described by its description.
 * Opening it moves the focus to its first control (a checkbox, or Cancel: never the confirming
 * button first); Escape, Cancel or confirming closes it and gives the focus back to the button; a
 * click elsewhere or the focus leaving it closes it too, leaving the focus where it went. It is
 * drawn at the end of the page (a table's scroll box would clip it) under the button, and follows
 * the button when anything scrolls.
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
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const box = useRef<HTMLDivElement | null>(null);
  // The focus moves into the box once per opening (not again when a resize moves the box).
  const focused = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  /**
   * Opens or closes. Closing gives the focus back to the button (Escape, Cancel, confirming),
   * except when the person clicked or moved the focus elsewhere: that stays where it went.
   */
  const change = (next: boolean, restoreFocus = true) => {
    setOpen(next);
    onOpenChange?.(next);
    if (!next) {
      setPlace(null);
      focused.current = false;
      if (restoreFocus) trigger.current?.focus();
    }
  };
  const latestChange = useRef(change);
  useEffect(() => {
    latestChange.current = change;
  });

  useLayoutEffect(() => {
    if (!open || !trigger.current || !box.current) return undefined;
    const at = () =>
      setPlace(placeBelow(trigger.current as HTMLElement, box.current as HTMLElement));
    at();
    // Follows the button when the window or a box around it (the table's) scrolls or resizes.
    window.addEventListener('resize', at);
    document.addEventListener('scroll', at, true);
    return () => {
      window.removeEventListener('resize', at);
      document.removeEventListener('scroll', at, true);
    };
  }, [open]);

  useEffect(() => {
    if (!open || !place || focused.current || !box.current) return;
    focused.current = true;
    // Near the bottom of a phone's screen the box opens below the fold: bring it into view.
    box.current.scrollIntoView?.({ block: 'nearest' });
    box.current.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [open, place]);

  useEffect(() => {
    if (!open) return undefined;
    const inside = (node: EventTarget | null) =>
      node instanceof Node &&
      (box.current?.contains(node) === true || trigger.current?.contains(node) === true);
    // A click (or a tap) elsewhere closes it; a finger scrolling the page does not click.
    const click = (event: MouseEvent) => {
      if (!inside(event.target)) latestChange.current(false, false);
    };
    // So does the focus leaving it (Tab past its last button, a dialog opened elsewhere).
    const focus = (event: FocusEvent) => {
      if (!inside(event.target)) latestChange.current(false, false);
    };
    document.addEventListener('click', click, true);
    document.addEventListener('focusin', focus);
    return () => {
      document.removeEventListener('click', click, true);
      document.removeEventListener('focusin', focus);
    };
  }, [open]);

  return (
    <>
      {children({
        ref: trigger,
        onClick: () => change(!open),
        'aria-expanded': open,
        'aria-haspopup': 'dialog',
      })}
      {open &&
        createPortal(
          <div
            ref={box}
            className="confirm-popover"
            role="dialog"
            aria-labelledby={titleId}
            aria-describedby={description !== undefined ? descriptionId : undefined}
            tabIndex={-1}
            style={place ? { top: place.top, left: place.left } : { visibility: 'hidden' }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                change(false);
              }
            }}
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
              <Button size="small" onClick={() => change(false)}>
                {cancelText}
              </Button>
              <Button
                size="small"
                type="primary"
                danger={okDanger}
                onClick={() => {
                  change(false);
                  void onConfirm();
                }}
              >
                {okText}
              </Button>
            </div>
          </div>,
          document.body,
        )}
    </>
  );
}
