import { AccountModule } from './modules/account';
import { AffiliatesModule } from './modules/affiliates';
import { AnalyticsModule } from './modules/analytics';
import { AuditModule } from './modules/audit';
import { AuthModule } from './modules/auth';
import { CertificatesModule } from './modules/certificates';
import { CoursesModule } from './modules/courses';
import { HealthModule } from './modules/health';
import { LearningModule } from './modules/learning';
import { LegalModule } from './modules/legal';
import { MailModule } from './modules/mail';
import { MediaModule } from './modules/media';
import { NotificationsModule } from './modules/notifications';
import { OpsModule } from './modules/ops';
import { PaymentsModule } from './modules/payments';
import { ResourcesModule } from './modules/resources';
import { SettingsModule } from './modules/settings';
import { SiteModule } from './modules/site';
import { UsersModule } from './modules/users';
import { WebhooksModule } from './modules/webhooks';
import { PortsModule } from './ports.module';

/** Every feature module (and the ports binding them); the API and the worker load the same set. */
export const FEATURE_MODULES = [
  PortsModule,
  AuditModule,
  SettingsModule,
  MailModule,
  HealthModule,
  MediaModule,
  CoursesModule,
  LearningModule,
  UsersModule,
  AffiliatesModule,
  PaymentsModule,
  AuthModule,
  LegalModule,
  SiteModule,
  ResourcesModule,
  AnalyticsModule,
  OpsModule,
  NotificationsModule,
  AccountModule,
  CertificatesModule,
  WebhooksModule,
];
