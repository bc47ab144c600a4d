import { Global, Module } from '@nestjs/common';
import { EventsModule } from '../../events/events.module';
import { AdminNotices } from './admin-notices.service';
import { AdminSettingsController } from './admin-settings.controller';
import { SettingsService } from './settings.service';
import { SETTINGS_SUBSCRIPTIONS } from './settings.subscriptions';
import { TestEmailService } from './test-email.service';

@Global()
@Module({
  imports: [EventsModule.forFeature(SETTINGS_SUBSCRIPTIONS)],
  controllers: [AdminSettingsController],
  providers: [SettingsService, TestEmailService, AdminNotices],
  exports: [SettingsService, AdminNotices],
})
export class SettingsModule {}
