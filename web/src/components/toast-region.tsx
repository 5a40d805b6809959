import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  NotifyProvider,
  TOAST_MS,
  useToastHandOver,
  type CarriedToast,
  type Notify,
  type ToastAction,
  type ToastKind,
  type ToastOptions,
} from '@/lib/notify';
import { StatusIcon } from './status-icon';
import './toast-region.css';

type Kind = ToastKind;

interface Toast {
  id: number;
  kind: Kind;
  title: string;
  text?: string;
  key?: string;
  actions?: readonly ToastAction[];
}

/** Tells toasts apart, so a new one with the same words starts its own timer. */
let nextToastId = 1;

/**
 * One toast: it closes after TOAST_MS (as antd's notifications would), unless the
 * pointer is on it or focus is in it (each holds it on its own).
 */
function ToastCard({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(onClose, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [held, onClose]);
  return (
    <div
      className={`toast toast--${toast.kind}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <StatusIcon kind={toast.kind} size={22} className="toast__icon" />
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.text && <p className="toast__text">{toast.text}</p>}
        {toast.actions && toast.actions.length > 0 && (
          <div className="toast__actions">
            {toast.actions.map((action) => (
              <button
                key={action.label}
                type="button"
                className={`toast__action${action.primary ? ' toast__action--primary' : ''}`}
                onClick={action.onClick}
              >
                {action.label}
              </button>
            ))}
          </div>
        )}
      </div>
      <button type="button" className="toast__close" aria-label="Close" onClick={onClose}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="m13.4 12 5.3-5.3-1.4-1.4-5.3 5.3-5.3-5.3-1.4 1.4 5.3 5.3-5.3 5.3 1.4 1.4 5.3-5.3 5.3 5.3 1.4-1.4-5.3-5.3Z"
          />
        </svg>
      </button>
    </div>
  );
}

/**
 * useNotify() on every page but the landing page (the public shell and the UI shell each mount
 * one), without antd: one toast at a time at the top of the screen. Errors are announced at once (an assertive live region), the
 * others politely; both regions are in the page from the start, so screen readers hear what is
 * put in them. (Live regions without a role, so they do not stand in for the page's own status
 * messages.)
 */
export function PlainToasts({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const showLeft = useCallback((left: CarriedToast) => {
    setToast({ id: nextToastId++, ...left });
  }, []);
  const handOver = useToastHandOver(showLeft);
  const close = useCallback(() => {
    handOver.closed();
    setToast(null);
  }, [handOver]);
  const notify = useMemo<Notify>(() => {
    const show = (kind: Kind, title: string, text?: string, options: ToastOptions = {}) => {
      handOver.shown({ kind, title, text }, options);
      setToast({
        id: nextToastId++,
        kind,
        title,
        text,
        key: options.key,
        actions: options.actions,
      });
    };
    return {
      success: (title, text, options) => show('success', title, text, options),
      error: (title, text, options) => show('error', title, text, options),
      info: (title, text, options) => show('info', title, text, options),
      close: (key) => {
        handOver.closed(key);
        setToast((current) => (current?.key === key ? null : current));
      },
    };
  }, [handOver]);
  const card = toast && <ToastCard key={toast.id} toast={toast} onClose={close} />;
  return (
    <NotifyProvider value={notify}>
      {children}
      <div className="toast-region">
        <div aria-live="assertive">{toast?.kind === 'error' && card}</div>
        <div aria-live="polite">{toast?.kind !== 'error' && card}</div>
      </div>
    </NotifyProvider>
  );
}
