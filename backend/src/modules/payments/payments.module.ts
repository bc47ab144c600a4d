import { Module } from '@nestjs/common';
import { AffiliatesModule } from '../affiliates';
import { AuditModule } from '../audit';
import { LearningModule } from '../learning';
import { MailModule } from '../mail';
import { SettingsModule } from '../settings';
import { UsersModule } from '../users';
import { AdminCouponsController } from './admin-coupons.controller';
import { AdminPaymentsController } from './admin-payments.controller';
import { CheckoutRecoveryController } from './checkout-recovery.controller';
import { CheckoutRecoveryRepository } from './checkout-recovery.repository';
import { CheckoutRecovery } from './checkout-recovery.service';
import { RecoveryProofs } from './recovery-proofs';
import { RecoveryMailConsumers } from './jobs/recovery-mail.consumers';
import { CouponsRepository } from './coupons.repository';
import { Coupons } from './coupons.service';
import { Pricing } from './pricing';
import { BuyerPaymentsRepository } from './buyer-payments.repository';
import { ClaimProofs } from './claim-proofs';
import { ClaimReminders } from './claim-reminders.service';
import { BuyerMailConsumers } from './jobs/buyer-mail.consumers';
import { PaymentConsumers } from './jobs/payment.consumers';
import { PaymentEventsRepository } from './payment-events.repository';
import { PaymentIntake } from './payment-intake.service';
import { PaymentTransitions } from './payment-transitions.service';
import { PaymentsAdmin } from './payments-admin.service';
import { PaymentsController } from './payments.controller';
import { PaymentsRepository } from './payments.repository';
import { PaymentChanges } from './payment-changes.service';
import { PaymentsService } from './payments.service';
import { PaymentProviders } from './providers/payment-providers';
import { Purchases } from './purchases.service';
import { Reconciliation } from './reconciliation.service';
import { RefundRequestsRepository } from './refund-requests.repository';
import { Receipts } from './receipts.service';
import { ReceiptsRepository } from './receipts.repository';
import { Refunds } from './refunds.service';

/**
 * The money path: checkout (PaymentsService), webhook intake, the one
 * state-transition function, the reconciler, refunds, the consumers that
 * grant access, the buyer's mail (receipts, reminders, refunds, underpayments)
 * and the buyer's purchases (history, receipt PDFs, refund requests).
 */
@Module({
  imports: [AuditModule, SettingsModule, MailModule, UsersModule, LearningModule, AffiliatesModule],
  controllers: [PaymentsController, CheckoutRecoveryController, AdminPaymentsController, AdminCouponsController],
  providers: [
    PaymentsService,
    PaymentChanges,
    PaymentsRepository,
    PaymentEventsRepository,
    PaymentIntake,
    PaymentTransitions,
    Reconciliation,
    Refunds,
    PaymentsAdmin,
    PaymentConsumers,
    PaymentProviders,
    ClaimProofs,
    BuyerMailConsumers,
    ClaimReminders,
    Receipts,
    ReceiptsRepository,
    RefundRequestsRepository,
    Purchases,
    BuyerPaymentsRepository,
    Pricing,
    Coupons,
    CouponsRepository,
    CheckoutRecovery,
    CheckoutRecoveryRepository,
    RecoveryProofs,
    RecoveryMailConsumers,
  ],
  exports: [PaymentsService, Purchases, Pricing, Coupons, PaymentProviders],
})
export class PaymentsModule {}
