import { useEffect, useEffectEvent, useState, type ComponentType } from 'react';
import { Spinner } from '@/components/app-loading';
import { useNotify } from '@/lib/notify';
import { usePanelShown } from './panel-shown';
import './lazy-dialog.css';

/** What a dialog mounted only while open takes: it calls onClose to be removed. */
interface DialogProps {
  onClose: () => void;
}

/** Said when a dialog's code cannot be fetched (offline, or a deploy replaced the chunk). */
export const DIALOG_LOAD_FAILED = 'Could not open this. Check your connection and try again.';

/**
 * A dialog whose code is a chunk of its own, fetched when it is first opened (antd's Modal and
 * its theme, say), for `{open && <Dialog … onClose={…} />}`:
 * - while the chunk comes, a small "Opening…" status shows where the dialog will be, so a click
 *   is never met by nothing;
 * - when it cannot be fetched, an error toast says so and the dialog closes: the button that
 *   opened it tries again (unlike `React.lazy`, which keeps a failed load for good);
 * - once fetched, it opens at once the next time;
 * - opened from a tab panel, it closes when another tab is shown (the browser's Back, or a phone's
 *   back gesture, while it is open): drawn in a portal over the page, it would otherwise stay open
 *   over the other tab, its mask catching every click there (panel-shown.ts).
 * `preload()` starts the fetch early (from a button's hover, or beside other work).
 */
export function lazyDialog<Props extends DialogProps>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): ComponentType<Props> & { preload: () => Promise<ComponentType<Props>> } {
  let loaded: ComponentType<Props> | null = null;
  let fetching: Promise<ComponentType<Props>> | null = null;
  const preload = () => {
    fetching ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        fetching = null;
        throw error;
      },
    );
    return fetching;
  };

  function LazyDialog(props: Props) {
    const notify = useNotify();
    const [Dialog, setDialog] = useState<ComponentType<Props> | null>(() => loaded);
    const { onClose } = props;
    const shown = usePanelShown();
    // Once when its panel is hidden, with the onClose of that moment (a new one each draw).
    const closeHidden = useEffectEvent(() => onClose());
    useEffect(() => {
      if (!shown) closeHidden();
    }, [shown]);
    useEffect(() => {
      if (Dialog) return;
      let live = true;
      preload().then(
        (component) => {
          if (live) setDialog(() => component);
        },
        () => {
          if (!live) return;
          notify.error('Error', DIALOG_LOAD_FAILED);
          onClose();
        },
      );
      return () => {
        live = false;
      };
    }, [Dialog, notify, onClose]);
    if (!shown) return null;
    if (!Dialog) return <DialogOpening />;
    return <Dialog {...props} />;
  }
  return Object.assign(LazyDialog, { preload });
}

/** How long a dialog's code may take before "Opening…" shows (a quick fetch flashes nothing). */
const OPENING_DELAY_MS = 300;

/**
 * "Opening…", in a status region that is on the page before its text: screen readers announce a
 * change of a live region's text, not a region that arrives with it.
 */
function DialogOpening() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), OPENING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className={slow ? 'dialog-opening' : 'visually-hidden'} role="status">
      {slow && (
        <>
          <Spinner />
          <span>Opening…</span>
        </>
      )}
    </div>
  );
}
