import type { OrderList } from '@portal/domain';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

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
  viewOnly:
    'Your role in this company is Viewer: you can see its lists but not change them or add them to the cart.',
  summary: (list: OrderList) =>
    `${products(list.lines.length)} · Updated ${list.updated_at ? dateFormat.format(list.updated_at) : 'just now'}`,
  products,
  addToCart: 'Add list to cart',
  standing: 'Start standing order',
  standingHint:
    'Adds the list to your cart and opens it with delivery every 2 weeks chosen; change the interval there.',
  edit: 'Edit',
  delete: 'Delete',
  deleteTitle: (name: string) => `Delete "${name}"?`,
  deleteDescription: 'The list goes for everyone at your company. Your cart stays as it is.',
  deleteOk: 'Delete list',
  keep: 'Keep it',
  deleted: (name: string) => ['List deleted', `"${name}" was deleted.`] as const,
  deleteFailed: 'Could not delete the list. Try again.',
  showLines: (count: number) => `Show ${products(count)}`,
  hideLines: 'Hide products',
  added: (count: number) => `Added ${products(count)} to your cart.`,
  viewCart: 'View cart',
  nothingAdded: 'Nothing was added:',
  notAdded: 'Not added:',
  addFailed: 'Could not add the list to your cart. Nothing was added; try again.',
  cartChanged: 'Your cart changed meanwhile. Check the quantities and try again.',
  // The editor.
  editorNew: 'New list',
  editorEdit: (name: string) => `Edit "${name}"`,
  name: 'List name',
  nameHint: 'For example "Main St every 2 weeks".',
  lines: 'Products',
  noLines: 'No products yet: add one below.',
  quantityOf: (name: string) => `Quantity of ${name}`,
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  addProduct: 'Add a product',
  addProductHint: 'Type a SKU or part of a product’s name, then choose Add.',
  add: 'Add',
  noMatch: (text: string) => `No product in your catalog matches "${text}".`,
  manyMatches: (count: number) => `${count} products match: type more of the name, or the SKU.`,
  alreadyListed: (name: string) => `${name} is on the list already: change its quantity above.`,
  typeProduct: 'Type a SKU or a product name.',
  save: 'Save list',
  cancel: 'Cancel',
  saved: (name: string) => ['List saved', `"${name}" is saved.`] as const,
  saveFailed: 'Could not save the list. Try again.',
  unavailable: 'No longer available',
} as const;
