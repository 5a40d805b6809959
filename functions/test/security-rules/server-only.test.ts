import {
  appCheckTokenCases,
  auditLogCases,
  checkoutCases,
  productPhotoCases,
  stockShardCases,
  checkoutLockCases,
  invitationCases,
  invoiceCounterCases,
  mailCases,
  newsletterCases,
  orderNotesCases,
  rateLimitCases,
  salesRollupCases,
  stripeCustomerCases,
  stripeEventCases,
} from './cases/server-only';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: newsletter_subscribers/{id}', newsletterCases);
runMatrix('firestore.rules: mail/{eventKey}', mailCases);
runMatrix('firestore.rules: rate_limits/{id}', rateLimitCases);
runMatrix('firestore.rules: audit_log/{id}', auditLogCases);
runMatrix('firestore.rules: app_check_tokens/{jti}', appCheckTokenCases);
runMatrix('firestore.rules: stripe_events/{id}', stripeEventCases);
runMatrix('firestore.rules: checkout_locks/{uid}', checkoutLockCases);
runMatrix('firestore.rules: checkouts/{checkoutId}', checkoutCases);
runMatrix('firestore.rules: order_notes/{orderId} (internal refund notes)', orderNotesCases);
runMatrix('firestore.rules: product_photos/{photoId}', productPhotoCases);
runMatrix('firestore.rules: products/{productId}/stock_shards/{shard}', stockShardCases);
runMatrix('firestore.rules: counters/{id}', invoiceCounterCases);
runMatrix('firestore.rules: stripe_customers/{companyId}', stripeCustomerCases);
runMatrix('firestore.rules: invitations/{invitationId}', invitationCases);
runMatrix(
  'firestore.rules: sales_days, sales_weeks, sales_months, claim_rollups',
  salesRollupCases,
);
