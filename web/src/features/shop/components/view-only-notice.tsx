import { Alert } from '@/components/alert';

/** The words a viewer reads where others order (docs/companies.md: what each role may do). */
export const VIEW_ONLY_TITLE = 'View only';
export const VIEW_ONLY_TEXT =
  "Your role in this company is Viewer: you can follow its orders, invoices and tracking, but not place orders. Ask your company's owner if you need to order.";

/** Shown on the store, a product page, Quick Order and the cart to a member who may not order. */
export function ViewOnlyNotice() {
  return (
    <Alert
      type="info"
      role="status"
      title={VIEW_ONLY_TITLE}
      description={VIEW_ONLY_TEXT}
      className="view-only-notice"
    />
  );
}
