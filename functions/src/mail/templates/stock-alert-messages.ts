import type { MailContent } from './layout';

/**
 * The back-in-stock mail (docs/catalog.md#back-in-stock-alerts), to the member who asked: the
 * product is back, a button to its page, and that the alert is used up (one mail per
 * subscription; they subscribe again for the next restock).
 */
export interface BackInStockFacts {
  productName: string;
  sku: string;
  /** The member's store (the greeting); '' greets nobody by name. */
  storeName: string;
  productUrl: string;
}

export function backInStock(p: BackInStockFacts): MailContent {
  const named = p.sku ? `${p.productName} (SKU ${p.sku})` : p.productName;
  return {
    subject: `${p.productName} is back in stock`,
    preview: `You asked us to tell you when ${p.productName} was back. It is in stock now.`,
    heading: `${p.productName} is back in stock`,
    ...(p.storeName ? { greetingName: p.storeName } : {}),
    blocks: [
      {
        kind: 'text',
        text: `Good news: ${named} is back in stock. You asked us to email you when it was.`,
      },
      { kind: 'button', label: 'View the product', url: p.productUrl },
      {
        kind: 'text',
        text: 'This alert is now used up: we will not email you about this product again. If it sells out and you want to hear about the next restock, choose "Tell me when it\'s back" on its page again.',
      },
    ],
  };
}
