import { Module } from '@nestjs/common';
import { LegalModule } from '../legal';
import { PaymentsModule } from '../payments';
import { SettingsModule } from '../settings';
import { PublicConfigController } from './public-config.controller';
import { PublicConfigService } from './public-config.service';
import { PublicPages } from './public-pages';

/** What the public site reads before anyone signs in: the public configuration, and the public pages rendered with it. */
@Module({
  imports: [LegalModule, PaymentsModule, SettingsModule],
  controllers: [PublicConfigController],
  providers: [PublicConfigService, PublicPages],
  exports: [PublicPages],
})
export class SiteModule {}
