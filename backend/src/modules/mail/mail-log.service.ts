import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { CommonError } from '../../common/errors/common.error';
import type { Page, PagedListQuery } from '../../common/http/list-paging';
import { OwedCommandsRepository, type CommandListRow } from '../../events/owed-commands.repository';
import { OwedCommands } from '../../events/owed-commands.service';
import { RedriveService } from '../../events/redrive.service';
import { AuditService } from '../audit';
import type { MailDeliveryStatus, MailLogEntry, MailState, SystemAlertView } from './dto/mail-log.dto';
import { MailHealth } from './mail-health.service';
import { SystemAlertsRepository, type SystemAlertRow } from './system-alerts.repository';

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function entry(row: CommandListRow): MailLogEntry {
  return {
    id: row.id,
    to: text(row.summary.to),
    subject: text(row.summary.subject),
    tag: typeof row.summary.tag === 'string' ? row.summary.tag : null,
    state: row.state,
    attempts: row.attempts,
    redrives: row.redrives,
    lastError: row.last_error,
    lastFailedAt: iso(row.last_failed_at),
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: row.state === 'sent' ? iso(row.done_at) : null,
    deadAt: iso(row.dead_at),
  };
}

function alertView(row: SystemAlertRow): SystemAlertView {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    text: row.text,
    count: row.count,
    firstAt: new Date(row.first_at).toISOString(),
    lastAt: new Date(row.last_at).toISOString(),
  };
}

/** The console's view of outgoing mail (the mail log, its health, a retry) and of the system alerts. */
@Injectable()
export class MailLogService {
  constructor(
    private readonly commands: OwedCommandsRepository,
    private readonly owed: OwedCommands,
    private readonly redrive: RedriveService,
    private readonly health: MailHealth,
    private readonly alertsRepo: SystemAlertsRepository,
    private readonly audit: AuditService,
  ) {}

  async list(query: PagedListQuery): Promise<Page<MailLogEntry>> {
    const filter = query.filter as { state?: MailState; to?: string };
    const page = await this.commands.list('send-email', { state: filter.state, to: filter.to }, query);
    return { ...page, rows: page.rows.map(entry) };
  }

  /** Failed and dead mails owed again, due now: the re-drive enqueues them at once. */
  async retry(ids: readonly string[] | undefined, actor: AuthUser): Promise<number> {
    const retried = await this.owed.revive('send-email', ids);
    if (retried > 0) await this.redrive.sweep();
    await this.audit.record(null, {
      actor,
      action: 'retry-mail',
      resource: 'mail-log',
      summary: ids ? `Retried ${retried} mail(s)` : `Retried all ${retried} failed or dead mail(s)`,
    });
    return retried;
  }

  delivery(): Promise<MailDeliveryStatus> {
    return this.health.delivery();
  }

  async alerts(): Promise<SystemAlertView[]> {
    return (await this.alertsRepo.open()).map(alertView);
  }

  async dismiss(id: string, actor: AuthUser): Promise<SystemAlertView> {
    if (!/^\d{1,18}$/.test(id)) throw CommonError.notFound(`No open alert ${id}`);
    const row = await this.alertsRepo.resolve(id, actor.email);
    if (!row) throw CommonError.notFound(`No open alert ${id}`);
    await this.audit.record(null, { actor, action: 'dismiss-alert', resource: 'alerts', resourceId: id, summary: `Dismissed the alert "${row.subject}"` });
    return alertView(row);
  }
}
