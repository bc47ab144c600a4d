import { CoreEvents1767000000001 } from './1767000000001-core-events';
import { Courses1767000000002 } from './1767000000002-courses';
import { Accounts1767000000003 } from './1767000000003-accounts';
import { Learning1767000000004 } from './1767000000004-learning';
import { Payments1767000000005 } from './1767000000005-payments';
import { Resources1767000000007 } from './1767000000007-resources';
import { Backups1767000000008 } from './1767000000008-backups';
import { Analytics1767000000060 } from './1767000000060-analytics';
import { Notifications1767000000090 } from './1767000000090-notifications';
import { Delivery1767000000100 } from './1767000000100-delivery';
import { Security1767000000110 } from './1767000000110-security';
import { PurchaseLifecycle1795600839560 } from './1795600839560-purchase-lifecycle';
import { AdminScale1795601389754 } from './1795601389754-admin-scale';
import { BackupMethod1795602994936 } from './1795602994936-backup-method';
import { AdminScaleStatistics1795610847299 } from './1795610847299-admin-scale-statistics';
import { LearningProof1795612000000 } from './1795612000000-learning-proof';
import { Checkout1795613300000 } from './1795613300000-checkout';
import { DigestBatches1795620000000 } from './1795620000000-digest-batches';
import { PaypalTransmissions1795627100000 } from './1795627100000-paypal-transmissions';
import { CouponEmailKeys1795627200000 } from './1795627200000-coupon-email-keys';
import { OwedCommands1795630000000 } from './1795630000000-owed-commands';
import { SellerDecisions1795630000001 } from './1795630000001-seller-decisions';
import { InvoicesAndCreditNotes1795640000000 } from './1795640000000-invoices-and-credit-notes';
import { CustomerLanguage1795640000100 } from './1795640000100-customer-language';
import { LegalPages1795640000300 } from './1795640000300-legal-pages';
import { BuyerDetailsAndTax1795640000370 } from './1795640000370-buyer-details-and-tax';
import { CourseDrafts1795650000000 } from './1795650000000-course-drafts';
import { Affiliates1795660000000 } from './1795660000000-affiliates';
import { Funnel1795700000000 } from './1795700000000-funnel';
import { AffiliateMails1795710000000 } from './1795710000000-affiliate-mails';
import { ApiKeys1795720000000 } from './1795720000000-api-keys';
import { CheckoutRecovery1795730000000 } from './1795730000000-checkout-recovery';
import { Webhooks1795740000000 } from './1795740000000-webhooks';
import { TraceContext1795750000000 } from './1795750000000-trace-context';
import { PaymentChangeNotices1795770000000 } from './1795770000000-payment-change-notices';

/** Every migration, in order. TypeORM 1.x takes classes, not globs. */
export const migrations = [
  CoreEvents1767000000001,
  Courses1767000000002,
  Accounts1767000000003,
  Learning1767000000004,
  Payments1767000000005,
  Resources1767000000007,
  Backups1767000000008,
  Analytics1767000000060,
  Notifications1767000000090,
  Delivery1767000000100,
  Security1767000000110,
  PurchaseLifecycle1795600839560,
  AdminScale1795601389754,
  BackupMethod1795602994936,
  AdminScaleStatistics1795610847299,
  LearningProof1795612000000,
  Checkout1795613300000,
  DigestBatches1795620000000,
  PaypalTransmissions1795627100000,
  CouponEmailKeys1795627200000,
  OwedCommands1795630000000,
  SellerDecisions1795630000001,
  InvoicesAndCreditNotes1795640000000,
  CustomerLanguage1795640000100,
  LegalPages1795640000300,
  BuyerDetailsAndTax1795640000370,
  CourseDrafts1795650000000,
  Affiliates1795660000000,
  Funnel1795700000000,
  AffiliateMails1795710000000,
  ApiKeys1795720000000,
  CheckoutRecovery1795730000000,
  Webhooks1795740000000,
  TraceContext1795750000000,
  PaymentChangeNotices1795770000000,
];
