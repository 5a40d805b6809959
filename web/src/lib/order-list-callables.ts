import {
  FUNCTION_NAMES,
  type DeleteOrderListRequest,
  type DeleteOrderListResponse,
  type SaveOrderListRequest,
  type SaveOrderListResponse,
} from '@portal/domain';
import { callable } from './callables';

/**
 * The order lists' callables (docs/data-model.md#order_lists), apart from callables.ts so that
 * only the Order lists page and the Save as list dialog carry them, not every portal page.
 */

/** An owner or buyer saves a list of their company's: a new one (listId null) or its new contents. */
export const callSaveOrderList = /* @__PURE__ */ callable<
  SaveOrderListRequest,
  SaveOrderListResponse
>(FUNCTION_NAMES.saveOrderList);
/** An owner or buyer deletes a list of their company's. */
export const callDeleteOrderList = /* @__PURE__ */ callable<
  DeleteOrderListRequest,
  DeleteOrderListResponse
>(FUNCTION_NAMES.deleteOrderList);
