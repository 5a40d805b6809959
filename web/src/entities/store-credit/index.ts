/**
 * Store credit (store_credit/{companyId} and its entries, docs/payments.md#store-credit): read by
 * the company's members and the managers, written by the functions only.
 */
export { fetchStoreCreditBalance, STORE_CREDIT_ENTRIES_LIMIT } from './api';
export {
  storeCreditKeys,
  storeCreditQueryOptions,
  useStoreCredit,
  useStoreCreditEntries,
} from './queries';
