import { newOrderAnnouncement } from '@portal/domain';
import { useState } from 'react';
import { useLiveOrderBook } from '@/entities/orders';
import './live-order-notice.css';

/**
 * The Orders tab, live (docs/live-updates.md): orders that arrive or change while the manager
 * looks are read into the order book and the totals, and each new order is said once in a polite
 * live region ("New order from Probe Shop, $69.98"), which also shows the last one.
 */
export function LiveOrderNotice() {
  const [said, setSaid] = useState('');
  useLiveOrderBook(({ arrivals }) => {
    if (arrivals.length > 0) setSaid(arrivals.map(newOrderAnnouncement).join('. '));
  });
  return (
    <p className="live-order-notice" role="status" aria-live="polite" aria-atomic="true">
      {said}
    </p>
  );
}
