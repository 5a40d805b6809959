/**
 * The parts of the full Firestore SDK the live views use, and no more: loaded as one chunk by
 * ./live-firestore.ts. Importing names (not the whole namespace) lets the build leave out the
 * rest of the SDK (writes, transactions, bundles, persistence, pipelines).
 */
export {
  collection,
  connectFirestoreEmulator,
  doc,
  initializeFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  where,
} from 'firebase/firestore';
