import { lazyDialog } from '@/components/lazy-dialog';

/**
 * Save as list (the cart, a past order in My Account): a chunk of its own, fetched when first
 * opened. Imported from here, not from the entity's index, so that the cart's and My Account's
 * first loads carry neither the dialog nor the lists' reads and schemas.
 */
export const SaveListDialog = lazyDialog(() => import('./save-list-dialog'));
