import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { MailModule } from '../mail';
import { SettingsModule } from '../settings';
import { UsersModule } from '../users';
import { AdminCertificatesController, CertificatesController, PublicCertificatesController } from './certificates.controller';
import { CertificatesRepository } from './certificates.repository';
import { CertificatesService } from './certificates.service';
import { CertificateConsumers } from './jobs/certificate.consumers';

/** Certificates of completion: issued by a worker on course.completed, mailed, verified publicly, revoked or re-issued in the console. */
@Module({
  imports: [AuditModule, MailModule, SettingsModule, UsersModule],
  controllers: [CertificatesController, PublicCertificatesController, AdminCertificatesController],
  providers: [CertificatesService, CertificatesRepository, CertificateConsumers],
  exports: [CertificatesService],
})
export class CertificatesModule {}
