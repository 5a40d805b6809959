import { mailKeys } from '@portal/domain';
import { memberMail, type MailDeps } from './notifications';
import type { QueuedMail } from './outbox';
import { backInStock } from './templates/stock-alert-messages';

/** What the back-in-stock mail needs of an alert and the member's store. */
export interface BackInStockMailFacts {
  alertId: string;
  /** The alert's creation time (ms): one mail per subscription. */
  createdAtMs: number;
  uid: string;
  productId: string;
  productName: string;
  sku: string;
  storeName: string;
}

/**
 * The member's back-in-stock mail (docs/catalog.md#back-in-stock-alerts), keyed by the alert
 * and its creation time: a replayed restock queues nothing new, a later subscription mails again.
 */
export function backInStockMail(
  deps: MailDeps,
  facts: BackInStockMailFacts,
): Promise<QueuedMail[]> {
  return memberMail(
    deps,
    facts.uid,
    'back-in-stock',
    mailKeys.backInStock(facts.alertId, facts.createdAtMs),
    (links) =>
      backInStock({
        productName: facts.productName,
        sku: facts.sku,
        storeName: facts.storeName,
        productUrl: links.product(facts.productId),
      }),
    { productId: facts.productId },
  );
}
