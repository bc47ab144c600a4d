import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments';
import { SettingsModule } from '../settings';
import { PublicConfigController } from './public-config.controller';

/** What the public site reads before anyone signs in: the public configuration. */
@Module({ imports: [PaymentsModule, SettingsModule], controllers: [PublicConfigController] })
export class SiteModule {}
