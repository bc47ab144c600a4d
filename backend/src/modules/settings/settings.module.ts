import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { AdminSettingsController } from './admin-settings.controller';
import { SettingsRepository } from './settings.repository';
import { SettingsService } from './settings.service';

@Module({
  imports: [AuditModule],
  controllers: [AdminSettingsController],
  providers: [SettingsService, SettingsRepository],
  exports: [SettingsService],
})
export class SettingsModule {}
