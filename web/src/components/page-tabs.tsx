import { LeftOutlined, RightOutlined } from './icons';
import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { PanelShownContext } from './panel-shown';
import './page-tabs.css';

export interface PageTab<K extends string> {
  key: K;
  /** The tab's text; it may hold more than text (a count), which is then part of its name. */
  label: ReactNode;
  children: ReactNode;
}

/** The tab a key press moves to, or null for any other key (Left/Right wrap; Home, End). */
export function tabAfterKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** Scrolls the list sideways, and only the list, until the tab is wholly in view. */
function revealInList(list: HTMLElement, tab: HTMLElement): void {
  const box = list.getBoundingClientRect();
  const own = tab.getBoundingClientRect();
  if (own.left < box.left) list.scrollLeft -= box.left - own.left;
  else if (own.right > box.right) list.scrollLeft += own.right - box.right;
}

/** Which ends of a sideways-scrolling list have tabs hidden past them (1 px of slack for zoom). */
export function hiddenEnds(list: {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}): { start: boolean; end: boolean } {
  return {
    start: list.scrollLeft > 1,
    end: list.scrollLeft + list.clientWidth < list.scrollWidth - 1,
  };
}

/**
 * A page's tabs (WAI-ARIA tabs): one tab stop for the list; arrow keys, Home and End move to a
 * tab and, with automatic activation (the default), open it. With manual activation they only
 * move the focus, and Enter or Space opens the focused tab: for panels that take a while to load
 * (the dashboard's), so that arrowing past one does not fetch it. A panel opened once stays
 * mounted while hidden, so a form keeps what was typed; a dialog opened from it closes when it is
 * hidden (the Back button while the dialog is open, say: panel-shown.ts). The list scrolls sideways when the tabs
 * do not fit (a phone), to the focused tab, and to the open one when the page opens on it; an
 * end with tabs past it fades out under an arrow that scrolls the list that way (for a finger or
 * a mouse; the arrow keys already reach every tab, and the fades follow them).
 * Drawn like antd's large tabs: 16 px labels, the primary colour and a 2 px bar under the open
 * tab.
 */
export function PageTabs<K extends string>({
  items,
  activeKey,
  onChange,
  activation = 'automatic',
}: {
  items: readonly PageTab<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  activation?: 'automatic' | 'manual';
}) {
  const id = useId();
  const tabRefs = useRef(new Map<K, HTMLButtonElement>());
  const [opened, setOpened] = useState<ReadonlySet<K>>(() => new Set([activeKey]));
  if (!opened.has(activeKey)) setOpened(new Set(opened).add(activeKey));

  const listRef = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const next = hiddenEnds(list);
    setHidden((was) => (was.start === next.start && was.end === next.end ? was : next));
  }, []);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    if (typeof ResizeObserver === 'undefined')
      return () => list.removeEventListener('scroll', measure);
    const resized = new ResizeObserver(measure);
    resized.observe(list);
    for (const tab of list.children) resized.observe(tab);
    return () => {
      list.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, [measure, items.length]);
  function scrollList(direction: -1 | 1) {
    const list = listRef.current;
    if (!list) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({
      left: direction * Math.max(80, list.clientWidth * 0.6),
      behavior: reduce ? 'auto' : 'smooth',
    });
  }
  // A page opened on a tab far along the list (a link to ?tab=…, on a phone) shows that tab,
  // also once a tab grows and moves it (a count that arrives with its data, a web font) and
  // when the list narrows (a window made smaller, a phone turned upright).
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = tabRefs.current.get(activeKey);
    if (!list || !tab) return;
    revealInList(list, tab);
    if (typeof ResizeObserver === 'undefined') return;
    const resized = new ResizeObserver(() => revealInList(list, tab));
    resized.observe(list);
    for (const each of tabRefs.current.values()) resized.observe(each);
    return () => resized.disconnect();
  }, [activeKey]);

  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = (key: K) => `${id}-panel-${key}`;
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = tabAfterKey(event.key, index, items.length);
    if (next === null) return;
    event.preventDefault();
    const key = items[next]!.key;
    // Focus also scrolls the list to the tab.
    tabRefs.current.get(key)?.focus();
    if (activation === 'automatic' && key !== activeKey) onChange(key);
  }

  return (
    <div className="page-tabs">
      <div
        className="page-tabs__strip"
        data-hidden-start={hidden.start || undefined}
        data-hidden-end={hidden.end || undefined}
      >
        {/* Pointer-only arrows (hidden from assistive technology and out of the tab order: the list's
          arrow keys reach every tab). */}
        {hidden.start && (
          <button
            type="button"
            className="page-tabs__arrow page-tabs__arrow--start"
            aria-hidden="true"
            tabIndex={-1}
            onClick={() => scrollList(-1)}
          >
            <LeftOutlined />
          </button>
        )}
        <div role="tablist" className="page-tabs__list" ref={listRef}>
          {items.map((item, index) => {
            const active = item.key === activeKey;
            return (
              <button
                key={item.key}
                ref={(node) => {
                  if (node) tabRefs.current.set(item.key, node);
                  else tabRefs.current.delete(item.key);
                }}
                type="button"
                role="tab"
                id={tabId(item.key)}
                className="page-tabs__tab"
                aria-selected={active}
                aria-controls={panelId(item.key)}
                tabIndex={active ? 0 : -1}
                onKeyDown={(event) => onKeyDown(event, index)}
                onClick={() => {
                  if (!active) onChange(item.key);
                }}
              >
                {item.label}
              </button>
            );
          })}
        </div>
        {hidden.end && (
          <button
            type="button"
            className="page-tabs__arrow page-tabs__arrow--end"
            aria-hidden="true"
            tabIndex={-1}
            onClick={() => scrollList(1)}
          >
            <RightOutlined />
          </button>
        )}
      </div>
      {items
        .filter((item) => opened.has(item.key))
        .map((item) => (
          <div
            key={item.key}
            role="tabpanel"
            id={panelId(item.key)}
            className="page-tabs__panel"
            aria-labelledby={tabId(item.key)}
            hidden={item.key !== activeKey}
            tabIndex={item.key === activeKey ? 0 : -1}
          >
            <PanelShownContext.Provider value={item.key === activeKey}>
              {item.children}
            </PanelShownContext.Provider>
          </div>
        ))}
    </div>
  );
}
