import { useCallback, useState } from 'react';
import { Button } from '@/components/button';
import { SaveListDialog } from '@/entities/order-lists/save-list';
import type { CartLine } from '../lib/cart-lines';

/**
 * The cart's Save as list (docs/product.md, Order lists): the cart's lines as a new list of the
 * company's, named in a lazy dialog. A lazy part of the cart: its first load carries none of it.
 */
export default function SaveCartAsList({ lines }: { lines: readonly CartLine[] }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <div className="cart-lines__save">
      <Button onMouseEnter={() => void SaveListDialog.preload()} onClick={() => setOpen(true)}>
        Save as list
      </Button>
      {open && (
        <SaveListDialog
          items={lines.map((line) => ({ product_id: line.productId, quantity: line.quantity }))}
          onClose={close}
        />
      )}
    </div>
  );
}
