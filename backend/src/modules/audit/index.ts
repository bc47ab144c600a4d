export { AuditModule } from './audit.module';
export { AuditService, diff, redactSecrets, type AuditAction, type AuditEntry, type AuditView } from './audit.service';
export { auditServiceFor } from './audit.service';
