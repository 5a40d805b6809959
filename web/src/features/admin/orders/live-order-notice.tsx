import { newOrderAnnouncement } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useLiveOrderBook } from '@/entities/orders';
import './live-order-notice.css';

/** How long the last arrival stays on screen (the region stays, empty, for the next one). */
export const NOTICE_SHOWN_MS = 20_000;

/**
 * The Orders tab, live (docs/live-updates.md): while it is open, orders that arrive or change are
 * read into the order book and the totals, and each new order is said once in a polite live
 * region ("New order from Probe Shop, $69.98"), shown at the foot of the screen for a while: it
 * floats, so the book never moves under the manager's pointer. Each announcement is a new node,
 * so the same words twice (a standing order's next cycle) are said twice.
 */
export function LiveOrderNotice() {
  const [said, setSaid] = useState<{ text: string; count: number } | null>(null);
  useLiveOrderBook(({ arrivals }) => {
    if (arrivals.length === 0) return;
    const text = arrivals.map(newOrderAnnouncement).join('. ');
    setSaid((before) => ({ text, count: (before?.count ?? 0) + 1 }));
  });
  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(null), NOTICE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [said]);
  return (
    <div className="live-order-notice" role="status" aria-live="polite" aria-atomic="true">
      {said && <p key={said.count}>{said.text}</p>}
    </div>
  );
}
