import { Module } from '@nestjs/common';
import { EventsModule } from '../../events/events.module';
import { CoursesModule } from '../courses/courses.module';
import { UsersModule } from '../users/users.module';
import { AdminPaymentsController } from './admin-payments.controller';
import { PaymentProcessing } from './payment-processing.service';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { PAYMENTS_SUBSCRIPTIONS } from './payments.subscriptions';
import { PaymentProviders } from './providers/payment-providers';
import { SandboxController } from './sandbox.controller';

@Module({
  imports: [UsersModule, CoursesModule, EventsModule.forFeature(PAYMENTS_SUBSCRIPTIONS)],
  controllers: [PaymentsController, SandboxController, AdminPaymentsController],
  providers: [PaymentsService, PaymentProcessing, PaymentProviders],
  exports: [PaymentsService],
})
export class PaymentsModule {}
