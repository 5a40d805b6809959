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

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), [href]';

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
 * confirming button. It is a non-modal dialog named by its title. Opening it moves the focus to
 * its first control (a checkbox, or Cancel: never the confirming button first); Escape, Cancel, a
 * click outside or confirming closes it and gives the focus back to the button. It is drawn at
 * the end of the page (a table's scroll box would clip it) under the button.
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
  const titleId = useId();

  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
    if (!next) {
      setPlace(null);
      trigger.current?.focus();
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
    window.addEventListener('resize', at);
    return () => window.removeEventListener('resize', at);
  }, [open]);

  useEffect(() => {
    if (!open || !place) return;
    box.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [open, place]);

  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (box.current?.contains(target) || trigger.current?.contains(target)) return;
      latestChange.current(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
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
                  <div className="confirm-popover__description">{description}</div>
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
