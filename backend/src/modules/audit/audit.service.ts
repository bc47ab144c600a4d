import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';

const SECRET_KEYS = /password|secret|token|hash|apikey|api_key|ipn/i;

export interface AuditEntry {
  actor: Pick<AuthUser, 'id' | 'email'> | null;
  action: 'create' | 'update' | 'delete' | 'refund' | 'reconcile' | 'sign-out' | 'backup' | 'clear-cache' | 'test-email' | 'retry-job' | 'remove-job' | 'recompute';
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
  async record(manager: EntityManager, entry: AuditEntry): Promise<void> {
    const changes = entry.before || entry.after ? { before: redactSecrets(entry.before), after: redactSecrets(entry.after) } : null;
    await manager.query(
      `INSERT INTO audit_log (actor_id, actor_email, action, resource, resource_id, summary, changes) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [entry.actor?.id ?? null, entry.actor?.email ?? null, entry.action, entry.resource, entry.resourceId === undefined || entry.resourceId === null ? null : String(entry.resourceId), entry.summary, changes ? JSON.stringify(changes) : null],
    );
  }
}
