import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { PaymentsModule } from '../payments';
import { SettingsModule } from '../settings';
import { AdminLegalPagesController } from './admin-legal-pages.controller';
import { LegalPagesController } from './legal-pages.controller';
import { LegalPagesRepository } from './legal-pages.repository';
import { LegalPagesService } from './legal-pages.service';

/** The terms, privacy and refund pages: written per language in the console, shown by the learner site. */
@Module({
  imports: [AuditModule, PaymentsModule, SettingsModule],
  controllers: [AdminLegalPagesController, LegalPagesController],
  providers: [LegalPagesRepository, LegalPagesService],
  exports: [LegalPagesService],
})
export class LegalModule {}
