import type { OrderList } from '@portal/domain';
import { businessDayFormat } from '@/lib/intl-formats';

function products(count: number): string {
  return count === 1 ? '1 product' : `${count} products`;
}

/** The words of /portal/lists (docs/product.md, Order lists). */
export const ORDER_LISTS_TEXTS = {
  title: 'Order lists',
  back: 'Browse the catalog',
  intro:
    'Lists of what your company restocks, with their quantities. Add a whole list to your cart in one step: each line is checked against today’s case packs, minimums and stock.',
  newList: 'New list',
  loadFailed: 'Could not load your order lists.',
  emptyTitle: 'No lists yet',
  empty:
    'Start a new list here, or save your cart or a past order as a list (Save as list on the cart and on an order in My Account).',
  emptyViewer: 'Your company has no order lists yet.',
  summary: (list: OrderList) =>
    `${products(list.lines.length)} · Updated ${list.updated_at ? businessDayFormat.format(list.updated_at) : 'just now'}`,
  products,
  addToCart: 'Add list to cart',
  standing: 'Start standing order',
  standingHint:
    'Adds the list to your cart and opens it with delivery every 2 weeks chosen; change the interval there.',
  edit: 'Edit',
  delete: 'Delete',
  showLines: (count: number) => `Show ${products(count)}`,
  hideLines: 'Hide products',
  added: (count: number) => `Added ${products(count)} to your cart.`,
  viewCart: 'View cart',
  nothingAdded: 'Nothing was added:',
  notAdded: 'Not added:',
  addFailed: 'Could not add the list to your cart. Nothing was added; try again.',
  cartChanged: 'Your cart changed meanwhile. Check the quantities and try again.',
  unavailable: 'No longer available',
} as const;
