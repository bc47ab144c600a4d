import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import type { Page, PagedListQuery } from '../../common/http/list-paging';
import { AuditRepository, type AuditRow } from './audit.repository';
import type { AuditView } from './dto/audit-view.dto';

export type { AuditView };

const SECRET_KEYS = /password|secret|token|hash|apikey|api_key|ipn/i;

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'refund'
  | 'reconcile'
  | 'sign-out'
  | 'backup'
  | 'clear-cache'
  | 'test-email'
  | 'retry-job'
  | 'remove-job'
  | 'retry-dead-letters'
  | 'retry-mail'
  | 'dismiss-alert'
  | 'recompute'
  | 'decline-refund'
  | 'hide-review'
  | 'show-review'
  | 'revoke-certificate'
  | 'reissue-certificate'
  | 'lock-two-factor'
  | 'hide-post'
  | 'show-post'
  | 'publish-draft'
  | 'schedule-publish'
  | 'cancel-scheduled-publish'
  | 'discard-draft'
  | 'restore-revision'
  | 'approve-affiliate'
  | 'reject-affiliate'
  | 'suspend-affiliate'
  | 'reinstate-affiliate'
  | 'pay-affiliates'
  | 'revoke-api-key'
  | 'rotate-webhook-secret'
  | 'reveal-webhook-secret'
  | 'test-webhook'
  | 'resend-webhook';

export interface AuditEntry {
  /** Who acted; an admin acting through an API key (AuthUser.apiKey) is recorded as such. */
  actor: Pick<AuthUser, 'id' | 'email' | 'apiKey'> | null;
  /** Who acted when no user did (the server command line: 'cli'). */
  actorLabel?: string;
  action: AuditAction;
  resource: string;
  resourceId?: string | number | null;
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Removes secrets from audited snapshots: their change is recorded, never their value. */
export function redactSecrets(value: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!value) return null;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (SECRET_KEYS.test(key)) out[key] = v === undefined || v === null || v === '' ? v : '[redacted]';
    else if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) out[key] = redactSecrets(v as Record<string, unknown>);
    else out[key] = v;
  }
  return out;
}

/** Only the fields that changed, before and after. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

/**
 * The admin audit trail: who did what, when, with the changed fields
 * before and after (secrets redacted). Written in the same transaction as
 * the change, so an audited change and its record stand or fall together.
 */
@Injectable()
export class AuditService {
  constructor(
    private readonly repository: AuditRepository,
    private readonly dataSource: DataSource,
  ) {}

  /** In the caller's transaction (the manager), so the change and its record stand or fall together; alone, one statement. */
  async record(manager: EntityManager | null, entry: AuditEntry): Promise<void> {
    const changes = entry.before || entry.after ? { before: redactSecrets(entry.before), after: redactSecrets(entry.after) } : null;
    const apiKey = entry.actor?.apiKey;
    await this.repository.insert(manager ?? this.dataSource.manager, {
      actorId: entry.actor?.id ?? null,
      actorEmail: entry.actor?.email ?? entry.actorLabel ?? null,
      action: entry.action,
      resource: entry.resource,
      resourceId: entry.resourceId === undefined || entry.resourceId === null ? null : String(entry.resourceId),
      summary: apiKey ? `${entry.summary} (through API key "${apiKey.name}", ${apiKey.prefix})` : entry.summary,
      apiKeyId: apiKey?.id ?? null,
      changes: changes ? JSON.stringify(changes) : null,
    });
  }

  async list(query: PagedListQuery): Promise<Page<AuditView>> {
    const page = await this.repository.list(query);
    return { ...page, rows: page.rows.map(toView) };
  }

  /** Every entry of the filter, in the sort order, batch by batch (the CSV export). */
  async *exportBatches(query: PagedListQuery): AsyncGenerator<AuditView[]> {
    for await (const rows of this.repository.stream(query)) yield rows.map(toView);
  }
}

function toView(r: AuditRow): AuditView {
  return {
    id: Number(r.id),
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    action: r.action,
    resource: r.resource,
    resourceId: r.resource_id,
    summary: r.summary,
    changes: r.changes,
    apiKeyId: r.api_key_id,
    at: r.at,
  };
}

/** The audit trail outside the application container (the command line). */
export function auditServiceFor(dataSource: DataSource): AuditService {
  return new AuditService(new AuditRepository(dataSource), dataSource);
}
