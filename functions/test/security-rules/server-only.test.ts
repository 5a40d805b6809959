import {
  auditLogCases,
  checkoutCases,
  checkoutLockCases,
  invoiceCounterCases,
  newsletterCases,
  stripeCustomerCases,
  stripeEventCases,
} from './cases/server-only';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: newsletter_signups/{id}', newsletterCases);
runMatrix('firestore.rules: audit_log/{id}', auditLogCases);
runMatrix('firestore.rules: stripe_events/{id}', stripeEventCases);
runMatrix('firestore.rules: checkout_locks/{uid}', checkoutLockCases);
runMatrix('firestore.rules: checkouts/{checkoutId}', checkoutCases);
runMatrix('firestore.rules: counters/{id}', invoiceCounterCases);
runMatrix('firestore.rules: stripe_customers/{uid}', stripeCustomerCases);
