import { AnalyticsModule } from './modules/analytics/analytics.module';
import { AuditModule } from './modules/audit/audit.module';
import { AuthModule } from './modules/auth/auth.module';
import { CoursesModule } from './modules/courses/courses.module';
import { HealthModule } from './modules/health/health.module';
import { MailModule } from './modules/mail/mail.module';
import { MediaModule } from './modules/media/media.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { OpsModule } from './modules/ops/ops.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { ResourcesModule } from './modules/resources/resources.module';
import { SettingsModule } from './modules/settings/settings.module';
import { SiteModule } from './modules/site/site.module';
import { UsersModule } from './modules/users/users.module';

/** Every feature module; the API and the worker load the same set. */
export const FEATURE_MODULES = [
  AuditModule,
  SettingsModule,
  MailModule,
  HealthModule,
  CoursesModule,
  UsersModule,
  PaymentsModule,
  AuthModule,
  SiteModule,
  MediaModule,
  ResourcesModule,
  AnalyticsModule,
  OpsModule,
  NotificationsModule,
];
