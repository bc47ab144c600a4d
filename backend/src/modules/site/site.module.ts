import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module';
import { PublicConfigController } from './public-config.controller';

@Module({ imports: [PaymentsModule], controllers: [PublicConfigController] })
export class SiteModule {}
